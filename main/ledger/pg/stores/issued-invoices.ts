/**
 * Issued invoices on the team ledger (main/features/issuance/store.ts): issued_invoice, its lines and the
 * red-reversal links, in the SQL of the team ledger's schema (migrations 0001, 0006, 0007). Parameterised
 * statements only. numeric columns come back as strings and stay strings; ids and counts are read as
 * numbers (the ledger stays far below 2^53); times are read as the ISO-8601 strings the desk writes.
 * `connection()` is the pool, or the client of the transaction the call belongs to.
 */
import Decimal from 'decimal.js';
import type { Environment, InvoiceFileFormat, InvoiceStatus } from '../../../../shared/ipc/index.js';
import { toRedRef, toSummary, type RedRefRow, type SummaryRow } from '../../../features/issuance/rows.js';
import {
  ISSUANCE_OUTBOX_KIND,
  type InvoiceFileSource,
  type InvoiceLineRow,
  type InvoiceRow,
  type InvoiceState,
  type IssuedInvoiceStore,
  type OriginalOfRed,
} from '../../../features/issuance/store.js';
import { DuplicateSerialError } from '../../port.js';
import type { Queryable } from '../outbox.js';

/** A timestamptz as JavaScript's toISOString writes it (what the desk stores in SQLite's TEXT). */
export const isoOf = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const SUMMARY = `id::float8 AS id, lsh, environment, fplxdm, ghdwmc, jshj, status, fpdm, fphm, kprq, error_message, ${isoOf('created_at')} AS created_at`;
const ROW = `id::float8 AS id, lsh, environment, fplxdm, kplx, status, jshj, hjse, fpdm, fphm, kprq, request_json, pdf_url, ofd_url, xml_url,
             ghdwmc, ghdwsbh, xhdwmc, xhdwsbh, error_message, ${isoOf('created_at')} AS created_at, created_by`;
const FILE_COLUMNS: Record<InvoiceFileFormat, string> = { pdf: 'pdf_url', ofd: 'ofd_url', xml: 'xml_url' };
const LINE_FIELDS = ['spmc', 'spbm', 'spsl', 'dj', 'je', 'sl', 'se', 'lslbs', 'zzstsgl', 'kce'] as const;

/** The invoice and its lines in one statement, so a refused line leaves no half invoice even outside a transaction. */
const INSERT = `
  WITH invoice AS (
    INSERT INTO issued_invoice (lsh, environment, fplxdm, kplx, xhdwsbh, xhdwmc, ghdwmc, ghdwsbh, jshj, hjse, status, request_json, created_at, updated_at, created_by, updated_by)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'queued', $11, $12, $12, $13, $13) RETURNING id
  ), lines AS (
    INSERT INTO issued_invoice_line (invoice_id, line_no, spmc, spbm, spsl, dj, je, sl, se, lslbs, zzstsgl, kce)
    SELECT invoice.id, l.line_no, l.spmc, l.spbm, nullif(l.spsl, '')::numeric, nullif(l.dj, '')::numeric, l.je::numeric, l.sl, l.se::numeric, l.lslbs, l.zzstsgl, l.kce::numeric
      FROM invoice, unnest($14::text[], $15::text[], $16::text[], $17::text[], $18::text[], $19::text[], $20::text[], $21::text[], $22::text[], $23::text[])
           WITH ORDINALITY AS l (spmc, spbm, spsl, dj, je, sl, se, lslbs, zzstsgl, kce, line_no)
  )
  SELECT id::float8 AS id FROM invoice`;

/** What the red invoices of blue invoice $1 took (issued) or hold (on their way). */
const redSum = (condition: string) =>
  `(SELECT coalesce(sum(r.amount), 0) FROM red_reversal r JOIN issued_invoice ri ON ri.id = r.red_invoice_id WHERE r.blue_invoice_id = b.id AND ${condition})`;

export interface PgIssuedOptions {
  /** The clerk signing the rows written now (created_by); null when none is acting. */
  actor?: () => string | null;
}

export function createPgIssuedInvoiceStore(connection: () => Queryable, options: PgIssuedOptions = {}): IssuedInvoiceStore {
  const actor = options.actor ?? (() => null);
  const rows = async <R extends object>(sql: string, values: unknown[]): Promise<R[]> => (await connection().query<R>(sql, values)).rows;
  const first = async <R extends object>(sql: string, values: unknown[]): Promise<R | undefined> => (await rows<R>(sql, values))[0];
  const changed = async (sql: string, values: unknown[]): Promise<boolean> => ((await connection().query(sql, values)).rowCount ?? 0) > 0;

  return {
    async insert(invoice, now) {
      const by = actor();
      const columns = LINE_FIELDS.map((field) => invoice.lines.map((line) => line[field]));
      try {
        const inserted = await first<{ id: number }>(INSERT, [
          invoice.lsh,
          invoice.environment,
          invoice.fplxdm,
          invoice.kplx,
          invoice.xhdwsbh,
          invoice.xhdwmc,
          invoice.ghdwmc,
          invoice.ghdwsbh,
          invoice.jshj,
          invoice.hjse,
          invoice.requestJson,
          now,
          by,
          ...columns,
        ]);
        return inserted!.id;
      } catch (error) {
        if ((error as { code?: unknown; constraint?: unknown }).code === '23505') throw new DuplicateSerialError(ISSUANCE_OUTBOX_KIND, invoice.lsh, { cause: error });
        throw error;
      }
    },
    findByLsh: async (lsh) => {
      const row = await first<SummaryRow>(`SELECT ${SUMMARY} FROM issued_invoice WHERE lsh = $1`, [lsh]);
      return row ? toSummary(row) : null;
    },
    findById: async (id, environment) => {
      const row = await first<SummaryRow>(`SELECT ${SUMMARY} FROM issued_invoice WHERE id = $1 AND environment = $2`, [id, environment]);
      return row ? toSummary(row) : null;
    },
    list: async (environment, seller, limit, offset) =>
      (
        await rows<SummaryRow>(`SELECT ${SUMMARY} FROM issued_invoice WHERE environment = $1 AND xhdwsbh = $2 ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`, [
          environment,
          seller,
          limit,
          offset,
        ])
      ).map(toSummary),
    markIssuing: (lsh, now) => changed(`UPDATE issued_invoice SET status = 'issuing', updated_at = $1 WHERE lsh = $2 AND status = 'queued'`, [now, lsh]),
    markIssued: (lsh, fields, now) =>
      changed(
        `UPDATE issued_invoice SET status = 'issued', fpdm = $2, fphm = $3, kprq = $4, jym = $5, skm = $6, pdf_url = $7, ofd_url = $8, xml_url = $9, zflx = $10,
           error_code = NULL, error_message = NULL, updated_at = $11
         WHERE lsh = $1 AND status IN ('queued', 'issuing')`,
        [lsh, fields.fpdm, fields.fphm, fields.kprq, fields.jym, fields.skm, fields.pdf, fields.ofd, fields.xml, fields.zflx, now],
      ),
    markFailed: (lsh, code, message, now) =>
      changed(`UPDATE issued_invoice SET status = 'failed', error_code = $1, error_message = $2, updated_at = $3 WHERE lsh = $4 AND status IN ('queued', 'issuing')`, [
        code,
        message,
        now,
        lsh,
      ]),
    markVoided: (id, environment, zflx, now) =>
      changed(`UPDATE issued_invoice SET zflx = $1, updated_at = $2 WHERE id = $3 AND environment = $4 AND status = 'issued' AND zflx IS NULL`, [zflx, now, id, environment]),
    async waitingCounts(environment, seller) {
      const counts = { issuing: 0, failed: 0 };
      const found = await rows<{ status: InvoiceStatus; n: number }>(
        `SELECT status, count(*)::int AS n FROM issued_invoice WHERE environment = $1 AND xhdwsbh = $2 AND status IN ('queued', 'issuing', 'failed') GROUP BY status`,
        [environment, seller],
      );
      for (const row of found) counts[row.status === 'failed' ? 'failed' : 'issuing'] += row.n;
      return counts;
    },
    fileSource: async (id, environment, format) =>
      (await first<InvoiceFileSource>(`SELECT lsh, status, ${FILE_COLUMNS[format]} AS url FROM issued_invoice WHERE id = $1 AND environment = $2`, [id, environment])) ?? null,

    invoice: (id: number, environment: Environment) => first<InvoiceRow>(`SELECT ${ROW} FROM issued_invoice WHERE id = $1 AND environment = $2`, [id, environment]),
    lines: (invoiceId) =>
      rows<InvoiceLineRow>(
        `SELECT line_no, spmc, spbm, coalesce(spsl::text, '') AS spsl, coalesce(dj::text, '') AS dj, je, sl, se, lslbs, zzstsgl, kce::text AS kce FROM issued_invoice_line WHERE invoice_id = $1 ORDER BY line_no`,
        [invoiceId],
      ),
    refOf: (id) => first<{ lsh: string; status: InvoiceStatus }>(`SELECT lsh, status FROM issued_invoice WHERE id = $1`, [id]),
    async statesByLsh(lshs) {
      if (lshs.length === 0) return new Map();
      const found = await rows<InvoiceState & { lsh: string }>(`SELECT lsh, status, fpdm, fphm, error_message FROM issued_invoice WHERE lsh = ANY($1::text[])`, [lshs]);
      return new Map(found.map(({ lsh, ...state }) => [lsh, state]));
    },
    reds: async (blueInvoiceId) =>
      (
        await rows<RedRefRow>(
          `SELECT i.id::float8 AS id, i.lsh, i.fplxdm, i.status, r.amount, r.chyydm, i.fpdm, i.fphm, ${isoOf('i.created_at')} AS created_at, i.error_code, i.error_message
             FROM red_reversal r JOIN issued_invoice i ON i.id = r.red_invoice_id WHERE r.blue_invoice_id = $1 ORDER BY i.created_at, i.id`,
          [blueInvoiceId],
        )
      ).map(toRedRef),
    async reversalSums(blueInvoiceId) {
      const row = await first<{ total: string; reversed: string; in_flight: string }>(
        `SELECT b.jshj AS total, ${redSum(`ri.status = 'issued'`)} AS reversed, ${redSum(`ri.status NOT IN ('issued', 'failed')`)} AS in_flight
           FROM issued_invoice b WHERE b.id = $1`,
        [blueInvoiceId],
      );
      if (!row) return { total: new Decimal(0), reversed: new Decimal(0), inFlight: new Decimal(0), state: 'none' };
      const total = new Decimal(row.total);
      const reversed = new Decimal(row.reversed);
      // The same rule as the desk's reversalStateSql (issuance/repo.ts): nothing taken, all of it, or a part.
      const state = reversed.isZero() ? 'none' : reversed.greaterThanOrEqualTo(total) ? 'full' : 'partial';
      return { total, reversed, inFlight: new Decimal(row.in_flight), state };
    },
    async recordReversal(link, now) {
      await connection().query(`INSERT INTO red_reversal (red_invoice_id, blue_invoice_id, amount, chyydm, form_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
        link.redInvoiceId,
        link.blueInvoiceId,
        link.amount,
        link.chyydm,
        link.formId,
        now,
      ]);
    },
    originalOf: (redInvoiceId) =>
      first<OriginalOfRed>(
        `SELECT r.blue_invoice_id::float8 AS blue_invoice_id, r.chyydm, r.form_id::float8 AS form_id, b.fpdm, b.fphm
           FROM red_reversal r JOIN issued_invoice b ON b.id = r.blue_invoice_id WHERE r.red_invoice_id = $1`,
        [redInvoiceId],
      ),
    blueOfRed: async (redInvoiceId) =>
      (await first<{ blue_invoice_id: number }>(`SELECT blue_invoice_id::float8 AS blue_invoice_id FROM red_reversal WHERE red_invoice_id = $1`, [redInvoiceId]))?.blue_invoice_id,
  };
}
