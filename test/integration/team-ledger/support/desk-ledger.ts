/**
 * A desk's SQLite ledger filled the way clerks fill it — through the real core's IPC channels against the
 * sandbox over real HTTP — for the move tests: two enterprises, blue invoices of three kinds with lines (one voided),
 * a direct red invoice and one through a red-letter form (outbox rows for each), a print on the real CUPS
 * printer (printed or failed, either is a row of the print log), received invoices (one verified), input invoices collected and one certified, customers,
 * products, templates, a draft and an imported batch, all signed by a clerk. The filled history.db is copied out so each test starts from it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_ENTERPRISE, VOID_CONTROL_PATH } from '../../../../sandbox/index.js';
import type { CertificationCheckResult, EnterpriseInput, IntakeItem, RedStarted } from '../../../../shared/ipc/index.js';
import { CUPS_PDF_PRINTER } from '../../../support/cups-pdf.js';
import { startInputCore } from '../../../support/input-core.js';
import { qrPng } from '../../../support/intake-fixtures.js';
import { digitalXml } from '../../../support/intake-files.js';
import { BUYER_004, call, GOODS, issueBlue, waitFor } from '../../core/red-support.js';

export const DEMO = DEMO_ENTERPRISE.taxNumber;

/**
 * Waits until `read` answers what `done` accepts (beforeAll has no expect.poll), checking every 100 ms;
 * fails naming `what` after `timeoutMs`, a safety net for a busy machine, not a time budget.
 */
async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 120_000): Promise<T> {
  const give = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > give) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
export const OTHER: EnterpriseInput = {
  taxNumber: '91320100MA1W5T3K8N',
  agencyName: '南京团队账本迁移测试有限公司',
  address: '南京市鼓楼区中山路 1 号',
  phone: '025-86001234',
  bank: '建设银行南京分行',
  account: '320900112233',
  taxUser: { idCard: '320102199001011234', name: '周会计', phone: '13700137000', loginIdentity: '1', email: '', identityPwd: 'move-id-pwd', taxPwd: 'move-tax-pwd' },
};
/** The clerk who signs the desk's rows. */
export const CLERK = '王管理';
/** A buyer only the other enterprise invoices: the archive test searches for it. */
export const OTHER_BUYER = '南京鼓楼迁移书店有限公司';

/** Fills a desk ledger through the core and copies its history.db (closed cleanly) to `target`. */
export async function fillDeskLedger(target: string): Promise<void> {
  const input = await startInputCore({ seedInvoicesPerBuyer: 40, sandbox: { issueDelayMs: 20 } });
  try {
    const { core } = input;
    const items = new Map<string, IntakeItem>();
    core.onEvent((event, payload) => {
      if (event === 'intake:item') items.set((payload as IntakeItem).fileName, payload as IntakeItem);
    });
    const take = async (name: string, bytes: Uint8Array | string) => {
      await input.call('intake:addFile', { name, base64: Buffer.from(bytes).toString('base64'), origin: 'drop' });
      await until(`${name} taken in`, () => Promise.resolve(items.get(name)?.receivedId ?? null), (id) => id !== null);
      return items.get(name)!;
    };
    const libraries = async (suffix: string) => {
      await call(core, 'customers:save', { name: `北京星河贸易有限公司${suffix}`, taxNumber: BUYER_004.buyerTaxNumber, address: '北京市朝阳区建国路 1 号', phone: '010-88886666' });
      await call(core, 'products:save', { name: `技术服务${suffix}`, taxCode: '3040201000000000000', unitPrice: '1060', rate: '0.06' });
      await call(core, 'templates:save', { name: `常用${suffix}`, invoiceType: '026', buyerName: BUYER_004.buyerName, content: { buyerName: BUYER_004.buyerName, lines: [] } });
    };

    // A clerk signs everything below (created_by / updated_by).
    await call(core, 'clerks:add', { name: CLERK, role: 'admin', pin: '246810' });
    await call(core, 'clerks:signIn', { name: CLERK, pin: '246810' });
    // The demo enterprise: libraries, a draft, three kinds of invoices, a print, two reversals.
    await libraries('');
    // A batch imported from the desk's own Excel template (its example rows), not yet sent.
    input.openNext = (await call<{ path: string | null }>(core, 'batch:template', {})).path;
    const batch = await call<{ batch: { valid: number } | null }>(core, 'batch:import', {});
    if (!batch.batch || batch.batch.valid === 0) throw new Error(`the template's rows did not import: ${JSON.stringify(batch)}`);
    await call(core, 'issuance:saveDraft', { invoiceType: '026', buyerName: '草稿客户', total: '113.00', content: { buyerName: '草稿客户' } });
    const electronic = await issueBlue(core, { invoiceType: '026', buyerName: '杭州云栖商贸有限公司', issuer: '李四', lines: GOODS });
    const special = await issueBlue(core, { invoiceType: '004', ...BUYER_004, issuer: '李四', lines: GOODS });
    const general = await issueBlue(core, { invoiceType: '007', buyerName: '苏州平江食品有限公司', issuer: '李四', lines: [GOODS[0]] });
    // The 007 voided at the service; the desk learns it (zflx) from the print status, as in the statistics test.
    const voided = await fetch(`${input.sandbox.baseUrl}${VOID_CONTROL_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fplxdm: '007', fpdm: general.invoiceCode, fphm: general.invoiceNumber }),
    });
    if (voided.status !== 200) throw new Error(`voiding at the sandbox: ${voided.status}`);
    await call(core, 'print:preview', { invoiceId: general.id, document: 'invoice' });
    await call(core, 'print:print', { invoiceIds: [special.id], documents: ['invoice'], printer: CUPS_PDF_PRINTER, copies: 1, mode: 'overlay' });
    await until('the print', async () => (await call<{ jobs: Array<{ status: string }> }>(core, 'print:log', { invoiceId: special.id })).jobs.map((j) => j.status), (s) => s.length > 0 && s.every((status) => status === 'printed' || status === 'failed'));
    const direct = await call<RedStarted>(core, 'reversal:start', { blueInvoiceId: electronic.id, reason: '2' });
    if (direct.kind !== 'invoice') throw new Error('expected a direct red invoice');
    await waitFor(core, (row) => row.lsh === direct.invoice.lsh && row.status === 'issued');
    const viaForm = await call<RedStarted>(core, 'reversal:start', { blueInvoiceId: special.id, reason: '2', letterReason: '2', letterSubReason: 'not-delivered', terminal: 'kpzd-01' });
    if (viaForm.kind !== 'form') throw new Error('expected a red-letter form');
    const formLsh = viaForm.form.lsh;
    await until('the red-letter form', async () => (await call<{ rows: Array<{ lsh: string; redInvoiceStatus: string | null }> }>(core, 'reversal:listForms', {})).rows.find((f) => f.lsh === formLsh)?.redInvoiceStatus, (s) => s === 'issued');

    // Input invoices collected, one certified.
    const { runIds } = await input.call('collection:sync', {});
    await until('collection', async () => (await input.call('collection:runs', {})).filter((run) => runIds.includes(run.id) && run.status === 'done').length, (n) => n === runIds.length);
    const candidates = (await input.call('collection:ledger', { FPLXDM: '01', RZZT: '0', FPZT: '0', GLZT: '0', limit: 200 })).rows;
    const eligible = (await call<CertificationCheckResult>(core, 'certification:check', { ids: candidates.map((r) => r.id), SQRZLX: '1' })).find((r) => r.reason === null);
    if (!eligible) throw new Error('no input invoice may be certified');
    const { PCHs } = await call<{ PCHs: string[] }>(core, 'certification:submitSelection', { ids: [eligible.id], SQRZLX: '1' });
    await until('certification', async () => (await call<{ status: string }>(core, 'certification:get', { PCH: PCHs[0] })).status, (s) => s === 'done');

    // Received invoices: a 数电 XML accepted, a QR verified (查无此票 is a verification too).
    const own = await take('own.xml', digitalXml());
    await input.call('intake:review', { receivedId: own.receivedId!, fields: own.fields });
    const qr = await take('demo-qr.png', await qrPng('01,04,044031900111,70000001,100.00,20240302,09876543210987654321,FFFF,'));
    await input.call('intake:review', { receivedId: qr.receivedId!, fields: qr.fields });
    await input.call('intake:verify', { receivedId: qr.receivedId! });

    // The other enterprise: its own libraries, invoice and received invoice.
    await call(core, 'enterprises:initialise', OTHER);
    await call(core, 'enterprises:activate', { taxNumber: OTHER.taxNumber });
    await libraries('（南京）');
    await issueBlue(core, { invoiceType: '026', buyerName: OTHER_BUYER, issuer: '周会计', lines: [GOODS[1]] });
    await take('nanjing-qr.png', await qrPng('01,04,044031900111,70000002,50.00,20240303,09876543210987654322,FFFF,'));
    await call(core, 'enterprises:activate', { taxNumber: DEMO });
    await core.close();
    fs.copyFileSync(path.join(input.appDir, 'history.db'), target);
  } finally {
    await input.close();
  }
}
