/**
 * Collected input invoices written straight into a desk's history.db outside any collection run — for the tests
 * and the ingest bench that fill a ledger with them — through the collection store's own writes
 * (main/ledger/stores/collection.ts `storeCollected`: each record its buyer's), one transaction a page, as the
 * service pages them.
 */
import type { Db } from '../../main/db/open.js';
import type { CollectedInvoice } from '../../main/features/collection/store.js';
import { storeCollected } from '../../main/ledger/stores/collection.js';
import { sqliteStoreSql } from '../../main/ledger/stores/sql.js';
import type { Environment } from '../../shared/ipc/index.js';

export interface CollectedPage {
  environment: Environment;
  PCH: string;
  records: readonly CollectedInvoice[];
  collectedAt: string;
}

/** Stores one page atomically; answers the local ids of its invoices, in order. */
export async function storeCollectedPage(db: Db, page: CollectedPage): Promise<number[]> {
  db.exec('BEGIN IMMEDIATE');
  try {
    const ids = await storeCollected(sqliteStoreSql(db, () => db), page.environment, page.records, page.PCH, page.collectedAt);
    db.exec('COMMIT');
    return ids;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
