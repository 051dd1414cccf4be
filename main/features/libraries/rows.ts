/**
 * A library row as both ledgers answer it (the same column names on SQLite and PostgreSQL) turned into the
 * IPC shape, and the LIKE pattern both search with: shared by the two stores so that they answer alike.
 */
import type { Customer, Product } from '../../../shared/ipc/index.js';

export interface CustomerRow {
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

export interface ProductRow {
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

export const toCustomer = (row: CustomerRow): Customer =>
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

export const toProduct = (row: ProductRow): Product =>
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
