/**
 * The stores written once for both databases (main/ledger/stores/*.ts), bound to one transaction's StoreSql:
 * each adapter spreads them into its stores (sqlite/ledger.ts, pg/ledger.ts), so registering such a store is
 * one line here. Stores not yet moved here are still registered in each adapter.
 */
import type { LedgerStores } from '../port.js';
import { createBatchStore } from './batches.js';
import { createCertificationStore } from './certification.js';
import { createClerkStore } from './clerks.js';
import type { ClerkSession } from './dialects/clerks.js';
import { createCollectionStore } from './collection.js';
import { createEnterpriseStore } from './enterprises.js';
import { createPrintStore } from './print.js';
import { createReceivedStore } from './received.js';
import { createRedFormStore } from './red-forms.js';
import { createAuditStore } from './audit.js';
import { createIssuanceDraftStore } from './issuance-drafts.js';
import { createIssuedInvoiceStore } from './issued-invoices.js';
import { createLibraryStore } from './libraries.js';
import { createOutboxStore } from './outbox.js';
import type { StoreSql } from './sql.js';
import { createStatisticsStore } from './statistics.js';
import { createTemplateStore } from './templates.js';

export interface SharedStoreDeps {
  /** The clerk who signs the writes (created_by, updated_by), read at each write. */
  actor: () => string | null;
  /** This desk's name, on the audit events it appends and on its outbox leases (read at each one). */
  desk: () => string;
  /** A team ledger's signed-in clerk's session (pg/session.ts), which the clerk store opens and ends; none on SQLite. */
  session?: ClerkSession;
  /**
   * How long an outbox claim holds (DEFAULT_OUTBOX_LEASE_MS unless told), and the desk's clock for the SQLite
   * lease (Date.now unless told; PostgreSQL's is the database's). Given here, as every other dep, by the adapter
   * that makes the stores: both adapters take them as options, so the outbox registers like any shared store.
   */
  outbox?: { leaseMs?: number; now?: () => number };
}

export type SharedStores = Pick<
  LedgerStores,
  'audit' | 'batches' | 'certification' | 'clerks' | 'collection' | 'enterprises' | 'issuanceDrafts' | 'issuedInvoices' | 'libraries' | 'outbox' | 'print' | 'received' | 'redForms' | 'statistics' | 'templates'
>;

export function sharedStores(q: StoreSql, deps: SharedStoreDeps): SharedStores {
  const audit = createAuditStore(q, deps);
  return {
    batches: createBatchStore(q),
    certification: createCertificationStore(q, deps.actor),
    collection: createCollectionStore(q),
    enterprises: createEnterpriseStore(q),
    libraries: createLibraryStore(q, deps.actor),
    templates: createTemplateStore(q, deps.actor),
    redForms: createRedFormStore(q, deps.actor),
    print: createPrintStore(q, deps.actor),
    statistics: createStatisticsStore(q),
    audit,
    clerks: createClerkStore(q, { desk: deps.desk, audit, session: deps.session }),
    issuanceDrafts: createIssuanceDraftStore(q),
    issuedInvoices: createIssuedInvoiceStore(q, deps.actor),
    received: createReceivedStore(q, deps.actor),
    outbox: createOutboxStore(q, { ...deps.outbox, desk: deps.desk }),
  };
}
