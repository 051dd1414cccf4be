/**
 * The stores written once for both databases (main/ledger/stores/*.ts), bound to one transaction's StoreSql:
 * each adapter spreads them into its stores (sqlite/ledger.ts, pg/ledger.ts), so registering such a store is
 * one line here. Stores not yet moved here are still registered in each adapter.
 */
import type { LedgerStores } from '../port.js';
import { createEnterpriseStore } from './enterprises.js';
import { createLibraryStore } from './libraries.js';
import type { StoreSql } from './sql.js';
import { createTemplateStore } from './templates.js';

export interface SharedStoreDeps {
  /** The clerk who signs the writes (created_by, updated_by), read at each write. */
  actor: () => string | null;
}

export type SharedStores = Pick<LedgerStores, 'enterprises' | 'libraries' | 'templates'>;

export function sharedStores(q: StoreSql, deps: SharedStoreDeps): SharedStores {
  return {
    enterprises: createEnterpriseStore(q),
    libraries: createLibraryStore(q, deps.actor),
    templates: createTemplateStore(q, deps.actor),
  };
}
