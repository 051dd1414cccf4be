/**
 * Issued invoices, their lines and the red-reversal links (the issued-invoice store of the ledger port,
 * IssuedInvoiceStore in main/features/issuance/store.ts), the one implementation for both databases: the owner of
 * `issued_invoice`, `issued_invoice_line` and `red_reversal`. Rows come back as the desk's SQLite has always
 * given them: ids and counts as numbers, money as decimal text, times as the desk's ISO text.
 *
 * Each outcome is one conditional UPDATE on the state it follows (queued → issuing → issued | failed; voided once,
 * when issued), so a second answer changes nothing and says so. What the database keeps beside the rows is its
 * own, not this store's: on SQLite the triggers keep the search postings (issued_invoice_gram …) and the kept
 * totals (output_period_sales), firing on the columns each statement sets — the UPDATEs below set exactly the
 * columns they always set; on PostgreSQL migration 0650's guard lets a desk change an issued invoice only as the
 * service's answers allow (and signs its rows). What differs between the databases is in dialects/issued-invoices.ts.
 *
 * The hot path of issuance (a desk's submissions and its outbox worker's answers) runs one statement a call, each
 * built and compiled per call: about 25 µs more a call than the old prepared statements on the desk (findById
 * 7 → 33 µs; an insert of three lines about 0.9 → 1.0 ms, its triggers the most of it; measured in one open
 * transaction on the two-core machine), beside a commit's fsync of some milliseconds and a round trip to the
 * service. Nothing here loops over rows.
 */
import Decimal from 'decimal.js';
import { sql, type ExpressionBuilder } from 'kysely';
import type { InvoiceFileFormat, InvoiceStatus, InvoiceSummary, RedInvoiceRef, ReversalState } from '../../../shared/ipc/index.js';
import { toSummary } from '../../features/issuance/rows.js';
import { ISSUANCE_OUTBOX_KIND, type InvoiceLineRow, type InvoiceRow, type IssuedInvoiceStore } from '../../features/issuance/store.js';
import { DuplicateSerialError } from '../port.js';
import { issuedDialects } from './dialects/issued-invoices.js';
import type { LedgerSchema } from './schema/index.js';
import type { IssuedInvoiceTable } from './schema/issued-invoices.js';
import type { StoreSql } from './sql.js';

/** The columns an InvoiceSummary is made of (issuance/rows.ts). */
const SUMMARY = ['id', 'lsh', 'environment', 'fplxdm', 'ghdwmc', 'jshj', 'status', 'fpdm', 'fphm', 'kprq', 'error_message', 'created_at'] as const;
/** Every column an InvoiceRow reads. */
const ROW = [
  'id',
  'lsh',
  'environment',
  'fplxdm',
  'kplx',
  'status',
  'jshj',
  'hjse',
  'fpdm',
  'fphm',
  'kprq',
  'request_json',
  'pdf_url',
  'ofd_url',
  'xml_url',
  'ghdwmc',
  'ghdwsbh',
  'xhdwmc',
  'xhdwsbh',
  'error_message',
  'created_at',
  'created_by',
] as const;
const FILE_COLUMNS = { pdf: 'pdf_url', ofd: 'ofd_url', xml: 'xml_url' } as const satisfies Record<InvoiceFileFormat, string>;
/** An outcome moves only an invoice still on its way. */
const ON_ITS_WAY = ['queued', 'issuing'] as const;

/** The service's own words of a refusal, stored as "code words" (issuance/service.ts): the code is said apart. */
const serviceWords = (code: string, message: string | null): string => (message?.startsWith(code) ? message.slice(code.length).trim() : (message ?? ''));

/** A stored red invoice as the reversal shows it. */
function toRedRef(row: {
  id: number;
  lsh: string;
  fplxdm: RedInvoiceRef['invoiceType'];
  status: InvoiceStatus;
  amount: string;
  chyydm: RedInvoiceRef['reason'];
  fpdm: string | null;
  fphm: string | null;
  created_at: string;
  error_code: string | null;
  error_message: string | null;
}): RedInvoiceRef {
  return {
    id: row.id,
    lsh: row.lsh,
    invoiceType: row.fplxdm,
    status: row.status,
    amount: row.amount,
    reason: row.chyydm,
    invoiceCode: row.fpdm,
    invoiceNumber: row.fphm,
    createdAt: row.created_at,
    failure: row.status === 'failed' && row.error_code !== null ? { code: row.error_code, message: serviceWords(row.error_code, row.error_message) } : null,
  };
}

/** Yuan from fen, exactly (the dialect's fen: an integer on SQLite, NUMERIC text on PostgreSQL). */
const yuan = (fen: number | string) => new Decimal(fen).dividedBy(100);

/**
 * none / partial / full: nothing taken, all of it or more, or a part — the rule of issuance/repo.ts
 * `reversalStateSql`, which the history's filter runs in SQL on the desk, here on the same exact amounts.
 */
const reversalState = (total: Decimal, reversed: Decimal): ReversalState => (reversed.isZero() ? 'none' : reversed.greaterThanOrEqualTo(total) ? 'full' : 'partial');

/** `actor()` names the clerk acting at this desk (null without clerks), signed on the invoices it inserts. */
export function createIssuedInvoiceStore(q: StoreSql, actor: () => string | null): IssuedInvoiceStore {
  const dialect = issuedDialects[q.kind];
  const summaries = () => q.db.selectFrom('issued_invoice').select(SUMMARY);
  const summary = async (query: ReturnType<typeof summaries>): Promise<InvoiceSummary | null> => {
    const row = await q.first(query);
    return row ? toSummary(row) : null;
  };
  const update = () => q.db.updateTable('issued_invoice');
  const changed = async (query: Parameters<StoreSql['write']>[0]) => (await q.write(query)) > 0;
  /** Fen taken from blue invoice `b` by its red invoices issued (`issued`), or still on their way (neither issued nor failed). */
  const redFen = (eb: ExpressionBuilder<LedgerSchema & { b: IssuedInvoiceTable }, 'b'>, issued: boolean) =>
    eb
      .selectFrom('red_reversal as r')
      .innerJoin('issued_invoice as ri', 'ri.id', 'r.red_invoice_id')
      .select((sub) => sub.fn.coalesce(sub.fn.sum<number | string>(dialect.fen('r.amount')), sql.lit(0)).as('fen'))
      .whereRef('r.blue_invoice_id', '=', 'b.id')
      .where((ri) => (issued ? ri('ri.status', '=', 'issued') : ri('ri.status', 'not in', ['issued', 'failed'])))
      .$asScalar()
      .$notNull();

  return {
    async insert(invoice, now) {
      const by = actor();
      try {
        return await dialect.insert(
          q,
          {
            lsh: invoice.lsh,
            environment: invoice.environment,
            fplxdm: invoice.fplxdm,
            kplx: invoice.kplx,
            xhdwsbh: invoice.xhdwsbh,
            xhdwmc: invoice.xhdwmc,
            ghdwmc: invoice.ghdwmc,
            ghdwsbh: invoice.ghdwsbh,
            jshj: invoice.jshj,
            hjse: invoice.hjse,
            status: 'queued',
            request_json: invoice.requestJson,
            created_at: now,
            updated_at: now,
            created_by: by,
            updated_by: by,
          },
          invoice.lines,
        );
      } catch (error) {
        // The lsh is the service's idempotency key: refused the same way as a serial queued twice.
        if (dialect.duplicate(error)) throw new DuplicateSerialError(ISSUANCE_OUTBOX_KIND, invoice.lsh, { cause: error });
        throw error;
      }
    },
    findByLsh: (lsh) => summary(summaries().where('lsh', '=', lsh)),
    findById: (id, environment) => summary(summaries().where('id', '=', id).where('environment', '=', environment)),
    list: async (environment, seller, limit, offset) =>
      (
        await q.all(
          summaries().where('environment', '=', environment).where('xhdwsbh', '=', seller).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset),
        )
      ).map(toSummary),
    markIssuing: (lsh, now) => changed(update().set({ status: 'issuing', updated_at: now }).where('lsh', '=', lsh).where('status', '=', 'queued')),
    markIssued: (lsh, fields, now) =>
      changed(
        update()
          .set({
            status: 'issued',
            fpdm: fields.fpdm,
            fphm: fields.fphm,
            kprq: fields.kprq,
            jym: fields.jym,
            skm: fields.skm,
            pdf_url: fields.pdf,
            ofd_url: fields.ofd,
            xml_url: fields.xml,
            zflx: fields.zflx,
            error_code: null,
            error_message: null,
            updated_at: now,
          })
          .where('lsh', '=', lsh)
          .where('status', 'in', ON_ITS_WAY),
      ),
    markFailed: (lsh, code, message, now) =>
      changed(update().set({ status: 'failed', error_code: code, error_message: message, updated_at: now }).where('lsh', '=', lsh).where('status', 'in', ON_ITS_WAY)),
    markVoided: (id, environment, zflx, now) =>
      changed(
        update().set({ zflx, updated_at: now }).where('id', '=', id).where('environment', '=', environment).where('status', '=', 'issued').where('zflx', 'is', null),
      ),
    async waitingCounts(environment, seller) {
      const counts = { issuing: 0, failed: 0 };
      // Queued or being issued (their outbox rows are pending), or failed.
      const found = await q.all(
        q.db
          .selectFrom('issued_invoice')
          .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
          .where('environment', '=', environment)
          .where('status', 'in', ['queued', 'issuing', 'failed'])
          .where('xhdwsbh', '=', seller)
          .groupBy('status'),
      );
      for (const row of found) counts[row.status === 'failed' ? 'failed' : 'issuing'] += row.n;
      return counts;
    },
    // The column comes from a fixed table, never from the caller's text.
    fileSource: async (id, environment, format) =>
      (await q.first(
        q.db
          .selectFrom('issued_invoice')
          .select(['lsh', 'status', sql.ref<string | null>(FILE_COLUMNS[format]).as('url')])
          .where('id', '=', id)
          .where('environment', '=', environment),
      )) ?? null,

    invoice: (id, environment): Promise<InvoiceRow | undefined> =>
      q.first(q.db.selectFrom('issued_invoice').select(ROW).where('id', '=', id).where('environment', '=', environment)),
    lines: (invoiceId): Promise<InvoiceLineRow[]> =>
      q.all(
        q.db
          .selectFrom('issued_invoice_line')
          .select((eb) => [
            'line_no',
            'spmc',
            'spbm',
            // '' on SQLite's TEXT, NULL in PostgreSQL's NUMERIC for a discount line: '' on both.
            eb.fn.coalesce(eb.cast<string>('spsl', 'text'), sql.lit('')).as('spsl'),
            eb.fn.coalesce(eb.cast<string>('dj', 'text'), sql.lit('')).as('dj'),
            'je',
            'sl',
            'se',
            'lslbs',
            'zzstsgl',
            'kce',
          ])
          .where('invoice_id', '=', invoiceId)
          .orderBy('line_no'),
      ),
    refOf: (id) => q.first(q.db.selectFrom('issued_invoice').select(['lsh', 'status']).where('id', '=', id)),
    async statesByLsh(lshs) {
      if (lshs.length === 0) return new Map();
      const found = await q.all(q.db.selectFrom('issued_invoice').select(['lsh', 'status', 'fpdm', 'fphm', 'error_message']).where(dialect.oneOf('lsh', lshs)));
      return new Map(found.map(({ lsh, ...state }) => [lsh, state]));
    },
    reds: async (blueInvoiceId) =>
      (
        await q.all(
          q.db
            .selectFrom('red_reversal as r')
            .innerJoin('issued_invoice as i', 'i.id', 'r.red_invoice_id')
            .select(['i.id', 'i.lsh', 'i.fplxdm', 'i.status', 'r.amount', 'r.chyydm', 'i.fpdm', 'i.fphm', 'i.created_at', 'i.error_code', 'i.error_message'])
            .where('r.blue_invoice_id', '=', blueInvoiceId)
            .orderBy('i.created_at')
            .orderBy('i.id'),
        )
      ).map(toRedRef),
    async reversalSums(blueInvoiceId) {
      const row = await q.first(
        q.db
          .selectFrom('issued_invoice as b')
          .select((eb) => [
            dialect.fen('b.jshj').as('total'),
            redFen(eb, true).as('reversed'),
            redFen(eb, false).as('in_flight'),
          ])
          .where('b.id', '=', blueInvoiceId),
      );
      if (!row) return { total: new Decimal(0), reversed: new Decimal(0), inFlight: new Decimal(0), state: 'none' };
      const total = yuan(row.total);
      const reversed = yuan(row.reversed);
      return { total, reversed, inFlight: yuan(row.in_flight), state: reversalState(total, reversed) };
    },
    async recordReversal(link, now) {
      await q.write(
        q.db.insertInto('red_reversal').values({
          red_invoice_id: link.redInvoiceId,
          blue_invoice_id: link.blueInvoiceId,
          amount: link.amount,
          chyydm: link.chyydm,
          form_id: link.formId,
          created_at: now,
        }),
      );
    },
    originalOf: (redInvoiceId) =>
      q.first(
        q.db
          .selectFrom('red_reversal as r')
          .innerJoin('issued_invoice as b', 'b.id', 'r.blue_invoice_id')
          .select(['r.blue_invoice_id', 'r.chyydm', 'r.form_id', 'b.fpdm', 'b.fphm'])
          .where('r.red_invoice_id', '=', redInvoiceId),
      ),
    blueOfRed: async (redInvoiceId) =>
      (await q.first(q.db.selectFrom('red_reversal').select('blue_invoice_id').where('red_invoice_id', '=', redInvoiceId)))?.blue_invoice_id,
  };
}
