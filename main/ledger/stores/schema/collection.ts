/** The input ledger and collection runs (stores/collection.ts). */
import type { Generated } from 'kysely';
import type { Environment } from '../../../../shared/ipc/index.js';
import type { CertificationCandidate, RunRow } from '../../../features/collection/store.js';

/**
 * A collected input invoice: SQLite 0090, 0260 (enterprise, the selection window), 0480 (line_count); PostgreSQL 0471.
 * Columns are the record's wire names in lower case on both (fpdm; the desk's were FPDM until SQLite 0670). Money is the decimal text the service
 * sent on SQLite and NUMERIC(18,2) on PostgreSQL, answered as text; issue_date is yyyy-MM-dd (TEXT on SQLite, a
 * date on PostgreSQL, answered as the same text); collected_at ISO text (timestamptz on PostgreSQL). The fields the
 * certification view reads are the feature's CertificationCandidate (features/collection/store.ts).
 */
export interface CollectedInvoiceTable extends Omit<CertificationCandidate, 'id'> {
  id: Generated<number>;
  environment: Environment;
  /** The buyer's tax number the invoice was collected for. */
  enterprise: string | null;
  issue_date: string | null;
  gmfmc: string | null;
  gmfsbh: string | null;
  xhfmc: string | null;
  xhfsbh: string | null;
  jshj: string | null;
  bz: string | null;
  rzrq: string | null;
  rzsq: string | null;
  yxse: string | null;
  pch: string | null;
  record_json: string;
  collected_at: string;
  /**
   * The desk's SQLite only (0480): the lines stored, set once a page's lines are in — setting it writes the
   * invoice's search document (dialects/collection.ts). PostgreSQL has no such column.
   */
  line_count: number | null;
}

/** A detail line: SQLite 0090; PostgreSQL 0471 (spsl, dj, je, se NUMERIC there). */
export interface CollectedInvoiceLineTable {
  invoice_id: number;
  xh: number;
  spmc: string | null;
  spbm: string | null;
  ggxh: string | null;
  dw: string | null;
  spsl: string | null;
  dj: string | null;
  je: string | null;
  sl: string | null;
  se: string | null;
}

/** A tracked status field's change: SQLite 0260; PostgreSQL 0471. */
export interface CollectedInvoiceChangeTable {
  id: Generated<number>;
  invoice_id: number;
  field: string;
  old_value: string | null;
  new_value: string | null;
  /** The run's PCH, or `certification <PCH>`. */
  source: string;
  changed_at: string;
}

/** One collection request (PCH) and where it stands: SQLite 0260; PostgreSQL 0471. The feature's RunRow, the counters defaulted. */
export interface CollectionRunTable extends Omit<RunRow, 'id' | 'next_kshs' | 'rows_received'> {
  id: Generated<number>;
  next_kshs: Generated<number>;
  rows_received: Generated<number>;
}

export interface CollectionTables {
  collected_invoice: CollectedInvoiceTable;
  collected_invoice_line: CollectedInvoiceLineTable;
  collected_invoice_change: CollectedInvoiceChangeTable;
  collection_run: CollectionRunTable;
}
