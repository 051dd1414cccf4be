/**
 * What the received-invoice store (stores/received.ts) does differently on each database, and why:
 * - `now`: the time a write stamps. The desk stamps its own clock, read per call in JavaScript (so a test that
 *   sets the clock sets it); a team's ledger stamps the server's (`now()`), one clock for every desk writing it.
 * - `ledger`: the table a ledger page or export reads. SQLite is told to walk `received_invoice_enterprise_ledger`
 *   (migration 0430) with INDEXED BY — its planner would otherwise take a filter's index and sort, and page
 *   2,000 would cost what the whole ledger costs; PostgreSQL has no such hint and needs none (its
 *   `received_invoice_ledger` index on the same columns, pg migration 0471).
 * - `seller`: the seller filter ignores the case of letters: SQLite's LIKE already ignores ASCII case,
 *   PostgreSQL's does not, its ILIKE does.
 * - `fen`: a money column as fen, for the ledger's totals. The desk keeps money as decimal text, read as a REAL
 *   and rounded to whole fen (exact for amounts of two decimals; '' is no amount); the team keeps NUMERIC,
 *   exact as it is.
 * - `refusal`: which unique constraint refused a write; the two drivers report it differently (better-sqlite3
 *   names the columns in its message, node-pg the constraint).
 */
import { sql, type Expression, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { LedgerKind } from '../../port.js';
import type { LedgerSchema } from '../schema/index.js';
import type { StoreSql } from '../sql.js';

export interface ReceivedDialect {
  now(): Expression<string>;
  ledger(q: StoreSql): LedgerFrom;
  seller: 'like' | 'ilike';
  fen(column: string): RawBuilder<number | null>;
  /** 'file' (the same file) or 'invoice' (a second original of its key) when `error` is such a refusal; null otherwise. */
  refusal(error: unknown): 'file' | 'invoice' | null;
}

type LedgerFrom = SelectQueryBuilder<LedgerSchema, 'received_invoice', object>;

const ledgerOf = (q: StoreSql): LedgerFrom => q.db.selectFrom('received_invoice');

const sqlite: ReceivedDialect = {
  now: () => sql.val(new Date().toISOString()),
  // Typed as the plain table: INDEXED BY only steers SQLite's planner, the rows are the table's.
  ledger: (q) => q.db.selectFrom(sql`received_invoice INDEXED BY received_invoice_enterprise_ledger` as unknown as 'received_invoice'),
  seller: 'like',
  fen: (column) => sql<number | null>`CAST(round(CAST(NULLIF(${sql.ref(column)}, '') AS REAL) * 100) AS INTEGER)`,
  refusal(error) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (code !== 'SQLITE_CONSTRAINT_UNIQUE' || typeof message !== 'string' || !message.includes('received_invoice.')) return null;
    return message.includes('file_hash') ? 'file' : 'invoice';
  },
};

const postgres: ReceivedDialect = {
  now: () => sql<string>`now()`,
  ledger: ledgerOf,
  seller: 'ilike',
  fen: (column) => sql<number | null>`${sql.ref(column)} * 100`,
  refusal(error) {
    const { code, constraint } = error as { code?: unknown; constraint?: unknown };
    if (code !== '23505' || typeof constraint !== 'string' || !constraint.startsWith('received_invoice')) return null;
    return constraint.includes('file_hash') ? 'file' : 'invoice';
  },
};

export const receivedDialects: Record<LedgerKind, ReceivedDialect> = { sqlite, postgres };
