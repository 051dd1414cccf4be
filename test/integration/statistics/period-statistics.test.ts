/**
 * The period statistics against sums computed independently from the raw rows of the real SQLite file
 * (issue 25): invoices of six kinds and three rates issued through the real sandbox over HTTP, a red
 * invoice (a reversal), a voided one (voided at the service, learnt through its print status), two
 * enterprises, and two invoices moved across a month's boundary in China time (23:30 on the last day in
 * UTC+8 belongs to that month, 16:30 UTC on the same day to the next). The independent sums parse the
 * issue time in JavaScript and add decimals with decimal.js; the statistics come from the kept totals.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import Decimal from 'decimal.js';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ENTERPRISE, VOID_CONTROL_PATH } from '../../../sandbox/index.js';
import type { EnterpriseInput, InvoiceSummary, RedStarted } from '../../../shared/ipc/index.js';
import type { PeriodStatistics, TaxPeriod } from '../../../shared/ipc/schemas/statistics.js';
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

/** yyyyMM in China time of an issue time, parsed here in JavaScript (not by the SQL under test). */
function chinaMonth(kprq: string): string {
  const iso = kprq.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  return new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 7).replace('-', '');
}

interface Raw {
  id: number;
  xhdwsbh: string;
  fplxdm: string;
  kplx: string;
  zflx: string | null;
  jshj: string;
  hjse: string;
  kprq: string;
  status: string;
}
interface RawLine {
  invoice_id: number;
  je: string;
  se: string;
  sl: string;
}

type Sums = Record<string, { count: number; amount: Decimal; tax: Decimal }>;
const bump = (sums: Sums, key: string, count: number, amount: Decimal.Value, tax: Decimal.Value) => {
  const at = (sums[key] ??= { count: 0, amount: new Decimal(0), tax: new Decimal(0) });
  at.count += count;
  at.amount = at.amount.plus(amount);
  at.tax = at.tax.plus(tax);
};
const money = (value: Decimal) => value.toFixed(2);

/** The expected output figures of `seller` in `months`, from the raw rows of the file. */
function expected(file: string, seller: string, months: readonly string[]) {
  const db = new Database(file, { readonly: true });
  const invoices = db.prepare(`SELECT id, xhdwsbh, fplxdm, kplx, zflx, jshj, hjse, kprq, status FROM issued_invoice`).all() as Raw[];
  const lines = db.prepare(`SELECT invoice_id, je, se, sl FROM issued_invoice_line`).all() as RawLine[];
  db.close();
  const inPeriod = new Map(invoices.filter((i) => i.status === 'issued' && i.xhdwsbh === seller && months.includes(chinaMonth(i.kprq))).map((i) => [i.id, i]));
  const side = (i: Raw) => (i.zflx !== null ? 'voided' : i.kplx === '1' ? 'red' : 'blue');
  const kinds: Sums = {};
  for (const i of inPeriod.values()) {
    const amount = new Decimal(i.jshj).minus(i.hjse);
    bump(kinds, `${KIND[i.fplxdm]}|${side(i)}`, 1, amount, i.hjse);
    // A net is money only (blue + red): no count.
    if (side(i) !== 'voided') bump(kinds, `${KIND[i.fplxdm]}|net`, 0, amount, i.hjse);
  }
  const rates: Sums = {};
  for (const line of lines) {
    const i = inPeriod.get(line.invoice_id);
    if (!i) continue;
    const rate = new Decimal(line.sl).toString();
    bump(rates, `${rate}|${side(i)}`, 1, line.je, line.se);
    if (side(i) !== 'voided') {
      bump(rates, `${rate}|net`, 0, line.je, line.se);
      bump(rates, `${rate}|${SPECIAL.has(i.fplxdm) ? 'special' : 'other'}`, 0, line.je, line.se);
    }
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
  for (const row of stats.output.byRate) for (const side of ['blue', 'red', 'net', 'voided', 'special', 'other'] as const) put(rates, `${row.rate}|${side}`, row[side]);
  return { kinds, rates };
}
// Zero figures left out on both sides (a net of a reversal in full is 0 with no count).
const printable = (sums: Sums) =>
  Object.fromEntries(Object.entries(sums).filter(([, v]) => v.count !== 0 || !v.amount.isZero() || !v.tax.isZero()).map(([key, v]) => [key, `${v.count} ${money(v.amount)} ${money(v.tax)}`]));

describe('period statistics', () => {
  it('equal the sums of the raw rows: blue, red, voided, six kinds, three rates, two enterprises, a China-time month boundary', async () => {
    input = await startInputCore({ seedInvoicesPerBuyer: 150, sandbox: { issueDelayMs: 20 } });
    const { call, core, sandbox } = input;
    const file = path.join(input.appDir, 'history.db');
    const ninePct = { name: '小麦粉', taxCode: '1030101010000000000', quantity: '3', unitPrice: '40.00', rate: '0.09' };

    // Demo enterprise: every kind, rates 13 %, 9 % and 6 %.
    const issued: InvoiceSummary[] = [];
    issued.push(await issueBlue(core, { invoiceType: '026', buyerName: '杭州云栖商贸有限公司', issuer: '李四', lines: GOODS }));
    issued.push(await issueBlue(core, { invoiceType: '82', buyerName: '宁波海曙五金有限公司', issuer: '李四', lines: [GOODS[0], ninePct] }));
    issued.push(await issueBlue(core, { invoiceType: '81', ...BUYER_004, issuer: '李四', lines: [GOODS[1]] }));
    issued.push(await issueBlue(core, { invoiceType: '028', ...BUYER_004, issuer: '李四', lines: [ninePct] }));
    const paper = await issueBlue(core, { invoiceType: '004', ...BUYER_004, issuer: '李四', lines: GOODS });
    issued.push(paper);
    issued.push(await issueBlue(core, { invoiceType: '007', buyerName: '苏州平江食品有限公司', issuer: '李四', lines: [GOODS[0]] }));
    issued.push(await issueBlue(core, { invoiceType: '025', buyerName: '苏州平江食品有限公司', issuer: '李四', lines: [{ ...GOODS[0], quantity: '1' }] }));

    // A red invoice: the 026 reversed in full.
    const started = (await call('reversal:start', { blueInvoiceId: issued[0]!.id, reason: '2' })) as RedStarted;
    if (started.kind !== 'invoice') throw new Error('expected a direct red invoice');
    await waitFor(core, (row) => row.lsh === started.invoice.lsh && row.status === 'issued');

    // The paper special invoice voided at the service; the desk learns it from the print status.
    const voided = await fetch(`${sandbox.baseUrl}${VOID_CONTROL_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fplxdm: '004', fpdm: paper.invoiceCode, fphm: paper.invoiceNumber }),
    });
    expect(voided.status).toBe(200);
    await call('print:preview', { invoiceId: paper.id, document: 'invoice' });

    // A second enterprise with its own invoice: never in the demo enterprise's figures.
    await call('enterprises:initialise', OTHER);
    await call('enterprises:activate', { taxNumber: OTHER.taxNumber });
    await issueBlue(core, { invoiceType: '026', buyerName: '南京鼓楼书店有限公司', issuer: '周会计', lines: [GOODS[1]] });
    await call('enterprises:activate', { taxNumber: DEMO_ENTERPRISE.taxNumber });

    // Two invoices moved to the last day of last month: 23:30 in China stays there, 16:30 UTC is the 1st in China.
    const now = new Date(Date.now() + 8 * 3_600_000);
    const lastOfPrevious = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10);
    const db = new Database(file);
    db.prepare(`UPDATE issued_invoice SET kprq = ? WHERE id = ?`).run(`${lastOfPrevious}T23:30:00.000+0800`, issued[1]!.id);
    db.prepare(`UPDATE issued_invoice SET kprq = ? WHERE id = ?`).run(`${lastOfPrevious}T16:30:00.000Z`, issued[2]!.id);
    db.close();

    const thisMonth: TaxPeriod = { kind: 'month', year: now.getUTCFullYear(), index: now.getUTCMonth() + 1 };
    const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const lastMonth: TaxPeriod = { kind: 'month', year: previous.getUTCFullYear(), index: previous.getUTCMonth() + 1 };
    const quarter: TaxPeriod = { kind: 'quarter', year: now.getUTCFullYear(), index: Math.floor(now.getUTCMonth() / 3) + 1 };

    const check = async (seller: string, period: TaxPeriod) => {
      const stats = await call('statistics:period', period);
      const want = expected(file, seller, stats.months);
      const got = actual(stats);
      expect(printable(got.kinds)).toEqual(printable(want.kinds));
      expect(printable(got.rates)).toEqual(printable(want.rates));
      return stats;
    };
    const demoNow = await check(DEMO_ENTERPRISE.taxNumber, thisMonth);
    // The figures are not empty: every side and the boundary are exercised.
    expect(demoNow.output.byKind.find((k) => k.kind === 'electronicGeneral')!.red.count).toBe(1);
    expect(demoNow.output.byKind.find((k) => k.kind === 'electronicSpecial')!.blue.count).toBe(1);
    expect(demoNow.output.byKind.find((k) => k.kind === 'special')!.voided.count).toBe(1);
    expect(demoNow.output.byKind.find((k) => k.kind === 'digitalSpecial')!.blue.count).toBe(1);
    expect(demoNow.output.byRate.map((r) => r.rate).sort()).toEqual(['0.06', '0.09', '0.13']);
    const demoLast = await check(DEMO_ENTERPRISE.taxNumber, lastMonth);
    expect(demoLast.output.byKind.find((k) => k.kind === 'digitalGeneral')!.blue.count).toBe(1);
    await check(DEMO_ENTERPRISE.taxNumber, quarter);

    await call('enterprises:activate', { taxNumber: OTHER.taxNumber });
    const other = await check(OTHER.taxNumber, thisMonth);
    expect(other.output.total.blue.count).toBe(1);
    await call('enterprises:activate', { taxNumber: DEMO_ENTERPRISE.taxNumber });

    // The input side: collected invoices, against the raw rows of the file, for the month with most certified.
    const { runIds } = await call('collection:sync', {});
    await expect.poll(async () => (await call('collection:runs', {})).filter((run) => runIds.includes(run.id) && run.status !== 'running' && run.status !== 'closing').length, { timeout: 60_000 }).toBe(runIds.length);
    const raw = new Database(file, { readonly: true });
    const collected = raw.prepare(`SELECT FPLXDM, HJJE, SE, YXSE, RZZT, RZSQ, DQSKSSQ FROM collected_invoice WHERE enterprise = ?`).all(DEMO_ENTERPRISE.taxNumber) as Array<Record<string, string | null>>;
    raw.close();
    const certifiedMonths = collected.filter((c) => c.RZZT === '1' && c.RZSQ).map((c) => c.RZSQ!);
    const busiest = certifiedMonths.sort((a, b) => certifiedMonths.filter((m) => m === b).length - certifiedMonths.filter((m) => m === a).length)[0] ?? `${thisMonth.year}${String(thisMonth.index).padStart(2, '0')}`;
    const inputStats = await call('statistics:period', { kind: 'month', year: Number(busiest.slice(0, 4)), index: Number(busiest.slice(4)) });
    const inputWant: Sums = {};
    for (const c of collected) {
      const periodOf = c.RZSQ ? c.RZSQ : c.DQSKSSQ;
      if (periodOf === busiest) bump(inputWant, `${c.FPLXDM}|collected`, 1, c.HJJE ?? 0, c.SE ?? 0);
      if (c.RZZT === '1' && c.RZSQ === busiest) {
        bump(inputWant, `${c.FPLXDM}|certified`, 1, c.HJJE ?? 0, c.SE ?? 0);
        bump(inputWant, `${c.FPLXDM}|valid`, 0, 0, c.YXSE ?? 0);
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
    expect(Object.keys(inputWant).length).toBeGreaterThan(0);
    expect(printable(inputGot)).toEqual(printable(inputWant));
  }, 300_000);
});
