/**
 * Red-letter form applications (the red-letter form store of the ledger port, main/features/reversal/store.ts),
 * the one implementation for both databases: the owner of `red_letter_form`. An application is stored with its
 * whole request before it is sent (docs/architecture.md §5), in the transaction that also enqueues it; the
 * outbox handler moves it queued → applying → approved (or rejected) and writes the form's numbers in the
 * transaction that finishes the outbox row. Rows come back as the desk's SQLite gives them: ids as numbers,
 * money as decimal text, auto_issue as 0/1, times as the desk's ISO strings. On PostgreSQL the rights of pg
 * migration 0650 hold every statement here (a guard trigger, row-level security by seller or buyer); what
 * differs between the two is in dialects/red-forms.ts. Not a hot path: a clerk's reversal reads a handful
 * of forms.
 */
import { sql } from 'kysely';
import type { RedLetterFormStore, StoredFormRow } from '../../features/reversal/store.js';
import { redFormDialects } from './dialects/red-forms.js';
import type { StoreSql } from './sql.js';

/** A StoredFormRow's columns (features/reversal/store.ts). */
const COLUMNS = [
  'id',
  'lsh',
  'environment',
  'blue_invoice_id',
  'fplxdm',
  'status',
  'sqly',
  'sqly_detail',
  'chyydm',
  'kpzdbs',
  'xhdwsbh',
  'jshj',
  'sqdh',
  'xxbbh',
  'xxbid',
  'request_json',
  'red_lines_json',
  'red_invoice_id',
  'error_message',
  'created_at',
  'updated_at',
  'created_by',
] as const;
/** auto_issue as 0/1 on both: SQLite keeps the integer, PostgreSQL a boolean. */
const AUTO_ISSUE = sql<0 | 1>`CASE WHEN ${sql.ref('auto_issue')} THEN 1 ELSE 0 END`.as('auto_issue');
/** Only a form still on its way moves. */
const ON_ITS_WAY = ['queued', 'applying'] as const;

/** `actor()` names the clerk acting at this desk (null without clerks), signed on the rows it inserts. */
export function createRedFormStore(q: StoreSql, actor: () => string | null): RedLetterFormStore {
  const dialect = redFormDialects[q.kind];
  const forms = () => q.db.selectFrom('red_letter_form').select([...COLUMNS, AUTO_ISSUE]);
  const one = async (query: ReturnType<typeof forms>) => (await q.first(query)) as StoredFormRow | undefined;
  const many = async (query: ReturnType<typeof forms>) => (await q.all(query)) as StoredFormRow[];
  const update = () => q.db.updateTable('red_letter_form');
  const changed = async (query: Parameters<StoreSql['write']>[0]) => (await q.write(query)) > 0;

  return {
    async insert(form, now) {
      const by = actor();
      const inserted = await q.first(
        q.db
          .insertInto('red_letter_form')
          .values({
            lsh: form.lsh,
            environment: form.environment,
            blue_invoice_id: form.blueInvoiceId,
            fplxdm: form.fplxdm,
            fpdm: form.fpdm,
            fphm: form.fphm,
            sqly: form.sqly,
            sqly_detail: form.sqlyDetail,
            chyydm: form.chyydm,
            kpzdbs: form.kpzdbs,
            xhdwsbh: form.xhdwsbh,
            xhdwmc: form.xhdwmc,
            ghdwsbh: form.ghdwsbh,
            ghdwmc: form.ghdwmc,
            hjje: form.hjje,
            hjse: form.hjse,
            jshj: form.jshj,
            status: 'queued',
            request_json: form.requestJson,
            red_lines_json: form.redLinesJson,
            auto_issue: form.autoIssue,
            created_at: now,
            updated_at: now,
            created_by: by,
            updated_by: by,
          })
          .returning('id'),
      );
      return inserted!.id;
    },
    byLsh: (lsh) => one(forms().where('lsh', '=', lsh)),
    byId: (id) => one(forms().where('id', '=', id)),
    ofBlue: (blueInvoiceId) => many(forms().where('blue_invoice_id', '=', blueInvoiceId).orderBy('created_at').orderBy('id')),
    // The active enterprise's forms of the environment (it is the seller or the buyer of the form).
    list(environment, enterprise, query, limit) {
      let found = forms()
        .where('environment', '=', environment as StoredFormRow['environment'])
        .where((eb) => eb.or([eb('xhdwsbh', '=', enterprise), eb('ghdwsbh', '=', enterprise)]));
      if (query !== '') found = found.where((eb) => eb.or(['lsh', 'xxbbh', 'xxbid', 'ghdwmc'].map((column) => dialect.matches(column, query))));
      return many(found.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit));
    },
    formOfRed: (redInvoiceId) => one(forms().where('red_invoice_id', '=', redInvoiceId)),
    reserving: (blueInvoiceId) =>
      q.all(
        q.db
          .selectFrom('red_letter_form')
          .select(['jshj', 'red_invoice_id'])
          .where('blue_invoice_id', '=', blueInvoiceId)
          .where('status', 'in', ['queued', 'applying', 'approved'])
          .orderBy('id'),
      ),
    markApplying: (lsh, sqdh, now) =>
      // No number from the service keeps the one it gave before.
      changed(update().set((eb) => ({ status: 'applying', sqdh: eb.fn.coalesce(eb.val(sqdh), 'sqdh'), updated_at: now })).where('lsh', '=', lsh).where('status', 'in', ON_ITS_WAY)),
    note: (lsh, message, now) => changed(update().set({ error_message: message, updated_at: now }).where('lsh', '=', lsh).where('status', 'in', ON_ITS_WAY)),
    markApproved: (lsh, numbers, now) =>
      changed(
        update()
          .set({ status: 'approved', xxbbh: numbers.xxbbh, xxbid: numbers.xxbid, form_json: numbers.formJson, error_code: null, error_message: null, updated_at: now })
          .where('lsh', '=', lsh)
          .where('status', 'in', ON_ITS_WAY),
      ),
    markRefused: (lsh, code, message, now) =>
      changed(update().set({ status: 'rejected', error_code: code, error_message: message, updated_at: now }).where('lsh', '=', lsh).where('status', 'in', ON_ITS_WAY)),
    setError: (formId, message, now) => changed(update().set({ error_message: message, updated_at: now }).where('id', '=', formId)),
    linkRedInvoice: (formId, redInvoiceId, now) =>
      changed(update().set({ red_invoice_id: redInvoiceId, error_message: null, updated_at: now }).where('id', '=', formId)),
    holdBlue: (blueInvoiceId) => dialect.holdBlue(q, blueInvoiceId),
  };
}
