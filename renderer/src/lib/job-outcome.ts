/**
 * The honest outcome of a job over several items (issue 23 point 3), one helper for every such job —
 * printing, certification, collection, verifying received invoices, batch issuance, red reversal: what
 * succeeded and what failed counted apart, what has not been reached yet, and each failure named with its
 * reason. The words come from `job.*` (job-outcome-locale.ts); a job says success only when nothing failed.
 */
import { i18n } from '../app/i18n.js';

export type JobItemState = 'succeeded' | 'failed' | 'pending';

/** One item as the summary needs it: a name the clerk knows it by (invoice number, file, kind) and why it failed. */
export interface JobItem {
  state: JobItemState;
  id: string;
  name: string;
  /** The reason in the clerk's words (translated by code before it comes here). */
  reason?: string | null;
}

export interface JobFailure {
  id: string;
  name: string;
  reason: string;
}

export interface JobOutcome {
  total: number;
  succeeded: number;
  failed: number;
  /** Not settled yet while running; not reached at all once the job has stopped. */
  pending: number;
  failures: JobFailure[];
}

/**
 * Counts `items` described by `describe`; `total` (at least the items' count) covers items the job has not
 * reported yet, which count as pending.
 */
export function jobOutcome<T>(items: readonly T[], describe: (item: T) => JobItem, total = items.length): JobOutcome {
  const described = items.map(describe);
  const failures = described.filter((item) => item.state === 'failed').map((item) => ({ id: item.id, name: item.name, reason: item.reason?.trim() || i18n.t('job.noReason') }));
  const succeeded = described.filter((item) => item.state === 'succeeded').length;
  const reported = Math.max(total, described.length);
  return { total: reported, succeeded, failed: failures.length, pending: reported - succeeded - failures.length, failures };
}

/** Items settled so far (succeeded or failed): the n of the running n/m. */
export const settledCount = (outcome: JobOutcome): number => outcome.succeeded + outcome.failed;

/** success only when every item succeeded; error when nothing did; warning for a mixed or cut-short run. */
export function jobTone(outcome: JobOutcome, running: boolean): 'active' | 'success' | 'warning' | 'error' {
  if (running) return 'active';
  if (outcome.failed === 0 && outcome.pending === 0) return 'success';
  return outcome.succeeded === 0 ? 'error' : 'warning';
}

export interface JobWords {
  /** What a succeeded item is, as a past participle: 已打印 / printed, 已认证 / certified. */
  verb: string;
  /** The counting word: 张 (invoices) by default, 类 for collection kinds. */
  unit?: string;
}

/** n/m while running. */
export const jobProgressText = (outcome: JobOutcome): string => i18n.t('job.progress', { done: settledCount(outcome), total: outcome.total });

/**
 * The sentence at the end: "已打印 2 张，失败 1 张" — the failed count always said, so 0 failures is read, never
 * guessed; items never reached are said apart.
 */
export function jobSummaryText(outcome: JobOutcome, words: JobWords): string {
  const unit = words.unit ?? i18n.t('job.unit');
  const counts = i18n.t('job.summary', { verb: words.verb, unit, succeeded: outcome.succeeded, failed: outcome.failed });
  return outcome.pending > 0 ? `${counts}${i18n.t('job.separator')}${i18n.t('job.notReached', { count: outcome.pending, unit })}` : counts;
}

/** One failure as a line: who and why. */
export const jobFailureText = (failure: JobFailure): string => i18n.t('job.failure', { name: failure.name, reason: failure.reason });
