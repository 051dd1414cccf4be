/**
 * The customer and product libraries on the ledger port (docs/team-ledger.md §2): what the libraries feature
 * asks of the `customer` and `product` tables, whichever database keeps them — the desk's SQLite file or a
 * team's PostgreSQL, both through main/ledger/stores/libraries.ts.
 * Every call names the enterprise whose library it works in (main/db/enterprise-scope.ts); rows are signed
 * with the acting clerk (main/db/actor.ts). Types only.
 */
import type { Customer, Environment, Product } from '../../../shared/ipc/index.js';
import type { EnterpriseScope } from '../../db/enterprise-scope.js';

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

export type LibraryKind = 'customers' | 'products';

export interface LibraryStore {
  /** A page of the scope's customers, most recently changed first, matching `query` in name or tax ID. */
  listCustomers(scope: EnterpriseScope, query: string | undefined, limit: number, offset: number): Promise<{ rows: Customer[]; total: number }>;
  customer(scope: EnterpriseScope, id: number): Promise<Customer | null>;
  customerByTaxNumber(scope: EnterpriseScope, taxNumber: string): Promise<Customer | null>;
  /** The customer without a tax ID of that name (a customer's identity when it has none). */
  customerByUntaxedName(scope: EnterpriseScope, name: string): Promise<Customer | null>;
  insertCustomer(scope: EnterpriseScope, fields: CustomerFields, environment: Environment, now: string): Promise<number>;
  updateCustomer(scope: EnterpriseScope, id: number, fields: CustomerFields, now: string): Promise<void>;
  deleteCustomer(scope: EnterpriseScope, id: number): Promise<boolean>;

  listProducts(scope: EnterpriseScope, query: string | undefined, limit: number, offset: number): Promise<{ rows: Product[]; total: number }>;
  product(scope: EnterpriseScope, id: number): Promise<Product | null>;
  /** A product's identity: its name and specification (none and '' are the same). */
  productByIdentity(scope: EnterpriseScope, name: string, specification: string | null): Promise<Product | null>;
  insertProduct(scope: EnterpriseScope, fields: ProductFields, environment: Environment, now: string): Promise<number>;
  updateProduct(scope: EnterpriseScope, id: number, fields: ProductFields, now: string): Promise<void>;
  deleteProduct(scope: EnterpriseScope, id: number): Promise<boolean>;

  /**
   * Adds to `target` the entries of `from`'s library that it has not got by identity (what it has stays as it
   * is): the new ids, oldest source entry first, and how many entries the source has. One statement; call it
   * in a transaction with the count.
   */
  copyLibrary(target: EnterpriseScope, kind: LibraryKind, from: EnterpriseScope, environment: Environment, now: string): Promise<{ ids: number[]; total: number }>;
}
