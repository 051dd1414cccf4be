/**
 * The enterprises served on the ledger port (docs/team-ledger.md §1, §2): the public members of each enterprise
 * and its tax-bureau user as last seen from the service, shared by every desk of a team — one implementation for
 * the desk's SQLite and a team's PostgreSQL (main/ledger/stores/enterprises.ts).
 * Which enterprise a desk acts for is each desk's own choice and stays on the desk (repo.ts's choice). The
 * passwords never reach this table: they are sealed in the desk's vault. Types only.
 */
import type { Environment } from '../../../shared/ipc/index.js';

export interface EnterpriseFields {
  tax_number: string;
  agency_name: string;
  address: string | null;
  phone: string | null;
  bank: string | null;
  account: string | null;
  tax_user_id_card: string | null;
  tax_user_name: string | null;
  tax_user_phone: string | null;
  tax_user_login_identity: string | null;
  tax_user_email: string | null;
}

export interface EnterpriseStore {
  /** Stores what the service answered (public members only): a new enterprise, or the known one updated. */
  save(environment: Environment, fields: EnterpriseFields, now: string): Promise<void>;
  find(environment: Environment, taxNumber: string): Promise<EnterpriseFields | null>;
  /** Every enterprise of the environment, by name then tax number (bytewise). */
  all(environment: Environment): Promise<EnterpriseFields[]>;
}
