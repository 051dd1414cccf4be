/**
 * SQL of 常用发票 (invoice templates) on the desk's SQLite: the one owner of the invoice_template table there,
 * wrapped as the SQLite ledger's template store (main/ledger/sqlite/templates.ts; PostgreSQL's is
 * main/ledger/pg/stores/templates.ts). Each enterprise has its own templates (migration 0460): every
 * statement is scoped to the one the call names (main/db/enterprise-scope.ts).
 */
import { actorOf } from '../../db/actor.js';
import type { Db } from '../../db/open.js';
import { IN_SCOPE, scopeParams, storedEnterprise, type EnterpriseScope, type ScopeParams } from '../../db/enterprise-scope.js';
import type { InvoiceType } from '../../../shared/ipc/index.js';
import type { TemplateEntry, TemplateValues } from './store.js';

export interface TemplateRow {
  id: number;
  name: string;
  fplxdm: InvoiceType;
  ghdwmc: string;
  content: string;
  used_at: string | null;
}

export const templateEntry = (row: TemplateRow): TemplateEntry => ({ id: row.id, name: row.name, invoiceType: row.fplxdm, buyerName: row.ghdwmc, usedAt: row.used_at });
/** LIKE with the clerk's text taken literally (a % or _ in a name is a character, not a wildcard). */
export const likeArg = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

type Scoped = ScopeParams;
const COLUMNS = 'id, name, fplxdm, ghdwmc, content, used_at';

export function createTemplateRepo(db: Db) {
  // Few templates per enterprise (tens): a LIKE over the names is instant; recently used first.
  const list = db.prepare<[Scoped & { q: string; limit: number }], TemplateRow>(
    `SELECT ${COLUMNS} FROM invoice_template
      WHERE ${IN_SCOPE} AND (name LIKE @q ESCAPE '\\' OR ghdwmc LIKE @q ESCAPE '\\')
      ORDER BY used_at IS NULL, used_at DESC, name LIMIT @limit`,
  );
  const byName = db.prepare<[Scoped & { name: string }], TemplateRow>(`SELECT ${COLUMNS} FROM invoice_template WHERE ${IN_SCOPE} AND name = @name`);
  const byId = db.prepare<[Scoped & { id: number }], TemplateRow>(`SELECT ${COLUMNS} FROM invoice_template WHERE ${IN_SCOPE} AND id = @id`);
  const insert = db.prepare(
    `INSERT INTO invoice_template (enterprise, name, fplxdm, ghdwmc, content, created_at, updated_at, created_by, updated_by)
     VALUES (@enterprise, @name, @fplxdm, @ghdwmc, @content, @now, @now, @by, @by)`,
  );
  const update = db.prepare(`UPDATE invoice_template SET fplxdm = @fplxdm, ghdwmc = @ghdwmc, content = @content, updated_at = @now, updated_by = @by WHERE id = @id AND ${IN_SCOPE}`);
  const touch = db.prepare(`UPDATE invoice_template SET used_at = @now WHERE id = @id AND ${IN_SCOPE}`);
  const remove = db.prepare(`DELETE FROM invoice_template WHERE id = @id AND ${IN_SCOPE}`);

  // Every method takes the scope it works in (the active enterprise's, read by the feature at each call).
  return {
    list: (scope: EnterpriseScope, query: string, limit: number): TemplateEntry[] => list.all({ ...scopeParams(scope), q: likeArg(query), limit }).map(templateEntry),
    byName: (scope: EnterpriseScope, name: string): TemplateEntry | null => {
      const row = byName.get({ ...scopeParams(scope), name });
      return row ? templateEntry(row) : null;
    },
    save(scope: EnterpriseScope, values: TemplateValues, now: string, replaceId?: number): TemplateEntry {
      const params = { name: values.name, fplxdm: values.invoiceType, ghdwmc: values.buyerName, content: values.content, now, by: actorOf(db) };
      if (replaceId === undefined) insert.run({ ...params, enterprise: storedEnterprise(scope) });
      else update.run({ ...params, ...scopeParams(scope), id: replaceId });
      return templateEntry(byName.get({ ...scopeParams(scope), name: values.name })!);
    },
    open(scope: EnterpriseScope, id: number, now: string): (TemplateEntry & { content: string }) | null {
      const row = byId.get({ ...scopeParams(scope), id });
      if (!row) return null;
      touch.run({ ...scopeParams(scope), now, id });
      return { ...templateEntry({ ...row, used_at: now }), content: row.content };
    },
    delete: (scope: EnterpriseScope, id: number): boolean => remove.run({ ...scopeParams(scope), id }).changes > 0,
  };
}
