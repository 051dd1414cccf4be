/** The enterprise store of the SQLite ledger (main/features/enterprises/store.ts): the desk's enterprise repo, each call settled. */
import type { Db } from '../../db/open.js';
import { createEnterpriseRepo } from '../../features/enterprises/repo.js';
import type { EnterpriseStore } from '../../features/enterprises/store.js';
import { settledRepo } from './settled.js';

export function sqliteEnterpriseStore(db: Db): (connection: () => unknown) => EnterpriseStore {
  const repo = createEnterpriseRepo(db);
  return (connection) => settledRepo(repo, connection);
}
