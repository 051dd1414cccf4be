/**
 * The outbox handler of red-letter form applications (kind 'redletter', docs/architecture.md §5). One row per
 * application, keyed by its lsh:
 *   queued   — hzsq (endpoint 9) with the stored request; an unclear outcome is retried with the same lsh
 *              and the same body (the service answers the first acceptance again);
 *   applying — accepted: hzcx (endpoint 8, same lsh, all=1) until the form has xxbbh — and xxbid for a
 *              digital-electronic invoice;
 *   approved — the numbers and the form are written in the transaction that finishes the outbox row,
 *              and, when the clerk asked for it, the red invoice is queued in that same transaction.
 */
import type { ServiceClient } from '../../api/client.js';
import type { LedgerStores } from '../../ledger/port.js';
import { ServiceError, TransportError } from '../../api/errors.js';
import type { OutboxHandler, SendOutcome } from '../../outbox/worker.js';
import type { InvoiceSummary } from '../../../shared/ipc/index.js';
import type { RedLetterApplicationRequest } from '../../../shared/spec/redletter.js';
import { isDigital } from './request.js';
import { withRed, type InvoiceRefOf, type RedLetterFormRow } from './forms.js';
import { autoIssueFailedNote, encodeFormNote } from './form-notes.js';
import type { ApprovedNumbers, RedLetterFormStore } from './store.js';

export interface RedLetterOutboxDeps {
  /** The ledger's form store, for reading a form outside the finishing transaction. */
  forms: Pick<RedLetterFormStore, 'byLsh'>;
  /** lsh and state of a red invoice (issuance's invoice reads). */
  refOf: InvoiceRefOf;
  client: () => ServiceClient;
  now: () => Date;
  /** Queues the red invoice of an approved form (service.ts); runs inside the finishing transaction. */
  issueRedInvoice: (form: RedLetterFormRow) => Promise<InvoiceSummary>;
  notifyForm: (form: RedLetterFormRow) => void;
  notifyInvoice: (invoice: InvoiceSummary) => void;
}

export function createRedLetterOutboxHandler(deps: RedLetterOutboxDeps): OutboxHandler {
  const byLsh = async (lsh: string) => withRed(deps.refOf, await deps.forms.byLsh(lsh));
  const at = () => deps.now().toISOString();
  /** Red invoices queued by a committed transaction, announced after it (never from inside it). */
  const queuedInvoices = new Map<string, InvoiceSummary>();

  function refused(lsh: string, error: ServiceError): SendOutcome {
    const message = `${error.code} ${error.serviceMessage}`.trim();
    return { kind: 'failed', error: message, apply: (tx) => tx.redForms.markRefused(lsh, error.code, message, at()) };
  }

  function unclear(lsh: string, error: TransportError): SendOutcome {
    // The application may or may not have arrived: keep it and ask again with the same lsh.
    return { kind: 'unclear', error: error.message, apply: (tx) => tx.redForms.note(lsh, encodeFormNote({ key: 'retrying', detail: error.message, cause: null }), at()) };
  }

  /** The form's numbers and, when the clerk asked for it, its red invoice queued — all in the finishing transaction `tx`. */
  async function approve(tx: LedgerStores, form: RedLetterFormRow, numbers: ApprovedNumbers): Promise<void> {
    if (!(await tx.redForms.markApproved(form.lsh, numbers, at()))) return;
    await tx.audit.append({ action: 'reversal.confirmed', aggregate: 'red_letter_form', recordIds: [form.lsh], enterprise: form.xhdwsbh, detail: { blueInvoiceId: form.blue_invoice_id } });
    if (form.auto_issue !== 1) return;
    const approved = await withRed(tx.issuedInvoices.refOf, await tx.redForms.byLsh(form.lsh));
    if (!approved) return;
    try {
      // A savepoint of tx (issuance's enqueue): a refusal undoes only the red invoice, never the approval.
      const invoice = await deps.issueRedInvoice(approved);
      queuedInvoices.set(form.lsh, invoice);
    } catch (error) {
      // The form is the outcome of this row and stays; the clerk can issue from it by hand.
      await tx.redForms.setError(approved.id, encodeFormNote(autoIssueFailedNote(error)), at());
    }
  }

  async function apply(form: RedLetterFormRow, request: RedLetterApplicationRequest): Promise<SendOutcome> {
    try {
      const accepted = await deps.client().applyRedLetter(request);
      return { kind: 'pending', note: accepted.message, apply: (tx) => tx.redForms.markApplying(form.lsh, accepted.sqdh ?? null, at()) };
    } catch (error) {
      if (error instanceof ServiceError) return refused(form.lsh, error);
      if (error instanceof TransportError) return unclear(form.lsh, error);
      throw error;
    }
  }

  async function query(form: RedLetterFormRow): Promise<SendOutcome> {
    try {
      const answer = await deps.client().queryRedLetter({
        lsh: form.lsh,
        ...(form.kpzdbs ? { kpzdbs: form.kpzdbs } : {}),
        xhdwsbh: form.xhdwsbh,
        all: '1',
      });
      const digital = isDigital(form.fplxdm ?? '');
      const complete = answer.kind === 'approved' && (digital ? Boolean(answer.form.xxbid) : Boolean(answer.form.xxbbh));
      if (answer.kind !== 'approved' || !complete) return { kind: 'pending', note: answer.message };
      const numbers = { xxbbh: answer.form.xxbbh ?? null, xxbid: answer.form.xxbid ?? null, formJson: JSON.stringify(answer.form) };
      return {
        kind: 'done',
        apply: (tx) => approve(tx, form, numbers),
      };
    } catch (error) {
      if (error instanceof ServiceError) return refused(form.lsh, error);
      if (error instanceof TransportError) return unclear(form.lsh, error);
      throw error;
    }
  }

  return {
    async send(row): Promise<SendOutcome> {
      const form = await byLsh(row.serial);
      // Only the outbox row's last_error (a diagnosis): without its form there is nothing to show the clerk.
      if (!form) return { kind: 'failed', error: `red-letter application ${row.serial} has no form row`, apply: () => undefined };
      if (form.status !== 'queued' && form.status !== 'applying') return { kind: 'done', apply: () => undefined };
      if (form.status === 'queued') return apply(form, JSON.parse(row.request_json) as RedLetterApplicationRequest);
      return query(form);
    },
    async afterCommit(row) {
      const form = await byLsh(row.serial);
      if (form) deps.notifyForm(form);
      const invoice = queuedInvoices.get(row.serial);
      if (invoice) {
        queuedInvoices.delete(row.serial);
        deps.notifyInvoice(invoice);
      }
    },
  };
}
