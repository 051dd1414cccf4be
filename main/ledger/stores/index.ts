/**
 * The stores written once for both databases (main/ledger/stores/*.ts), bound to one transaction's StoreSql:
 * each adapter spreads them into its stores (sqlite/ledger.ts, pg/ledger.ts), so registering such a store is
 * one line here. Stores not yet moved here are still registered in each adapter.
 */
import type { LedgerStores } from '../port.js';
import { createBatchStore } from './batches.js';
import { createCollectionStore } from './collection.js';
import { createEnterpriseStore } from './enterprises.js';
import { createPrintStore } from './print.js';
import { createRedFormStore } from './red-forms.js';
import { createAuditStore } from './audit.js';
import { createIssuanceDraftStore } from './issuance-drafts.js';
import { createLibraryStore } from './libraries.js';
import type { StoreSql } from './sql.js';
import { createStatisticsStore } from './statistics.js';
import { createTemplateStore } from './templates.js';

export interface SharedStoreDeps {
  /** The clerk who signs the writes (created_by, updated_by), read at each write. */
  actor: () => string | null;
  /** This desk's name, on the audit events it appends (read at each one). */
  desk: () => string;
}

export type SharedStores = Pick<
  LedgerStores,
  'audit' | 'batches' | 'collection' | 'enterprises' | 'issuanceDrafts' | 'libraries' | 'print' | 'redForms' | 'statistics' | 'templates'
>;

export function sharedStores(q: StoreSql, deps: SharedStoreDeps): SharedStores {
  return {
    batches: createBatchStore(q),
    collection: createCollectionStore(q),
    enterprises: createEnterpriseStore(q),
    libraries: createLibraryStore(q, deps.actor),
    templates: createTemplateStore(q, deps.actor),
    redForms: createRedFormStore(q, deps.actor),
    print: createPrintStore(q, deps.actor),
    statistics: createStatisticsStore(q),
    audit: createAuditStore(q, deps),
    issuanceDrafts: createIssuanceDraftStore(q),
  };
}
