/**
 * Print fidelity of the 004 and 007 faces (issue 21), read back from what the real CUPS printer `PDF`
 * (cups-pdf) printed, for both form editions: the QR code decoded from the rendered page with zbarimg
 * equals the print data's `ewm` and sits where the forms have it; every field's words lie inside its box
 * and no ink comes within 1 mm of a pre-printed rule; 8 goods rows print above 合计; 机器编号 / 校验码 go
 * where the printer's edition puts them. Also: the calibration page's rulers and cross-hairs read back
 * at their marked millimetres, moved by exactly the printer's offsets.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import { createCupsPrinterPort } from '../../../main/features/print/cups.js';
import { createJobRunner } from '../../../main/features/print/jobs.js';
import { DEMO_ENTERPRISE } from '../../../sandbox/index.js';
import type { InvoiceSummary } from '../../../shared/ipc/index.js';
import type { PreviewPage, PrintJobView } from '../../../shared/ipc/schemas/print.js';
import { CROSSHAIRS } from '../../../shared/print/calibration.js';
import { FIELDS, formRules, lineCell, QR_BOX, ROW_PITCH, RULE_MARGIN_MM, type ColumnName, type FieldName } from '../../../shared/print/layouts/invoice-form.js';
import { POINTS_PER_MM } from '../../../shared/print/page.js';
import { clientFor } from '../api/client-support.js';
import { BUYER_004, call, issueBlue } from '../core/red-support.js';
import { createTestCipher } from '../../support/test-cipher.js';
import { CUPS_PDF_PRINTER, pdfWords, waitForPrintedPdf, type Word } from '../../support/cups-pdf.js';
import { samplePrintData } from '../../support/print-data.js';
import { decodeQrCodes, inkBox, inkNearRule, rasterOf } from '../../support/print-readback.js';

const lines = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ name: `办公椅${i + 1}型`, taxCode: '1060201070000000000', quantity: String(i + 1), unitPrice: `${100 + i * 10}.00`, rate: '0.13' }));

let core: Core;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-fidelity-'));
beforeAll(async () => {
  core = await createCore(
    { dataDir, appVersion: 'test', sandboxIssueDelayMs: 50, outboxBaseDelayMs: 40, outboxMaxDelayMs: 400, sandboxControlApi: true },
    { cipher: createTestCipher(), printer: createCupsPrinterPort() },
  );
});
afterAll(async () => {
  await call(core, 'print:calibrate', { printer: CUPS_PDF_PRINTER, downMm: 0, rightMm: 0, edition: 'hx' });
  await core.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function printed(job: PrintJobView): Promise<string> {
  expect(job).toMatchObject({ status: 'printed', errorCode: null });
  return waitForPrintedPdf(job.printerJobId!);
}

/** The print data as the service answers it (fpdy over real HTTP), independently of the app's own call. */
async function printData(invoice: InvoiceSummary) {
  const info = await call<{ serviceBaseUrl: string }>(core, 'app:info', {});
  return clientFor(info.serviceBaseUrl).printInvoice({
    fpdm: invoice.invoiceCode!,
    fphm: invoice.invoiceNumber!,
    dylx: '0',
    fplxdm: invoice.invoiceType as '004' | '007',
    xhdwsbh: DEMO_ENTERPRISE.taxNumber,
  });
}

type TextItem = Extract<PreviewPage['items'][number], { kind: 'text' }>;

/** A field's box in the layout, by its id ('field.remark', 'line.3.amount'). */
function boxOf(id: string): { x: number; y: number; w: number; h: number } {
  const line = /^line\.(\d+)\.(\w+)$/.exec(id);
  if (line) return lineCell(Number(line[1]) - 1, line[2] as ColumnName);
  return FIELDS[id.replace(/^field\./, '') as FieldName];
}
const centre = (word: Word) => (word.yMin + word.yMax) / 2;

/** The printed words of one fitted line of a field (pdftotext splits a line at its spaces). */
function wordsOfLine(words: Word[], item: TextItem, line: TextItem['lines'][number]): Word[] | null {
  const lineCentre = line.top + item.sizePt / POINTS_PER_MM / 2;
  const found: Word[] = [];
  for (const token of line.text.split(/\s+/).filter(Boolean)) {
    const word = words.find((w) => w.text === token && Math.abs(centre(w) - lineCentre) <= 0.6 && w.xMin >= line.x - 0.3 && w.xMax <= line.x + line.widthMm + 0.3);
    if (!word) return null;
    found.push(word);
  }
  return found;
}

describe.each([
  ['004', 'hx'],
  ['004', 'bw'],
  ['007', 'hx'],
  ['007', 'bw'],
] as const)('the %s face on the %s edition, printed through CUPS and read back', (fplxdm, edition) => {
  it('QR = ewm at the top left; every field in its box; no ink within 1 mm of a rule; 8 rows above 合计', async () => {
    await call(core, 'print:calibrate', { printer: CUPS_PDF_PRINTER, downMm: 0, rightMm: 0, edition });
    const invoice = await issueBlue(core, {
      invoiceType: fplxdm,
      ...BUYER_004,
      issuer: '张三',
      payee: '李四',
      reviewer: '王五',
      remark: '合同号 HT-2026-118',
      lines: lines(8),
    });
    const { jobs } = await call<{ jobs: PrintJobView[] }>(core, 'print:print', { invoiceIds: [invoice.id], documents: ['invoice'], printer: CUPS_PDF_PRINTER, copies: 1, mode: 'overlay' });
    const file = await printed(jobs[0]!);
    const words = pdfWords(file);
    const data = await printData(invoice);
    const raster = rasterOf(file);

    // 1. The QR code: decoded from the rendered page, equal to ewm, a 16.5 mm symbol at its place.
    expect(data.ewm).toBeTruthy();
    expect(decodeQrCodes(file)).toEqual([data.ewm]);
    const symbol = inkBox(raster, { x: 0, y: 0, w: 36, h: 25 })!;
    expect(symbol.x).toBeCloseTo(QR_BOX.x, 0);
    expect(symbol.y).toBeCloseTo(QR_BOX.y, 0);
    expect(Math.abs(symbol.w - QR_BOX.size)).toBeLessThanOrEqual(0.3);
    expect(Math.abs(symbol.h - QR_BOX.size)).toBeLessThanOrEqual(0.3);

    // 2. Every field's words inside its box (the boxes keep 1 mm from the rules) …
    const preview = await call<{ pages: PreviewPage[]; problems: unknown[] }>(core, 'print:preview', { invoiceId: invoice.id, document: 'invoice', printer: CUPS_PDF_PRINTER });
    expect(preview.problems).toEqual([]);
    const items = preview.pages[0]!.items.filter((item): item is TextItem => item.kind === 'text' && item.layer === 'data');
    const boxes = new Map(items.map((item) => [item.id, item]));
    const misplaced: string[] = [];
    for (const item of items) {
      for (const line of item.lines) {
        const found = wordsOfLine(words, item, line);
        if (!found) {
          misplaced.push(`${item.id}: "${line.text}" not printed`);
          continue;
        }
        const box = boxOf(item.id);
        for (const word of found) {
          const inside = word.xMin >= box.x - 0.1 && word.xMax <= box.x + box.w + 0.1 && centre(word) >= box.y && centre(word) <= box.y + box.h;
          if (!inside) misplaced.push(`${item.id}: "${word.text}" at ${word.xMin.toFixed(2)}–${word.xMax.toFixed(2)}, ${centre(word).toFixed(2)} outside its box`);
        }
      }
    }
    expect(misplaced).toEqual([]);
    // … and, on the printed page itself, no ink in the 1 mm either side of any pre-printed rule.
    const inked = formRules()
      .map((rule) => ({ rule, ink: inkNearRule(raster, rule, RULE_MARGIN_MM) }))
      .filter(({ ink }) => ink !== null)
      .map(({ rule, ink }) => `rule ${rule.join(',')}: ink at ${ink!.x},${ink!.y}`);
    expect(inked).toEqual([]);

    // 3. Eight goods rows, 4.2 mm apart, all above the 合计 row's values.
    const rowNames = lines(8).map((line) => words.find((word) => word.text === line.name)!);
    expect(rowNames.every(Boolean)).toBe(true);
    const centres = rowNames.map(centre);
    centres.slice(1).forEach((c, i) => expect(c - centres[i]!).toBeCloseTo(ROW_PITCH, 1));
    const totalAmount = words.find((word) => word.text === `¥${data.hjje}`)!;
    expect(Math.max(...rowNames.map((word) => word.yMax))).toBeLessThan(totalAmount.yMin);

    // 4. The edition: what the top left and the first line of 备注 carry.
    const topLeft = boxes.get('field.checkCode') ?? boxes.get('field.machine')!;
    const remark = boxes.get('field.remark')!;
    const remarkFirst = words.filter((word) => Math.abs(centre(word) - (remark.lines[0]!.top + remark.sizePt / POINTS_PER_MM / 2)) <= 0.6 && word.xMin >= remark.lines[0]!.x - 0.3);
    const machineOnTop = words.some((word) => word.text.startsWith('机器编号') && word.yMax < 25);
    if (fplxdm === '007' && edition === 'hx') {
      expect(topLeft.id).toBe('field.checkCode');
      expect(words.find((word) => word.text === '校验码')!.yMax).toBeLessThan(25);
      expect(machineOnTop).toBe(false);
      expect(remarkFirst.map((word) => word.text).join(' ')).toBe('合同号 HT-2026-118');
    } else {
      expect(topLeft.id).toBe('field.machine');
      expect(machineOnTop).toBe(true);
      const checkCode = fplxdm === '007' ? `校验码 ${(data.jym!.match(/.{1,5}/g) ?? []).join(' ')}` : '合同号 HT-2026-118';
      expect(remarkFirst.map((word) => word.text).join(' ')).toBe(checkCode);
    }
    // The remark starts at the top of 备注: its ink 1 mm below the rule (CJK ink rises a little above the em box).
    expect(remark.lines[0]!.top).toBeCloseTo(100.8, 5);
  });
});

describe('the calibration page through CUPS', () => {
  it('rulers numbered at their millimetres and cross-hairs at their marks, all moved by the saved offsets', async () => {
    for (const offset of [
      { downMm: 0, rightMm: 0 },
      { downMm: 1.5, rightMm: -2 },
    ]) {
      await call(core, 'print:calibrate', { printer: CUPS_PDF_PRINTER, ...offset, edition: 'hx' });
      const { printerJobId } = await call<{ printerJobId: string }>(core, 'print:calibrationPage', { printer: CUPS_PDF_PRINTER });
      const file = await waitForPrintedPdf(printerJobId);
      const words = pdfWords(file);
      const raster = rasterOf(file, 300);
      // The top ruler's numbers start 0.5 mm right of their tick.
      for (const x of [10, 50, 120, 230]) {
        const label = words.find((word) => word.text === String(x) && word.yMin < 12 + offset.downMm);
        expect(label, `ruler ${x}`).toBeDefined();
        expect(label!.xMin - offset.rightMm).toBeCloseTo(x + 0.5, 0);
      }
      // Each cross-hair's horizontal stroke: ink across its centre line, centred where the page says.
      for (const { x, y } of CROSSHAIRS) {
        const stroke = inkBox(raster, { x: x + offset.rightMm - 7.5, y: y + offset.downMm - 0.6, w: 5, h: 1.2 })!;
        expect(stroke.y + stroke.h / 2).toBeCloseTo(y + offset.downMm, 0);
        const vertical = inkBox(raster, { x: x + offset.rightMm - 0.6, y: y + offset.downMm - 7.5, w: 1.2, h: 5 })!;
        expect(vertical.x + vertical.w / 2).toBeCloseTo(x + offset.rightMm, 0);
        expect(words.some((word) => word.text === `(${x},`)).toBe(true);
      }
    }
  });
});

describe('a face that cannot print as the form needs is refused, never printed silently', () => {
  // The print data here is the runner's input (what fpdy might answer), not a stand-in for a result.
  const runnerWith = (data: ReturnType<typeof samplePrintData>) => {
    const cups = createCupsPrinterPort();
    const sent: string[] = [];
    const runner = createJobRunner({
      printer: { ...cups, print: (request) => (sent.push(request.title), cups.print(request)) },
      printData: () => Promise.resolve(data),
    });
    const target = { fplxdm: '007', fpdm: data.fpdm, fphm: data.fphm, document: 'invoice', mode: 'overlay', offset: { downMm: 0, rightMm: 0 }, edition: 'hx' } as const;
    return { sent, prepare: () => runner.prepare(target) };
  };

  it('no ewm in the print data: NO_QR_CODE, nothing sent to the printer', async () => {
    const { sent, prepare } = runnerWith(samplePrintData(3, { ewm: '' }));
    expect(await prepare()).toMatchObject({ ok: false, code: 'NO_QR_CODE' });
    expect(sent).toEqual([]);
  });

  it('a value that fits its box at no size and wrap: TEXT_TOO_LONG naming the field', async () => {
    const { sent, prepare } = runnerWith(samplePrintData(3, { ghdwdzdh: '很长的地址'.repeat(60) }));
    expect(await prepare()).toMatchObject({ ok: false, code: 'TEXT_TOO_LONG', detail: 'field.buyerAddress' });
    expect(sent).toEqual([]);
  });
});
