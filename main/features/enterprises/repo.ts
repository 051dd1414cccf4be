/**
 * Which enterprise this desk acts for, on the desk's own SQLite: the desk's choice, not the ledger's (the
 * enterprises themselves are the ledger's enterprise store, main/ledger/stores/enterprises.ts).
 */
import type { Db } from '../../db/open.js';
import type { Environment } from '../../../shared/ipc/index.js';

/**
 * Which enterprise this desk acts for: each desk's own choice, so it stays in the desk's own file whichever
 * ledger the enterprises are kept in — `is_current` of the desk's `enterprise` table (at most one per
 * environment: 0110's partial unique index). On a desk whose ledger is this file the row is the ledger's own;
 * on a team desk the chosen enterprise's row is kept here too (its tax number and name), as the desk's note
 * of its choice. Synchronous: every feature reads the active enterprise at each call.
 */
export function createEnterpriseChoice(db: Db, environment: Environment) {
  const current = db.prepare<[Environment], { taxNumber: string; agencyName: string }>(
    `SELECT taxNumber, agencyName FROM enterprise WHERE environment = ? AND is_current = 1`,
  );
  const clear = db.prepare<[Environment]>(`UPDATE enterprise SET is_current = 0 WHERE environment = ? AND is_current = 1`);
  const note = db.prepare<[{ environment: Environment; taxNumber: string; agencyName: string; now: string }]>(
    `INSERT INTO enterprise (environment, taxNumber, agencyName, created_at, updated_at) VALUES (@environment, @taxNumber, @agencyName, @now, @now)
     ON CONFLICT (environment, taxNumber) DO UPDATE SET agencyName = excluded.agencyName WHERE agencyName <> excluded.agencyName`,
  );
  const choose = db.prepare<[string, Environment, string]>(`UPDATE enterprise SET is_current = 1, updated_at = ? WHERE environment = ? AND taxNumber = ?`);
  return {
    current: () => current.get(environment) ?? null,
    /** Makes one enterprise current. */
    choose: db.transaction((enterprise: { taxNumber: string; agencyName: string }, now: string) => {
      note.run({ environment, taxNumber: enterprise.taxNumber, agencyName: enterprise.agencyName, now });
      clear.run(environment);
      choose.run(now, environment, enterprise.taxNumber);
    }),
    /** No enterprise is current: the configured default seller applies again. */
    clear: () => void clear.run(environment),
  };
}

export type EnterpriseChoice = ReturnType<typeof createEnterpriseChoice>;
