/** The enterprises served (stores/enterprises.ts). */
import type { Generated } from 'kysely';
import type { Environment } from '../../../../shared/ipc/index.js';
import type { EnterpriseFields } from '../../../features/enterprises/store.js';

/** SQLite 0110; PostgreSQL 0470: the store's fields (features/enterprises/store.ts) and the row's own. `is_current` is the desk's alone (which enterprise it acts for): no store reads it. */
export interface EnterpriseTable extends EnterpriseFields {
  id: Generated<number>;
  environment: Environment;
  synced_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface EnterpriseTables {
  enterprise: EnterpriseTable;
}
