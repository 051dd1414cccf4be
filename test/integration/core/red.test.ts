/**
 * Red reversals through the real core against the embedded sandbox over HTTP, with real SQLite files:
 * a general invoice (026) reversed in full and in parts (a second red takes the remainder, a third is
 * refused before anything is stored); a special invoice (004) and a digital-electronic one (81) through
 * their red-letter forms (outbox kind 'redletter'), the red invoice issued with xxbbh / xxbid.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import type { InvoiceSummary, OutputInvoiceDetail, RedPreview, RedStarted } from '../../../shared/ipc/index.js';
import { createTestCipher } from '../../support/test-cipher.js';
import { BUYER_004, call, GOODS, issueBlue, waitFor, waitForForm } from './red-support.js';

const dirs: string[] = [];
const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<Core> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-red-'));
  dirs.push(dataDir);
  const core = await createCore({ dataDir, appVersion: 'test', sandboxIssueDelayMs: 150, outboxBaseDelayMs: 40, outboxMaxDelayMs: 400 }, { cipher: createTestCipher() });
  cores.push(core);
  return core;
}

const detail = (core: Core, id: number) => call<OutputInvoiceDetail>(core, 'history:detail', { id });

describe('red invoices of general invoices (026)', () => {
  it('reverses in full: the red invoice is issued with kplx 1 and the blue shows full', async () => {
    const core = await start();
    const blue = await issueBlue(core, { invoiceType: '026', buyerName: '杭州云栖商贸有限公司', issuer: '李四', lines: GOODS });
    const preview = await call<RedPreview>(core, 'reversal:preview', { blueInvoiceId: blue.id, reason: '2' });
    expect(preview).toMatchObject({ route: 'direct', total: '1310.00', remaining: '1310.00', remainingAfter: '0.00', issues: [] });

    const started = await call<RedStarted>(core, 'reversal:start', { blueInvoiceId: blue.id, reason: '2' });
    if (started.kind !== 'invoice') throw new Error('expected a red invoice');
    expect(started.invoice).toMatchObject({ status: 'queued', total: '-1310.00' });
    const red = await waitFor(core, (row) => row.lsh === started.invoice.lsh && row.status === 'issued');
    expect(red.invoiceNumber).toMatch(/^\d{8}$/);

    const redDetail = await detail(core, red.id);
    expect(redDetail).toMatchObject({ kplx: '1', original: { id: blue.id, invoiceNumber: blue.invoiceNumber, reason: '2' } });
    const blueDetail = await detail(core, blue.id);
    expect(blueDetail.reversal).toMatchObject({ state: 'full', reversed: '1310.00', remaining: '0.00' });
    expect(blueDetail.reversal?.reds).toEqual([expect.objectContaining({ id: red.id, status: 'issued', amount: '1310.00' })]);

    const search = await call<{ rows: Array<{ id: number; kplx: string; reversal: string | null }> }>(core, 'history:search', { direction: 'output', kplx: '0', reversal: 'full' });
    expect(search.rows.map((row) => row.id)).toEqual([blue.id]);
    const byBuyer = await call<{ rows: Array<{ id: number; kplx: string }> }>(core, 'history:search', { buyer: '云栖' });
    expect(byBuyer.rows.map((row) => [row.id, row.kplx])).toEqual([
      [red.id, '1'],
      [blue.id, '0'],
    ]);
    const again = await core.router.dispatch('reversal:start', { blueInvoiceId: blue.id, reason: '2' });
    expect(again).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
  });

  it('reverses in parts, a second red takes the remainder, and a third is refused before sending', async () => {
    const core = await start();
    const blue = await issueBlue(core, { invoiceType: '026', buyerName: '杭州云栖商贸有限公司', issuer: '李四', lines: GOODS });
    // Goods returned (1): only quantities change; 4 of 10 boxes of paper back = 100.00.
    const first = await call<RedStarted>(core, 'reversal:start', { blueInvoiceId: blue.id, reason: '1', lines: [{ xh: 1, quantity: '4' }] });
    if (first.kind !== 'invoice') throw new Error('expected a red invoice');
    expect(first.invoice.total).toBe('-100.00');
    await waitFor(core, (row) => row.lsh === first.invoice.lsh && row.status === 'issued');
    expect((await detail(core, blue.id)).reversal).toMatchObject({ state: 'partial', reversed: '100.00', remaining: '1210.00' });

    // Goods returned may not change the unit price: an amount is refused with the field named.
    const priced = await core.router.dispatch('reversal:preview', { blueInvoiceId: blue.id, reason: '1', lines: [{ xh: 2, amount: '10.00' }] });
    expect(priced.ok && (priced.value as RedPreview).issues.map((issue) => issue.key)).toContain('reversal.amountNotEditable');

    // Service terminated (3) on line 2 for its remaining 1060.00, and the last 6 boxes: the remainder.
    const second = await call<RedStarted>(core, 'reversal:start', {
      blueInvoiceId: blue.id,
      reason: '3',
      lines: [
        { xh: 1, quantity: '6' },
        { xh: 2, amount: '1060.00' },
      ],
    });
    if (second.kind !== 'invoice') throw new Error('expected a red invoice');
    expect(second.invoice.total).toBe('-1210.00');
    // Exceeding what is left is refused at once, even while the second red is still on its way.
    const third = await core.router.dispatch('reversal:start', { blueInvoiceId: blue.id, reason: '4', lines: [{ xh: 2, amount: '0.01' }] });
    expect(third).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    if (!third.ok) expect(third.error).toMatchObject({ key: 'reversal.exceedsRemainingOf', params: { remaining: '0.00' } });
    await waitFor(core, (row) => row.lsh === second.invoice.lsh && row.status === 'issued');
    const final = await detail(core, blue.id);
    expect(final.reversal).toMatchObject({ state: 'full', reversed: '1310.00', inFlight: '0.00', remaining: '0.00' });
    expect(final.reversal?.reds).toHaveLength(2);
  });
});

describe('red invoices through red-letter forms', () => {
  it('004: the form gets its xxbbh, then the red 004 is issued with it', async () => {
    const core = await start();
    const blue = await issueBlue(core, { invoiceType: '004', ...BUYER_004, issuer: '李四', lines: GOODS });
    const missing = await call<RedPreview>(core, 'reversal:preview', { blueInvoiceId: blue.id, reason: '2' });
    expect(missing.route).toBe('form');
    expect(missing.issues.map((issue) => issue.field)).toEqual(['letterReason', 'terminal']);

    const started = await call<RedStarted>(core, 'reversal:start', {
      blueInvoiceId: blue.id,
      reason: '2',
      letterReason: '2',
      letterSubReason: 'buyer-refused',
      terminal: 'kpzd-01',
    });
    if (started.kind !== 'form') throw new Error('expected a red-letter form');
    expect(started.form).toMatchObject({ status: 'queued', amount: '1310.00', letterReason: '2', letterSubReason: 'buyer-refused' });
    // While the form is pending its amount is held: nothing more can be reversed.
    expect((await call<RedPreview>(core, 'reversal:preview', { blueInvoiceId: blue.id, reason: '2', letterReason: '2', letterSubReason: 'buyer-refused', terminal: 'kpzd-01' })).remaining).toBe('0.00');

    const form = await waitForForm(core, started.form.lsh, (f) => f.redInvoiceLsh !== null);
    expect(form.xxbbh).toMatch(/^\d{16}$/);
    const red = await waitFor(core, (row) => row.lsh === form.redInvoiceLsh && row.status === 'issued');
    expect(red).toMatchObject({ invoiceType: '004', total: '-1310.00' });
    const redDetail = await detail(core, red.id);
    expect(redDetail.original).toMatchObject({ id: blue.id, formNumber: form.xxbbh });
    expect((await detail(core, blue.id)).reversal).toMatchObject({ state: 'full', remaining: '0.00' });
  });

  it('81: a partial form (service terminated) gets its xxbid and the red invoice uses it', async () => {
    const core = await start();
    const blue = await issueBlue(core, { invoiceType: '81', buyerName: BUYER_004.buyerName, buyerTaxNumber: BUYER_004.buyerTaxNumber, issuer: '李四', lines: GOODS });
    const started = await call<RedStarted>(core, 'reversal:start', {
      blueInvoiceId: blue.id,
      reason: '3',
      letterReason: '0',
      letterSubReason: 'deducted',
      lines: [{ xh: 2, quantity: '0.5' }],
    });
    if (started.kind !== 'form') throw new Error('expected a red-letter form');
    expect(started.form.amount).toBe('530.00');
    const form = await waitForForm(core, started.form.lsh, (f) => f.redInvoiceLsh !== null);
    expect(form.xxbid).toMatch(/^[0-9a-f]{32}$/);
    const red = await waitFor(core, (row) => row.lsh === form.redInvoiceLsh && row.status === 'issued');
    expect(red.total).toBe('-530.00');
    expect((await detail(core, blue.id)).reversal).toMatchObject({ state: 'partial', reversed: '530.00', remaining: '780.00' });
  });

  it('holds the form back when the clerk wants to issue by hand, then issues on the click', async () => {
    const core = await start();
    const blue = await issueBlue(core, { invoiceType: '004', ...BUYER_004, issuer: '李四', lines: GOODS });
    const started = await call<RedStarted>(core, 'reversal:start', {
      blueInvoiceId: blue.id,
      reason: '1',
      letterReason: '1',
      letterSubReason: 'cannot-certify',
      terminal: 'kpzd-01',
      lines: [{ xh: 1, quantity: '2' }],
      autoIssue: false,
    });
    if (started.kind !== 'form') throw new Error('expected a red-letter form');
    const form = await waitForForm(core, started.form.lsh, (f) => f.status === 'approved');
    expect(form.redInvoiceLsh).toBeNull();
    const invoice = await call<InvoiceSummary>(core, 'reversal:issueFromForm', { formId: form.id });
    expect(invoice.total).toBe('-50.00');
    await waitFor(core, (row) => row.lsh === invoice.lsh && row.status === 'issued');
    const twice = await core.router.dispatch('reversal:issueFromForm', { formId: form.id });
    expect(twice).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
  });
});
