/**
 * Certification (spec endpoints 10 and 7, "Certification request and result", SBYY and RZCLZT tables):
 * accepted at once, processed asynchronously on the sandbox clock (RZCLZT 1 → 2 → 4 or 5, one
 * issueDelayMs per step), each failure with its SBYY, and the outcome visible in later collections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CertificationResultResponse } from '../../../shared/spec/certification.js';
import type { StoredReceivedInvoice } from '../../../sandbox/stores/tax-authority.js';
import { APPLY, BUYER, COLLECT, RESULT, collectAll, collection, pch, readTaxAuthority, startInputSandbox, type InputSandbox } from '../../support/input-sandbox.js';

const STEP_MS = 1000;
const PERIOD = '202503';
/** 360 days before 2025-03-15. */
const OVERDUE_BEFORE = '20240320';

let sandbox: InputSandbox;
let invoices: StoredReceivedInvoice[];

beforeAll(async () => {
  sandbox = await startInputSandbox({ seedInvoicesPerBuyer: 1000, issueDelayMs: STEP_MS });
  const reader = readTaxAuthority(sandbox.dataDir);
  invoices = reader.store.listInvoices(BUYER).filter((invoice) => invoice.fplxdm !== '31');
  reader.close();
});
afterAll(() => sandbox.close());

const used = new Set<string>();
/** A not-yet-used invoice of the buyer matching `predicate` (the seed is fixed, so it always exists). */
function pick(predicate: (invoice: StoredReceivedInvoice) => boolean, what: string): StoredReceivedInvoice {
  const found = invoices.find((invoice) => !used.has(invoice.fphm) && predicate(invoice));
  if (!found) throw new Error(`the seeded data has no ${what}`);
  used.add(found.fphm);
  return found;
}

const clean = (invoice: StoredReceivedInvoice) =>
  invoice.fpzt === '0' && invoice.glzt === '0' && invoice.rzzt === '0' && !invoice.hjje.startsWith('-') && invoice.txfbz !== 'N';
const certifiable = (invoice: StoredReceivedInvoice) => clean(invoice) && invoice.kprq >= OVERDUE_BEFORE;

function item(invoice: StoredReceivedInvoice, overrides: Record<string, unknown> = {}) {
  return { FPDM: invoice.fpdm, FPHM: invoice.fphm, GMFSBH: BUYER, SQRZLX: '1', FPLXDM: invoice.fplxdm, SQSKSSQ: PERIOD, ...overrides };
}

async function apply(label: string, items: Record<string, unknown>[]) {
  const answer = await sandbox.post(APPLY, { GMFSBH: BUYER, PCH: pch(label), FHHS: items.length, FPZHXX: items });
  expect(answer.body).toMatchObject({ ZTDM: '0000' });
  return answer;
}

async function result(label: string) {
  const answer = await sandbox.post(RESULT, { PCH: pch(label) });
  expect(CertificationResultResponse.safeParse(answer.body).success, answer.text).toBe(true);
  return answer.body as { ZTDM: string; PCH: string; BCQQFHHS: number; FPZHXX: Record<string, string>[] };
}

/** Applies `items`, lets processing finish (two steps on the clock), returns the result elements. */
async function processed(label: string, items: Record<string, unknown>[]) {
  await apply(label, items);
  sandbox.clock.advance(2 * STEP_MS);
  return (await result(label)).FPZHXX;
}

describe('asynchronous processing (RZCLZT 1 → 2 → 4/5, PCZT)', () => {
  it('an accepted batch is awaiting certification (1) for a step, certifying (2) for the next, then finished (4) with PCZT Y', async () => {
    const invoice = pick(certifiable, 'certifiable invoice');
    await apply('progress', [item(invoice)]);
    const awaiting = await result('progress');
    expect(awaiting).toMatchObject({ ZTDM: '0000', PCH: pch('progress'), BCQQFHHS: 1 });
    expect(awaiting.FPZHXX[0]).toMatchObject({ RZCLZT: '1', PCZT: 'N', RZZT: '0', RZRQ: '' });
    expect(awaiting.FPZHXX[0]).not.toHaveProperty('SBYY');
    sandbox.clock.advance(STEP_MS);
    expect((await result('progress')).FPZHXX[0]).toMatchObject({ RZCLZT: '2', PCZT: 'N' });
    sandbox.clock.advance(STEP_MS);
    const done = (await result('progress')).FPZHXX[0];
    expect(done).toMatchObject({ FPDM: invoice.fpdm, FPHM: invoice.fphm, RZCLZT: '4', PCZT: 'Y', RZZT: '1', RZRQ: '2025-03-15', RZSQ: PERIOD, RZLX: '1', YXSE: invoice.se, GLZT: '0' });
    expect(done).not.toHaveProperty('SBYY');
  });

  it('a finished batch answers the same on every later read', async () => {
    const first = await result('progress');
    sandbox.clock.advance(10 * STEP_MS);
    expect(await result('progress')).toEqual(first);
  });

  it('certified invoices show RZZT 1 with RZRQ, RZSQ, RZLX and YXSE in a later collection', async () => {
    const invoice = pick((candidate) => certifiable(candidate) && candidate.fplxdm === '01' && candidate.hasDetails, 'certifiable 01 invoice with details');
    const [element] = await processed('then-collect', [item(invoice, { YXSE: '1.00' })]);
    expect(element).toMatchObject({ RZCLZT: '4', YXSE: '1.00' });
    await collectAll(sandbox, COLLECT, collection('initial-for-certified'));
    const { all } = await collectAll(sandbox, COLLECT, collection('after-certification'));
    const record = all.find((candidate) => candidate.FPHM === invoice.fphm);
    expect(record).toMatchObject({ RZZT: '1', RZRQ: '20250315', RZSQ: PERIOD, RZLX: '1', YXSE: '1.00', XXLY: '1' });
  });

  it('the same PCH with the same body is accepted again without a second processing (idempotent)', async () => {
    const invoice = pick(certifiable, 'certifiable invoice');
    await apply('idempotent', [item(invoice)]);
    sandbox.clock.advance(STEP_MS);
    await apply('idempotent', [item(invoice)]);
    sandbox.clock.advance(STEP_MS);
    expect((await result('idempotent')).FPZHXX).toMatchObject([{ RZCLZT: '4' }]);
  });
});

describe('failure reasons (SBYY, only when RZCLZT is 5)', () => {
  it('SBYY 2: no such invoice (unknown number, or another buyer\'s)', async () => {
    const [element] = await processed('sbyy-2', [{ ...item(pick(certifiable, 'an invoice')), FPHM: '00000001' }]);
    expect(element).toMatchObject({ RZCLZT: '5', SBYY: '2', RZZT: '0', GLZT: '' });
  });

  it('SBYY 3: the invoice is abnormal (FPZT not 0: out of control, voided, red-reversed, abnormal)', async () => {
    const [element] = await processed('sbyy-3', [item(pick((i) => i.fpzt !== '0' && i.rzzt === '0', 'FPZT ≠ 0 invoice'))]);
    expect(element).toMatchObject({ RZCLZT: '5', SBYY: '3' });
  });

  it('SBYY 98: management status abnormal (GLZT 1 or 2)', async () => {
    const [element] = await processed('sbyy-98', [item(pick((i) => i.fpzt === '0' && i.glzt !== '0' && !i.hjje.startsWith('-'), 'GLZT ≠ 0 invoice'))]);
    expect(element).toMatchObject({ RZCLZT: '5', SBYY: '98' });
    expect(element?.GLZT).not.toBe('0');
  });

  it('SBYY 4: already certified', async () => {
    const [element] = await processed('sbyy-4', [item(pick((i) => i.rzzt === '1', 'certified invoice'))]);
    expect(element).toMatchObject({ RZCLZT: '5', SBYY: '4', RZZT: '1' });
  });

  it('SBYY 5: overdue — issued more than 360 days before the application and not flagged YQKGXBZ 1', async () => {
    const [element] = await processed('sbyy-5', [item(pick((i) => clean(i) && i.kprq < OVERDUE_BEFORE && i.yqkgxbz !== '1', 'overdue invoice'))]);
    expect(element).toMatchObject({ RZCLZT: '5', SBYY: '5' });
  });

  it('an overdue invoice flagged YQKGXBZ 1 (overdue selectable) is certified', async () => {
    const [element] = await processed('overdue-selectable', [item(pick((i) => clean(i) && i.kprq < OVERDUE_BEFORE && i.yqkgxbz === '1', 'overdue-selectable invoice'))]);
    expect(element).toMatchObject({ RZCLZT: '4', YQKGXBZ: '1' });
  });

  it('SBYY 6: the same invoice twice in one batch — the first is processed, the second already applied', async () => {
    const invoice = pick(certifiable, 'certifiable invoice');
    const elements = await processed('sbyy-6', [item(invoice), item(invoice)]);
    expect(elements).toMatchObject([{ RZCLZT: '4' }, { RZCLZT: '5', SBYY: '6' }]);
  });

  it('SBYY 7: application month mismatch (SQSKSSQ is not the current tax period)', async () => {
    const [element] = await processed('sbyy-7', [item(pick(certifiable, 'certifiable invoice'), { SQSKSSQ: '202502' })]);
    expect(element).toMatchObject({ RZCLZT: '5', SBYY: '7', RZSQ: '202502' });
  });

  it('SBYY 10: a red (negative) invoice cannot be certified', async () => {
    const [element] = await processed('sbyy-10', [item(pick((i) => i.hjje.startsWith('-'), 'red invoice'))]);
    expect(element).toMatchObject({ RZCLZT: '5', SBYY: '10' });
  });

  it('SBYY 15: the valid tax amount YXSE is greater than the invoice tax', async () => {
    const invoice = pick(certifiable, 'certifiable invoice');
    const [element] = await processed('sbyy-15', [item(invoice, { YXSE: '99999999.99' })]);
    expect(element).toMatchObject({ RZCLZT: '5', SBYY: '15' });
  });

  it('SBYY 19: cancelling (SQRZLX 5 or 6) an invoice that is not certified', async () => {
    const [element] = await processed('sbyy-19', [item(pick(certifiable, 'certifiable invoice'), { SQRZLX: '5' })]);
    expect(element).toMatchObject({ RZCLZT: '5', SBYY: '19' });
  });

  it('SBYY 11: certification type mismatch — cancel non-deduction (6) on a deducted invoice, or deducting a non-deductible toll', async () => {
    const deducted = pick((i) => i.rzzt === '1' && i.rzlx === '1', 'deducted invoice');
    const toll = pick((i) => i.fplxdm === '14' && i.txfbz === 'N' && i.fpzt === '0' && i.glzt === '0' && i.rzzt === '0', 'non-deductible toll');
    const elements = await processed('sbyy-11', [item(deducted, { SQRZLX: '6' }), item(toll)]);
    expect(elements).toMatchObject([{ RZCLZT: '5', SBYY: '11' }, { RZCLZT: '5', SBYY: '11' }]);
  });

  it('cancel deduction (SQRZLX 5) of a deducted invoice succeeds and leaves it not certified', async () => {
    const deducted = pick((i) => i.rzzt === '1' && i.rzlx === '1', 'deducted invoice');
    const [element] = await processed('cancel-5', [item(deducted, { SQRZLX: '5' })]);
    expect(element).toMatchObject({ RZCLZT: '4', RZZT: '0', RZRQ: '', RZLX: '' });
  });

  it('certification as not deductible (SQRZLX 4) records RZLX 4 with its valid tax amount', async () => {
    const invoice = pick(certifiable, 'certifiable invoice');
    const [element] = await processed('rzlx-4', [item(invoice, { SQRZLX: '4' })]);
    expect(element).toMatchObject({ RZCLZT: '4', RZZT: '1', RZLX: '4', YXSE: invoice.se });
  });

  it('an invoice certified by an earlier batch fails with SBYY 4 in a later one: batches are settled in acceptance order', async () => {
    const invoice = pick(certifiable, 'certifiable invoice');
    await apply('order-first', [item(invoice)]);
    sandbox.clock.advance(1);
    await apply('order-second', [item(invoice)]);
    sandbox.clock.advance(2 * STEP_MS);
    // Read the later batch first: the earlier one still wins.
    expect((await result('order-second')).FPZHXX).toMatchObject([{ RZCLZT: '5', SBYY: '4' }]);
    expect((await result('order-first')).FPZHXX).toMatchObject([{ RZCLZT: '4' }]);
  });
});
