/**
 * The batch store of the SQLite ledger (main/features/batch/store.ts) over the batch feature's repo: its
 * prepared statements, unchanged, each call settled (settled.ts).
 */
import type { Db } from '../../db/open.js';
import { createBatchRepo } from '../../features/batch/repo.js';
import type { BatchStore } from '../../features/batch/store.js';
import { settledRepo } from './settled.js';

export function createSqliteBatchStore(db: Db): (connection: () => unknown) => BatchStore {
  const repo = createBatchRepo(db);
  return (connection) => settledRepo(repo, connection);
}
