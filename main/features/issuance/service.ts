/**
 * Issuance as the clerk sees it: a draft becomes a stored invoice row plus an outbox row in one
 * transaction (so nothing submitted is ever forgotten), and the outbox handler turns the service's
 * answers into the row's state. docs/architecture.md §5.
 */
import type { ChangePublisher } from '../../changes/feed.js';
import type { Ledger, LedgerStores } from '../../ledger/port.js';
import { submissionFailure, type LostSubmissionKeys } from '../../ledger/submission-failure.js';
import type { OutboxHandler, SendOutcome } from '../../outbox/worker.js';
import type { ServiceClient } from '../../api/client.js';
import { ServiceError, TransportError } from '../../api/errors.js';
import { IpcFailure, type Environment, type InvoiceDraft, type InvoiceSummary } from '../../../shared/ipc/index.js';
import type { IssuanceRequest } from '../../../shared/spec/issuance.js';
import Decimal from 'decimal.js';
import { buildIssuanceRequest, type PreparedIssuance, type Seller } from './request.js';
import { newSerial } from './serial.js';

import { ISSUANCE_OUTBOX_KIND } from './store.js';

export { ISSUANCE_OUTBOX_KIND } from './store.js';

/** Writes more rows in the transaction that stores an invoice (a red invoice's link to its blue one). */
export type Alongside = (tx: LedgerStores, invoiceId: number) => Promise<void>;

/** A stored invoice, and whether the desk had to find that out because the ledger's answer was lost on the way. */
export interface Enqueued {
  invoice: InvoiceSummary;
  /** The connection to the team ledger dropped after the invoice was sent to it, and the desk found it saved. */
  answerLost: boolean;
}

const ISSUANCE_LOST: LostSubmissionKeys = { notSaved: 'issuance.notSaved', unknown: 'issuance.outcomeUnknown' };

/** What a red invoice's audit event names besides the invoice: the blue one it reverses and why. */
export interface RedOf {
  blueLsh: string;
  blueFphm: string;
  /** 冲红原因 code (chyydm). */
  reason: string;
}

export interface IssuanceServiceDeps {
  /** The ledger port: issued invoices and the outbox, on the desk's SQLite file or a team's PostgreSQL. */
  ledger: Ledger;
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
  const { ledger } = deps;
  const store = ledger.issuedInvoices;

  /** `enqueue`, also saying whether the ledger's answer was lost on the way (the form says so). */
  async function enqueueTelling(prepared: PreparedIssuance, alongside?: Alongside, redOf?: RedOf): Promise<Enqueued> {
    const { request } = prepared;
    const now = deps.now();
    const requestJson = JSON.stringify(request);
    const write = async (tx: LedgerStores) => {
      const id = await tx.issuedInvoices.insert(
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
      await alongside?.(tx, id);
      await tx.outbox.enqueue({ kind: ISSUANCE_OUTBOX_KIND, serial: request.lsh, requestJson, enterprise: request.xhdwsbh });
      // Who submitted it, with the row and its outbox entry (a red invoice from a form: the clerk who applied). A red
      // invoice is its own event (开具红字发票), naming the blue one it reverses; 操作日志 words both kinds.
      const red = redOf !== undefined || new Decimal(prepared.totals.total).isNegative();
      await tx.audit.append({
        action: red ? 'reversal.redIssued' : 'invoice.submitted',
        aggregate: 'issued_invoice',
        recordIds: [String(id)],
        enterprise: request.xhdwsbh,
        detail: { lsh: request.lsh, fplxdm: request.fplxdm, color: red ? 'red' : 'blue', ghdwmc: request.ghdwmc, jshj: prepared.totals.total, ...(redOf ?? {}) },
      });
      return tx.issuedInvoices.findById(id, deps.environment);
    };
    let answerLost = false;
    let saved: InvoiceSummary | null;
    try {
      saved = await ledger.transaction(write, {
        // The answer to the commit was lost: the serial is unique, so the invoice is in the ledger or nowhere.
        committed: async (stores) => {
          answerLost = true;
          return (await stores.issuedInvoices.findByLsh(request.lsh)) !== null;
        },
      });
    } catch (error) {
      throw submissionFailure(error, request.lsh, ISSUANCE_LOST);
    }
    if (!saved) throw new Error(`invoice ${request.lsh} vanished right after insert`);
    deps.kick();
    deps.changes.publish({ aggregate: 'invoice', action: 'created', ids: [saved.id], enterprise: request.xhdwsbh });
    return { invoice: saved, answerLost };
  }

  /**
   * Stores a prepared request and queues it for sending, in one ledger transaction (docs/architecture.md §5):
   * from here on it cannot be forgotten. `alongside` runs inside the same transaction with the new row's id
   * (e.g. to link a red invoice to its blue one) and may only write through the `tx` it is handed; a throw
   * there undoes the invoice and its outbox row too. Every way of issuing — the form, a batch, a red
   * invoice — ends here. Called inside another ledger transaction, it is a savepoint of that one. On a team
   * ledger whose connection dropped, it answers what became of the invoice by its serial (`submissionFailure`).
   */
  async function enqueue(prepared: PreparedIssuance, alongside?: Alongside, redOf?: RedOf): Promise<InvoiceSummary> {
    return (await enqueueTelling(prepared, alongside, redOf)).invoice;
  }

  /**
   * The form's invoice, issued. `draftId` names the draft it was opened from: in the invoice's own transaction
   * that draft is taken (deleted) — or, when it waits for its 复核, the invoice is refused with it
   * (docs/team-ledger.md §6), so a review sent at another desk a moment earlier cannot be slipped past.
   */
  async function submit(draft: InvoiceDraft, draftId?: number): Promise<Enqueued> {
    const lsh = newSerial('FD', deps.now());
    const seller = deps.seller();
    const built = buildIssuanceRequest(draft, { lsh, seller });
    if (!built.ok) throw new IpcFailure('VALIDATION_FAILED', 'issuance.draftInvalid', { count: built.details.issues.length }, { details: built.details });
    if (draftId === undefined) return enqueueTelling(built);
    const scope = { environment: deps.environment, enterprise: seller.taxNumber };
    const issued = await enqueueTelling(built, async (tx) => {
      if ((await tx.issuanceDrafts.take(scope, draftId)) === 'pending') {
        throw new IpcFailure('DRAFT_AWAITING_REVIEW', 'issuance.draftAwaitingReview', { id: draftId, buyer: draft.buyerName }, { message: `draft ${draftId} waits for review` });
      }
    });
    deps.changes.publish({ aggregate: 'draft', action: 'deleted', ids: [draftId], enterprise: seller.taxNumber });
    return issued;
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
            return { kind: 'pending', note: outcome.message, apply: (tx) => tx.issuedInvoices.markIssuing(lsh, at()) };
          }
          const record = outcome.records[0];
          // Kept in the outbox row's last_error for diagnosis (never shown to the clerk); the row is retried with the same lsh.
          if (!record) return { kind: 'unclear', error: 'the service answered success with no invoice record' };
          return {
            kind: 'done',
            apply: (tx) =>
              tx.issuedInvoices.markIssued(
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
            return { kind: 'failed', error: message, apply: (tx) => tx.issuedInvoices.markFailed(lsh, String(error.code), message, at()) };
          }
          if (error instanceof TransportError) {
            // The request may or may not have arrived: keep the row and ask again with the same lsh.
            return { kind: 'unclear', error: error.message, apply: (tx) => tx.issuedInvoices.markIssuing(lsh, at()) };
          }
          throw error;
        }
      },
      async afterCommit(row) {
        const invoice = await store.findByLsh(row.serial);
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
    list: (limit: number, offset: number) => store.list(deps.environment, deps.seller().taxNumber, limit, offset),
    outboxHandler,
  };
}

export type IssuanceService = ReturnType<typeof createIssuanceService>;
