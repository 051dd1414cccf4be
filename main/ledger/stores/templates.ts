/**
 * 常用发票 (the template store of the ledger port, main/features/templates/store.ts), the one implementation for
 * both databases: the owner of `invoice_template`. Each enterprise has its own templates, so every statement is
 * scoped to the one the call names; saves are signed with the acting clerk. Few templates per enterprise (tens):
 * a LIKE over the names is instant; recently used first.
 */
import { sql } from 'kysely';
import { storedEnterprise, type EnterpriseScope } from '../../db/enterprise-scope.js';
import type { TemplateEntry, TemplateStore } from '../../features/templates/store.js';
import { contains, inScope } from './scope.js';
import type { StoreSql } from './sql.js';

const COLUMNS = ['id', 'name', 'fplxdm', 'ghdwmc', 'content', 'used_at'] as const;

const entry = (row: { id: number; name: string; fplxdm: TemplateEntry['invoiceType']; ghdwmc: string; used_at: string | null }): TemplateEntry => ({
  id: row.id,
  name: row.name,
  invoiceType: row.fplxdm,
  buyerName: row.ghdwmc,
  usedAt: row.used_at,
});

export function createTemplateStore(q: StoreSql, actor: () => string | null): TemplateStore {
  const templates = (scope: EnterpriseScope) => q.db.selectFrom('invoice_template').select(COLUMNS).where(inScope(scope));
  const byName = async (scope: EnterpriseScope, name: string) => {
    const row = await q.first(templates(scope).where('name', '=', name));
    return row ? entry(row) : null;
  };
  return {
    list: async (scope, query, limit) =>
      (
        await q.all(
          templates(scope)
            .where((eb) => eb.or([contains('name', query), contains('ghdwmc', query)]))
            .orderBy(sql`used_at IS NULL`)
            .orderBy('used_at', 'desc')
            .orderBy(q.bytewise('name'))
            .limit(limit),
        )
      ).map(entry),
    byName,
    async save(scope, values, now, replaceId) {
      const fields = { fplxdm: values.invoiceType, ghdwmc: values.buyerName, content: values.content, updated_at: now, updated_by: actor() };
      if (replaceId === undefined) {
        await q.write(
          q.db.insertInto('invoice_template').values({ ...fields, enterprise: storedEnterprise(scope), name: values.name, created_at: now, created_by: fields.updated_by }),
        );
      } else {
        await q.write(q.db.updateTable('invoice_template').set(fields).where('id', '=', replaceId).where(inScope(scope)));
      }
      return (await byName(scope, values.name))!;
    },
    async open(scope, id, now) {
      const row = await q.first(templates(scope).where('id', '=', id));
      if (!row) return null;
      await q.write(q.db.updateTable('invoice_template').set({ used_at: now }).where('id', '=', id).where(inScope(scope)));
      return { ...entry({ ...row, used_at: now }), content: row.content };
    },
    delete: async (scope, id) => (await q.write(q.db.deleteFrom('invoice_template').where('id', '=', id).where(inScope(scope)))) > 0,
  };
}
