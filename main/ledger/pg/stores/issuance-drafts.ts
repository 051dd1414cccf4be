/**
 * Drafts of the issuance form on the team ledger (main/features/issuance/store.ts; issuance_draft of
 * migration 0002, its total text since migration 10 — the form's total as shown, like the desk's TEXT — and
 * its 复核 since migration 13). Drafts of one environment and enterprise; drafts without an enterprise show
 * for every one, as on the desk. A review moves only from the state its statement names, so of two desks
 * deciding the same draft at once the second finds nothing to change (READ COMMITTED re-checks the WHERE
 * on the row the first one committed).
 */
import { DRAFT_COLUMNS, toDraftSummary, type DraftRow } from '../../../features/issuance/rows.js';
import type { IssuanceDraftStore } from '../../../features/issuance/store.js';
import type { Queryable } from '../outbox.js';
import { isoOf } from './issued-invoices.js';

const TIMES: ReadonlySet<string> = new Set(['updated_at', 'requested_at', 'reviewed_at']);
const COLUMNS = DRAFT_COLUMNS.map((column) => (column === 'id' ? 'id::float8 AS id' : TIMES.has(column) ? `${isoOf(column)} AS ${column}` : column)).join(', ');
const IN_SCOPE = `environment = $1 AND coalesce(enterprise, $2) = $2`;
// In an UPDATE's SET every column reads the row as it was: the content before this save.
const UNCHANGED = 'content = $6';
const KEEP_IF_UNCHANGED = ['requested_by', 'requested_at', 'reviewed_by', 'reviewed_at', 'review_note'].map((column) => `${column} = CASE WHEN ${UNCHANGED} THEN ${column} END`).join(', ');

export function createPgDraftStore(connection: () => Queryable): IssuanceDraftStore {
  const rows = async (sql: string, values: unknown[]): Promise<DraftRow[]> => (await connection().query<DraftRow>(sql, values)).rows;
  const one = async (sql: string, values: unknown[]) => {
    const [row] = await rows(sql, values);
    return row ? toDraftSummary(row) : null;
  };
  return {
    save(scope, values, now, id) {
      const params = [scope.environment, scope.enterprise, values.invoiceType, values.buyerName, values.total, values.content, now];
      return id === undefined
        ? one(
            `INSERT INTO issuance_draft (environment, enterprise, fplxdm, ghdwmc, jshj, content, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING ${COLUMNS}`,
            params,
          )
        : one(
            `UPDATE issuance_draft SET fplxdm = $3, ghdwmc = $4, jshj = $5, content = $6, updated_at = $7,
               review_state = CASE WHEN ${UNCHANGED} THEN review_state ELSE 'none' END, ${KEEP_IF_UNCHANGED}
             WHERE id = $8 AND ${IN_SCOPE} RETURNING ${COLUMNS}`,
            [...params, id],
          );
    },
    list: async (scope, reviewState) =>
      (
        await rows(`SELECT ${COLUMNS} FROM issuance_draft WHERE ${IN_SCOPE} AND ($3::text IS NULL OR review_state = $3) ORDER BY updated_at DESC, id DESC LIMIT 200`, [
          scope.environment,
          scope.enterprise,
          reviewState ?? null,
        ])
      ).map(toDraftSummary),
    async load(scope, id) {
      const [row] = await rows(`SELECT ${COLUMNS} FROM issuance_draft WHERE ${IN_SCOPE} AND id = $3`, [scope.environment, scope.enterprise, id]);
      return row ? { ...toDraftSummary(row), content: row.content } : null;
    },
    delete: async (scope, id) => ((await connection().query(`DELETE FROM issuance_draft WHERE ${IN_SCOPE} AND id = $3`, [scope.environment, scope.enterprise, id])).rowCount ?? 0) > 0,
    requestReview: (scope, id, by, now) =>
      one(
        `UPDATE issuance_draft SET review_state = 'pending', requested_by = $4, requested_at = $5, reviewed_by = NULL, reviewed_at = NULL, review_note = NULL
         WHERE ${IN_SCOPE} AND id = $3 AND review_state IN ('none', 'returned') RETURNING ${COLUMNS}`,
        [scope.environment, scope.enterprise, id, by, now],
      ),
    decide: (scope, id, requestedAt, decision, now) =>
      one(
        `UPDATE issuance_draft SET review_state = $5, reviewed_by = $6, reviewed_at = $7, review_note = $8
         WHERE ${IN_SCOPE} AND id = $3 AND review_state = 'pending' AND requested_at = $4::timestamptz RETURNING ${COLUMNS}`,
        [scope.environment, scope.enterprise, id, requestedAt, decision.state, decision.by, now, decision.note],
      ),
    async take(scope, id) {
      const taken = await connection().query(`DELETE FROM issuance_draft WHERE ${IN_SCOPE} AND id = $3 AND review_state <> 'pending'`, [scope.environment, scope.enterprise, id]);
      if ((taken.rowCount ?? 0) > 0) return 'taken';
      const [left] = await rows(`SELECT ${COLUMNS} FROM issuance_draft WHERE ${IN_SCOPE} AND id = $3`, [scope.environment, scope.enterprise, id]);
      return left ? 'pending' : 'gone';
    },
  };
}
