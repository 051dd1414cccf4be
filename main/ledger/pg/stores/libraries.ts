/**
 * The customer and product libraries on a team's PostgreSQL (the library store of the ledger port,
 * main/features/libraries/store.ts): the statements of the desk's repo (main/features/libraries/repo.ts)
 * written for the team ledger's tables (pg migrations 2 and 7), scoped the same way to one enterprise (the
 * desk's own enterprise also owns the rows whose enterprise is NULL) and signed with the acting clerk.
 * Parameterised only; ids and counts come back as numbers, a unit price as the decimal text it was stored as.
 */
import type { EnterpriseScope } from '../../../db/enterprise-scope.js';
import { storedEnterprise } from '../../../db/enterprise-scope.js';
import { containsPattern, toCustomer, toProduct, type CustomerRow, type ProductRow } from '../../../features/libraries/rows.js';
import type { CustomerFields, LibraryStore, ProductFields } from '../../../features/libraries/store.js';
import type { Queryable } from '../outbox.js';

const CUSTOMER_COLUMNS = 'id::float8 AS id, ghdwmc, ghdwsbh, ghdwdz, ghdwdh, ghdwyh, ghdwzh, email, phone';
const PRODUCT_COLUMNS = 'id::float8 AS id, spmc, spbm, ggxh, dw, dj::text AS dj, sl, lslbs, zzstsgl';
/** The scope's rows; binds $1 (the enterprise's tax number) and $2 (true for the desk's own, which also owns NULL). */
const IN_SCOPE = '(enterprise = $1 OR ($2 AND enterprise IS NULL))';
const scopeArgs = (scope: EnterpriseScope) => [scope.enterprise, scope.own];
const CUSTOMER_SEARCH = `${IN_SCOPE} AND ($3::text IS NULL OR ghdwmc LIKE $4 OR ghdwsbh LIKE $4)`;
const PRODUCT_SEARCH = `${IN_SCOPE} AND ($3::text IS NULL OR spmc LIKE $4 OR spbm LIKE $4 OR ggxh LIKE $4)`;
const customerValues = (f: CustomerFields) => [f.name, f.taxNumber, f.address, f.phone, f.bank, f.account, f.email, f.mobile];
const productValues = (f: ProductFields) => [f.name, f.taxCode, f.specification, f.unit, f.unitPrice, f.rate, f.specialLevy, f.preferentialPolicy, f.preferentialPolicy ? '1' : '0'];

// A copy adds the source's entries the target does not have by identity (tax ID, else name; name and
// specification), as the desk's repo does. $1/$2 the target, $3/$4 the source, $5 the stored target.
// (The count is the source's size, in the source's own scope.)
const SOURCE = `(s.enterprise = $3 OR ($4 AND s.enterprise IS NULL))`;
const TARGET = `(t.enterprise = $1 OR ($2 AND t.enterprise IS NULL))`;
const COPY = {
  customers: {
    count: `SELECT count(*)::int AS n FROM customer WHERE ${IN_SCOPE}`,
    copy: `INSERT INTO customer (environment, enterprise, ghdwmc, ghdwsbh, ghdwdz, ghdwdh, ghdwyh, ghdwzh, email, phone, created_at, updated_at, created_by, updated_by)
           SELECT $6, $5, ghdwmc, ghdwsbh, ghdwdz, ghdwdh, ghdwyh, ghdwzh, email, phone, $7, $7, $8, $8 FROM customer s
            WHERE ${SOURCE} AND NOT EXISTS (SELECT 1 FROM customer t WHERE ${TARGET}
              AND (t.ghdwsbh = s.ghdwsbh OR (s.ghdwsbh IS NULL AND t.ghdwsbh IS NULL AND t.ghdwmc = s.ghdwmc)))
            ORDER BY s.id RETURNING id::float8 AS id`,
  },
  products: {
    count: `SELECT count(*)::int AS n FROM product WHERE ${IN_SCOPE}`,
    copy: `INSERT INTO product (environment, enterprise, spmc, spbm, ggxh, dw, dj, sl, lslbs, zzstsgl, yhzcbs, created_at, updated_at, created_by, updated_by)
           SELECT $6, $5, spmc, spbm, ggxh, dw, dj, sl, lslbs, zzstsgl, yhzcbs, $7, $7, $8, $8 FROM product s
            WHERE ${SOURCE} AND NOT EXISTS (SELECT 1 FROM product t WHERE ${TARGET}
              AND t.spmc = s.spmc AND coalesce(t.ggxh, '') = coalesce(s.ggxh, ''))
            ORDER BY s.id RETURNING id::float8 AS id`,
  },
} as const;

export function createPgLibraryStore(connection: () => Queryable, actor: () => string | null): LibraryStore {
  const rows = async <R>(sql: string, args: unknown[]): Promise<R[]> => (await connection().query<R & Record<string, unknown>>(sql, args)).rows;
  const first = async <R>(sql: string, args: unknown[]): Promise<R | null> => (await rows<R>(sql, args))[0] ?? null;
  const changed = async (sql: string, args: unknown[]) => ((await connection().query(sql, args)).rowCount ?? 0) > 0;
  const search = (query: string | undefined) => (query ? [query, containsPattern(query)] : [null, '']);
  const customer = async (sql: string, args: unknown[]) => {
    const row = await first<CustomerRow>(`SELECT ${CUSTOMER_COLUMNS} FROM customer WHERE ${sql}`, args);
    return row && toCustomer(row);
  };
  const product = async (sql: string, args: unknown[]) => {
    const row = await first<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM product WHERE ${sql}`, args);
    return row && toProduct(row);
  };
  async function page<R, T>(table: string, columns: string, where: string, args: unknown[], limit: number, offset: number, to: (row: R) => T) {
    const [found, count] = await Promise.all([
      rows<R>(`SELECT ${columns} FROM ${table} WHERE ${where} ORDER BY updated_at DESC, id DESC LIMIT $5 OFFSET $6`, [...args, limit, offset]),
      first<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, args),
    ]);
    return { rows: found.map(to), total: count?.n ?? 0 };
  }

  return {
    listCustomers: (scope, query, limit, offset) => page('customer', CUSTOMER_COLUMNS, CUSTOMER_SEARCH, [...scopeArgs(scope), ...search(query)], limit, offset, toCustomer),
    customer: (scope, id) => customer(`id = $3 AND ${IN_SCOPE}`, [...scopeArgs(scope), id]),
    customerByTaxNumber: (scope, taxNumber) => customer(`${IN_SCOPE} AND ghdwsbh = $3`, [...scopeArgs(scope), taxNumber]),
    customerByUntaxedName: (scope, name) => customer(`${IN_SCOPE} AND ghdwsbh IS NULL AND ghdwmc = $3`, [...scopeArgs(scope), name]),
    async insertCustomer(scope, fields, environment, now) {
      const row = await first<{ id: number }>(
        `INSERT INTO customer (environment, enterprise, ghdwmc, ghdwsbh, ghdwdz, ghdwdh, ghdwyh, ghdwzh, email, phone, created_at, updated_at, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, $12) RETURNING id::float8 AS id`,
        [environment, storedEnterprise(scope), ...customerValues(fields), now, actor()],
      );
      return row!.id;
    },
    async updateCustomer(scope, id, fields, now) {
      await connection().query(
        `UPDATE customer SET ghdwmc = $3, ghdwsbh = $4, ghdwdz = $5, ghdwdh = $6, ghdwyh = $7, ghdwzh = $8, email = $9, phone = $10,
           updated_at = $11, updated_by = $12 WHERE id = $13 AND ${IN_SCOPE}`,
        [...scopeArgs(scope), ...customerValues(fields), now, actor(), id],
      );
    },
    deleteCustomer: (scope, id) => changed(`DELETE FROM customer WHERE id = $3 AND ${IN_SCOPE}`, [...scopeArgs(scope), id]),

    listProducts: (scope, query, limit, offset) => page('product', PRODUCT_COLUMNS, PRODUCT_SEARCH, [...scopeArgs(scope), ...search(query)], limit, offset, toProduct),
    product: (scope, id) => product(`id = $3 AND ${IN_SCOPE}`, [...scopeArgs(scope), id]),
    productByIdentity: (scope, name, specification) => product(`${IN_SCOPE} AND spmc = $3 AND coalesce(ggxh, '') = $4`, [...scopeArgs(scope), name, specification ?? '']),
    async insertProduct(scope, fields, environment, now) {
      const row = await first<{ id: number }>(
        `INSERT INTO product (environment, enterprise, spmc, spbm, ggxh, dw, dj, sl, lslbs, zzstsgl, yhzcbs, created_at, updated_at, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, $13) RETURNING id::float8 AS id`,
        [environment, storedEnterprise(scope), ...productValues(fields), now, actor()],
      );
      return row!.id;
    },
    async updateProduct(scope, id, fields, now) {
      await connection().query(
        `UPDATE product SET spmc = $3, spbm = $4, ggxh = $5, dw = $6, dj = $7, sl = $8, lslbs = $9, zzstsgl = $10, yhzcbs = $11,
           updated_at = $12, updated_by = $13 WHERE id = $14 AND ${IN_SCOPE}`,
        [...scopeArgs(scope), ...productValues(fields), now, actor(), id],
      );
    },
    deleteProduct: (scope, id) => changed(`DELETE FROM product WHERE id = $3 AND ${IN_SCOPE}`, [...scopeArgs(scope), id]),

    async copyLibrary(target, kind, from, environment, now) {
      const sql = COPY[kind];
      const total = (await first<{ n: number }>(sql.count, scopeArgs(from)))?.n ?? 0;
      const copied = await rows<{ id: number }>(sql.copy, [...scopeArgs(target), from.enterprise, from.own, storedEnterprise(target), environment, now, actor()]);
      return { ids: copied.map((row) => row.id).sort((a, b) => a - b), total };
    },
  };
}
