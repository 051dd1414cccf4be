/**
 * The reversal feature (红冲): reversing an issued blue invoice in full or in part, directly or through a
 * red-letter form (红字信息表) whose application, approval polling and red invoice run through the outbox
 * (kind 'redletter'); the `reversal:*` channels and the `reversal:formUpdated` event. One folder for the whole
 * concept: forms (store.ts, forms.ts, outbox.ts), red invoices (service.ts, request.ts, lines.ts) and what is
 * left to reverse (repo.ts). Its forms are read and written only through the ledger port (`ledger.redForms`),
 * the invoices and red-reversal links only through issuance's api, so the same code runs on the desk's
 * SQLite file and a team's PostgreSQL.
 */
import type { IssuanceApi } from '../issuance/index.js';
import type { Feature, FeatureDeps } from '../feature.js';
import type { OutputInvoiceDetail } from '../../../shared/ipc/index.js';
import { createFormLookup } from './form-lookup.js';
import { toFormSummary, withRed, type RedLetterFormRow } from './forms.js';
import { money } from './lines.js';
import { registerRedIpc } from './ipc.js';
import { createRedLetterOutboxHandler } from './outbox.js';
import { reversalOf, type ReversalReads } from './repo.js';
import { createRedService, REDLETTER_OUTBOX_KIND } from './service.js';
import { actingAs } from '../../db/actor.js';

/** What the history's detail shows about reversals: of a blue invoice, of a red one. */
export interface ReversalApi {
  /** What was reversed, is on its way and is left of a blue invoice, with its red invoices and forms. */
  reversalOf(blueInvoiceId: number): Promise<NonNullable<OutputInvoiceDetail['reversal']>>;
  /** The blue invoice a red one reverses (and the form it was issued with); undefined for a red invoice issued elsewhere. */
  originalOf(redInvoiceId: number): Promise<OutputInvoiceDetail['original'] | undefined>;
}

function createReversalApi(reads: ReversalReads & { invoices: IssuanceApi['invoices'] }, forms: FeatureDeps['ledger']['redForms']): ReversalApi {
  const { invoices } = reads;
  return {
    async reversalOf(blueInvoiceId) {
      const reversal = await reversalOf(reads, blueInvoiceId);
      const rows = await Promise.all((await forms.ofBlue(blueInvoiceId)).map((row) => withRed(invoices.refOf, row)));
      return {
        state: reversal.state,
        reversed: money(reversal.reversed),
        inFlight: money(reversal.inFlight),
        remaining: money(reversal.remaining),
        reds: await invoices.reds(blueInvoiceId),
        forms: rows.map(toFormSummary),
      };
    },
    async originalOf(redInvoiceId) {
      const original = await invoices.originalOf(redInvoiceId);
      if (!original) return undefined;
      const form = original.form_id === null ? undefined : await forms.formOfRed(redInvoiceId);
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
  const forms = deps.ledger.redForms;
  const invoices = deps.issuance.invoices;
  // A form changed (after its commit): the event of old (the reversal dialog follows it) and the change
  // feed's change, which a team desk also tells the other desks.
  const notifyForm = (form: RedLetterFormRow, action: 'created' | 'updated' = 'updated') => {
    deps.emit('reversal:formUpdated', toFormSummary(form));
    deps.changes.publish({ aggregate: 'redForm', action, ids: [form.id], enterprise: form.xhdwsbh });
  };
  const service = createRedService({
    ledger: deps.ledger,
    environment: deps.environment,
    invoices,
    issuance: deps.issuance,
    now: deps.now,
    kick: deps.kick,
    notifyForm,
    changes: deps.changes,
  });
  const outboxHandler = createRedLetterOutboxHandler({
    forms,
    refOf: invoices.refOf,
    client: deps.client,
    now: deps.now,
    // The red invoice the outbox issues from an approved form is signed by the clerk who applied for it.
    // deps.db is only the key the desk's signed-in clerk is kept under (main/db/actor.ts): both ledgers sign
    // with actorOf(db), the PostgreSQL one through the `actor` the desk hands it.
    issueRedInvoice: (form) => actingAs(deps.db, form.created_by, () => service.issueFromForm(form)),
    notifyForm,
    notifyInvoice: (invoice) => deps.emit('issuance:updated', invoice),
  });
  return {
    name: 'reversal',
    registerIpc: (router) =>
      registerRedIpc(router, service, {
        list: async (query, limit) => {
          const rows = await forms.list(deps.environment, deps.seller().taxNumber, query, limit);
          return (await Promise.all(rows.map((row) => withRed(invoices.refOf, row)))).map(toFormSummary);
        },
        lookup: createFormLookup({ client: deps.client, seller: deps.seller, forms, refOf: invoices.refOf, environment: deps.environment }),
      }),
    outboxHandlers: { [REDLETTER_OUTBOX_KIND]: outboxHandler },
    api: createReversalApi({ invoices, forms }, forms),
  };
}
