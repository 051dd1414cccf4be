/**
 * Certification (认证) through the outbox (docs/architecture.md §5). The batch number PCH is the service's idempotency
 * key: it is generated and the whole request stored before the first byte is sent. One outbox row carries
 * the batch through both phases — apply (accepted or refused at once) and then the result query, asked
 * again with the same PCH until every item is final — and each answer is stored in the same transaction
 * that moves the row on. A dropped answer to the application is harmless: the same PCH with the same body
 * is accepted again, never twice. Everything goes through the ledger port (the certification store, the
 * outbox), so the same code runs on the desk's SQLite file and a team's PostgreSQL: the handler's outcomes
 * are written only through the `tx` the worker hands them.
 */
import { randomBytes } from 'node:crypto';
import type { Ledger, LedgerStores } from '../../ledger/port.js';
import type { OutboxHandler, SendOutcome } from '../../outbox/worker.js';
import type { ServiceClient } from '../../api/client.js';
import { ServiceError, TransportError } from '../../api/errors.js';
import { IpcFailure, type Environment } from '../../../shared/ipc/index.js';
import { CertificationRequest, type CertificationItem, type CertificationResultElement } from '../../../shared/spec/certification.js';


export const CERTIFICATION_OUTBOX_KIND = 'certification';

export interface CertificationServiceDeps {
  ledger: Ledger;
  environment: Environment;
  /** Our enterprise, the buyer of the invoices certified (GMFSBH). */
  buyerTaxNumber: () => string;
  now: () => Date;
  kick: () => void;
  notify: (pch: string) => void;
  /** Called inside the transaction that stores a result answer, writing through its `tx` (the ledger takes the outcomes). */
  onResults?: (tx: LedgerStores, batch: { pch: string; gmfsbh: string }, results: readonly CertificationResultElement[]) => Promise<void>;
}

export interface CertificationSubmission {
  /** SQSKSSQ: the tax period applied for, yyyyMM (the current one). */
  period: string;
  items: Array<Omit<CertificationItem, 'GMFSBH' | 'SQSKSSQ'>>;
}

/** A new batch number: 32 characters, as the spec requires (ZTDM 2006 otherwise). */
export function newBatchNumber(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}

export function createCertificationService(deps: CertificationServiceDeps) {
  const { ledger } = deps;
  const store = ledger.certification;
  const at = () => deps.now().toISOString();

  async function submit(submission: CertificationSubmission, buyer?: string): Promise<string> {
    const PCH = newBatchNumber();
    const GMFSBH = buyer ?? deps.buyerTaxNumber();
    const candidate = {
      GMFSBH,
      PCH,
      FHHS: submission.items.length,
      FPZHXX: submission.items.map((item) => ({ ...item, GMFSBH, SQSKSSQ: submission.period })),
    };
    const parsed = CertificationRequest.safeParse(candidate);
    if (!parsed.success) {
      const message = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('；');
      throw new IpcFailure('VALIDATION_FAILED', 'certification.invalid', { detail: message });
    }
    const requestJson = JSON.stringify(parsed.data);
    const now = deps.now().toISOString();
    // The batch and its outbox row together: stored before the first byte is sent, or not at all.
    await ledger.transaction(async (tx) => {
      await tx.certification.insert({ environment: deps.environment, PCH, GMFSBH, SQSKSSQ: submission.period, items: parsed.data.FPZHXX, requestJson }, now);
      await tx.outbox.enqueue({ kind: CERTIFICATION_OUTBOX_KIND, serial: PCH, requestJson, enterprise: GMFSBH });
    });
    deps.kick();
    deps.notify(PCH);
    return PCH;
  }

  function outboxHandler(client: () => ServiceClient): OutboxHandler {
    /** A result answer's outcomes, the ledger's taking them and the batch's new status, in the worker's transaction. */
    const results = (batch: { id: number; pch: string; gmfsbh: string }, answer: { results: readonly CertificationResultElement[] }, then: (tx: LedgerStores) => Promise<void>) =>
      async (tx: LedgerStores) => {
        await tx.certification.applyResults(batch.id, answer.results);
        await deps.onResults?.(tx, batch, answer.results);
        await then(tx);
      };
    return {
      async send(row): Promise<SendOutcome> {
        const pch = row.serial;
        const batch = await store.findByPch(pch);
        if (!batch) return { kind: 'failed', error: `certification batch ${pch} is missing`, apply: () => {} };
        try {
          if (batch.status === 'queued') {
            const request = CertificationRequest.parse(JSON.parse(row.request_json));
            const receipt = await client().applyCertification(request);
            return { kind: 'pending', note: receipt.message, apply: (tx) => tx.certification.setStatus(pch, 'submitted', at(), '0000', receipt.message) };
          }
          const result = await client().certificationResult({ PCH: pch });
          if (!result.finished) {
            return { kind: 'pending', note: result.message, apply: results(batch, result, (tx) => tx.certification.setStatus(pch, 'processing', at())) };
          }
          return { kind: 'done', apply: results(batch, result, (tx) => tx.certification.setStatus(pch, 'done', at(), null, result.message)) };
        } catch (error) {
          if (error instanceof ServiceError) {
            const code = String(error.code);
            const status = batch.status === 'queued' ? 'rejected' : 'failed';
            return { kind: 'failed', error: `${code} ${error.serviceMessage}`, apply: (tx) => tx.certification.setStatus(pch, status, at(), code, error.serviceMessage) };
          }
          if (error instanceof TransportError) return { kind: 'unclear', error: error.message };
          throw error;
        }
      },
      afterCommit: (row) => deps.notify(row.serial),
    };
  }

  async function view(pch: string) {
    const batch = await store.findByPch(pch);
    return batch ? { ...batch, items: await store.items(batch.id) } : null;
  }

  return {
    submit,
    view,
    /** The latest batches with their items (each batch read once). */
    async list(limit: number) {
      const batches = await store.list(deps.environment, deps.buyerTaxNumber(), limit);
      const out = [];
      for (const batch of batches) out.push({ ...batch, items: await store.items(batch.id) });
      return out;
    },
    outboxHandler,
  };
}

export type CertificationService = ReturnType<typeof createCertificationService>;
