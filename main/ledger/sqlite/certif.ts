/**
 * The certification store of the SQLite ledger (main/features/certification/store.ts): the feature's
 * synchronous repo (main/features/certification/repo.ts), each call settled at once. The batch is signed
 * by the clerk acting on the desk's connection (main/db/actor.ts), as before.
 */
import type { CertificationRepo } from '../../features/certification/repo.js';
import type { CertificationStore } from '../../features/certification/store.js';
import { settledRepo } from './settled.js';

export function createSqliteCertificationStore(repo: CertificationRepo, connection: () => unknown): CertificationStore {
  return settledRepo(repo, connection);
}
