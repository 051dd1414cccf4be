/**
 * The customer and product libraries (the library store of the ledger port, main/features/libraries/store.ts),
 * the one implementation for both databases: the owner of `customer` and `product`. Every statement is scoped
 * to the enterprise the call names (the desk's own also owns the rows of none, main/db/enterprise-scope.ts);
 * writes are signed with the acting clerk. On PostgreSQL every statement is plain SQL under the desk login's
 * rights (pg migration 0650: row-level security keeps a clerk to their enterprises, triggers sign and check the
 * statement's right); the store needs no definer function there.
 *
 * Search is the same `LIKE` on both databases, the clerk's text taken literally (scope.ts `contains`), over
 * one enterprise's rows (the `enterprise` index) with no text index, as both stores this one replaces searched:
 * nothing truly differs, so there is no dialect module. Each database keeps its own LIKE as they did: SQLite's
 * ignores the case of ASCII letters, PostgreSQL's does not.
 *
 * Cost: a spreadsheet import (up to 10 000 rows, service.ts) stores each row through entries.ts, two or three
 * statements a row, each compiled by Kysely per call — about 13 µs a statement measured, beside the row's own
 * lookup and write; SQLite's prepared statements are reused (sql.ts).
 */
import { sql, type ExpressionBuilder, type SqlBool, type Expression } from 'kysely';
import type { Customer, Product } from '../../../shared/ipc/index.js';
import { storedEnterprise, type EnterpriseScope } from '../../db/enterprise-scope.js';
import type { CustomerFields, LibraryKind, LibraryStore, ProductFields } from '../../features/libraries/store.js';
import type { LedgerSchema } from './schema/index.js';
import type { CustomerTable, ProductTable } from './schema/libraries.js';
import { contains, inScope } from './scope.js';
import type { StoreSql } from './sql.js';

const CUSTOMER_COLUMNS = ['id', 'ghdwmc', 'ghdwsbh', 'ghdwdz', 'ghdwdh', 'ghdwyh', 'ghdwzh', 'email', 'phone'] as const;
const PRODUCT_COLUMNS = ['id', 'spmc', 'spbm', 'ggxh', 'dw', 'dj', 'sl', 'lslbs', 'zzstsgl'] as const;
/** What a search matches: a customer's name or tax ID; a product's name, tax code or specification. */
const CUSTOMER_SEARCHED = ['ghdwmc', 'ghdwsbh'] as const;
const PRODUCT_SEARCHED = ['spmc', 'spbm', 'ggxh'] as const;

type CustomerRow = Pick<CustomerTable, Exclude<(typeof CUSTOMER_COLUMNS)[number], 'id'>> & { id: number };
type ProductRow = Pick<ProductTable, Exclude<(typeof PRODUCT_COLUMNS)[number], 'id'>> & { id: number };

/** Drops nulls so the IPC shape carries only what is set (its optional fields refuse null). */
function present<T extends Record<string, unknown>>(value: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null)) as { [K in keyof T]: Exclude<T[K], null> };
}

const toCustomer = (row: CustomerRow): Customer =>
  present({
    id: row.id,
    name: row.ghdwmc,
    taxNumber: row.ghdwsbh,
    address: row.ghdwdz,
    phone: row.ghdwdh,
    bank: row.ghdwyh,
    account: row.ghdwzh,
    email: row.email,
    mobile: row.phone,
  });

const toProduct = (row: ProductRow): Product =>
  present({
    id: row.id,
    name: row.spmc,
    taxCode: row.spbm,
    specification: row.ggxh,
    unit: row.dw,
    unitPrice: row.dj,
    rate: row.sl,
    specialLevy: row.lslbs,
    preferentialPolicy: row.zzstsgl,
  });

const customerValues = (f: CustomerFields) => ({
  ghdwmc: f.name,
  ghdwsbh: f.taxNumber,
  ghdwdz: f.address,
  ghdwdh: f.phone,
  ghdwyh: f.bank,
  ghdwzh: f.account,
  email: f.email,
  phone: f.mobile,
});

const productValues = (f: ProductFields) => ({
  spmc: f.name,
  spbm: f.taxCode,
  ggxh: f.specification,
  dw: f.unit,
  dj: f.unitPrice,
  sl: f.rate,
  lslbs: f.specialLevy,
  zzstsgl: f.preferentialPolicy,
  // yhzcbs (preferential policy used) follows from whether a policy code is set.
  yhzcbs: f.preferentialPolicy ? ('1' as const) : ('0' as const),
});

type LibraryTable = 'customer' | 'product';
const COUNT = (eb: ExpressionBuilder<LedgerSchema, LibraryTable>) => eb.fn.countAll<number>().as('n');

/** A product's specification with none as '' (its identity, as the unique index spells it). */
const noSpecAsEmpty = (column: string) => sql<string>`coalesce(${sql.ref(column)}, '')`;
const s = (column: string) => sql.ref(`s.${column}`);
const t = (column: string) => sql.ref(`t.${column}`);

/**
 * What a copy takes of a source entry `s`, and how it tells that the target has an entry `t` already: by
 * identity (the unique indexes of SQLite 0460 and PostgreSQL 0471) — a customer's tax ID, else its name among
 * those without one; a product's name and specification.
 */
const COPIED: Record<LibraryKind, { table: LibraryTable; columns: readonly string[]; same: Expression<SqlBool> }> = {
  customers: {
    table: 'customer',
    columns: ['ghdwmc', 'ghdwsbh', 'ghdwdz', 'ghdwdh', 'ghdwyh', 'ghdwzh', 'email', 'phone'],
    same: sql<SqlBool>`(${t('ghdwsbh')} = ${s('ghdwsbh')} OR (${s('ghdwsbh')} IS NULL AND ${t('ghdwsbh')} IS NULL AND ${t('ghdwmc')} = ${s('ghdwmc')}))`,
  },
  products: {
    table: 'product',
    columns: ['spmc', 'spbm', 'ggxh', 'dw', 'dj', 'sl', 'lslbs', 'zzstsgl', 'yhzcbs'],
    same: sql<SqlBool>`${t('spmc')} = ${s('spmc')} AND ${noSpecAsEmpty('t.ggxh')} = ${noSpecAsEmpty('s.ggxh')}`,
  },
};

export function createLibraryStore(q: StoreSql, actor: () => string | null): LibraryStore {
  const customers = (scope: EnterpriseScope) => q.db.selectFrom('customer').where(inScope(scope));
  const products = (scope: EnterpriseScope) => q.db.selectFrom('product').where(inScope(scope));
  const oneCustomer = async (query: ReturnType<typeof customers>) => {
    const row = await q.first(query.select(CUSTOMER_COLUMNS));
    return row ? toCustomer(row) : null;
  };
  const oneProduct = async (query: ReturnType<typeof products>) => {
    const row = await q.first(query.select(PRODUCT_COLUMNS));
    return row ? toProduct(row) : null;
  };
  // No search (none, or an empty one) is no condition at all.
  const customersFound = (scope: EnterpriseScope, query: string | undefined) =>
    query ? customers(scope).where((eb) => eb.or(CUSTOMER_SEARCHED.map((column) => contains(column, query)))) : customers(scope);
  const productsFound = (scope: EnterpriseScope, query: string | undefined) =>
    query ? products(scope).where((eb) => eb.or(PRODUCT_SEARCHED.map((column) => contains(column, query)))) : products(scope);

  return {
    // A page, most recently changed first, and how many match (the same search twice).
    async listCustomers(scope, query, limit, offset) {
      const found = customersFound(scope, query);
      const [rows, count] = await Promise.all([
        q.all(found.select(CUSTOMER_COLUMNS).orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset)),
        q.first(found.select(COUNT)),
      ]);
      return { rows: rows.map(toCustomer), total: count?.n ?? 0 };
    },
    customer: (scope, id) => oneCustomer(customers(scope).where('id', '=', id)),
    customerByTaxNumber: (scope, taxNumber) => oneCustomer(customers(scope).where('ghdwsbh', '=', taxNumber)),
    customerByUntaxedName: (scope, name) => oneCustomer(customers(scope).where('ghdwsbh', 'is', null).where('ghdwmc', '=', name)),
    async insertCustomer(scope, fields, environment, now) {
      const by = actor();
      const values = { ...customerValues(fields), environment, enterprise: storedEnterprise(scope), created_at: now, updated_at: now, created_by: by, updated_by: by };
      return (await q.first(q.db.insertInto('customer').values(values).returning('id')))!.id;
    },
    async updateCustomer(scope, id, fields, now) {
      await q.write(q.db.updateTable('customer').set({ ...customerValues(fields), updated_at: now, updated_by: actor() }).where('id', '=', id).where(inScope(scope)));
    },
    deleteCustomer: async (scope, id) => (await q.write(q.db.deleteFrom('customer').where('id', '=', id).where(inScope(scope)))) > 0,

    async listProducts(scope, query, limit, offset) {
      const found = productsFound(scope, query);
      const [rows, count] = await Promise.all([
        q.all(found.select(PRODUCT_COLUMNS).orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset)),
        q.first(found.select(COUNT)),
      ]);
      return { rows: rows.map(toProduct), total: count?.n ?? 0 };
    },
    product: (scope, id) => oneProduct(products(scope).where('id', '=', id)),
    productByIdentity: (scope, name, specification) =>
      oneProduct(products(scope).where('spmc', '=', name).where(noSpecAsEmpty('ggxh'), '=', specification ?? '')),
    async insertProduct(scope, fields, environment, now) {
      const by = actor();
      const values = { ...productValues(fields), environment, enterprise: storedEnterprise(scope), created_at: now, updated_at: now, created_by: by, updated_by: by };
      return (await q.first(q.db.insertInto('product').values(values).returning('id')))!.id;
    },
    async updateProduct(scope, id, fields, now) {
      await q.write(q.db.updateTable('product').set({ ...productValues(fields), updated_at: now, updated_by: actor() }).where('id', '=', id).where(inScope(scope)));
    },
    deleteProduct: async (scope, id) => (await q.write(q.db.deleteFrom('product').where('id', '=', id).where(inScope(scope)))) > 0,

    async copyLibrary(target, kind, from, environment, now) {
      const { table, columns, same } = COPIED[kind];
      const count = await q.first(q.db.selectFrom(table).select(COUNT).where(inScope(from)));
      const by = actor();
      // One INSERT … SELECT: the source's entries, oldest first, that the target has not got by identity.
      const source = q.db
        .selectFrom(`${table} as s` as 'customer as s')
        .select([
          sql.val(environment).as('environment'),
          sql.val(storedEnterprise(target)).as('enterprise'),
          ...columns.map((column) => sql.ref(`s.${column}`).as(column)),
          sql.val(now).as('created_at'),
          sql.val(now).as('updated_at'),
          sql.val(by).as('created_by'),
          sql.val(by).as('updated_by'),
        ])
        .where(inScope(from, 's.enterprise'))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom(`${table} as t` as 'customer as t')
                .select(sql.lit(1).as('one'))
                .where(inScope(target, 't.enterprise'))
                .where(same),
            ),
          ),
        )
        .orderBy('s.id');
      const copied = await q.all(
        q.db
          .insertInto(table)
          .columns(['environment', 'enterprise', ...columns, 'created_at', 'updated_at', 'created_by', 'updated_by'] as never)
          .expression(source)
          .returning('id'),
      );
      // RETURNING's order is not promised on PostgreSQL; the ids are, ascending with the source's order.
      return { ids: copied.map((row) => row.id).sort((a, b) => a - b), total: count?.n ?? 0 };
    },
  };
}
