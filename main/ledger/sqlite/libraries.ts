/**
 * The library store of the SQLite ledger (main/features/libraries/store.ts): the desk's libraries repo with its
 * prepared statements, each call settled (settled.ts). The repo signs rows with the desk's clerk (actorOf(db)).
 */
import type { Db } from '../../db/open.js';
import { createLibrariesRepo } from '../../features/libraries/repo.js';
import type { LibraryStore } from '../../features/libraries/store.js';
import { settledRepo } from './settled.js';

export function sqliteLibraryStore(db: Db): (connection: () => unknown) => LibraryStore {
  const repo = createLibrariesRepo(db);
  return (connection) => settledRepo(repo, connection);
}
