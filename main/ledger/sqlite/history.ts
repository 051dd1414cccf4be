/**
 * The history store of the SQLite ledger (main/features/history/store.ts) over the feature's repo
 * (main/features/history/repo.ts): its prepared statements, the FTS5 trigram index, the posting table and
 * the tallies stay exactly as they are — they are the speed `bench search` measures — and each method
 * runs at once and hands back a settled promise (settled.ts). Keeping the trigram index merged is the
 * desk's own upkeep (history/search-upkeep.ts), not a store method: PostgreSQL has nothing like it.
 */
import type { HistoryRepo } from '../../features/history/repo.js';
import type { HistoryStore } from '../../features/history/store.js';
import { settledRepo } from './settled.js';

export function createSqliteHistoryStore(repo: HistoryRepo, connection: () => unknown): HistoryStore {
  const settled = settledRepo(repo, connection);
  return { search: settled.searchHistory, countOutput: settled.countOutput, lineLevies: settled.lineLevies };
}
