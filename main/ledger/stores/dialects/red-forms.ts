/**
 * What the red-letter form store (stores/red-forms.ts) does differently on each database, and why:
 * - `matches`: the 红字信息表 list finds a form by serial, number or buyer ignoring the case of letters.
 *   SQLite's LIKE already ignores the case of ASCII letters; PostgreSQL's LIKE does not, its ILIKE does.
 * - `holdBlue`: two desks reversing one blue invoice take what is left of it one after the other. PostgreSQL
 *   needs a transaction-scoped advisory lock keyed by the invoice; on SQLite the desk's transaction (BEGIN
 *   IMMEDIATE) already holds the whole file, so nothing is locked — a statement that reads nothing still
 *   goes through the store's connection, which refuses a transaction that has ended, as every call does.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { likeArg } from '../scope.js';
import type { StoreSql } from '../sql.js';

export interface RedFormDialect {
  /** `column` contains `text` literally (wildcards escaped), whatever the case of its letters. */
  matches(column: string, text: string): Expression<SqlBool>;
  /** Holds blue invoice `blueInvoiceId`'s reversals until the calling transaction ends. */
  holdBlue(q: StoreSql, blueInvoiceId: number): Promise<void>;
}

const sqlite: RedFormDialect = {
  matches: (column, text) => sql<SqlBool>`${sql.ref(column)} LIKE ${likeArg(text)} ESCAPE '\\'`,
  holdBlue: async (q) => void (await q.first(q.db.selectNoFrom(sql<number>`1`.as('held')))),
};

const postgres: RedFormDialect = {
  matches: (column, text) => sql<SqlBool>`${sql.ref(column)} ILIKE ${likeArg(text)} ESCAPE '\\'`,
  // The lock class of a blue invoice's reversals; the invoice's id, folded into an integer, is the second key.
  holdBlue: async (q, blueInvoiceId) =>
    void (await q.first(q.db.selectNoFrom(sql`pg_advisory_xact_lock(hashtext('fapiao.reversal'), (${blueInvoiceId}::bigint % 2147483647)::integer)`.as('held')))),
};

export const redFormDialects = { sqlite, postgres } as const;
