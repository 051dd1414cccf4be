/**
 * The enterprises served (the enterprise store of the ledger port, main/features/enterprises/store.ts), the one
 * implementation for both databases: the public members of each enterprise and its tax-bureau user as last seen
 * from the service. The passwords never reach this table (they are sealed in the vault), and which enterprise a
 * desk acts for is the desk's own choice, kept in its own file (features/enterprises/repo.ts).
 */
import type { Environment } from '../../../shared/ipc/index.js';
import type { EnterpriseFields, EnterpriseStore } from '../../features/enterprises/store.js';
import type { StoreSql } from './sql.js';

const FIELDS = [
  'taxNumber',
  'agencyName',
  'address',
  'phone',
  'bank',
  'account',
  'taxUser_idCard',
  'taxUser_name',
  'taxUser_phone',
  'taxUser_loginIdentity',
  'taxUser_email',
] as const satisfies readonly (keyof EnterpriseFields)[];

export function createEnterpriseStore(q: StoreSql): EnterpriseStore {
  const enterprises = (environment: Environment) =>
    q.db.selectFrom('enterprise').select(FIELDS).where('environment', '=', environment);
  return {
    async save(environment, fields, now) {
      // Only the public members: an object with more (a password) must not reach the table.
      const values = Object.fromEntries(FIELDS.map((field) => [field, fields[field]])) as unknown as EnterpriseFields;
      await q.write(
        q.db
          .insertInto('enterprise')
          .values({ ...values, environment, synced_at: now, created_at: now, updated_at: now })
          .onConflict((oc) =>
            oc.columns(['environment', 'taxNumber']).doUpdateSet((eb) => ({
              ...Object.fromEntries(FIELDS.filter((field) => field !== 'taxNumber').map((field) => [field, eb.ref(`excluded.${field}`)])),
              synced_at: eb.ref('excluded.synced_at'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          ),
      );
    },
    find: async (environment, taxNumber) => (await q.first(enterprises(environment).where('taxNumber', '=', taxNumber))) ?? null,
    all: (environment) => q.all(enterprises(environment).orderBy(q.bytewise('agencyName')).orderBy(q.bytewise('taxNumber'))),
  };
}
