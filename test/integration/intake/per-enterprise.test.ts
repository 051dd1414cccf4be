/**
 * Received invoices per enterprise (issue 22.4), through the core against the sandbox over real HTTP and a
 * real SQLite file: an invoice belongs to the enterprise active when it came in; the 报销台账, its totals
 * and its export are the active enterprise's own; an invoice made out to another buyer is flagged, refused
 * at review without a reason and accepted with one (stored, listed, exported); switching back shows the
 * first enterprise's rows again.
 */
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ENTERPRISE } from '../../../sandbox/index.js';
import type { EnterpriseInput, IntakeItem, LedgerChange } from '../../../shared/ipc/index.js';
import { qrPng } from '../../support/intake-fixtures.js';
import { DIGITAL, digitalXml } from '../../support/intake-files.js';
import { startInputCore, type InputCore } from '../../support/input-core.js';

const OTHER: EnterpriseInput = {
  taxNumber: '91320100MA1W5T3K8N',
  agencyName: '南京收票分离测试有限公司',
  address: '南京市鼓楼区中山路 1 号',
  phone: '025-86001234',
  bank: '建设银行南京分行',
  account: '320900112233',
  taxUser: { idCard: '320102199001011234', name: '周会计', phone: '13700137000', loginIdentity: '1', email: '', identityPwd: 'ledger-id-pwd', taxPwd: 'ledger-tax-pwd' },
};

let input: InputCore | undefined;
afterEach(async () => {
  await input?.close();
  input = undefined;
});

describe('received invoices per enterprise', () => {
  it('keeps each enterprise its own ledger, totals and export; another buyer is accepted only with a reason', async () => {
    input = await startInputCore();
    const { call, core } = input;
    const items = new Map<string, IntakeItem>();
    const changes: LedgerChange[] = [];
    core.onEvent((event, payload) => {
      if (event === 'intake:item') items.set((payload as IntakeItem).fileName, payload as IntakeItem);
      if (event === 'ledger:changed' && (payload as LedgerChange).aggregate === 'receivedInvoice') changes.push(payload as LedgerChange);
    });
    const add = async (name: string, bytes: Uint8Array | string) => {
      await call('intake:addFile', { name, base64: Buffer.from(bytes).toString('base64'), origin: 'drop' });
      await expect.poll(() => items.get(name)?.receivedId ?? null, { timeout: 30_000 }).not.toBeNull();
      return items.get(name)!;
    };
    /** The clerk accepts an invoice as read (Enter in the review): only then is it in the 报销台账. */
    const accept = (item: IntakeItem, buyerReason?: string) => call('intake:review', { receivedId: item.receivedId!, fields: item.fields, ...(buyerReason ? { buyerReason } : {}) });

    // The demo enterprise takes in its own 数电 invoice and a QR, and one made out to somebody else.
    const own = await add('own.xml', digitalXml());
    expect(own).toMatchObject({ enterprise: DEMO_ENTERPRISE.taxNumber, buyerMismatch: null });
    const demoQr = await add('demo-qr.png', await qrPng('01,04,044031900111,70000001,100.00,20240302,09876543210987654321,FFFF,'));
    const stranger = '91440300MA5G00000X';
    const foreign = await add('foreign.xml', digitalXml().replaceAll(DIGITAL.gmfsbh, stranger).replaceAll(DIGITAL.fphm, '24312000000087654321'));
    expect(foreign.buyerMismatch).toEqual({ expected: DEMO_ENTERPRISE.taxNumber, expectedName: DEMO_ENTERPRISE.name, found: stranger, reason: null });
    const refused = await core.router.dispatch('intake:review', { receivedId: foreign.receivedId, fields: foreign.fields });
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', key: 'intake.buyerReasonRequired', params: { found: stranger, expected: DEMO_ENTERPRISE.taxNumber } } });
    const accepted = await call('intake:review', { receivedId: foreign.receivedId!, fields: foreign.fields, buyerReason: '员工代垫，财务已批准' });
    expect(accepted).toMatchObject({ status: 'accepted', buyerMismatch: { found: stranger, reason: '员工代垫，财务已批准' } });
    // Once given, the reason stays: a second review needs none.
    expect(await call('intake:review', { receivedId: foreign.receivedId!, fields: foreign.fields })).toMatchObject({ status: 'accepted' });

    // Only what was accepted is in the ledger.
    expect((await call('intake:ledger', {})).rows.map((row) => row.fileName)).toEqual(['foreign.xml']);
    await accept(own);
    await accept(demoQr);

    const demoLedger = await call('intake:ledger', {});
    expect(demoLedger.enterprise).toEqual({ taxNumber: DEMO_ENTERPRISE.taxNumber, name: DEMO_ENTERPRISE.name });
    expect(demoLedger.rows.map((row) => row.fileName)).toEqual(['foreign.xml', 'demo-qr.png', 'own.xml']);
    expect(demoLedger.rows[0]).toMatchObject({ buyerMismatch: true, buyerReason: '员工代垫，财务已批准' });
    // The sums are of the same invoices: the two 数电 XMLs (DIGITAL's amounts each); the QR, 金额 100.00 and
    // nothing more, counted apart — never its 金额 beside the others' 价税合计.
    const twice = (amount: string) => new Decimal(amount).times(2).toFixed(2);
    expect(demoLedger.totals).toEqual({ count: 3, rows: 3, incomplete: 1, fpje: twice(DIGITAL.fpje), fpse: twice(DIGITAL.fpse), jshj: twice(DIGITAL.jshj) });

    // Another enterprise: its ledger starts empty; what comes in now is its own.
    await call('enterprises:initialise', OTHER);
    await call('enterprises:activate', { taxNumber: OTHER.taxNumber });
    expect(await call('intake:ledger', {})).toMatchObject({ rows: [], enterprise: { taxNumber: OTHER.taxNumber, name: OTHER.agencyName }, totals: { count: 0, jshj: '0.00' } });
    const theirs = await add('nanjing-qr.png', await qrPng('01,04,044031900111,70000002,50.00,20240303,09876543210987654322,FFFF,'));
    expect(theirs.enterprise).toBe(OTHER.taxNumber);
    // The demo enterprise's 数电 invoice taken in now is flagged for the new enterprise.
    const demoBuyer = await add('demo-buyer.xml', digitalXml().replaceAll(DIGITAL.fphm, '24312000000011112222'));
    expect(demoBuyer.buyerMismatch).toMatchObject({ expected: OTHER.taxNumber, found: DEMO_ENTERPRISE.taxNumber });
    await accept(theirs);
    await accept(demoBuyer, '代垫费用');
    const otherLedger = await call('intake:ledger', {});
    expect(otherLedger.rows.map((row) => row.fileName)).toEqual(['demo-buyer.xml', 'nanjing-qr.png']);
    expect(otherLedger.totals).toMatchObject({ count: 2, rows: 2 });
    // The export is the active enterprise's ledger, named after it.
    const exported = await call('intake:export', {});
    expect(exported.path).toContain(OTHER.agencyName);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(exported.path!);
    const sheet = book.getWorksheet('报销台账')!;
    expect(sheet.rowCount).toBe(3);
    expect([sheet.getRow(2).getCell(4).value, sheet.getRow(3).getCell(4).value].sort()).toEqual(['24312000000011112222', '70000002']);

    // Every write was announced on the change feed with the enterprise it belongs to.
    const announced = (action: string, id: number | null) => changes.filter((change) => change.action === action && change.ids.includes(String(id))).map((change) => change.enterprise);
    expect(announced('created', own.receivedId)).toEqual([DEMO_ENTERPRISE.taxNumber]);
    expect(announced('updated', foreign.receivedId)).toEqual([DEMO_ENTERPRISE.taxNumber, DEMO_ENTERPRISE.taxNumber]);
    expect(announced('updated', theirs.receivedId)).toEqual([OTHER.taxNumber]);
    expect(announced('created', theirs.receivedId)).toEqual([OTHER.taxNumber]);

    // Back to the demo enterprise: its rows, totals and reason as they were.
    await call('enterprises:activate', { taxNumber: DEMO_ENTERPRISE.taxNumber });
    expect(await call('intake:ledger', {})).toEqual(demoLedger);
  }, 240_000);
});
