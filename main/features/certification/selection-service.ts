/**
 * Certification from the input ledger (勾选): check a selection, send the eligible invoices in batches of
 * at most 500 through the outbox (one PCH per batch, stored before sending), resend in one action every
 * invoice whose failure the spec says may be requested again, take the outcomes into the ledger, and sum
 * up the tax period with a warning when the selection deadline (GXJZR) is three days away or less.
 */
import { IpcFailure, type Environment } from '../../../shared/ipc/index.js';
import type { CertificationCheckResult, CertificationSummary } from '../../../shared/ipc/schemas/certification.js';
import type { CertificationResultElement } from '../../../shared/spec/certification.js';
import type { CollectionApi } from '../collection/index.js';
import { chinaDate, daysUntil } from '../collection/china-time.js';
import type { LedgerStores } from '../../ledger/port.js';
import type { CertificationItemRow, CertificationStore } from './store.js';
import { chunks, ineligibility, mayRequestAgain, validTax, type ApplicationType } from './selection.js';
import type { CertificationService } from './service.js';

/** The deadline warning shows from this many days before GXJZR. */
export const DEADLINE_WARNING_DAYS = 3;

export interface SelectionDeps {
  store: CertificationStore;
  service: CertificationService;
  collection: CollectionApi;
  environment: Environment;
  buyer: () => string;
  now: () => Date;
}

export function createSelectionService(deps: SelectionDeps) {
  const { store, collection } = deps;
  const today = () => chinaDate(deps.now().getTime());

  async function check(ids: readonly number[], sqrzlx: ApplicationType): Promise<CertificationCheckResult> {
    const found = new Map((await collection.candidates(ids)).map((invoice) => [invoice.id, invoice]));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new IpcFailure('NOT_FOUND', 'certification.errors.missing', { count: missing.length }, { message: `not in the ledger: ${missing.slice(0, 5).join(', ')}` });
    }
    const pending = await store.pendingKeys(deps.environment, deps.buyer());
    return ids.map((id) => {
      const invoice = found.get(id)!;
      return {
        id,
        FPDM: invoice.fpdm,
        FPHM: invoice.fphm,
        FPLXDM: invoice.fplxdm,
        SE: invoice.se,
        reason: ineligibility(invoice, sqrzlx, today(), pending.has(`${invoice.fpdm}|${invoice.fphm}`)),
      };
    });
  }

  async function period(): Promise<string> {
    const window = await collection.currentWindow();
    if (!window) throw new IpcFailure('VALIDATION_FAILED', 'certification.errors.noPeriod');
    return window.DQSKSSQ;
  }

  type Item = { FPDM: string; FPHM: string; FPLXDM: '01' | '03' | '08' | '14'; SQRZLX: ApplicationType; YXSE?: string };

  async function send(items: readonly Item[]): Promise<string[]> {
    const sqskssq = await period();
    const buyer = deps.buyer();
    const pchs: string[] = [];
    for (const batch of chunks(items)) pchs.push(await deps.service.submit({ period: sqskssq, items: batch }, buyer));
    return pchs;
  }

  const retryable = async () => (await store.lastFailed(deps.environment, deps.buyer())).filter((item) => mayRequestAgain(item.sbyy));

  return {
    check,
    async submitSelection(request: { ids: readonly number[]; SQRZLX: ApplicationType; validTax?: Record<string, string> | undefined }): Promise<string[]> {
      const checked = await check(request.ids, request.SQRZLX);
      const ineligible = checked.filter((row) => row.reason !== null);
      if (ineligible.length > 0) {
        throw new IpcFailure('VALIDATION_FAILED', 'certification.errors.ineligible', { count: ineligible.length }, {
          details: { ineligible: ineligible.map(({ id, reason }) => ({ id, reason })) },
        });
      }
      const invoices = new Map((await collection.candidates(request.ids)).map((invoice) => [invoice.id, invoice]));
      const items: Item[] = [];
      const problems: Array<{ id: number; problem: string }> = [];
      for (const id of request.ids) {
        const invoice = invoices.get(id)!;
        const tax = validTax(invoice, request.validTax?.[String(id)]);
        if (!tax.ok) {
          problems.push({ id, problem: tax.problem });
          continue;
        }
        items.push({
          FPDM: invoice.fpdm,
          FPHM: invoice.fphm,
          FPLXDM: invoice.fplxdm as Item['FPLXDM'],
          SQRZLX: request.SQRZLX,
          ...(tax.value === undefined ? {} : { YXSE: tax.value }),
        });
      }
      if (problems.length > 0) {
        throw new IpcFailure('VALIDATION_FAILED', 'certification.errors.validTax', { count: problems.length }, {
          message: `valid tax wrong: ${problems.map((p) => `${p.id} ${p.problem}`).join('; ')}`,
          details: { validTax: problems },
        });
      }
      return send(items);
    },

    /** Resends, in new batches, every invoice whose latest attempt failed with a reason that may be requested again. */
    async retry(): Promise<string[]> {
      const failed = await retryable();
      if (failed.length === 0) return [];
      return send(
        failed.map((item) => ({
          FPDM: item.fpdm,
          FPHM: item.fphm,
          FPLXDM: item.fplxdm as Item['FPLXDM'],
          SQRZLX: item.sqrzlx as ApplicationType,
          ...(item.yxse === '' ? {} : { YXSE: item.yxse }),
        })),
      );
    },

    async summary(): Promise<CertificationSummary> {
      const window = await collection.currentWindow();
      const buyer = deps.buyer();
      const periodNow = window?.DQSKSSQ ?? null;
      const deadline = window?.GXJZR ?? null;
      const daysLeft = deadline ? daysUntil(deadline, deps.now().getTime()) : null;
      const counts = periodNow ? await store.countsFor(deps.environment, buyer, periodNow) : {};
      const certified = periodNow ? await collection.totals({ period: periodNow, RZZT: '1' }) : { count: 0, amount: '0.00', tax: '0.00', validTax: '0.00' };
      return {
        period: periodNow,
        deadline,
        daysLeft,
        warn: daysLeft !== null && daysLeft <= DEADLINE_WARNING_DAYS,
        certified,
        items: {
          pending: counts.pending ?? 0,
          succeeded: counts.succeeded ?? 0,
          failed: counts.failed ?? 0,
          retryable: (await retryable()).length,
        },
      };
    },

    /**
     * A result answer's outcomes onto the ledger, through the worker's `tx`: certified invoices take their new
     * status (change kept). Answers the ids of the collected invoices changed.
     */
    async takeResults(tx: LedgerStores, batch: { pch: string }, results: readonly CertificationResultElement[]): Promise<number[]> {
      const finished = results.filter((result) => result.RZCLZT === '4');
      if (finished.length === 0) return [];
      return collection.updateStatus(
        tx,
        finished.map((result) => ({
          FPDM: result.FPDM,
          FPHM: result.FPHM,
          RZZT: result.RZZT,
          RZRQ: result.RZRQ ? result.RZRQ.replaceAll('-', '') : null,
          RZSQ: result.RZSQ,
          ...(result.RZLX ? { RZLX: result.RZLX } : {}),
          ...(result.YXSE ? { YXSE: result.YXSE } : {}),
          ...(result.GLZT ? { GLZT: result.GLZT } : {}),
        })),
        `certification ${batch.pch}`,
      );
    },

    /** Whether a failed item may be sent again and has not been. */
    retryable: async (batchId: number, item: Pick<CertificationItemRow, 'fpdm' | 'fphm' | 'rzclzt' | 'sbyy'>) =>
      item.rzclzt === '5' && mayRequestAgain(item.sbyy) && !(await store.resentAfter(batchId, item.fpdm, item.fphm)),
  };
}

export type SelectionService = ReturnType<typeof createSelectionService>;
