/**
 * Drafts of the issuance form on the team ledger (main/features/issuance/store.ts; issuance_draft of
 * migration 0002, its total text since migration 10 — the form's total as shown, like the desk's TEXT).
 * Drafts of one environment and enterprise; drafts without an enterprise show for every one, as on the desk.
 */
import { toDraftSummary, type DraftRow } from '../../../features/issuance/rows.js';
import type { IssuanceDraftStore } from '../../../features/issuance/store.js';
import type { Queryable } from '../outbox.js';
import { isoOf } from './issued-invoices.js';

const COLUMNS = `id::float8 AS id, fplxdm, ghdwmc, jshj, content, ${isoOf('updated_at')} AS updated_at`;
const IN_SCOPE = `environment = $1 AND coalesce(enterprise, $2) = $2`;

export function createPgDraftStore(connection: () => Queryable): IssuanceDraftStore {
  const rows = async (sql: string, values: unknown[]): Promise<DraftRow[]> => (await connection().query<DraftRow>(sql, values)).rows;
  return {
    async save(scope, values, now, id) {
      const params = [scope.environment, scope.enterprise, values.invoiceType, values.buyerName, values.total, values.content, now];
      const [row] =
        id === undefined
          ? await rows(
              `INSERT INTO issuance_draft (environment, enterprise, fplxdm, ghdwmc, jshj, content, created_at, updated_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING ${COLUMNS}`,
              params,
            )
          : await rows(
              `UPDATE issuance_draft SET fplxdm = $3, ghdwmc = $4, jshj = $5, content = $6, updated_at = $7 WHERE id = $8 AND ${IN_SCOPE} RETURNING ${COLUMNS}`,
              [...params, id],
            );
      return row ? toDraftSummary(row) : null;
    },
    list: async (scope) =>
      (await rows(`SELECT ${COLUMNS} FROM issuance_draft WHERE ${IN_SCOPE} ORDER BY updated_at DESC, id DESC LIMIT 200`, [scope.environment, scope.enterprise])).map(
        toDraftSummary,
      ),
    async load(scope, id) {
      const [row] = await rows(`SELECT ${COLUMNS} FROM issuance_draft WHERE ${IN_SCOPE} AND id = $3`, [scope.environment, scope.enterprise, id]);
      return row ? { ...toDraftSummary(row), content: row.content } : null;
    },
    delete: async (scope, id) => ((await connection().query(`DELETE FROM issuance_draft WHERE ${IN_SCOPE} AND id = $3`, [scope.environment, scope.enterprise, id])).rowCount ?? 0) > 0,
  };
}
