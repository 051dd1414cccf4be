/**
 * Issuance as the clerk sees it: a draft becomes a stored invoice row plus an outbox row in one
 * transaction (so nothing submitted is ever forgotten), and the outbox handler turns the service's
 * answers into the row's state. docs/architecture.md §5.
 */
import type { ChangePublisher } from '../../changes/feed.js';
import type { Db } from '../../db/open.js';
import type { OutboxRepo } from '../../outbox/repo.js';
import type { OutboxHandler, SendOutcome } from '../../outbox/worker.js';
import type { ServiceClient } from '../../api/client.js';
import { ServiceError, TransportError } from '../../api/errors.js';
import { IpcFailure, type Environment, type InvoiceDraft, type InvoiceSummary } from '../../../shared/ipc/index.js';
import type { IssuanceRequest } from '../../../shared/spec/issuance.js';
import type { IssuanceRepo } from './repo.js';
import Decimal from 'decimal.js';
import { buildIssuanceRequest, type PreparedIssuance, type Seller } from './request.js';
import { newSerial } from './serial.js';

export const ISSUANCE_OUTBOX_KIND = 'issuance';

export interface IssuanceServiceDeps {
  db: Db;
  repo: IssuanceRepo;
  outbox: OutboxRepo;
  environment: Environment;
  seller: () => Seller;
  now: () => Date;
  /** Wakes the outbox worker after an enqueue. */
  kick: () => void;
  /** Tells the renderer a row changed. */
  notify: (invoice: InvoiceSummary) => void;
  /** The change feed (docs/architecture.md §12): an invoice row was written. */
  changes: ChangePublisher;
}

export function createIssuanceService(deps: IssuanceServiceDeps) {
  const { db, repo, outbox } = deps;

  /**
   * Stores a prepared request and queues it for sending, in one transaction (docs/architecture.md §5): from here on
   * it cannot be forgotten. `alongside` runs inside the same transaction with the new row's id (e.g. to
   * link a red invoice to its blue one). Every way of issuing — the form, a batch, a red invoice — ends here.
   */
  function enqueue(prepared: PreparedIssuance, alongside?: (invoiceId: number) => void): InvoiceSummary {
    const { request } = prepared;
    const now = deps.now();
    const requestJson = JSON.stringify(request);
    db.transaction(() => {
      const id = repo.insert(
        {
          lsh: request.lsh,
          environment: deps.environment,
          fplxdm: request.fplxdm,
          kplx: new Decimal(prepared.totals.total).isNegative() ? '1' : '0',
          xhdwsbh: request.xhdwsbh,
          xhdwmc: request.xhdwmc,
          ghdwmc: request.ghdwmc,
          ghdwsbh: request.ghdwsbh ?? null,
          jshj: prepared.totals.total,
          hjse: prepared.totals.tax,
          requestJson,
          lines: prepared.lines,
        },
        now.toISOString(),
      );
      alongside?.(id);
      outbox.enqueue(ISSUANCE_OUTBOX_KIND, request.lsh, requestJson, now.getTime());
    })();
    deps.kick();
    const saved = repo.findByLsh(request.lsh);
    if (!saved) throw new Error(`invoice ${request.lsh} vanished right after insert`);
    deps.changes.publish({ aggregate: 'invoice', action: 'created', ids: [saved.id], enterprise: request.xhdwsbh });
    return saved;
  }

  function submit(draft: InvoiceDraft): InvoiceSummary {
    const lsh = newSerial('FD', deps.now());
    const built = buildIssuanceRequest(draft, { lsh, seller: deps.seller() });
    if (!built.ok) throw new IpcFailure('VALIDATION_FAILED', 'issuance.draftInvalid', { count: built.details.issues.length }, { details: built.details });
    return enqueue(built);
  }

  /** Sends (and re-sends, with the same lsh) an issuance until the service gives a definite answer. */
  function outboxHandler(client: () => ServiceClient): OutboxHandler {
    return {
      async send(row): Promise<SendOutcome> {
        const request = JSON.parse(row.request_json) as IssuanceRequest;
        const lsh = row.serial;
        const at = () => deps.now().toISOString();
        try {
          const outcome = await client().issueInvoice(request);
          if (outcome.kind === 'pending') {
            return { kind: 'pending', note: outcome.message, apply: () => repo.markIssuing(lsh, at()) };
          }
          const record = outcome.records[0];
          // Kept in the outbox row's last_error for diagnosis (never shown to the clerk); the row is retried with the same lsh.
          if (!record) return { kind: 'unclear', error: 'the service answered success with no invoice record' };
          return {
            kind: 'done',
            apply: () =>
              repo.markIssued(
                lsh,
                {
                  fpdm: record.fpdm ?? null,
                  fphm: record.fphm,
                  kprq: record.kprq,
                  jym: record.jym ?? null,
                  skm: record.skm ?? null,
                  pdf: record.pdf ?? null,
                  ofd: record.ofd ?? null,
                  xml: record.xml ?? null,
                  zflx: record.zflx ?? null,
                },
                at(),
              ),
          };
        } catch (error) {
          if (error instanceof ServiceError) {
            const message = `${error.code} ${error.serviceMessage}`.trim();
            return { kind: 'failed', error: message, apply: () => repo.markFailed(lsh, String(error.code), message, at()) };
          }
          if (error instanceof TransportError) {
            // The request may or may not have arrived: keep the row and ask again with the same lsh.
            return { kind: 'unclear', error: error.message, apply: () => repo.markIssuing(lsh, at()) };
          }
          throw error;
        }
      },
      afterCommit(row) {
        const invoice = repo.findByLsh(row.serial);
        if (!invoice) return;
        deps.notify(invoice);
        const request = JSON.parse(row.request_json) as IssuanceRequest;
        deps.changes.publish({ aggregate: 'invoice', action: 'updated', ids: [invoice.id], enterprise: request.xhdwsbh });
      },
    };
  }

  return {
    submit,
    enqueue,
    list: (limit: number, offset: number) => repo.list(deps.environment, deps.seller().taxNumber, limit, offset),
    outboxHandler,
  };
}

export type IssuanceService = ReturnType<typeof createIssuanceService>;
