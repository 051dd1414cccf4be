/**
 * The red-letter form store of the SQLite ledger (main/features/reversal/store.ts) over the reversal
 * feature's form repo (form-repo.ts): its prepared statements, unchanged, each call settled (settled.ts).
 */
import type { Db } from '../../db/open.js';
import { createRedLetterRepo } from '../../features/reversal/form-repo.js';
import type { RedLetterFormStore } from '../../features/reversal/store.js';
import { settledCall, settledRepo } from './settled.js';

export function sqliteRedFormStore(db: Db): (connection: () => unknown) => RedLetterFormStore {
  const repo = createRedLetterRepo(db);
  return (connection) => ({
    ...settledRepo(repo, connection),
    // BEGIN IMMEDIATE already keeps every other writer of the file out until the transaction ends.
    holdBlue: () => settledCall(connection, () => undefined),
  });
}
