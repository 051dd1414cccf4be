/**
 * SQL of the collection preference (whether 今日同步 runs at start-up), per environment. It stays on the
 * desk's own SQLite file even when the desk keeps its ledger in a team's PostgreSQL (docs/team-ledger.md
 * §1): it is one clerk's choice for this machine, like the other UI settings, not part of the input ledger.
 */
import type { Db } from '../../db/open.js';
import type { Environment } from '../../../shared/ipc/index.js';

export function createCollectionPreferenceRepo(db: Db, environment: Environment) {
  const get = db.prepare<[Environment], { sync_on_start: number }>(`SELECT sync_on_start FROM collection_preference WHERE environment = ?`);
  const set = db.prepare<[Environment, number]>(
    `INSERT INTO collection_preference (environment, sync_on_start) VALUES (?, ?) ON CONFLICT (environment) DO UPDATE SET sync_on_start = excluded.sync_on_start`,
  );
  return {
    syncOnStart: (): boolean => (get.get(environment)?.sync_on_start ?? 0) === 1,
    setSyncOnStart(on: boolean): void {
      set.run(environment, on ? 1 : 0);
    },
  };
}

export type CollectionPreferenceRepo = ReturnType<typeof createCollectionPreferenceRepo>;
