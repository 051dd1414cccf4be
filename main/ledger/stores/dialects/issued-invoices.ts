/**
 * What the issued-invoice store (stores/issued-invoices.ts) does differently on each database, and why:
 * - `insert`: an invoice and its lines go in all together or not at all, even outside a transaction. PostgreSQL
 *   writes both in one statement (the invoice in a data-modifying WITH, its lines from one array a column through
 *   unnest): one round trip on the team's hot path, and atomic by itself; migration 0650's guard then holds the lines
 *   to the transaction that inserted their invoice. SQLite has no INSERT inside WITH: the invoice is inserted
 *   first, then every line in one statement reading the lines from one JSON parameter (json_each), so the desk's
 *   connection keeps one prepared text whatever the line count; a refused line removes the invoice it belonged
 *   to again (a desk may delete its own rows; the triggers keeping its search postings and totals follow).
 *   The line columns differ too: a discount line's quantity and price are '' in SQLite's TEXT, NULL in
 *   PostgreSQL's NUMERIC (pg migration 0615).
 * - `duplicate`: how each database says that a UNIQUE refused the row (the lsh stored twice).
 * - `oneOf`: a column among a list of values in one parameter, whatever the list's length — an array on
 *   PostgreSQL, a JSON array read by json_each on SQLite (SQLite binds no arrays; an IN list of its own
 *   length would leave a prepared statement per length on the desk's connection).
 * - `fen`: money in fen, exactly, to sum. PostgreSQL's NUMERIC is exact as it is (answered as text). SQLite keeps
 *   decimal text, which sum() would add as binary fractions: each amount is rounded to whole fen first — the
 *   same rule as issuance/repo.ts `fen`, which the history's reversal filter runs.
 */
import { sql, type Expression, type Insertable, type RawBuilder, type SqlBool } from 'kysely';
import type { StoredLine } from '../../../../shared/rules/issuance-form/index.js';
import type { LedgerKind } from '../../port.js';
import type { IssuedInvoiceTable } from '../schema/issued-invoices.js';
import type { StoreSql } from '../sql.js';

export interface IssuedDialect {
  /** Inserts the invoice and its lines (numbered from 1 in their order), all or nothing; answers its id. */
  insert(q: StoreSql, invoice: Insertable<IssuedInvoiceTable>, lines: readonly StoredLine[]): Promise<number>;
  /** Whether `error` is a UNIQUE constraint refusing the row. */
  duplicate(error: unknown): boolean;
  /** `column` is one of `values` (text), bound as one parameter. */
  oneOf(column: string, values: readonly string[]): Expression<SqlBool>;
  /** The money column in fen, exact and summable: an integer on SQLite, NUMERIC (as text) on PostgreSQL. */
  fen(column: string): RawBuilder<number | string>;
}

/** A line's fields in the order both databases' statements below read them. */
const LINE_FIELDS = ['spmc', 'spbm', 'spsl', 'dj', 'je', 'sl', 'se', 'lslbs', 'zzstsgl', 'kce'] as const;
const LINE_COLUMNS = ['invoice_id', 'line_no', ...LINE_FIELDS] as const;

const errorCode = (error: unknown) => (error as { code?: unknown }).code;

const sqlite: IssuedDialect = {
  async insert(q, invoice, lines) {
    const { id } = (await q.first(q.db.insertInto('issued_invoice').values(invoice).returning('id')))!;
    if (lines.length === 0) return id;
    // Each line a JSON array of its fields in LINE_FIELDS' order; key is its place in the list.
    const rows = JSON.stringify(lines.map((line) => LINE_FIELDS.map((field) => line[field])));
    const fields = LINE_FIELDS.map((_, index) => sql`json_extract(value, ${sql.lit(`$[${index}]`)})`);
    try {
      await q.write(
        q.db
          .insertInto('issued_invoice_line')
          .columns(LINE_COLUMNS)
          .expression(sql`SELECT ${id}, key + 1, ${sql.join(fields)} FROM json_each(${rows}) ORDER BY key`),
      );
    } catch (error) {
      // No half invoice: its row goes again. Should that fail too, the line's refusal is still what the caller hears.
      await q.write(q.db.deleteFrom('issued_invoice').where('id', '=', id)).catch(() => undefined);
      throw error;
    }
    return id;
  },
  duplicate: (error) => errorCode(error) === 'SQLITE_CONSTRAINT_UNIQUE',
  oneOf: (column, values) => sql<SqlBool>`${sql.ref(column)} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`,
  fen: (column) => sql<number>`CAST(round(CAST(${sql.ref(column)} AS REAL) * 100) AS INTEGER)`,
};

const postgres: IssuedDialect = {
  async insert(q, invoice, lines) {
    const column = (field: (typeof LINE_FIELDS)[number]) => lines.map((line) => line[field]);
    const inserted = await q.first(
      q.db
        .with('invoice', (db) => db.insertInto('issued_invoice').values(invoice).returning('id'))
        .with('lines', (db) =>
          db
            .insertInto('issued_invoice_line')
            .columns(LINE_COLUMNS)
            .expression(
              sql`SELECT invoice.id, l.line_no, l.spmc, l.spbm, nullif(l.spsl, '')::numeric, nullif(l.dj, '')::numeric, l.je::numeric, l.sl,
                         l.se::numeric, l.lslbs, l.zzstsgl, l.kce::numeric
                    FROM invoice, unnest(${sql.join(LINE_FIELDS.map((field) => sql`${column(field)}::text[]`))})
                         WITH ORDINALITY AS l (${sql.raw(LINE_FIELDS.join(', '))}, line_no)`,
            ),
        )
        .selectFrom('invoice')
        .select('id'),
    );
    return inserted!.id;
  },
  duplicate: (error) => errorCode(error) === '23505',
  oneOf: (column, values) => sql<SqlBool>`${sql.ref(column)} = ANY(${values}::text[])`,
  fen: (column) => sql<string>`(${sql.ref(column)} * 100)`,
};

export const issuedDialects: Record<LedgerKind, IssuedDialect> = { sqlite, postgres };
