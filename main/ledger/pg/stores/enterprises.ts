/**
 * The enterprises served on a team's PostgreSQL (the enterprise store of the ledger port,
 * main/features/enterprises/store.ts): the team ledger's `enterprise` (pg migration 1; snake_case columns),
 * answered in the desk repo's shape. No `is_current` here: which enterprise a desk acts for stays on the desk.
 */
import type { EnterpriseFields, EnterpriseStore } from '../../../features/enterprises/store.js';
import type { Queryable } from '../outbox.js';

const FIELDS = `tax_number AS "taxNumber", agency_name AS "agencyName", address, phone, bank, account, tax_user_id_card AS "taxUser_idCard",
  tax_user_name AS "taxUser_name", tax_user_phone AS "taxUser_phone", tax_user_login_identity AS "taxUser_loginIdentity", tax_user_email AS "taxUser_email"`;

export function createPgEnterpriseStore(connection: () => Queryable): EnterpriseStore {
  const rows = async (sql: string, args: unknown[]) => (await connection().query<EnterpriseFields>(sql, args)).rows;
  return {
    async save(environment, f, now) {
      await connection().query(
        `INSERT INTO enterprise (environment, tax_number, agency_name, address, phone, bank, account, tax_user_id_card, tax_user_name,
           tax_user_phone, tax_user_login_identity, tax_user_email, synced_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $13)
         ON CONFLICT (environment, tax_number) DO UPDATE SET agency_name = excluded.agency_name, address = excluded.address,
           phone = excluded.phone, bank = excluded.bank, account = excluded.account, tax_user_id_card = excluded.tax_user_id_card,
           tax_user_name = excluded.tax_user_name, tax_user_phone = excluded.tax_user_phone,
           tax_user_login_identity = excluded.tax_user_login_identity, tax_user_email = excluded.tax_user_email,
           synced_at = excluded.synced_at, updated_at = excluded.updated_at`,
        [environment, f.taxNumber, f.agencyName, f.address, f.phone, f.bank, f.account, f.taxUser_idCard, f.taxUser_name, f.taxUser_phone, f.taxUser_loginIdentity, f.taxUser_email, now],
      );
    },
    find: async (environment, taxNumber) => (await rows(`SELECT ${FIELDS} FROM enterprise WHERE environment = $1 AND tax_number = $2`, [environment, taxNumber]))[0] ?? null,
    all: (environment) => rows(`SELECT ${FIELDS} FROM enterprise WHERE environment = $1 ORDER BY agency_name COLLATE "C", tax_number COLLATE "C"`, [environment]),
  };
}
