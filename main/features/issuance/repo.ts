/**
 * SQL of output invoices: issued_invoice, its lines (issued_invoice_line) and the links of red invoices to
 * the blue ones they reverse (red_reversal, migration 0160). The ONE owner of these tables: every other
 * feature reads and writes them through the functions here (issuance's api hands them out), and the few
 * queries that must join them in SQL (the history search's paging over output and input invoices) take
 * their output half from `outputSearchSql` below rather than naming these tables themselves.
 *
 * The amount a blue invoice's red invoices took is defined here once (`reversedFen`/`reversalStateSql`):
 * the history filter runs it in SQL, the reversal feature reads it through `reversalSums`.
 */
import type Database from 'better-sqlite3';
import Decimal from 'decimal.js';
import { actorOf } from '../../db/actor.js';
import type { Db } from '../../db/open.js';
import type { Environment, InvoiceFileFormat, InvoiceStatus, InvoiceSummary, RedInvoiceRef, ReversalState } from '../../../shared/ipc/index.js';
import type {
  InvoiceFileSource,
  InvoiceLineRow,
  InvoiceRow,
  InvoiceState,
  IssuedFields,
  NewInvoice,
  OriginalOfRed,
  ReversalLink,
} from './store.js';

import { toRedRef, toSummary, type RedRefRow, type SummaryRow } from './rows.js';

export { toSummary } from './rows.js';

const SUMMARY_COLUMNS = 'id, lsh, environment, fplxdm, ghdwmc, jshj, status, fpdm, fphm, kprq, error_message, created_at';
export type { InvoiceFileSource, InvoiceLineRow, InvoiceRow, InvoiceState, IssuedFields, NewInvoice } from './store.js';

export function createIssuanceRepo(db: Db) {
  const insertInvoice = db.prepare(
    `INSERT INTO issued_invoice (lsh, environment, fplxdm, kplx, xhdwsbh, xhdwmc, ghdwmc, ghdwsbh, jshj, hjse, status, request_json, created_at, updated_at, created_by, updated_by)
     VALUES (@lsh, @environment, @fplxdm, @kplx, @xhdwsbh, @xhdwmc, @ghdwmc, @ghdwsbh, @jshj, @hjse, 'queued', @requestJson, @now, @now, @by, @by)`,
  );
  const insertLine = db.prepare(
    `INSERT INTO issued_invoice_line (invoice_id, line_no, spmc, spbm, spsl, dj, je, sl, se, lslbs, zzstsgl, kce)
     VALUES (@invoiceId, @lineNo, @spmc, @spbm, @spsl, @dj, @je, @sl, @se, @lslbs, @zzstsgl, @kce)`,
  );
  const byLsh = db.prepare<[string], SummaryRow>(`SELECT ${SUMMARY_COLUMNS} FROM issued_invoice WHERE lsh = ?`);
  const byId = db.prepare<[number, Environment], SummaryRow>(`SELECT ${SUMMARY_COLUMNS} FROM issued_invoice WHERE id = ? AND environment = ?`);
  const list = db.prepare<[Environment, string, number, number], SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM issued_invoice WHERE environment = ? AND xhdwsbh = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
  );
  const markIssuing = db.prepare<[string, string]>(
    `UPDATE issued_invoice SET status = 'issuing', updated_at = ? WHERE lsh = ? AND status = 'queued'`,
  );
  const markIssued = db.prepare(
    `UPDATE issued_invoice SET status = 'issued', fpdm = @fpdm, fphm = @fphm, kprq = @kprq, jym = @jym, skm = @skm,
       pdf_url = @pdf, ofd_url = @ofd, xml_url = @xml, zflx = @zflx, error_code = NULL, error_message = NULL, updated_at = @now
     WHERE lsh = @lsh AND status IN ('queued', 'issuing')`,
  );
  const markFailed = db.prepare<[string, string, string, string]>(
    `UPDATE issued_invoice SET status = 'failed', error_code = ?, error_message = ?, updated_at = ? WHERE lsh = ? AND status IN ('queued', 'issuing')`,
  );

  return {
    /** Inserts the invoice and its lines; call inside the transaction that also enqueues it. */
    insert(invoice: NewInvoice, now: string): number {
      const id = Number(insertInvoice.run({ ...invoice, now, by: actorOf(db) }).lastInsertRowid);
      invoice.lines.forEach((line, index) => insertLine.run({ invoiceId: id, lineNo: index + 1, ...line }));
      return id;
    },
    findByLsh(lsh: string): InvoiceSummary | null {
      const row = byLsh.get(lsh);
      return row ? toSummary(row) : null;
    },
    findById(id: number, environment: Environment): InvoiceSummary | null {
      const row = byId.get(id, environment);
      return row ? toSummary(row) : null;
    },
    /** The latest invoices of one seller (the active enterprise). */
    list(environment: Environment, seller: string, limit: number, offset: number): InvoiceSummary[] {
      return list.all(environment, seller, limit, offset).map(toSummary);
    },
    markIssuing: (lsh: string, now: string) => markIssuing.run(now, lsh).changes > 0,
    markIssued: (lsh: string, fields: IssuedFields, now: string) => markIssued.run({ lsh, ...fields, now }).changes > 0,
    markFailed: (lsh: string, code: string, message: string, now: string) => markFailed.run(code, message, now, lsh).changes > 0,
  };
}

export type IssuanceRepo = ReturnType<typeof createIssuanceRepo>;

/** Integer fen of a 2-dp decimal TEXT column: exact sums in SQL without binary fractions. */
export const fen = (column: string) => `CAST(round(CAST(${column} AS REAL) * 100) AS INTEGER)`;

/** Fen taken from the blue invoice `blueId` by its red invoices in the given states (red_reversal ⋈ issued_invoice). */
const redFen = (blueId: string, statusCondition: string) =>
  `(SELECT ifnull(sum(${fen('r.amount')}), 0) FROM red_reversal r JOIN issued_invoice ri ON ri.id = r.red_invoice_id
     WHERE r.blue_invoice_id = ${blueId} AND ${statusCondition})`;

const reversedFen = (blue: string) => redFen(`${blue}.id`, `ri.status = 'issued'`); // taken by red invoices issued

/** none / partial / full of the blue invoice aliased `blue` — the one rule, for SQL filters and for reads. */
export const reversalStateSql = (blue: string) =>
  `(SELECT CASE WHEN ifnull(sum(${fen('r.amount')}), 0) = 0 THEN 'none' WHEN sum(${fen('r.amount')}) >= ${fen(`${blue}.jshj`)} THEN 'full' ELSE 'partial' END
      FROM red_reversal r JOIN issued_invoice ri ON ri.id = r.red_invoice_id WHERE r.blue_invoice_id = ${blue}.id AND ri.status = 'issued')`;

/**
 * The output half of the history search: one SELECT over issued invoices aliased `i` with the columns
 * of a HistoryRow, limited by `where` (conditions on `i`, written by the history's query builder).
 */
export function outputSearchSql(where: readonly string[]): string {
  return `SELECT 'output' AS direction, i.id AS id, i.environment AS environment, i.fplxdm AS invoiceType, i.fpdm AS invoiceCode,
              i.fphm AS invoiceNumber, i.created_at AS date, i.ghdwmc AS counterpartyName, i.ghdwsbh AS counterpartyTaxNumber,
              i.jshj AS total, i.hjse AS tax, i.status AS status, i.lsh AS serial, i.kplx AS kplx,
              CASE WHEN i.kplx = '0' THEN ${reversalStateSql('i')} END AS reversal
         FROM issued_invoice i WHERE ${where.join(' AND ')}`;
}

/** A condition of the output search: some line of invoice `i` has a name matching the LIKE pattern `?`. */
export const OUTPUT_LINE_LIKE = `EXISTS (SELECT 1 FROM issued_invoice_line l WHERE l.invoice_id = i.id AND l.spmc LIKE ? ESCAPE '\\')`;

/** A condition of the output search: the blue invoice `i` is in reversal state `?`. */
export const OUTPUT_REVERSAL_IS = `i.kplx = '0' AND ${reversalStateSql('i')} = ?`;

/** Reads of stored invoices and the red-reversal links, for the features built on issuance. */
export function createInvoiceReads(db: Db) {
  const invoice = db.prepare<[number, Environment], InvoiceRow>(
    `SELECT id, lsh, environment, fplxdm, kplx, status, jshj, hjse, fpdm, fphm, kprq, request_json, pdf_url, ofd_url, xml_url,
            ghdwmc, ghdwsbh, xhdwmc, xhdwsbh, error_message, created_at, created_by
       FROM issued_invoice WHERE id = ? AND environment = ?`,
  );
  const lines = db.prepare<[number], InvoiceLineRow>(
    `SELECT line_no, spmc, spbm, spsl, dj, je, sl, se, lslbs, zzstsgl, kce FROM issued_invoice_line WHERE invoice_id = ? ORDER BY line_no`,
  );
  const ref = db.prepare<[number], { lsh: string; status: InvoiceStatus }>(`SELECT lsh, status FROM issued_invoice WHERE id = ?`);
  const statesByLsh = db.prepare<[string], InvoiceState & { lsh: string }>(
    `SELECT lsh, status, fpdm, fphm, error_message FROM issued_invoice WHERE lsh IN (SELECT value FROM json_each(?))`,
  );
  const reds = db.prepare<[number], RedRefRow>(
    `SELECT i.id, i.lsh, i.fplxdm, i.status, r.amount, r.chyydm, i.fpdm, i.fphm, i.created_at, i.error_code, i.error_message
       FROM red_reversal r JOIN issued_invoice i ON i.id = r.red_invoice_id WHERE r.blue_invoice_id = ? ORDER BY i.created_at, i.id`,
  );
  const sums = db.prepare<[number], { total: number; reversed: number; in_flight: number; state: ReversalState }>(
    `SELECT ${fen('b.jshj')} AS total, ${reversedFen('b')} AS reversed,
            ${redFen('b.id', `ri.status NOT IN ('issued', 'failed')`)} AS in_flight, ${reversalStateSql('b')} AS state
       FROM issued_invoice b WHERE b.id = ?`,
  );
  const insertReversal = db.prepare(
    `INSERT INTO red_reversal (red_invoice_id, blue_invoice_id, amount, chyydm, form_id, created_at)
     VALUES (@redInvoiceId, @blueInvoiceId, @amount, @chyydm, @formId, @now)`,
  );
  const originalOf = db.prepare<[number], OriginalOfRed>(
    `SELECT r.blue_invoice_id, r.chyydm, r.form_id, b.fpdm, b.fphm FROM red_reversal r JOIN issued_invoice b ON b.id = r.blue_invoice_id WHERE r.red_invoice_id = ?`,
  );
  const blueOfRed = db.prepare<[number], { blue_invoice_id: number }>(`SELECT blue_invoice_id FROM red_reversal WHERE red_invoice_id = ?`);
  const yuan = (fenAmount: number) => new Decimal(fenAmount).dividedBy(100);

  return {
    invoice: (id: number, environment: Environment): InvoiceRow | undefined => invoice.get(id, environment),
    lines: (invoiceId: number): InvoiceLineRow[] => lines.all(invoiceId),
    /** lsh and status of an invoice by id (a red-letter form shows its red invoice's). */
    refOf: (id: number): { lsh: string; status: InvoiceStatus } | undefined => ref.get(id),
    /** States of the invoices with these lsh (batch rows follow the invoices they became). */
    statesByLsh(lshs: readonly string[]): Map<string, InvoiceState> {
      if (lshs.length === 0) return new Map();
      return new Map(statesByLsh.all(JSON.stringify(lshs)).map(({ lsh, ...state }) => [lsh, state]));
    },
    reds: (blueInvoiceId: number): RedInvoiceRef[] => reds.all(blueInvoiceId).map(toRedRef),
    /** What the red invoices of a blue one took (issued) and hold (on their way), with its reversal state. */
    reversalSums(blueInvoiceId: number): { total: Decimal; reversed: Decimal; inFlight: Decimal; state: ReversalState } {
      const row = sums.get(blueInvoiceId);
      if (!row) return { total: new Decimal(0), reversed: new Decimal(0), inFlight: new Decimal(0), state: 'none' };
      return { total: yuan(row.total), reversed: yuan(row.reversed), inFlight: yuan(row.in_flight), state: row.state };
    },
    /** Call inside the transaction that stores the red invoice (issuance `enqueue`'s `alongside`). */
    recordReversal(link: ReversalLink, now: string): void {
      insertReversal.run({ ...link, now });
    },
    originalOf: (redInvoiceId: number) => originalOf.get(redInvoiceId),
    blueOfRed: (redInvoiceId: number): number | undefined => blueOfRed.get(redInvoiceId)?.blue_invoice_id,
  };
}

export type InvoiceReads = ReturnType<typeof createInvoiceReads>;

const FILE_COLUMNS: Record<InvoiceFileFormat, string> = { pdf: 'pdf_url', ofd: 'ofd_url', xml: 'xml_url' };

/** The issued invoice's file address; the column comes from a fixed table, never from the caller's text. */
export function createInvoiceFileRepo(db: Db) {
  const statements = Object.fromEntries(
    (Object.keys(FILE_COLUMNS) as InvoiceFileFormat[]).map((format) => [
      format,
      db.prepare<[number, Environment], InvoiceFileSource>(
        `SELECT lsh, status, ${FILE_COLUMNS[format]} AS url FROM issued_invoice WHERE id = ? AND environment = ?`,
      ),
    ]),
  ) as Record<InvoiceFileFormat, Database.Statement<[number, Environment], InvoiceFileSource>>;
  return {
    find: (id: number, environment: Environment, format: InvoiceFileFormat): InvoiceFileSource | null =>
      statements[format].get(id, environment) ?? null,
  };
}
