/**
 * @needs sane
 * The intake feature through the core's IPC router, against a seeded sandbox over real HTTP and a real
 * SQLite file: a mixed batch in one queue (four filled locally, a photo to recognition), duplicates by
 * file and by invoice key, bad files beside good ones, review with typed fields, verification with the
 * local limits and the field comparison, the ledger's filters/totals and its Excel export, the scan
 * folder taking a written file (and not again after a restart), a real scan from SANE's test device, and
 * the tickets the service cannot verify (marked so, no recognition asked).
 */
import fs from 'node:fs';
import path from 'node:path';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { extractInvoice } from '../../../extraction/index.js';
import { createCore, type Core } from '../../../main/core.js';
import { DEMO_CREDENTIALS, DEMO_ENTERPRISE, RECEIVED_CONTROL_PATH, startSandbox, type ReceivedInvoice } from '../../../sandbox/index.js';
import type { IntakeItem, IntakeLedger, VerificationView } from '../../../shared/ipc/index.js';
import { heavyQrPng, qrPng } from '../../support/intake-fixtures.js';
import { DIGITAL, digitalXml, photoJpeg } from '../../support/intake-files.js';
import { tempDir } from '../../support/sample-issuance.js';
import { createTestCipher } from '../../support/test-cipher.js';

const FIXTURES = path.resolve('test/fixtures/intake');
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup() {
  const root = tempDir('fapiao-intake-');
  const sandboxDir = path.join(root, 'sandbox');
  const sandbox = await startSandbox({ dataDir: sandboxDir, seed: 11, seedInvoicesPerBuyer: 120, controlApi: true, onError: () => {} });
  // The seeded tax authority, through the sandbox's test-only control API (not its database).
  const answer = await fetch(`${sandbox.baseUrl}${RECEIVED_CONTROL_PATH}?buyer=${DEMO_ENTERPRISE.taxNumber}`);
  const invoices = ((await answer.json()) as { invoices: ReceivedInvoice[] }).invoices;
  const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  const known = invoices.find((i) => i.fplxdm === '01' && i.fpzt === '0' && i.kprq < yesterday && !i.hjje.startsWith('-'));
  if (!known) throw new Error('the seeded tax authority has no special invoice');
  const savedPaths: string[] = [];
  /** What the folder dialog answers next (the clerk's choice). */
  const nextFolder: string[] = [];
  const opened: string[] = [];
  const config = {
    dataDir: path.join(root, 'app'),
    appVersion: 'test',
    service: { kind: 'remote' as const, baseUrl: sandbox.baseUrl, appKey: DEMO_CREDENTIALS.appKey, appSecret: DEMO_CREDENTIALS.appSecret, seller: DEMO_ENTERPRISE },
  };
  const ports = {
    cipher: createTestCipher(),
    dialog: {
      chooseSavePath: (name: string) => {
        const file = path.join(root, 'saved', name);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        savedPaths.push(file);
        return Promise.resolve(file);
      },
      chooseOpenPath: () => Promise.resolve(null),
      chooseFolder: () => Promise.resolve(nextFolder.shift() ?? null),
    },
    opener: { open: (file: string) => (opened.push(file), Promise.resolve()) },
  };
  const state = { core: await createCore(config, ports) as Core };
  const items = new Map<string, IntakeItem>();
  const listen = () => state.core.onEvent((event, payload) => {
    if (event === 'intake:item') items.set(payload.id, payload);
  });
  let unlisten = listen();
  cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }), () => sandbox.close(), () => state.core.close());
  const call = async <T>(channel: string, payload: unknown): Promise<T> => {
    const result = await state.core.router.dispatch(channel, payload);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  };
  const restart = async () => {
    unlisten();
    await state.core.close();
    items.clear();
    state.core = await createCore(config, ports);
    unlisten = listen();
  };
  return { root, known, call, items, savedPaths, opened, nextFolder, restart, dispatch: (c: string, p: unknown) => state.core.router.dispatch(c, p) };
}

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64');
const settled = (items: Map<string, IntakeItem>, count: number) => () =>
  [...items.values()].filter((item) => !['reading', 'recognising'].includes(item.status)).length >= count;

describe('intake feature', () => {
  it('a mixed batch: four filled locally, a photo to recognition, duplicates flagged, bad files explained, review → verify → ledger → Excel', async () => {
    const t = await setup();
    const k = t.known;
    const qr = await qrPng(`01,01,${k.fpdm},${k.fphm},${k.hjje},${k.kprq},${k.jym},0000,`);
    const batch: [string, Uint8Array | string][] = [
      ['known-special.png', qr],
      ['pdf-01.pdf', fs.readFileSync(path.join(FIXTURES, 'pdf-01-shudian-special-lodging.pdf'))],
      ['ofd-01.ofd', fs.readFileSync(path.join(FIXTURES, 'ofd-01-ofdrw-converter-1.ofd'))],
      ['digital.xml', digitalXml()],
      ['photo.jpg', photoJpeg(1600, 1200, 6)],
      ['notes.txt', 'not an invoice'],
      ['doctype.xml', '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY b "c">]><a>&b;</a>'],
      ['pdf-01-again.pdf', fs.readFileSync(path.join(FIXTURES, 'pdf-01-shudian-special-lodging.pdf'))],
    ];
    for (const [name, bytes] of batch) await t.call('intake:addFile', { name, base64: b64(bytes), origin: 'drop' });
    await expect.poll(settled(t.items, batch.length), { timeout: 60_000 }).toBe(true);
    const byName = (name: string) => [...t.items.values()].find((item) => item.fileName === name) as IntakeItem;

    for (const name of ['known-special.png', 'pdf-01.pdf', 'ofd-01.ofd', 'digital.xml']) {
      expect(byName(name)).toMatchObject({ status: 'ready', complete: true, recognised: false, error: null });
    }
    expect(byName('known-special.png').sources).toMatchObject({ fphm: 'qr', fpdm: 'qr' });
    expect(byName('ofd-01.ofd').fields.fphm).toBe('83089647');
    // The photo went to recognition; the sandbox reads no printed text, so it is kept for typing.
    expect(byName('photo.jpg')).toMatchObject({ status: 'ready', recognised: true, complete: false });
    expect(byName('notes.txt')).toMatchObject({ status: 'failed', error: { code: 'unsupported-type' } });
    expect(byName('doctype.xml')).toMatchObject({ status: 'failed', error: { code: 'xml-refused' } });
    const again = byName('pdf-01-again.pdf');
    expect(again.status).toBe('duplicate');
    expect(again.duplicate).toEqual({ of: byName('pdf-01.pdf').receivedId, fileName: 'pdf-01.pdf', reason: 'file' });

    // Review's preview: main draws PDF and OFD pages (PNG, the invoice legible: its QR reads back off the
    // drawn PDF page), pictures come as they are, XML has none.
    type Preview = { mime: string; base64: string | null; pages: { base64: string; width: number; height: number }[]; pageCount: number };
    const pdfPreview = await t.call<Preview>('intake:preview', { receivedId: byName('pdf-01.pdf').receivedId });
    expect(pdfPreview).toMatchObject({ mime: 'application/pdf', base64: null, pageCount: 1 });
    expect(pdfPreview.pages[0]?.width).toBe(1400);
    const drawn = await extractInvoice(new Uint8Array(Buffer.from(pdfPreview.pages[0]?.base64 ?? '', 'base64')));
    expect(drawn.ok && drawn.extraction.fields.fphm).toBe('26342000001798762786');
    const ofdPreview = await t.call<Preview>('intake:preview', { receivedId: byName('ofd-01.ofd').receivedId });
    expect(ofdPreview.pages.length).toBe(1);
    expect(Buffer.from(ofdPreview.pages[0]?.base64 ?? '', 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(await t.call<Preview>('intake:preview', { receivedId: byName('known-special.png').receivedId })).toMatchObject({ mime: 'image/png', base64: b64(qr), pages: [] });
    expect(await t.call<Preview>('intake:preview', { receivedId: byName('digital.xml').receivedId })).toMatchObject({ base64: null, pages: [] });

    // The same 数电 invoice in another file (its QR as PNG): saved, linked to the first, flagged.
    await t.call('intake:addFile', { name: 'pdf-01-qr.png', base64: b64(await qrPng('01,31,,26342000001798762786,268.00,20260610,,3AB4')), origin: 'paste' });
    await expect.poll(() => byName('pdf-01-qr.png')?.status, { timeout: 30_000 }).toBe('duplicate');
    expect(byName('pdf-01-qr.png').duplicate).toMatchObject({ of: byName('pdf-01.pdf').receivedId, reason: 'invoice' });

    // Review: the photo's fields typed by the clerk; a wrong format is refused with the field named.
    const photoId = byName('photo.jpg').receivedId as number;
    const invalid = await t.dispatch('intake:review', { receivedId: photoId, fields: { fpzl: '01', fpdm: '123', fphm: '1234' } });
    expect(invalid).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', details: { fpdm: 'fpdm-format', fphm: 'fphm-format', kprq: 'required' } } });
    const reviewed = await t.call<IntakeItem>('intake:review', { receivedId: photoId, fields: { fpzl: '04', fpdm: '044031900111', fphm: '87654321', kprq: '20240302', jym: '09876543210987654321', fpje: '100.00' } });
    expect(reviewed.sources).toEqual({ fpzl: 'typed', fpdm: 'typed', fphm: 'typed', kprq: 'typed', jym: 'typed', fpje: 'typed' });

    // Nothing was accepted but the photo: the ledger (报销台账) holds only that.
    expect((await t.call<IntakeLedger>('intake:ledger', {})).rows.map((row) => row.fileName)).toEqual(['photo.jpg']);
    // The clerk accepts the others as read (Enter in the review; a sample made out to another buyer with a reason): each joins the ledger.
    const accept = (name: string) =>
      t.call<IntakeItem>('intake:review', { receivedId: byName(name).receivedId, fields: byName(name).fields, ...(byName(name).buyerMismatch ? { buyerReason: '代垫费用' } : {}) });
    for (const name of ['known-special.png', 'pdf-01.pdf', 'ofd-01.ofd', 'digital.xml', 'pdf-01-qr.png']) await accept(name);

    // Verification: the known invoice is consistent, compared field by field.
    const knownId = byName('known-special.png').receivedId as number;
    // Its QR carries 金额 only; the verification's record fills 税额 and 价税合计.
    expect(byName('known-special.png').fields).toMatchObject({ fpje: k.hjje });
    expect(byName('known-special.png').fields.fpse).toBeUndefined();
    const view = await t.call<VerificationView>('intake:verify', { receivedId: knownId });
    expect(view).toMatchObject({ code: '0001', local: false, usedToday: 1 });
    expect(view.comparison.find((row) => row.field === 'fphm')).toEqual({ field: 'fphm', ours: k.fphm, theirs: k.fphm, same: true });
    expect(view.verification).toEqual({ state: 'consistent', reason: null, fields: [] });
    expect((await t.call<IntakeLedger>('intake:ledger', { state: 'consistent' })).rows[0]?.xhfmc).toBe(k.xhfmc);
    // An invoice the tax authority does not know: 0009, recorded, 查无此票 — and nothing compared.
    const unknown = await t.call<VerificationView>('intake:verify', { receivedId: photoId });
    expect(unknown).toMatchObject({ code: '0009', verification: { state: 'not-found' }, comparison: [] });

    // The ledger: filters, totals (duplicates not counted twice), export, original file one click away.
    const all = await t.call<IntakeLedger>('intake:ledger', {});
    expect(all.rows.length).toBe(6);
    const knownRow = all.rows.find((row) => row.id === knownId)!;
    expect(knownRow.fields).toMatchObject({ fpje: k.hjje, fpse: k.se, jshj: k.jshj });
    // Totals of the same invoices: the known one (its amounts now whole), the two sample files and the 数电
    // XML as the files say them; the photo (金额 typed, nothing more) counted apart; the QR duplicate once.
    const manifest = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'manifest.json'), 'utf8')) as Array<{ file: string; expected: { je: string; se: string; jshj: string } }>;
    const sample = (file: string) => manifest.find((entry) => entry.file === file)!.expected;
    const summed = [
      { je: k.hjje, se: k.se, jshj: k.jshj }, sample('pdf-01-shudian-special-lodging.pdf'), sample('ofd-01-ofdrw-converter-1.ofd'), { je: DIGITAL.fpje, se: DIGITAL.fpse, jshj: DIGITAL.jshj },
    ];
    const add = (pick: (amounts: (typeof summed)[number]) => string) => summed.reduce((sum, amounts) => sum.plus(pick(amounts)), new Decimal(0)).toFixed(2);
    expect(all.totals).toEqual({ count: 5, rows: 6, incomplete: 1, fpje: add((a) => a.je), fpse: add((a) => a.se), jshj: add((a) => a.jshj) });
    expect((await t.call<IntakeLedger>('intake:ledger', { duplicatesOnly: true })).rows.map((row) => row.fileName)).toEqual(['pdf-01-qr.png']);
    expect((await t.call<IntakeLedger>('intake:ledger', { state: 'consistent' })).rows.map((row) => row.id)).toEqual([knownId]);
    expect((await t.call<IntakeLedger>('intake:ledger', { state: 'not-found' })).rows.map((row) => row.id)).toEqual([photoId]);
    expect((await t.call<IntakeLedger>('intake:ledger', { fpzl: '21' })).rows.map((row) => row.fileName).sort()).toEqual(['digital.xml', 'pdf-01-qr.png', 'pdf-01.pdf']);
    expect((await t.call<IntakeLedger>('intake:ledger', { from: '20200101', to: '20201231' })).rows.map((row) => row.fileName)).toEqual(['ofd-01.ofd']);
    const exported = await t.call<{ path: string }>('intake:export', {});
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(exported.path);
    const sheet = workbook.getWorksheet('报销台账');
    expect(sheet?.getRow(1).getCell(4).value).toBe('发票号码');
    expect(sheet?.rowCount).toBe(7);
    expect(path.basename(exported.path)).toMatch(new RegExp(`^报销台账-${DEMO_ENTERPRISE.name}-\\d{8}\\.xlsx$`));
    // In words: the kind by name, the date as a date, the state (not the code); the codes in their own columns.
    const header = (sheet?.getRow(1).values as unknown[]).slice(1);
    const rowOf = (fphm: string) => {
      const found = Array.from({ length: 6 }, (_, index) => sheet!.getRow(index + 2)).find((row) => row.getCell(4).value === fphm)!;
      return Object.fromEntries(header.map((name, index) => [name, found.getCell(index + 1).value]));
    };
    expect(rowOf(k.fphm)).toMatchObject({
      开票日期: `${k.kprq.slice(0, 4)}-${k.kprq.slice(4, 6)}-${k.kprq.slice(6)}`, 发票种类: '增值税专用发票', 销售方名称: k.xhfmc, 查验结果: '查验一致',
      金额: Number(k.hjje), 税额: Number(k.se), 价税合计: Number(k.jshj),
      发票种类代码: '01', 查验状态代码: 'consistent', 查验结果代码: '0001', 作废标志: 'N',
    });
    expect(rowOf('87654321')).toMatchObject({ 开票日期: '2024-03-02', 发票种类: '增值税普通发票', 查验结果: '查无此票', 查验结果代码: '0009', 查验状态代码: 'not-found' });
    // In English the clerk's own file is English too (headers, sheet, state words); the data stays as it is.
    await t.call('app:setLanguage', { language: 'en' });
    const english = await t.call<{ path: string }>('intake:export', {});
    expect(path.basename(english.path)).toMatch(/^reimbursement-ledger-.+-\d{8}\.xlsx$/);
    const englishBook = new ExcelJS.Workbook();
    await englishBook.xlsx.readFile(english.path);
    const englishSheet = englishBook.getWorksheet('Reimbursement ledger');
    expect(englishSheet?.getRow(1).values).toEqual([
      undefined, 'Issue date', 'Invoice kind', 'Invoice code', 'Invoice number', 'Seller', 'Seller tax ID', 'Buyer tax ID', 'Amount', 'Tax', 'Total', 'Verification', 'Verification detail',
      'Duplicate', 'Other buyer (reason accepted)', 'Source file', 'Kind code', 'State code', 'Verification code', 'Void flag',
    ]);
    const cells = (column: number) => Array.from({ length: 6 }, (_, index) => englishSheet?.getRow(index + 2).getCell(column).value);
    expect(cells(11)).toEqual(expect.arrayContaining(['Not verified', 'Consistent', 'No such invoice']));
    expect(cells(13)).toContainEqual(expect.stringMatching(/^Duplicate \(first #\d+\)$/));
    await t.call('app:setLanguage', { language: 'zh-CN' });
    await t.call('intake:openOriginal', { receivedId: knownId });
    expect(fs.readFileSync(t.opened[0] as string)).toEqual(Buffer.from(qr));
  }, 180_000);

  it('tickets the service cannot verify: read locally, marked unverifiable, no recognition asked; the same ticket as OFD is a duplicate', async () => {
    const t = await setup();
    const kinds = path.join(FIXTURES, 'kinds');
    const names = ['railway-eticket.pdf', 'air-itinerary.pdf', 'railway-eticket.ofd'];
    for (const name of names) await t.call('intake:addFile', { name, base64: b64(fs.readFileSync(path.join(kinds, name))), origin: 'drop' });
    await expect.poll(settled(t.items, names.length), { timeout: 60_000 }).toBe(true);
    const byName = (name: string) => [...t.items.values()].find((item) => item.fileName === name) as IntakeItem;
    expect(byName('railway-eticket.pdf')).toMatchObject({ status: 'ready', complete: true, recognised: false, unverifiable: 'railway-eticket', error: null });
    expect(byName('railway-eticket.pdf').fields).toEqual({ fphm: '24119110000001234567', kprq: '20241120', fpje: '507.34', fpse: '45.66', jshj: '553.00', gmfsbh: '91310000MA1FL8XQ5D' });
    expect(byName('air-itinerary.pdf')).toMatchObject({ status: 'ready', complete: true, recognised: false, unverifiable: 'air-itinerary' });
    expect(byName('railway-eticket.ofd')).toMatchObject({ status: 'duplicate', duplicate: { of: byName('railway-eticket.pdf').receivedId, reason: 'invoice' } });
    // Read but never accepted (the ticket's kind field is empty): not in the 报销台账 — its list, totals or export.
    expect(await t.call<IntakeLedger>('intake:ledger', {})).toMatchObject({ rows: [], totals: { count: 0, rows: 0, jshj: '0.00' } });
    const exported = await t.call<{ path: string }>('intake:export', {});
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(exported.path);
    expect(workbook.getWorksheet('报销台账')?.rowCount).toBe(1);
  });

  it('main keeps answering IPC (settings, history) while a batch of heavy pictures is read on the worker threads', async () => {
    const t = await setup();
    const heavy = Array.from({ length: 6 }, (_, index) => heavyQrPng(`01,04,044031900111,${40_000_000 + index},10.00,20240302,0987654321098765${String(index).padStart(4, '0')},FFFF,`, 2600, index + 1));
    for (const [index, bytes] of heavy.entries()) await t.call('intake:addFile', { name: `heavy-${index}.png`, base64: b64(bytes), origin: 'drop' });
    // The window: until the last file added is read. With fewer threads than files it waits behind the
    // others, so the window lasts a few files' reading — and it cannot have closed before it opened, as a
    // window of "every file still reading" could when the first file was read while the others were still
    // being added (a clean run here once failed that way). In that window, round trips through the router,
    // each followed by a turn of the event loop: on worker threads main is free and answers call after
    // call (thousands); read on main, each file's QR decoding would hold the loop until that file is done,
    // so only a call or so would get through between files, far fewer than 20 for six files.
    const last = () => [...t.items.values()].find((item) => item.fileName === `heavy-${heavy.length - 1}.png`);
    await expect.poll(() => last()?.status ?? null).not.toBeNull();
    let answered = 0;
    while (last()?.status === 'reading') {
      await t.call('settings:get', {});
      await t.call('history:list', { limit: 5 });
      answered++;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(answered).toBeGreaterThanOrEqual(20);
    await expect.poll(settled(t.items, heavy.length), { timeout: 120_000 }).toBe(true);
    expect([...t.items.values()].map((item) => item.fields.fphm).sort()).toEqual(heavy.map((_, index) => String(40_000_000 + index)));
  }, 180_000);

  it('local limits before a call: dated today 1014, older than 5 years 1015, the sixth of a day 0002', async () => {
    const t = await setup();
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
    const add = async (name: string, payload: string) => {
      await t.call('intake:addFile', { name, base64: b64(await qrPng(payload)), origin: 'pick' });
      await expect.poll(() => [...t.items.values()].find((item) => item.fileName === name)?.receivedId ?? null, { timeout: 30_000 }).not.toBeNull();
      return [...t.items.values()].find((item) => item.fileName === name)?.receivedId as number;
    };
    const todayId = await add('today.png', `01,01,044031900111,11111111,100.00,${today},,FFFF,`);
    expect(await t.call<VerificationView>('intake:verify', { receivedId: todayId })).toMatchObject({ code: '1014', local: true });
    const oldId = await add('old.png', '01,01,044031900111,22222222,100.00,20150101,,FFFF,');
    expect(await t.call<VerificationView>('intake:verify', { receivedId: oldId })).toMatchObject({ code: '1015', local: true });
    const k = t.known;
    const knownId = await add('known.png', `01,01,${k.fpdm},${k.fphm},${k.hjje},${k.kprq},${k.jym},0000,`);
    for (let n = 1; n <= 5; n++) expect((await t.call<VerificationView>('intake:verify', { receivedId: knownId })).usedToday).toBe(n);
    expect(await t.call<VerificationView>('intake:verify', { receivedId: knownId })).toMatchObject({ code: '0002', local: true, usedToday: 5 });
  }, 120_000);

  it('the scan folder takes a completely written file, and not again after a restart', async () => {
    const t = await setup();
    const folder = path.join(t.root, 'scans');
    fs.mkdirSync(folder);
    // The page cannot name a folder; main's own folder dialog chooses it.
    await expect(t.call('intake:setScanFolder', { scanFolder: folder })).rejects.toThrow();
    t.nextFolder.push(folder);
    expect(await t.call('intake:chooseScanFolder', {})).toEqual({ scanFolder: folder });
    fs.writeFileSync(path.join(folder, 'scan-1.png'), await qrPng('01,32,,24312000000012345678,2260.00,20240415,,C3D4'));
    await expect.poll(() => [...t.items.values()].find((item) => item.fileName === 'scan-1.png')?.status, { timeout: 20_000 }).toBe('ready');
    expect([...t.items.values()].find((item) => item.fileName === 'scan-1.png')?.origin).toBe('folder');
    await t.restart();
    fs.writeFileSync(path.join(folder, 'scan-2.png'), await qrPng('01,32,,24312000000012345679,2260.00,20240415,,C3D4'));
    await expect.poll(() => [...t.items.values()].find((item) => item.fileName === 'scan-2.png')?.status, { timeout: 20_000 }).toBe('ready');
    expect([...t.items.values()].some((item) => item.fileName === 'scan-1.png')).toBe(false);
  }, 120_000);

  it('scans for real from SANE test device: flatbed one file, feeder a file per page', async () => {
    const t = await setup();
    const scanners = await t.call<{ kind: string; devices: { id: string }[] }>('intake:scanners', {});
    expect(scanners.kind).toBe('sane');
    expect(scanners.devices.map((device) => device.id)).toContain('test:0');
    expect(await t.call('intake:scan', { device: 'test:0', feeder: false })).toEqual({ accepted: 1 });
    const pages = await t.call<{ accepted: number }>('intake:scan', { device: 'test:0', feeder: true });
    expect(pages.accepted).toBeGreaterThan(1);
    await expect.poll(settled(t.items, 1 + pages.accepted), { timeout: 60_000 }).toBe(true);
    // The test device draws the same pattern on every page and no invoice: the first scan reaches the
    // queue kept for typing (recognition found nothing); identical later pages are the same file (重复).
    const scanned = [...t.items.values()];
    for (const item of scanned) expect(item).toMatchObject({ origin: 'scanner', fileType: 'png' });
    expect(scanned[0]).toMatchObject({ status: 'ready', recognised: true, complete: false, error: { code: expect.any(String) } });
    for (const item of scanned.slice(1)) expect(item.status === 'ready' || item.duplicate?.reason === 'file').toBe(true);
  }, 120_000);
});
