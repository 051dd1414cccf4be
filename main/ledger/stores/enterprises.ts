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
  'tax_number',
  'agency_name',
  'address',
  'phone',
  'bank',
  'account',
  'tax_user_id_card',
  'tax_user_name',
  'tax_user_phone',
  'tax_user_login_identity',
  'tax_user_email',
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
            oc.columns(['environment', 'tax_number']).doUpdateSet((eb) => ({
              ...Object.fromEntries(FIELDS.filter((field) => field !== 'tax_number').map((field) => [field, eb.ref(`excluded.${field}`)])),
              synced_at: eb.ref('excluded.synced_at'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          ),
      );
    },
    find: async (environment, taxNumber) => (await q.first(enterprises(environment).where('tax_number', '=', taxNumber))) ?? null,
    all: (environment) => q.all(enterprises(environment).orderBy(q.bytewise('agency_name')).orderBy(q.bytewise('tax_number'))),
  };
}
