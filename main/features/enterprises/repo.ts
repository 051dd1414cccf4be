/**
 * SQL of the enterprises a clerk serves (table `enterprise`, migration 0110) on the desk's SQLite: the public
 * members of the enterprise and its tax-bureau user as last seen from the service — wrapped as the SQLite
 * ledger's enterprise store (main/ledger/sqlite/enterprises.ts; PostgreSQL's is
 * main/ledger/pg/stores/enterprises.ts) — and which one this desk acts for (`is_current`, the desk's choice).
 * The passwords never reach this table: they are sealed in the vault (service.ts).
 */
import type { Db } from '../../db/open.js';
import type { Environment } from '../../../shared/ipc/index.js';
import type { EnterpriseFields } from './store.js';

export type { EnterpriseFields } from './store.js';

const FIELDS = `taxNumber, agencyName, address, phone, bank, account, taxUser_idCard, taxUser_name, taxUser_phone,
  taxUser_loginIdentity, taxUser_email`;

export function createEnterpriseRepo(db: Db) {
  const upsert = db.prepare(
    `INSERT INTO enterprise (environment, ${FIELDS}, synced_at, created_at, updated_at)
     VALUES (@environment, @taxNumber, @agencyName, @address, @phone, @bank, @account, @taxUser_idCard, @taxUser_name,
       @taxUser_phone, @taxUser_loginIdentity, @taxUser_email, @now, @now, @now)
     ON CONFLICT (environment, taxNumber) DO UPDATE SET agencyName = excluded.agencyName, address = excluded.address,
       phone = excluded.phone, bank = excluded.bank, account = excluded.account, taxUser_idCard = excluded.taxUser_idCard,
       taxUser_name = excluded.taxUser_name, taxUser_phone = excluded.taxUser_phone,
       taxUser_loginIdentity = excluded.taxUser_loginIdentity, taxUser_email = excluded.taxUser_email,
       synced_at = excluded.synced_at, updated_at = excluded.updated_at`,
  );
  const one = db.prepare<[Environment, string], EnterpriseFields>(`SELECT ${FIELDS} FROM enterprise WHERE environment = ? AND taxNumber = ?`);
  const all = db.prepare<[Environment], EnterpriseFields>(`SELECT ${FIELDS} FROM enterprise WHERE environment = ? ORDER BY agencyName, taxNumber`);
  return {
    save: (environment: Environment, fields: EnterpriseFields, now: string): void => void upsert.run({ ...fields, environment, now }),
    find: (environment: Environment, taxNumber: string): EnterpriseFields | null => one.get(environment, taxNumber) ?? null,
    all: (environment: Environment): EnterpriseFields[] => all.all(environment),
  };
}

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
