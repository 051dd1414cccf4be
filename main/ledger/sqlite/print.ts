/**
 * The print store of the SQLite ledger (main/features/print/store.ts) over the feature's synchronous repo
 * (main/features/print/repo.ts): its prepared statements as they are, each call settled (settled.ts).
 */
import type { PrintRepo } from '../../features/print/repo.js';
import type { PrintStore } from '../../features/print/store.js';
import { settledRepo } from './settled.js';

export function createSqlitePrintStore(repo: PrintRepo, connection: () => unknown): PrintStore {
  return settledRepo(repo, connection);
}
