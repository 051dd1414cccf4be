/**
 * The reversal feature (红冲): reversing an issued blue invoice in full or in part, directly or through a
 * red-letter form (红字信息表) whose application, approval polling and red invoice run through the outbox
 * (kind 'redletter'); the `reversal:*` channels and the `reversal:formUpdated` event. One folder for the whole
 * concept: forms (form-repo.ts, outbox.ts), red invoices (service.ts, request.ts, lines.ts) and what is
 * left to reverse (repo.ts). It reads and links invoices only through issuance's api.
 */
import type { IssuanceApi } from '../issuance/index.js';
import { createInvoiceReads } from '../issuance/repo.js';
import type { Feature, FeatureDeps } from '../feature.js';
import type { OutputInvoiceDetail, RedLetterFormSummary } from '../../../shared/ipc/index.js';
import { createFormLookup } from './form-lookup.js';
import { createRedLetterRepo, toFormSummary, type RedLetterRepo } from './form-repo.js';
import { money } from './lines.js';
import { registerRedIpc } from './ipc.js';
import { createRedLetterOutboxHandler } from './outbox.js';
import { createRedRepo, type RedRepo } from './repo.js';
import { createRedService, REDLETTER_OUTBOX_KIND } from './service.js';
import { actingAs } from '../../db/actor.js';

/** What the history's detail shows about reversals: of a blue invoice, of a red one. */
export interface ReversalApi {
  /** What was reversed, is on its way and is left of a blue invoice, with its red invoices and forms. */
  reversalOf(blueInvoiceId: number): NonNullable<OutputInvoiceDetail['reversal']>;
  /** The blue invoice a red one reverses (and the form it was issued with); undefined for a red invoice issued elsewhere. */
  originalOf(redInvoiceId: number): OutputInvoiceDetail['original'] | undefined;
}

function createReversalApi(repo: RedRepo, forms: RedLetterRepo): ReversalApi {
  return {
    reversalOf(blueInvoiceId) {
      const reversal = repo.reversalOf({ id: blueInvoiceId });
      return {
        state: reversal.state,
        reversed: money(reversal.reversed),
        inFlight: money(reversal.inFlight),
        remaining: money(reversal.remaining),
        reds: repo.reds(blueInvoiceId),
        forms: forms.ofBlue(blueInvoiceId).map(toFormSummary),
      };
    },
    originalOf(redInvoiceId) {
      const original = repo.originalOf(redInvoiceId);
      if (!original) return undefined;
      const form = original.form_id === null ? undefined : forms.formOfRed(redInvoiceId);
      return {
        id: original.blue_invoice_id,
        invoiceCode: original.fpdm,
        invoiceNumber: original.fphm,
        reason: original.chyydm,
        formNumber: form?.xxbbh ?? form?.xxbid ?? null,
      };
    },
  };
}

export function createReversalFeature(deps: FeatureDeps & { issuance: Pick<IssuanceApi, 'enqueue' | 'invoices'> }): Feature<ReversalApi> & { api: ReversalApi } {
  // The form repo and the reversal sums are still synchronous on the desk's connection: they read the
  // invoices there until reversal moves onto the ledger port (the red invoice's link goes through the tx).
  const deskInvoices = createInvoiceReads(deps.db);
  const forms = createRedLetterRepo(deps.db, deskInvoices);
  const repo = createRedRepo(deskInvoices, forms);
  // A form changed: the event of old (the reversal dialog follows it) and the change feed's change.
  const notifyForm = (form: RedLetterFormSummary) => {
    deps.emit('reversal:formUpdated', form);
    deps.changes.publish({ aggregate: 'redForm', action: 'updated', ids: [form.id], enterprise: forms.byId(form.id)?.xhdwsbh ?? deps.seller().taxNumber });
  };
  const service = createRedService({
    db: deps.db,
    environment: deps.environment,
    outbox: deps.outbox,
    issuance: deps.issuance,
    now: deps.now,
    kick: deps.kick,
    notifyForm,
    repo,
    forms,
  });
  const outboxHandler = createRedLetterOutboxHandler({
    forms,
    client: deps.client,
    now: deps.now,
    // The red invoice the outbox issues from an approved form is signed by the clerk who applied for it.
    issueRedInvoice: (form) => actingAs(deps.db, form.created_by, () => service.issueFromForm(form)),
    noteIssueFailure: (formId, message) => forms.setError(formId, message, deps.now().toISOString()),
    notifyForm,
    notifyInvoice: (invoice) => deps.emit('issuance:updated', invoice),
  });
  return {
    name: 'reversal',
    registerIpc: (router) =>
      registerRedIpc(router, service, {
        list: (query, limit) => forms.list(deps.environment, deps.seller().taxNumber, query, limit).map(toFormSummary),
        lookup: createFormLookup({ client: deps.client, seller: deps.seller, forms, environment: deps.environment }),
      }),
    outboxHandlers: { [REDLETTER_OUTBOX_KIND]: outboxHandler },
    api: createReversalApi(repo, forms),
  };
}
