/**
 * SQL of the customer and product libraries on the desk's SQLite file (tables of migrations 0120, 0150 and
 * 0460): the SQLite ledger's library store (main/ledger/sqlite/libraries.ts) is this repo, and nothing else
 * touches them there; a team's PostgreSQL has the same statements in main/ledger/pg/stores/libraries.ts.
 * Every statement is scoped to one enterprise (`EnterpriseScope`): its entries carry its tax number, and the desk's own enterprise (the seller configured in settings) also owns the entries whose
 * enterprise is NULL — those 0460 could not place, and those it writes itself — see migration 0460.
 */
import { actorOf } from '../../db/actor.js';
import type { Db } from '../../db/open.js';
import { IN_SCOPE, scopeParams, storedEnterprise, type EnterpriseScope, type ScopeParams } from '../../db/enterprise-scope.js';
import type { Customer, Environment, Product } from '../../../shared/ipc/index.js';
import { containsPattern, toCustomer, toProduct, type CustomerRow, type ProductRow } from './rows.js';
import type { CustomerFields, LibraryKind, ProductFields } from './store.js';

export type { CustomerFields, ProductFields } from './store.js';

const CUSTOMER_COLUMNS = 'id, ghdwmc, ghdwsbh, ghdwdz, ghdwdh, ghdwyh, ghdwzh, email, phone';
const PRODUCT_COLUMNS = 'id, spmc, spbm, ggxh, dw, dj, sl, lslbs, zzstsgl';
const CUSTOMER_SEARCH = `${IN_SCOPE} AND (@q IS NULL OR ghdwmc LIKE @like ESCAPE '\\' OR ghdwsbh LIKE @like ESCAPE '\\')`;
const PRODUCT_SEARCH = `${IN_SCOPE} AND (@q IS NULL OR spmc LIKE @like ESCAPE '\\' OR spbm LIKE @like ESCAPE '\\' OR ggxh LIKE @like ESCAPE '\\')`;
type Scoped = ScopeParams;
const stored = storedEnterprise;


export function createLibrariesRepo(db: Db) {
  const customerPage = db.prepare<[Scoped & { q: string | null; like: string; limit: number; offset: number }], CustomerRow>(
    `SELECT ${CUSTOMER_COLUMNS} FROM customer WHERE ${CUSTOMER_SEARCH} ORDER BY updated_at DESC, id DESC LIMIT @limit OFFSET @offset`,
  );
  const customerCount = db.prepare<[Scoped & { q: string | null; like: string }], { n: number }>(`SELECT count(*) AS n FROM customer WHERE ${CUSTOMER_SEARCH}`);
  const customerById = db.prepare<[Scoped & { id: number }], CustomerRow>(`SELECT ${CUSTOMER_COLUMNS} FROM customer WHERE id = @id AND ${IN_SCOPE}`);
  const customerByTax = db.prepare<[Scoped & { tax: string }], CustomerRow>(`SELECT ${CUSTOMER_COLUMNS} FROM customer WHERE ${IN_SCOPE} AND ghdwsbh = @tax`);
  const customerByUntaxedName = db.prepare<[Scoped & { name: string }], CustomerRow>(
    `SELECT ${CUSTOMER_COLUMNS} FROM customer WHERE ${IN_SCOPE} AND ghdwsbh IS NULL AND ghdwmc = @name`,
  );
  const insertCustomer = db.prepare(
    `INSERT INTO customer (environment, enterprise, ghdwmc, ghdwsbh, ghdwdz, ghdwdh, ghdwyh, ghdwzh, email, phone, created_at, updated_at, created_by, updated_by)
     VALUES (@environment, @enterprise, @name, @taxNumber, @address, @phone, @bank, @account, @email, @mobile, @now, @now, @by, @by)`,
  );
  const updateCustomer = db.prepare(
    `UPDATE customer SET ghdwmc = @name, ghdwsbh = @taxNumber, ghdwdz = @address, ghdwdh = @phone, ghdwyh = @bank,
       ghdwzh = @account, email = @email, phone = @mobile, updated_at = @now, updated_by = @by WHERE id = @id AND ${IN_SCOPE}`,
  );
  const deleteCustomer = db.prepare<[Scoped & { id: number }]>(`DELETE FROM customer WHERE id = @id AND ${IN_SCOPE}`);

  const productPage = db.prepare<[Scoped & { q: string | null; like: string; limit: number; offset: number }], ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM product WHERE ${PRODUCT_SEARCH} ORDER BY updated_at DESC, id DESC LIMIT @limit OFFSET @offset`,
  );
  const productCount = db.prepare<[Scoped & { q: string | null; like: string }], { n: number }>(`SELECT count(*) AS n FROM product WHERE ${PRODUCT_SEARCH}`);
  const productById = db.prepare<[Scoped & { id: number }], ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM product WHERE id = @id AND ${IN_SCOPE}`);
  const productByIdentity = db.prepare<[Scoped & { name: string; spec: string }], ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM product WHERE ${IN_SCOPE} AND spmc = @name AND ifnull(ggxh, '') = @spec`,
  );
  const insertProduct = db.prepare(
    `INSERT INTO product (environment, enterprise, spmc, spbm, ggxh, dw, dj, sl, lslbs, zzstsgl, yhzcbs, created_at, updated_at, created_by, updated_by)
     VALUES (@environment, @enterprise, @name, @taxCode, @specification, @unit, @unitPrice, @rate, @specialLevy, @preferentialPolicy, @yhzcbs, @now, @now, @by, @by)`,
  );
  const updateProduct = db.prepare(
    `UPDATE product SET spmc = @name, spbm = @taxCode, ggxh = @specification, dw = @unit, dj = @unitPrice, sl = @rate,
       lslbs = @specialLevy, zzstsgl = @preferentialPolicy, yhzcbs = @yhzcbs, updated_at = @now, updated_by = @by WHERE id = @id AND ${IN_SCOPE}`,
  );
  const deleteProduct = db.prepare<[Scoped & { id: number }]>(`DELETE FROM product WHERE id = @id AND ${IN_SCOPE}`);

  // A copy adds the source's entries the active enterprise does not have by identity (tax ID, else name;
  // name and specification): what it has already is its own fact and stays as it is.
  const sourceOf = (alias: string) => `(${alias}.enterprise = @from OR (@fromOwn = 1 AND ${alias}.enterprise IS NULL))`;
  const targetOf = (alias: string) => `(${alias}.enterprise = @e OR (@own = 1 AND ${alias}.enterprise IS NULL))`;
  type CopyParams = Scoped & { from: string; fromOwn: number; target: string | null; environment: Environment; now: string; by?: string | null };
  const countCustomers = db.prepare<[CopyParams], { n: number }>(`SELECT count(*) AS n FROM customer s WHERE ${sourceOf('s')}`);
  const copyCustomers = db.prepare<[CopyParams], { id: number }>(
    `INSERT INTO customer (environment, enterprise, ghdwmc, ghdwsbh, ghdwdz, ghdwdh, ghdwyh, ghdwzh, email, phone, created_at, updated_at, created_by, updated_by)
     SELECT @environment, @target, ghdwmc, ghdwsbh, ghdwdz, ghdwdh, ghdwyh, ghdwzh, email, phone, @now, @now, @by, @by FROM customer s
      WHERE ${sourceOf('s')} AND NOT EXISTS (SELECT 1 FROM customer t WHERE ${targetOf('t')}
        AND (t.ghdwsbh = s.ghdwsbh OR (s.ghdwsbh IS NULL AND t.ghdwsbh IS NULL AND t.ghdwmc = s.ghdwmc)))
      ORDER BY s.id RETURNING id`,
  );
  const countProducts = db.prepare<[CopyParams], { n: number }>(`SELECT count(*) AS n FROM product s WHERE ${sourceOf('s')}`);
  const copyProducts = db.prepare<[CopyParams], { id: number }>(
    `INSERT INTO product (environment, enterprise, spmc, spbm, ggxh, dw, dj, sl, lslbs, zzstsgl, yhzcbs, created_at, updated_at, created_by, updated_by)
     SELECT @environment, @target, spmc, spbm, ggxh, dw, dj, sl, lslbs, zzstsgl, yhzcbs, @now, @now, @by, @by FROM product s
      WHERE ${sourceOf('s')} AND NOT EXISTS (SELECT 1 FROM product t WHERE ${targetOf('t')}
        AND t.spmc = s.spmc AND ifnull(t.ggxh, '') = ifnull(s.ggxh, ''))
      ORDER BY s.id RETURNING id`,
  );

  const search = (query: string | undefined) => (query ? { q: query, like: containsPattern(query) } : { q: null, like: '' });
  // yhzcbs (preferential policy used) follows from whether a policy code is set.
  const productParams = (fields: ProductFields) => ({ ...fields, yhzcbs: fields.preferentialPolicy ? '1' : '0' });
  const found = <R, T>(row: R | undefined, to: (row: R) => T): T | null => (row ? to(row) : null);

  // Every method takes the scope it works in (the active enterprise's, read by the feature at each call).
  return {
    listCustomers(scope: EnterpriseScope, query: string | undefined, limit: number, offset: number): { rows: Customer[]; total: number } {
      const params = { ...scopeParams(scope), ...search(query) };
      return { rows: customerPage.all({ ...params, limit, offset }).map(toCustomer), total: customerCount.get(params)?.n ?? 0 };
    },
    customer: (scope: EnterpriseScope, id: number): Customer | null => found(customerById.get({ ...scopeParams(scope), id }), toCustomer),
    customerByTaxNumber: (scope: EnterpriseScope, taxNumber: string): Customer | null => found(customerByTax.get({ ...scopeParams(scope), tax: taxNumber }), toCustomer),
    customerByUntaxedName: (scope: EnterpriseScope, name: string): Customer | null => found(customerByUntaxedName.get({ ...scopeParams(scope), name }), toCustomer),
    insertCustomer: (scope: EnterpriseScope, fields: CustomerFields, environment: Environment, now: string): number =>
      Number(insertCustomer.run({ ...fields, environment, enterprise: stored(scope), now, by: actorOf(db) }).lastInsertRowid),
    updateCustomer: (scope: EnterpriseScope, id: number, fields: CustomerFields, now: string): void =>
      void updateCustomer.run({ ...fields, ...scopeParams(scope), id, now, by: actorOf(db) }),
    deleteCustomer: (scope: EnterpriseScope, id: number): boolean => deleteCustomer.run({ ...scopeParams(scope), id }).changes > 0,

    listProducts(scope: EnterpriseScope, query: string | undefined, limit: number, offset: number): { rows: Product[]; total: number } {
      const params = { ...scopeParams(scope), ...search(query) };
      return { rows: productPage.all({ ...params, limit, offset }).map(toProduct), total: productCount.get(params)?.n ?? 0 };
    },
    product: (scope: EnterpriseScope, id: number): Product | null => found(productById.get({ ...scopeParams(scope), id }), toProduct),
    productByIdentity: (scope: EnterpriseScope, name: string, specification: string | null): Product | null =>
      found(productByIdentity.get({ ...scopeParams(scope), name, spec: specification ?? '' }), toProduct),
    insertProduct: (scope: EnterpriseScope, fields: ProductFields, environment: Environment, now: string): number =>
      Number(insertProduct.run({ ...productParams(fields), environment, enterprise: stored(scope), now, by: actorOf(db) }).lastInsertRowid),
    updateProduct: (scope: EnterpriseScope, id: number, fields: ProductFields, now: string): void =>
      void updateProduct.run({ ...productParams(fields), ...scopeParams(scope), id, now, by: actorOf(db) }),
    deleteProduct: (scope: EnterpriseScope, id: number): boolean => deleteProduct.run({ ...scopeParams(scope), id }).changes > 0,

    /** Copies a library of `from` into `target`: the new ids and the source's size (the caller's transaction makes it one). */
    copyLibrary(target: EnterpriseScope, kind: LibraryKind, from: EnterpriseScope, environment: Environment, now: string): { ids: number[]; total: number } {
      const params: CopyParams = { ...scopeParams(target), from: from.enterprise, fromOwn: from.own ? 1 : 0, target: stored(target), environment, now };
      const [count, copy] = kind === 'customers' ? [countCustomers, copyCustomers] : [countProducts, copyProducts];
      const total = count.get(params)?.n ?? 0;
      return { ids: copy.all({ ...params, by: actorOf(db) }).map((row) => row.id), total };
    },
  };
}

export type LibrariesRepo = ReturnType<typeof createLibrariesRepo>;
