/** SQL of the customer and product libraries (tables of migrations 0120 and 0150). The only place that touches them. */
import type { Db } from '../../db/open.js';
import type { Customer, Environment, Product } from '../../../shared/ipc/index.js';

/** A customer as stored: every optional field is null rather than empty. */
export interface CustomerFields {
  name: string;
  taxNumber: string | null;
  address: string | null;
  phone: string | null;
  bank: string | null;
  account: string | null;
  email: string | null;
  mobile: string | null;
}

export interface ProductFields {
  name: string;
  taxCode: string;
  specification: string | null;
  unit: string | null;
  unitPrice: string | null;
  rate: Product['rate'];
  specialLevy: Product['specialLevy'] | null;
  preferentialPolicy: Product['preferentialPolicy'] | null;
}

interface CustomerRow {
  id: number;
  ghdwmc: string;
  ghdwsbh: string | null;
  ghdwdz: string | null;
  ghdwdh: string | null;
  ghdwyh: string | null;
  ghdwzh: string | null;
  email: string | null;
  phone: string | null;
}

interface ProductRow {
  id: number;
  spmc: string;
  spbm: string;
  ggxh: string | null;
  dw: string | null;
  dj: string | null;
  sl: Product['rate'];
  lslbs: Product['specialLevy'] | null;
  zzstsgl: Product['preferentialPolicy'] | null;
}

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

/** A LIKE pattern that matches the fragment literally (a clerk's % or _ is not a wildcard). */
export function containsPattern(fragment: string): string {
  return `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const CUSTOMER_COLUMNS = 'id, ghdwmc, ghdwsbh, ghdwdz, ghdwdh, ghdwyh, ghdwzh, email, phone';
const PRODUCT_COLUMNS = 'id, spmc, spbm, ggxh, dw, dj, sl, lslbs, zzstsgl';
// The clerk's own enterprise (enterprise_id NULL) until agency switching picks libraries per enterprise.
const CUSTOMER_SEARCH = `enterprise_id IS NULL AND (? IS NULL OR ghdwmc LIKE ? ESCAPE '\\' OR ghdwsbh LIKE ? ESCAPE '\\')`;
const PRODUCT_SEARCH = `enterprise_id IS NULL AND (? IS NULL OR spmc LIKE ? ESCAPE '\\' OR spbm LIKE ? ESCAPE '\\' OR ggxh LIKE ? ESCAPE '\\')`;

export function createLibrariesRepo(db: Db) {
  const customerPage = db.prepare<[string | null, string, string, number, number], CustomerRow>(
    `SELECT ${CUSTOMER_COLUMNS} FROM customer WHERE ${CUSTOMER_SEARCH} ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?`,
  );
  const customerCount = db.prepare<[string | null, string, string], { n: number }>(`SELECT count(*) AS n FROM customer WHERE ${CUSTOMER_SEARCH}`);
  const customerById = db.prepare<[number], CustomerRow>(`SELECT ${CUSTOMER_COLUMNS} FROM customer WHERE id = ?`);
  const customerByTax = db.prepare<[string], CustomerRow>(
    `SELECT ${CUSTOMER_COLUMNS} FROM customer WHERE enterprise_id IS NULL AND ghdwsbh = ?`,
  );
  const customerByUntaxedName = db.prepare<[string], CustomerRow>(
    `SELECT ${CUSTOMER_COLUMNS} FROM customer WHERE enterprise_id IS NULL AND ghdwsbh IS NULL AND ghdwmc = ?`,
  );
  const insertCustomer = db.prepare(
    `INSERT INTO customer (environment, ghdwmc, ghdwsbh, ghdwdz, ghdwdh, ghdwyh, ghdwzh, email, phone, created_at, updated_at)
     VALUES (@environment, @name, @taxNumber, @address, @phone, @bank, @account, @email, @mobile, @now, @now)`,
  );
  const updateCustomer = db.prepare(
    `UPDATE customer SET ghdwmc = @name, ghdwsbh = @taxNumber, ghdwdz = @address, ghdwdh = @phone, ghdwyh = @bank,
       ghdwzh = @account, email = @email, phone = @mobile, updated_at = @now WHERE id = @id`,
  );
  const deleteCustomer = db.prepare<[number]>(`DELETE FROM customer WHERE id = ?`);

  const productPage = db.prepare<[string | null, string, string, string, number, number], ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM product WHERE ${PRODUCT_SEARCH} ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?`,
  );
  const productCount = db.prepare<[string | null, string, string, string], { n: number }>(`SELECT count(*) AS n FROM product WHERE ${PRODUCT_SEARCH}`);
  const productById = db.prepare<[number], ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM product WHERE id = ?`);
  const productByIdentity = db.prepare<[string, string], ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM product WHERE enterprise_id IS NULL AND spmc = ? AND ifnull(ggxh, '') = ?`,
  );
  const insertProduct = db.prepare(
    `INSERT INTO product (environment, spmc, spbm, ggxh, dw, dj, sl, lslbs, zzstsgl, yhzcbs, created_at, updated_at)
     VALUES (@environment, @name, @taxCode, @specification, @unit, @unitPrice, @rate, @specialLevy, @preferentialPolicy, @yhzcbs, @now, @now)`,
  );
  const updateProduct = db.prepare(
    `UPDATE product SET spmc = @name, spbm = @taxCode, ggxh = @specification, dw = @unit, dj = @unitPrice, sl = @rate,
       lslbs = @specialLevy, zzstsgl = @preferentialPolicy, yhzcbs = @yhzcbs, updated_at = @now WHERE id = @id`,
  );
  const deleteProduct = db.prepare<[number]>(`DELETE FROM product WHERE id = ?`);

  const search = (query: string | undefined) => (query ? [query, containsPattern(query)] as const : [null, ''] as const);
  // yhzcbs (preferential policy used) follows from whether a policy code is set.
  const productParams = (fields: ProductFields) => ({ ...fields, yhzcbs: fields.preferentialPolicy ? '1' : '0' });

  return {
    listCustomers(query: string | undefined, limit: number, offset: number): { rows: Customer[]; total: number } {
      const [q, like] = search(query);
      return {
        rows: customerPage.all(q, like, like, limit, offset).map(toCustomer),
        total: customerCount.get(q, like, like)?.n ?? 0,
      };
    },
    customer: (id: number): Customer | undefined => {
      const row = customerById.get(id);
      return row && toCustomer(row);
    },
    customerByTaxNumber: (taxNumber: string): Customer | undefined => {
      const row = customerByTax.get(taxNumber);
      return row && toCustomer(row);
    },
    customerByUntaxedName: (name: string): Customer | undefined => {
      const row = customerByUntaxedName.get(name);
      return row && toCustomer(row);
    },
    insertCustomer: (fields: CustomerFields, environment: Environment, now: string): number =>
      Number(insertCustomer.run({ ...fields, environment, now }).lastInsertRowid),
    updateCustomer: (id: number, fields: CustomerFields, now: string): void => void updateCustomer.run({ ...fields, id, now }),
    deleteCustomer: (id: number): boolean => deleteCustomer.run(id).changes > 0,

    listProducts(query: string | undefined, limit: number, offset: number): { rows: Product[]; total: number } {
      const [q, like] = search(query);
      return {
        rows: productPage.all(q, like, like, like, limit, offset).map(toProduct),
        total: productCount.get(q, like, like, like)?.n ?? 0,
      };
    },
    product: (id: number): Product | undefined => {
      const row = productById.get(id);
      return row && toProduct(row);
    },
    productByIdentity: (name: string, specification: string | null): Product | undefined => {
      const row = productByIdentity.get(name, specification ?? '');
      return row && toProduct(row);
    },
    insertProduct: (fields: ProductFields, environment: Environment, now: string): number =>
      Number(insertProduct.run({ ...productParams(fields), environment, now }).lastInsertRowid),
    updateProduct: (id: number, fields: ProductFields, now: string): void => void updateProduct.run({ ...productParams(fields), id, now }),
    deleteProduct: (id: number): boolean => deleteProduct.run(id).changes > 0,

    transaction: <T>(work: () => T): T => db.transaction(work)(),
  };
}

export type LibrariesRepo = ReturnType<typeof createLibrariesRepo>;
