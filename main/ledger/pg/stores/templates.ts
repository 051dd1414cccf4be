/**
 * 常用发票 on a team's PostgreSQL (the template store of the ledger port, main/features/templates/store.ts): the
 * desk repo's statements (main/features/templates/repo.ts) for the team ledger's `invoice_template` (pg
 * migrations 2 and 7), scoped to one enterprise the same way, signed with the acting clerk. Names sort bytewise
 * (COLLATE "C") as SQLite sorts them.
 */
import { storedEnterprise, type EnterpriseScope } from '../../../db/enterprise-scope.js';
import { likeArg, templateEntry, type TemplateRow } from '../../../features/templates/repo.js';
import type { TemplateStore } from '../../../features/templates/store.js';
import type { Queryable } from '../outbox.js';
import { isoText } from './sql.js';

const COLUMNS = `id::float8 AS id, name, fplxdm, ghdwmc, content, ${isoText('used_at')} AS used_at`;
const IN_SCOPE = '(enterprise = $1 OR ($2 AND enterprise IS NULL))';
const scopeArgs = (scope: EnterpriseScope) => [scope.enterprise, scope.own];

export function createPgTemplateStore(connection: () => Queryable, actor: () => string | null): TemplateStore {
  const rows = async (sql: string, args: unknown[]) => (await connection().query<TemplateRow>(sql, args)).rows;
  const byName = async (scope: EnterpriseScope, name: string) => {
    const [row] = await rows(`SELECT ${COLUMNS} FROM invoice_template WHERE ${IN_SCOPE} AND name = $3`, [...scopeArgs(scope), name]);
    return row ? templateEntry(row) : null;
  };
  return {
    list: async (scope, query, limit) =>
      (
        await rows(
          `SELECT ${COLUMNS} FROM invoice_template WHERE ${IN_SCOPE} AND (name LIKE $3 OR ghdwmc LIKE $3)
            ORDER BY used_at IS NULL, invoice_template.used_at DESC, name COLLATE "C" LIMIT $4`,
          [...scopeArgs(scope), likeArg(query), limit],
        )
      ).map(templateEntry),
    byName,
    async save(scope, values, now, replaceId) {
      const fields = [values.invoiceType, values.buyerName, values.content, now, actor()];
      if (replaceId === undefined) {
        await connection().query(
          `INSERT INTO invoice_template (enterprise, name, fplxdm, ghdwmc, content, created_at, updated_at, created_by, updated_by)
           VALUES ($6, $7, $1, $2, $3, $4, $4, $5, $5)`,
          [...fields, storedEnterprise(scope), values.name],
        );
      } else {
        await connection().query(
          `UPDATE invoice_template SET fplxdm = $1, ghdwmc = $2, content = $3, updated_at = $4, updated_by = $5
            WHERE id = $6 AND (enterprise = $7 OR ($8 AND enterprise IS NULL))`,
          [...fields, replaceId, ...scopeArgs(scope)],
        );
      }
      return (await byName(scope, values.name))!;
    },
    async open(scope, id, now) {
      const [row] = await rows(
        `UPDATE invoice_template SET used_at = $4 WHERE id = $3 AND ${IN_SCOPE}
         RETURNING id::float8 AS id, name, fplxdm, ghdwmc, content, ${isoText('used_at')} AS used_at`,
        [...scopeArgs(scope), id, now],
      );
      return row ? { ...templateEntry(row), content: row.content } : null;
    },
    delete: async (scope, id) => ((await connection().query(`DELETE FROM invoice_template WHERE id = $3 AND ${IN_SCOPE}`, [...scopeArgs(scope), id])).rowCount ?? 0) > 0,
  };
}
