/**
 * The period statistics against figures worked out from the invoices the test sends (issue 25, issue 33):
 * invoices of six kinds and three rates issued through the real sandbox over HTTP, a red invoice (a
 * reversal in full), a voided one (voided at the service, learnt through its print status), two
 * enterprises, and two invoices moved across a month's boundary in China time (23:30 on the last day in
 * UTC+8 belongs to that month, 16:30 UTC on the same day to the next). The expected figures come from the
 * lines as requested — je = quantity × unit price with tax, tax je × sl / (1 + sl), sales je − tax, added
 * with decimal.js — never from the lines the desk stored (an expectation read from the stored je once
 * passed over sales counted with their tax); the statistics come from the kept totals.
  * The input side against the sandbox tax authority's own records (its control API): per kind, the invoices
 * issued in the period and those certified for it. The received side against the files the test takes in:
 * only those accepted, each invoice once, 金额 / 税额 / 价税合计 of the same invoices.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import Decimal from 'decimal.js';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ENTERPRISE, RECEIVED_CONTROL_PATH, VOID_CONTROL_PATH, type ReceivedInvoice } from '../../../sandbox/index.js';
import type { EnterpriseInput, IntakeItem, InvoiceSummary, RedStarted } from '../../../shared/ipc/index.js';
import type { PeriodStatistics, TaxPeriod } from '../../../shared/ipc/schemas/statistics.js';
import { qrPng } from '../../support/intake-fixtures.js';
import { DIGITAL, digitalXml } from '../../support/intake-files.js';
import { startInputCore, type InputCore } from '../../support/input-core.js';
import { BUYER_004, GOODS, issueBlue, waitFor } from '../core/red-support.js';

const OTHER: EnterpriseInput = {
  taxNumber: '91320100MA1W5T3K8N',
  agencyName: '南京统计分离测试有限公司',
  address: '南京市鼓楼区中山路 1 号',
  phone: '025-86001234',
  bank: '建设银行南京分行',
  account: '320900112233',
  taxUser: { idCard: '320102199001011234', name: '周会计', phone: '13700137000', loginIdentity: '1', email: '', identityPwd: 'stat-id-pwd', taxPwd: 'stat-tax-pwd' },
};
const KIND: Record<string, string> = { '004': 'special', '007': 'general', '81': 'digitalSpecial', '82': 'digitalGeneral', '026': 'electronicGeneral', '028': 'electronicSpecial', '025': 'roll' };
const SPECIAL = new Set(['004', '028', '81']);

let input: InputCore | undefined;
afterEach(async () => {
  await input?.close();
  input = undefined;
});

interface SentLine {
  quantity: string;
  unitPrice: string;
  rate: string;
}
/** An invoice as the test sent it: its lines as requested, whose seller, which China-time month, which side. */
interface Sent {
  invoiceType: string;
  seller: string;
  month: string;
  side: 'blue' | 'red' | 'voided';
  lines: readonly SentLine[];
}

type Sums = Record<string, { count: number; amount: Decimal; tax: Decimal }>;
const bump = (sums: Sums, key: string, count: number, amount: Decimal.Value, tax: Decimal.Value) => {
  const at = (sums[key] ??= { count: 0, amount: new Decimal(0), tax: new Decimal(0) });
  at.count += count;
  at.amount = at.amount.plus(amount);
  at.tax = at.tax.plus(tax);
};
const money = (value: Decimal) => value.toFixed(2);
const HALF_UP = Decimal.ROUND_HALF_UP;

/**
 * The expected output figures of `seller` in `months`, worked out from the invoices sent: a line's je is
 * quantity × unit price (tax included, as the form sends it), its tax je × sl / (1 + sl), its sales before
 * tax je − tax; a red invoice reversing in full carries each line negated; an invoice's amount is the sum of
 * its lines' before tax. Never read from the file.
 */
function expected(sent: readonly Sent[], seller: string, months: readonly string[]) {
  const kinds: Sums = {};
  const rates: Sums = {};
  for (const invoice of sent) {
    if (invoice.seller !== seller || !months.includes(invoice.month)) continue;
    const sign = invoice.side === 'red' ? -1 : 1;
    let amount = new Decimal(0);
    let tax = new Decimal(0);
    for (const line of invoice.lines) {
      const je = new Decimal(line.quantity).times(line.unitPrice).toDecimalPlaces(2, HALF_UP).times(sign);
      const se = je.times(line.rate).dividedBy(new Decimal(line.rate).plus(1)).toDecimalPlaces(2, HALF_UP);
      amount = amount.plus(je.minus(se));
      tax = tax.plus(se);
      const rate = `${new Decimal(line.rate).toString()}|normal`;
      bump(rates, `${rate}|${invoice.side}`, 1, je.minus(se), se);
      if (invoice.side !== 'voided') {
        // A net, and the special / other split of it, are money only (blue + red): no count.
        bump(rates, `${rate}|net`, 0, je.minus(se), se);
        bump(rates, `${rate}|${SPECIAL.has(invoice.invoiceType) ? 'special' : 'other'}`, 0, je.minus(se), se);
      }
    }
    bump(kinds, `${KIND[invoice.invoiceType]}|${invoice.side}`, 1, amount, tax);
    if (invoice.side !== 'voided') bump(kinds, `${KIND[invoice.invoiceType]}|net`, 0, amount, tax);
  }
  return { kinds, rates };
}

/** The same shape read from the statistics, zero figures left out. */
function actual(stats: PeriodStatistics) {
  const kinds: Sums = {};
  const rates: Sums = {};
  const put = (sums: Sums, key: string, f: { count?: number; amount: string; tax: string }) => {
    const count = f.count ?? 0;
    if (count !== 0 || f.amount !== '0.00' || f.tax !== '0.00') sums[key] = { count, amount: new Decimal(f.amount), tax: new Decimal(f.tax) };
  };
  for (const row of stats.output.byKind) for (const side of ['blue', 'red', 'net', 'voided'] as const) put(kinds, `${row.kind}|${side}`, row[side]);
  for (const row of stats.output.byRate) for (const side of ['blue', 'red', 'net', 'voided', 'special', 'other'] as const) put(rates, `${row.rate}|${row.levy}|${side}`, row[side]);
  return { kinds, rates };
}
// Zero figures left out on both sides (a net of a reversal in full is 0 with no count).
const printable = (sums: Sums) =>
  Object.fromEntries(Object.entries(sums).filter(([, v]) => v.count !== 0 || !v.amount.isZero() || !v.tax.isZero()).map(([key, v]) => [key, `${v.count} ${money(v.amount)} ${money(v.tax)}`]));

describe('period statistics', () => {
  it('equal the figures worked out from the invoices sent, sales before tax: blue, red, voided, six kinds, three rates, two enterprises, a China-time month boundary', async () => {
    input = await startInputCore({ seedInvoicesPerBuyer: 150, sandbox: { issueDelayMs: 20 } });
    const { call, core, sandbox } = input;
    const file = path.join(input.appDir, 'history.db');
    const ninePct = { name: '小麦粉', taxCode: '1030101010000000000', quantity: '3', unitPrice: '40.00', rate: '0.09' };
    // Issued now: this month in China time (the two moved below say their own month).
    const now = new Date(Date.now() + 8 * 3_600_000);
    const yyyymm = (d: Date) => `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const sent: Sent[] = [];
    const demo: string = DEMO_ENTERPRISE.taxNumber;
    const issue = async (draft: { invoiceType: string; lines: readonly SentLine[] } & Record<string, unknown>, seller = demo) => {
      const summary = await issueBlue(core, draft);
      sent.push({ invoiceType: draft.invoiceType, seller, month: yyyymm(now), side: 'blue', lines: draft.lines });
      return summary;
    };

    // Demo enterprise: every kind, rates 13 %, 9 % and 6 %.
    const issued: InvoiceSummary[] = [];
    issued.push(await issue({ invoiceType: '026', buyerName: '杭州云栖商贸有限公司', issuer: '李四', lines: GOODS }));
    issued.push(await issue({ invoiceType: '82', buyerName: '宁波海曙五金有限公司', issuer: '李四', lines: [GOODS[0], ninePct] }));
    issued.push(await issue({ invoiceType: '81', ...BUYER_004, issuer: '李四', lines: [GOODS[1]] }));
    issued.push(await issue({ invoiceType: '028', ...BUYER_004, issuer: '李四', lines: [ninePct] }));
    const paper = await issue({ invoiceType: '004', ...BUYER_004, issuer: '李四', lines: GOODS });
    issued.push(paper);
    issued.push(await issue({ invoiceType: '007', buyerName: '苏州平江食品有限公司', issuer: '李四', lines: [GOODS[0]] }));
    issued.push(await issue({ invoiceType: '025', buyerName: '苏州平江食品有限公司', issuer: '李四', lines: [{ ...GOODS[0], quantity: '1' }] }));

    // A red invoice: the 026 reversed in full, each of its lines negated.
    const started = (await call('reversal:start', { blueInvoiceId: issued[0]!.id, reason: '2' })) as RedStarted;
    if (started.kind !== 'invoice') throw new Error('expected a direct red invoice');
    await waitFor(core, (row) => row.lsh === started.invoice.lsh && row.status === 'issued');
    sent.push({ ...sent[0]!, side: 'red' });

    // The paper special invoice voided at the service; the desk learns it from the print status.
    const voided = await fetch(`${sandbox.baseUrl}${VOID_CONTROL_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fplxdm: '004', fpdm: paper.invoiceCode, fphm: paper.invoiceNumber }),
    });
    expect(voided.status).toBe(200);
    await call('print:preview', { invoiceId: paper.id, document: 'invoice' });
    sent[4]!.side = 'voided';

    // A second enterprise with its own invoice: never in the demo enterprise's figures.
    await call('enterprises:initialise', OTHER);
    await call('enterprises:activate', { taxNumber: OTHER.taxNumber });
    await issue({ invoiceType: '026', buyerName: '南京鼓楼书店有限公司', issuer: '周会计', lines: [GOODS[1]] }, OTHER.taxNumber);
    await call('enterprises:activate', { taxNumber: DEMO_ENTERPRISE.taxNumber });

    // Two invoices moved to the last day of last month: 23:30 in China stays there, 16:30 UTC is the 1st in China.
    const lastOfPrevious = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10);
    const db = new Database(file);
    db.prepare(`UPDATE issued_invoice SET kprq = ? WHERE id = ?`).run(`${lastOfPrevious}T23:30:00.000+0800`, issued[1]!.id);
    db.prepare(`UPDATE issued_invoice SET kprq = ? WHERE id = ?`).run(`${lastOfPrevious}T16:30:00.000Z`, issued[2]!.id);
    db.close();
    sent[1]!.month = yyyymm(previous);

    const thisMonth: TaxPeriod = { kind: 'month', year: now.getUTCFullYear(), index: now.getUTCMonth() + 1 };
    const lastMonth: TaxPeriod = { kind: 'month', year: previous.getUTCFullYear(), index: previous.getUTCMonth() + 1 };
    const quarter: TaxPeriod = { kind: 'quarter', year: now.getUTCFullYear(), index: Math.floor(now.getUTCMonth() / 3) + 1 };

    const monthsOf = (period: TaxPeriod) =>
      (period.kind === 'month' ? [period.index] : [3 * period.index - 2, 3 * period.index - 1, 3 * period.index]).map((m) => `${period.year}${String(m).padStart(2, '0')}`);
    const check = async (seller: string, period: TaxPeriod) => {
      const stats = await call('statistics:period', period);
      const want = expected(sent, seller, monthsOf(period));
      const got = actual(stats);
      expect(printable(got.kinds)).toEqual(printable(want.kinds));
      expect(printable(got.rates)).toEqual(printable(want.rates));
      return stats;
    };
    const demoNow = await check(demo, thisMonth);
    // The figures are not empty: every side and the boundary are exercised.
    expect(demoNow.output.byKind.find((k) => k.kind === 'electronicGeneral')!.red.count).toBe(1);
    expect(demoNow.output.byKind.find((k) => k.kind === 'electronicSpecial')!.blue.count).toBe(1);
    expect(demoNow.output.byKind.find((k) => k.kind === 'special')!.voided.count).toBe(1);
    expect(demoNow.output.byKind.find((k) => k.kind === 'digitalSpecial')!.blue.count).toBe(1);
    expect(demoNow.output.byRate.map((r) => r.rate).sort()).toEqual(['0.06', '0.09', '0.13']);
    const demoLast = await check(demo, lastMonth);
    expect(demoLast.output.byKind.find((k) => k.kind === 'digitalGeneral')!.blue.count).toBe(1);
    await check(demo, quarter);
    // Sales by rate are before tax: this month's blue 13 % lines — 10 × 25.00 with tax on the 026 and the 007,
    // 1 × 25.00 on the roll — sell for 221.24, 221.24 and 22.12 (not 525.00); the 026's red takes 221.24 back.
    const thirteen = demoNow.output.byRate.find((r) => r.rate === '0.13')!;
    expect([thirteen.blue.amount, thirteen.net.amount]).toEqual(['464.60', '243.36']);

    await call('enterprises:activate', { taxNumber: OTHER.taxNumber });
    const other = await check(OTHER.taxNumber, thisMonth);
    expect(other.output.total.blue.count).toBe(1);
    await call('enterprises:activate', { taxNumber: DEMO_ENTERPRISE.taxNumber });

    // The input side, against the tax authority's own records (the sandbox's control API, not the desk's
    // file): per kind, the invoices issued in the period (KPRQ in its days) and those certified for it
    // (RZSQ), two figures each exactly the period's — never the whole pool still to certify.
    const answer = await fetch(`${sandbox.baseUrl}${RECEIVED_CONTROL_PATH}?buyer=${DEMO_ENTERPRISE.taxNumber}`);
    const authority = ((await answer.json()) as { invoices: ReceivedInvoice[] }).invoices;
    const collected = async (runIds: number[]) =>
      expect.poll(async () => (await call('collection:runs', {})).filter((run) => runIds.includes(run.id) && run.status === 'done').length, { timeout: 60_000 }).toBe(runIds.length);
    // The first collection of each kind is the service's initial scope (the current selection); a second, of
    // every day since 2017, brings every invoice the authority holds for the buyer.
    await collected((await call('collection:sync', {})).runIds);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    await collected((await call('collection:start', { kinds: ['01', '03', '08', '14', '31', 'main'], from: '2017-01-01', to: today })).runIds);
    const mostOften = (months: string[]) => [...new Set(months)].sort((a, b) => months.filter((m) => m === b).length - months.filter((m) => m === a).length)[0]!;
    const certifiedMonth = mostOften(authority.filter((i) => i.rzzt === '1' && i.rzsq).map((i) => i.rzsq!));
    const issuedMonth = mostOften(authority.map((i) => i.kprq.slice(0, 6)));
    const periods: TaxPeriod[] = [...new Set([certifiedMonth, issuedMonth])].map((m) => ({ kind: 'month', year: Number(m.slice(0, 4)), index: Number(m.slice(4)) }));
    periods.push({ kind: 'quarter', year: Number(issuedMonth.slice(0, 4)), index: Math.ceil(Number(issuedMonth.slice(4)) / 3) });
    for (const period of periods) {
      const inputStats = await call('statistics:period', period);
      const inDays = (kprq: string) => kprq >= inputStats.from.replaceAll('-', '') && kprq <= inputStats.to.replaceAll('-', '');
      const inputWant: Sums = {};
      for (const i of authority) {
        if (inDays(i.kprq)) {
          bump(inputWant, `${i.fplxdm}|collected`, 1, i.hjje, i.se);
          bump(inputWant, 'all|collected', 1, i.hjje, i.se);
        }
        if (i.rzzt === '1' && i.rzsq && inputStats.months.includes(i.rzsq)) {
          bump(inputWant, `${i.fplxdm}|certified`, 1, i.hjje, i.se);
          bump(inputWant, `${i.fplxdm}|valid`, 0, 0, i.yxse ?? 0);
          bump(inputWant, 'all|certified', 1, i.hjje, i.se);
          bump(inputWant, 'all|valid', 0, 0, i.yxse ?? 0);
        }
      }
      const inputGot: Sums = {};
      for (const row of inputStats.input.byKind) {
        if (row.collected.count > 0) bump(inputGot, `${row.kind}|collected`, row.collected.count, row.collected.amount, row.collected.tax);
        if (row.certified.count > 0) {
          bump(inputGot, `${row.kind}|certified`, row.certified.count, row.certified.amount, row.certified.tax);
          bump(inputGot, `${row.kind}|valid`, 0, 0, row.certifiedTax);
        }
      }
      const { collected: allCollected, certified: allCertified, certifiedTax } = inputStats.input;
      if (allCollected.count > 0) bump(inputGot, 'all|collected', allCollected.count, allCollected.amount, allCollected.tax);
      if (allCertified.count > 0) {
        bump(inputGot, 'all|certified', allCertified.count, allCertified.amount, allCertified.tax);
        bump(inputGot, 'all|valid', 0, 0, certifiedTax);
      }
      expect(Object.keys(inputWant).length).toBeGreaterThan(0);
      expect(printable(inputGot)).toEqual(printable(inputWant));
      // Not the selection pool: far fewer than every invoice the desk collected.
      expect(allCollected.count).toBeLessThan(authority.length);
    }

    // Received (报销): what was taken in and accepted, issued in the month; amounts of the same invoices.
    const items = new Map<string, IntakeItem>();
    core.onEvent((event, payload) => {
      if (event === 'intake:item') items.set((payload as IntakeItem).fileName, payload as IntakeItem);
    });
    const monthDay = (day: number, period: TaxPeriod) => `${period.year}${String(period.index).padStart(2, '0')}${String(day).padStart(2, '0')}`;
    const firstOfMonth = monthDay(1, thisMonth);
    const dashed = (compact: string) => `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6)}`;
    const xmlOf = (fphm: string, kprq: string) => digitalXml().replaceAll(DIGITAL.fphm, fphm).replaceAll(dashed(DIGITAL.kprq), dashed(kprq));
    const take = async (name: string, bytes: Uint8Array | string, accept: boolean) => {
      await call('intake:addFile', { name, base64: Buffer.from(bytes).toString('base64'), origin: 'drop' });
      await expect.poll(() => items.get(name)?.receivedId ?? null, { timeout: 30_000 }).not.toBeNull();
      if (accept) await call('intake:review', { receivedId: items.get(name)!.receivedId!, fields: items.get(name)!.fields });
    };
    // A VAT invoice read from its QR: 金额 300.00 only — counted, not summed.
    await take('vat.png', await qrPng(`01,01,044031900111,70000001,300.00,${firstOfMonth},,FFFF,`), true);
    // A 数电 invoice from its XML (all three amounts) and again from its QR (价税合计 only): one invoice.
    await take('digital.xml', xmlOf(DIGITAL.fphm, firstOfMonth), true);
    await take('digital-qr.png', await qrPng(`01,31,,${DIGITAL.fphm},${DIGITAL.jshj},${firstOfMonth},,0000,`), true);
    // Never accepted; and one of last month: neither in this month's figures.
    await take('not-accepted.xml', xmlOf('24312000000000000077', firstOfMonth), false);
    await take('last-month.xml', xmlOf('24312000000000000088', monthDay(1, lastMonth)), true);
    const received = (await call('statistics:period', thisMonth)).received;
    expect(received).toEqual({ count: 2, amount: DIGITAL.fpje, tax: DIGITAL.fpse, total: DIGITAL.jshj, incomplete: 1, unverified: 2 });
    expect((await call('statistics:period', lastMonth)).received).toEqual({ count: 1, amount: DIGITAL.fpje, tax: DIGITAL.fpse, total: DIGITAL.jshj, incomplete: 0, unverified: 1 });
  }, 300_000);
});
