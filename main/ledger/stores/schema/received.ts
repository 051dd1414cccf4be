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
 * per environment on both (one original per invoice key), as is `file_hash`. Its columns are the feature's
 * ReceivedRow (features/intake/store.ts), every one a reader gets.
 */
export interface ReceivedInvoiceTable extends Omit<ReceivedRow, 'id'> {
  id: Generated<number>;
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
