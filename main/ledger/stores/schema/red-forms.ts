/** Red-letter form applications (stores/red-forms.ts). */
import type { ColumnType, Generated } from 'kysely';
import type { StoredFormRow } from '../../../features/reversal/store.js';

/**
 * SQLite 0050, 0160 (blue and red invoice, sub-reason, red lines, auto_issue), 0500 (signed); PostgreSQL 0470 and 0500
 * (and 17's insert_xact, which its guard trigger fills: no store writes it). Money is decimal text on SQLite and
 * NUMERIC(18,2) on PostgreSQL, which answers it as the same text. A reader gets the feature's StoredFormRow
 * (features/reversal/store.ts); the rest are the row's own.
 */
export interface RedLetterFormTable extends Omit<StoredFormRow, 'id' | 'auto_issue'> {
  id: Generated<number>;
  fpdm: string | null;
  fphm: string;
  xhdwmc: string;
  ghdwsbh: string | null;
  ghdwmc: string | null;
  hjje: string | null;
  hjse: string | null;
  form_json: string | null;
  /** Written as a boolean (bound 1/0 on SQLite); read as SQLite's 0/1 or PostgreSQL's true/false — the store reads it as 0/1. */
  auto_issue: ColumnType<0 | 1 | boolean, boolean, boolean>;
  error_code: string | null;
  updated_by: string | null;
}

export interface RedFormTables {
  red_letter_form: RedLetterFormTable;
}
