/** The statistics store of the SQLite ledger (main/features/statistics/store.ts): the kept totals' repo, each call settled. */
import type { Db } from '../../db/open.js';
import { createStatisticsRepo } from '../../features/statistics/repo.js';
import type { StatisticsStore } from '../../features/statistics/store.js';
import { settledRepo } from './settled.js';

export function sqliteStatisticsStore(db: Db): (connection: () => unknown) => StatisticsStore {
  const repo = createStatisticsRepo(db);
  return (connection) => settledRepo(repo, connection);
}
