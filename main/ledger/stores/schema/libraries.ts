/** The customer and product libraries (stores/libraries.ts). */
import type { Generated } from 'kysely';
import type { Environment, Product } from '../../../../shared/ipc/index.js';

/**
 * The columns every library row shares: kept per enterprise (SQLite 0460; PostgreSQL 0471) and signed (SQLite
 * 0500; PostgreSQL 0500). `environment` only records where an entry was made: libraries are shared by both (0150).
 */
interface LibraryRow {
  id: Generated<number>;
  environment: Environment;
  /** The enterprise's tax number; NULL for the desk's own enterprise (main/db/enterprise-scope.ts). */
  enterprise: string | null;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  updated_by: string | null;
}

/**
 * A buyer: SQLite 0120 and 0150; PostgreSQL 0471. The columns carry the issuance request's names (ghdwmc 名称,
 * ghdwsbh 税号, ghdwdz 地址, ghdwdh 电话, ghdwyh 开户行, ghdwzh 账号). 0120's enterprise_id, ghdwdzdh and
 * ghdwyhzh stay on the desk's file unread (move/tables.ts), so they are not declared.
 */
export interface CustomerTable extends LibraryRow {
  ghdwmc: string;
  ghdwsbh: string | null;
  ghdwdz: string | null;
  ghdwdh: string | null;
  ghdwyh: string | null;
  ghdwzh: string | null;
  email: string | null;
  /** The buyer's mobile number (the IPC's `mobile`; ghdwdh is the phone printed on the invoice). */
  phone: string | null;
}

/** Goods: SQLite 0120 and 0150; PostgreSQL 0471. The unit price `dj` is decimal text (numeric on PostgreSQL). */
export interface ProductTable extends LibraryRow {
  spmc: string;
  spbm: string;
  ggxh: string | null;
  dw: string | null;
  dj: string | null;
  sl: Product['rate'];
  /** '1' when a preferential policy (zzstsgl) is set, else '0'. */
  yhzcbs: '0' | '1';
  lslbs: Product['specialLevy'] | null;
  zzstsgl: Product['preferentialPolicy'] | null;
}

/**
 * Entries SQLite 0150 merged into another (0390 on databases that never needed it; PostgreSQL 0471), each kept
 * whole as JSON. Written by that migration only and carried by the move (move/tables.ts); no store reads it.
 */
export interface LibraryMergedTable {
  id: Generated<number>;
  kind: 'customer' | 'product';
  merged_into: number;
  row_json: string;
  merged_at: string;
}

export interface LibraryTables {
  customer: CustomerTable;
  product: ProductTable;
  library_merged: LibraryMergedTable;
}
