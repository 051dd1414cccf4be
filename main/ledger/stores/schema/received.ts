/** Received invoices (报销台账) and their verifications (stores/received.ts). */
import type { Generated } from 'kysely';
import type { Environment } from '../../../../shared/ipc/index.js';
import type { ReceivedRow } from '../../../features/intake/store.js';

/**
 * A received invoice: SQLite 0070, 0230 (the queue: kind, sources, key, link, stored file), 0430 (enterprise and
 * verification state), 0500 (signed), 0530 (original_key); PostgreSQL 0471, 0500 and 0530. The invoice's fields
 * take the service's names in lower case on both (fpdm, hjje; the desk's were FPDM, HJJE until SQLite 0670).
 * Money is decimal text on SQLite and NUMERIC(18,2) on PostgreSQL, which answers it as the same text; times are
 * ISO text on SQLite and timestamptz on PostgreSQL (answered as the desk's ISO text). `original_key` is unique
 * per environment on both (one original per invoice key), as is `file_hash`.
 */
export interface ReceivedInvoiceTable {
  id: Generated<number>;
  environment: Environment;
  enterprise: string | null;
  file_hash: string;
  file_name: string | null;
  file_type: ReceivedRow['file_type'];
  source: string;
  sources_json: string;
  fpzl: string | null;
  fplxdm: string | null;
  fpdm: string | null;
  fphm: string | null;
  kprq: string | null;
  jym: string | null;
  hjje: string | null;
  hjse: string | null;
  jshj: string | null;
  xhfmc: string | null;
  xhfsbh: string | null;
  gmfmc: string | null;
  gmfsbh: string | null;
  data_json: string;
  invoice_key: string | null;
  duplicate_of: number | null;
  original_key: string | null;
  stored_path: string | null;
  origin: string | null;
  last_code: string | null;
  zfbz: string | null;
  status: ReceivedRow['status'];
  verify_state: ReceivedRow['verify_state'];
  verify_reason: string | null;
  verify_fields: string | null;
  buyer_reason: string | null;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  updated_by: string | null;
}

/** One verification call and its answer: SQLite 0080; PostgreSQL 0471 (fpje NUMERIC(18,2), verified_at timestamptz). */
export interface VerificationTable {
  id: Generated<number>;
  environment: Environment;
  received_invoice_id: number | null;
  fpzl: string;
  fpdm: string;
  fphm: string;
  kprq: string;
  fpje: string | null;
  jym: string | null;
  code: string | null;
  message: string | null;
  cyjg: string | null;
  cycs: string | null;
  zfbz: string | null;
  result_json: string | null;
  verified_at: string;
}

export interface ReceivedTables {
  received_invoice: ReceivedInvoiceTable;
  verification: VerificationTable;
}
