/**
 * A line's levy through the real core and the embedded sandbox over HTTP (docs/service-interface.md §7):
 * main refuses a special invoice with an exempt line before anything is stored or sent, the message naming
 * the line on its 特殊征税方式; a 差额征税 invoice with its 扣除额 is issued, its tax — in the history and in
 * the XML the sandbox returns — (je − kce) × sl / (1 + sl), worked out here from what the test sends; and
 * its red reversal takes the deduction back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Decimal from 'decimal.js';
import { XMLParser } from 'fast-xml-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import type { InvoiceSummary, OutputInvoiceDetail, RedStarted } from '../../../shared/ipc/index.js';
import { draftIssueText } from '../../../shared/rules/issuance-form/index.js';
import type { RuleMessageKey } from '../../../shared/rules/rule-messages.js';
import { createTestCipher } from '../../support/test-cipher.js';
import { BUYER_004, call, issueBlue, waitFor } from './red-support.js';

const dirs: string[] = [];
const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<Core> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-levy-'));
  dirs.push(dataDir);
  // A FileOpener that opens nothing: the XML is read from the copy main stored.
  const opener = { open: () => Promise.resolve() };
  const core = await createCore({ dataDir, appVersion: 'test', sandboxIssueDelayMs: 150, outboxBaseDelayMs: 40, outboxMaxDelayMs: 400 }, { cipher: createTestCipher(), opener });
  cores.push(core);
  return core;
}

/** Tax in a tax-inclusive amount, 2 dp half-up: the test's own arithmetic. */
const taxIn = (amount: Decimal.Value, rate: Decimal.Value) =>
  new Decimal(amount).times(rate).dividedBy(new Decimal(rate).plus(1)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

const TAXED = { name: '技术服务', taxCode: '3040201000000000000', quantity: '1', unitPrice: '1060.00', rate: '0.06' };
const EXEMPT = { name: '教材', taxCode: '1060201070000000000', quantity: '4', unitPrice: '25.00', rate: '0.00', specialLevy: '1' };
const TOUR = { name: '旅游服务', taxCode: '3040802000000000000', quantity: '1', unitPrice: '10600.00', rate: '0.06', specialLevy: '4' };
const DEDUCTION = '8480.00';

describe('the desk refuses what the levy rules forbid, before sending', () => {
  it('a 004 with a 免税 line: refused on that line’s levy, naming it, nothing stored; an 82 with the same lines is issued', async () => {
    const core = await start();
    const result = await core.router.dispatch('issuance:submit', { invoiceType: '004', ...BUYER_004, issuer: '李四', lines: [TAXED, EXEMPT] });
    expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', key: 'issuance.draftInvalid' } });
    if (result.ok) return;
    const issues = (result.error.details as { issues: { path: (string | number)[]; key: RuleMessageKey; params: Record<string, string | number> }[] }).issues;
    expect(issues).toEqual([{ path: ['lines', 1, 'specialLevy'], key: 'levyExemptOnSpecial', params: { line: 2, type: '004' } }]);
    expect(draftIssueText(issues[0]!, 'zh')).toBe('第 2 行 为免税项目：免税销售不得开具增值税专用发票（004），请改开普通发票');
    expect(await call(core, 'history:list', {})).toEqual([]);

    const general = await issueBlue(core, { invoiceType: '82', buyerName: BUYER_004.buyerName, issuer: '李四', lines: [TAXED, EXEMPT] });
    expect(general.total).toBe('1160.00');
    expect((await call<OutputInvoiceDetail>(core, 'history:detail', { id: general.id })).tax).toBe(taxIn(1060, 0.06).toFixed(2));
  });

  it('a 差额征税 line without its 扣除额, or beside another line, is refused on the fields the clerk fixes', async () => {
    const core = await start();
    const missing = await core.router.dispatch('issuance:submit', { invoiceType: '82', buyerName: BUYER_004.buyerName, issuer: '李四', lines: [TOUR] });
    if (missing.ok) throw new Error('accepted without a deduction');
    expect((missing.error.details as { issues: { path: (string | number)[]; key: string }[] }).issues.map((issue) => [issue.path.join('.'), issue.key])).toEqual([
      ['deduction', 'differenceLevyNeedsDeduction'],
    ]);
    const mixed = await core.router.dispatch('issuance:submit', { invoiceType: '82', buyerName: BUYER_004.buyerName, issuer: '李四', deduction: DEDUCTION, lines: [TAXED, TOUR] });
    if (mixed.ok) throw new Error('accepted a 差额征税 invoice of two lines');
    expect((mixed.error.details as { issues: { path: (string | number)[]; key: string; params: unknown }[] }).issues).toEqual([
      { path: ['lines', 1, 'specialLevy'], key: 'differenceLevyOneLine', params: { line: 2, count: 2 } },
    ]);
  });
});

describe('差额征税 through the desk', () => {
  it('issues a 026 whose tax is (je − kce) × sl / (1 + sl) in the history and in the returned XML, and reverses it with its deduction', async () => {
    const core = await start();
    const je = new Decimal(TOUR.quantity).times(TOUR.unitPrice);
    const expectedTax = taxIn(je.minus(DEDUCTION), TOUR.rate);
    const blue = await issueBlue(core, { invoiceType: '026', buyerName: BUYER_004.buyerName, issuer: '李四', deduction: DEDUCTION, lines: [TOUR] });
    expect(blue.total).toBe(je.toFixed(2));

    const detail = await call<OutputInvoiceDetail>(core, 'history:detail', { id: blue.id });
    expect(detail.tax).toBe(expectedTax.toFixed(2));
    expect(detail.lines.map((line) => [line.amount, line.tax])).toEqual([[je.toFixed(2), expectedTax.toFixed(2)]]);

    const file = await call<{ path: string }>(core, 'issuance:openFile', { id: blue.id, format: 'xml' });
    const xml = new XMLParser({ parseTagValue: false }).parse(fs.readFileSync(file.path, 'utf8')) as { Invoice: Record<string, string> };
    expect(xml.Invoice).toMatchObject({ jshj: je.toFixed(2), hjse: expectedTax.toFixed(2), kce: DEDUCTION });

    // Reversed in full: the red invoice takes the whole deduction back, so its tax mirrors the blue one's.
    const started = await call<RedStarted>(core, 'reversal:start', { blueInvoiceId: blue.id, reason: '2' });
    if (started.kind !== 'invoice') throw new Error('expected a red invoice');
    const red = await waitFor(core, (row: InvoiceSummary) => row.lsh === started.invoice.lsh && row.status === 'issued');
    expect((await call<OutputInvoiceDetail>(core, 'history:detail', { id: red.id })).tax).toBe(expectedTax.negated().toFixed(2));
  });
});
