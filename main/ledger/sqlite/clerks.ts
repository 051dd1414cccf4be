/** The clerk store of the SQLite ledger (main/features/clerks/store.ts): the desk's clerk repo, each call settled. */
import type { Db } from '../../db/open.js';
import { createClerkRepo } from '../../features/clerks/repo.js';
import type { ClerkStore } from '../../features/clerks/store.js';
import { settledRepo } from './settled.js';

export function sqliteClerkStore(db: Db): (connection: () => unknown) => ClerkStore {
  const repo = createClerkRepo(db);
  return (connection) => settledRepo(repo, connection);
}
