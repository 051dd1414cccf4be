/**
 * SQL of the enterprises a clerk serves (table `enterprise`, migration 0110): the public members of the
 * enterprise and its tax-bureau user as last seen from the service, and which one is current. The
 * passwords never reach this table: they are sealed in the vault (service.ts).
 */
import type { Db } from '../../db/open.js';
import type { Environment } from '../../../shared/ipc/index.js';

export interface EnterpriseRow {
  taxNumber: string;
  agencyName: string;
  address: string | null;
  phone: string | null;
  bank: string | null;
  account: string | null;
  taxUser_idCard: string | null;
  taxUser_name: string | null;
  taxUser_phone: string | null;
  taxUser_loginIdentity: string | null;
  taxUser_email: string | null;
  is_current: number;
}

export type EnterpriseFields = Omit<EnterpriseRow, 'is_current'>;

const COLUMNS = `taxNumber, agencyName, address, phone, bank, account, taxUser_idCard, taxUser_name, taxUser_phone,
  taxUser_loginIdentity, taxUser_email, is_current`;

export function createEnterpriseRepo(db: Db, environment: Environment) {
  const upsert = db.prepare(
    `INSERT INTO enterprise (environment, taxNumber, agencyName, address, phone, bank, account, taxUser_idCard, taxUser_name,
       taxUser_phone, taxUser_loginIdentity, taxUser_email, synced_at, created_at, updated_at)
     VALUES (@environment, @taxNumber, @agencyName, @address, @phone, @bank, @account, @taxUser_idCard, @taxUser_name,
       @taxUser_phone, @taxUser_loginIdentity, @taxUser_email, @now, @now, @now)
     ON CONFLICT (environment, taxNumber) DO UPDATE SET agencyName = excluded.agencyName, address = excluded.address,
       phone = excluded.phone, bank = excluded.bank, account = excluded.account, taxUser_idCard = excluded.taxUser_idCard,
       taxUser_name = excluded.taxUser_name, taxUser_phone = excluded.taxUser_phone,
       taxUser_loginIdentity = excluded.taxUser_loginIdentity, taxUser_email = excluded.taxUser_email,
       synced_at = excluded.synced_at, updated_at = excluded.updated_at`,
  );
  const one = db.prepare<[Environment, string], EnterpriseRow>(`SELECT ${COLUMNS} FROM enterprise WHERE environment = ? AND taxNumber = ?`);
  const all = db.prepare<[Environment], EnterpriseRow>(`SELECT ${COLUMNS} FROM enterprise WHERE environment = ? ORDER BY agencyName, taxNumber`);
  const current = db.prepare<[Environment], EnterpriseRow>(`SELECT ${COLUMNS} FROM enterprise WHERE environment = ? AND is_current = 1`);
  const clearCurrent = db.prepare<[Environment]>(`UPDATE enterprise SET is_current = 0 WHERE environment = ? AND is_current = 1`);
  const setCurrent = db.prepare<[string, Environment, string]>(`UPDATE enterprise SET is_current = 1, updated_at = ? WHERE environment = ? AND taxNumber = ?`);

  return {
    /** Stores what the service answered (public members only). */
    save(fields: EnterpriseFields, now: string): void {
      upsert.run({ ...fields, environment, now });
    },
    find: (taxNumber: string): EnterpriseRow | null => one.get(environment, taxNumber) ?? null,
    all: (): EnterpriseRow[] => all.all(environment),
    current: (): EnterpriseRow | null => current.get(environment) ?? null,
    /** Makes one enterprise current (at most one per environment: the partial unique index holds it). */
    setCurrent: db.transaction((taxNumber: string, now: string) => {
      clearCurrent.run(environment);
      setCurrent.run(now, environment, taxNumber);
    }),
    /** No enterprise is current: the configured default seller applies again. */
    clearCurrent: () => clearCurrent.run(environment),
  };
}

export type EnterpriseRepo = ReturnType<typeof createEnterpriseRepo>;
