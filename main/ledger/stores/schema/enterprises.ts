/** The enterprises served (stores/enterprises.ts). */
import type { Generated } from 'kysely';
import type { Environment } from '../../../../shared/ipc/index.js';

/** SQLite 0110; PostgreSQL 1. `is_current` is the desk's alone (which enterprise it acts for): no store reads it. */
export interface EnterpriseTable {
  id: Generated<number>;
  environment: Environment;
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
  synced_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface EnterpriseTables {
  enterprise: EnterpriseTable;
}
