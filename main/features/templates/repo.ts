/**
 * SQL of 常用发票 (invoice templates): the one owner of the invoice_template table. Each enterprise has its own
 * templates (migration 0460): every statement is scoped to the active one (main/db/enterprise-scope.ts).
 */
import { actorOf } from '../../db/actor.js';
import type { Db } from '../../db/open.js';
import { IN_SCOPE, scopeParams, storedEnterprise, type EnterpriseScope, type ScopeParams } from '../../db/enterprise-scope.js';
import type { InvoiceType } from '../../../shared/ipc/index.js';

interface TemplateRow {
  id: number;
  name: string;
  fplxdm: InvoiceType;
  ghdwmc: string;
  content: string;
  used_at: string | null;
}

export interface TemplateEntry {
  id: number;
  name: string;
  invoiceType: InvoiceType;
  buyerName: string;
  usedAt: string | null;
}

const entry = (row: TemplateRow): TemplateEntry => ({ id: row.id, name: row.name, invoiceType: row.fplxdm, buyerName: row.ghdwmc, usedAt: row.used_at });
/** LIKE with the clerk's text taken literally (a % or _ in a name is a character, not a wildcard). */
const likeArg = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

type Scoped = ScopeParams;
const COLUMNS = 'id, name, fplxdm, ghdwmc, content, used_at';

export function createTemplateRepo(db: Db, scopeOf: () => EnterpriseScope) {
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
  const scoped = () => scopeParams(scopeOf());

  return {
    /** The scope every call works in (the active enterprise's, read at each call). */
    scope: scopeOf,
    list: (query: string, limit: number): TemplateEntry[] => list.all({ ...scoped(), q: likeArg(query), limit }).map(entry),
    byName: (name: string): TemplateEntry | undefined => {
      const row = byName.get({ ...scoped(), name });
      return row ? entry(row) : undefined;
    },
    save(values: { name: string; invoiceType: InvoiceType; buyerName: string; content: string }, now: string, replaceId?: number): TemplateEntry {
      const params = { name: values.name, fplxdm: values.invoiceType, ghdwmc: values.buyerName, content: values.content, now, by: actorOf(db) };
      const scope = scopeOf();
      if (replaceId === undefined) insert.run({ ...params, enterprise: storedEnterprise(scope) });
      else update.run({ ...params, ...scopeParams(scope), id: replaceId });
      return entry(byName.get({ ...scopeParams(scope), name: values.name })!);
    },
    /** Reads a template and notes that it was used (recently used ones come first). */
    open(id: number, now: string): (TemplateEntry & { content: string }) | undefined {
      const row = byId.get({ ...scoped(), id });
      if (!row) return undefined;
      touch.run({ ...scoped(), now, id });
      return { ...entry({ ...row, used_at: now }), content: row.content };
    },
    delete: (id: number): boolean => remove.run({ ...scoped(), id }).changes > 0,
  };
}
