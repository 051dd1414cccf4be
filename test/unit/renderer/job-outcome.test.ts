/**
 * The one outcome of every multi-item job (renderer/src/lib/job-outcome.ts, issue 23 point 3): succeeded
 * and failed counted apart, what was not reached said, success only with no failure, every failure named
 * with its reason — in Chinese and in English — and the print run's per-invoice counting built on it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../renderer/src/app/i18n.js';
import { jobFailureText, jobOutcome, jobSummaryText, jobTone, settledCount, type JobItem } from '../../../renderer/src/lib/job-outcome.js';
import { runSummary } from '../../../renderer/src/features/print/actions.js';
import type { PrintJobView } from '../../../shared/ipc/schemas/print.js';

const item = (id: string, state: JobItem['state'], reason?: string): JobItem => ({ id, name: `No. ${id}`, state, reason: reason ?? null });

afterEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('jobOutcome', () => {
  it('counts succeeded, failed and pending apart and names each failure with its reason', () => {
    const outcome = jobOutcome([item('1', 'succeeded'), item('2', 'failed', '查无此票'), item('3', 'pending'), item('4', 'failed', '')], (x) => x);
    expect(outcome).toMatchObject({ total: 4, succeeded: 1, failed: 2, pending: 1 });
    expect(outcome.failures).toEqual([
      { id: '2', name: 'No. 2', reason: '查无此票' },
      { id: '4', name: 'No. 4', reason: '原因未知' },
    ]);
    expect(settledCount(outcome)).toBe(3);
  });

  it('counts items the job has not reported yet as pending', () => {
    const outcome = jobOutcome([item('1', 'succeeded')], (x) => x, 3);
    expect(outcome).toMatchObject({ total: 3, succeeded: 1, failed: 0, pending: 2 });
  });

  it('says success only when every item succeeded', () => {
    const all = jobOutcome([item('1', 'succeeded'), item('2', 'succeeded')], (x) => x);
    const mixed = jobOutcome([item('1', 'succeeded'), item('2', 'failed', 'x')], (x) => x);
    const none = jobOutcome([item('1', 'failed', 'x')], (x) => x);
    const cut = jobOutcome([item('1', 'succeeded')], (x) => x, 2);
    expect([jobTone(all, false), jobTone(mixed, false), jobTone(none, false), jobTone(cut, false)]).toEqual(['success', 'warning', 'error', 'warning']);
    expect(jobTone(mixed, true)).toBe('active');
  });
});

describe('the words', () => {
  it('counts both in Chinese, never 完成 over a failure, and says what was not reached', () => {
    const outcome = jobOutcome([item('1', 'succeeded'), item('2', 'succeeded'), item('3', 'failed', '打印机离线')], (x) => x, 4);
    const text = jobSummaryText(outcome, { verb: '已打印' });
    expect(text).toBe('已打印 2 张，失败 1 张；未处理 1 张');
    expect(text).not.toMatch(/完成/);
    expect(jobSummaryText(jobOutcome([item('1', 'succeeded')], (x) => x), { verb: '已采集', unit: '类' })).toBe('已采集 1 类，失败 0 类');
    expect(jobFailureText(outcome.failures[0]!)).toBe('No. 3：打印机离线');
  });

  it('says the same in English', async () => {
    await i18n.changeLanguage('en');
    const outcome = jobOutcome([item('1', 'succeeded'), item('2', 'failed', 'not found')], (x) => x, 3);
    expect(jobSummaryText(outcome, { verb: 'printed' })).toBe('1 printed, 1 failed; 1 not reached');
    expect(jobFailureText(outcome.failures[0]!)).toBe('No. 2: not found');
  });
});

describe('the print run on the shared outcome', () => {
  const job = (id: number, invoiceNumber: string, document: 'invoice' | 'list', status: PrintJobView['status'], errorCode: string | null = null) =>
    ({ id, invoiceCode: '3100231130', invoiceNumber, document, status, errorCode, errorDetail: null, printer: 'PDF', invoiceStatus: null }) as unknown as PrintJobView;

  it('counts an invoice printed only when every document printed, names it by number with the translated reason', () => {
    const outcome = runSummary([job(1, '00000001', 'invoice', 'printed'), job(2, '00000002', 'invoice', 'printed'), job(3, '00000002', 'list', 'failed', 'INVOICE_VOIDED')], 3);
    expect(outcome).toMatchObject({ succeeded: 1, failed: 1, pending: 1, total: 3 });
    expect(outcome.failures[0]!.name).toBe('00000002');
    expect(outcome.failures[0]!.reason).toBe(i18n.t('print.errors.INVOICE_VOIDED', { printer: 'PDF', fpzt: '', fields: '' }));
    expect(outcome.failures[0]!.reason).not.toMatch(/INVOICE_VOIDED/);
  });
});
