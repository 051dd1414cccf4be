/**
 * Which enterprise this desk acts for, on the desk's own SQLite: the desk's choice, not the ledger's (the
 * enterprises themselves are the ledger's enterprise store, main/ledger/stores/enterprises.ts).
 */
import type { Db } from '../../db/open.js';
import type { Environment } from '../../../shared/ipc/index.js';
import type { EnterpriseFields } from './store.js';

/**
 * Which enterprise this desk acts for: each desk's own choice, so it stays in the desk's own file whichever
 * ledger the enterprises are kept in — `is_current` of the desk's `enterprise` table (at most one per
 * environment: 0110's partial unique index). On a desk whose ledger is this file the row is the ledger's own;
 * on a team desk the chosen enterprise's row is kept here too (its tax number and name), as the desk's note
 * of its choice. Synchronous: every feature reads the active enterprise at each call.
 */
export function createEnterpriseChoice(db: Db, environment: Environment) {
  const current = db.prepare<[Environment], Pick<EnterpriseFields, 'tax_number' | 'agency_name'>>(
    `SELECT tax_number, agency_name FROM enterprise WHERE environment = ? AND is_current = 1`,
  );
  const clear = db.prepare<[Environment]>(`UPDATE enterprise SET is_current = 0 WHERE environment = ? AND is_current = 1`);
  const note = db.prepare<[{ environment: Environment; tax_number: string; agency_name: string; now: string }]>(
    `INSERT INTO enterprise (environment, tax_number, agency_name, created_at, updated_at) VALUES (@environment, @tax_number, @agency_name, @now, @now)
     ON CONFLICT (environment, tax_number) DO UPDATE SET agency_name = excluded.agency_name WHERE agency_name <> excluded.agency_name`,
  );
  const choose = db.prepare<[string, Environment, string]>(`UPDATE enterprise SET is_current = 1, updated_at = ? WHERE environment = ? AND tax_number = ?`);
  return {
    current: () => current.get(environment) ?? null,
    /** Makes one enterprise current. */
    choose: db.transaction((enterprise: Pick<EnterpriseFields, 'tax_number' | 'agency_name'>, now: string) => {
      note.run({ environment, tax_number: enterprise.tax_number, agency_name: enterprise.agency_name, now });
      clear.run(environment);
      choose.run(now, environment, enterprise.tax_number);
    }),
    /** No enterprise is current: the configured default seller applies again. */
    clear: () => void clear.run(environment),
  };
}

export type EnterpriseChoice = ReturnType<typeof createEnterpriseChoice>;
