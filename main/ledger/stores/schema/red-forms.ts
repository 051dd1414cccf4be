/** Red-letter form applications (stores/red-forms.ts). */
import type { ColumnType, Generated } from 'kysely';
import type { Environment, RedLetterFormStatus, RedLetterReason, RedLetterSubReason, RedReason } from '../../../../shared/ipc/index.js';

/**
 * SQLite 0050, 0160 (blue and red invoice, sub-reason, red lines, auto_issue), 0500 (signed); PostgreSQL 0470 and 0500
 * (and 17's insert_xact, which its guard trigger fills: no store writes it). Money is decimal text on SQLite and
 * NUMERIC(18,2) on PostgreSQL, which answers it as the same text.
 */
export interface RedLetterFormTable {
  id: Generated<number>;
  lsh: string;
  environment: Environment;
  fplxdm: string | null;
  fpdm: string | null;
  fphm: string;
  sqly: RedLetterReason;
  sqly_detail: RedLetterSubReason | null;
  chyydm: RedReason | null;
  kpzdbs: string | null;
  xhdwsbh: string;
  xhdwmc: string;
  ghdwsbh: string | null;
  ghdwmc: string | null;
  hjje: string | null;
  hjse: string | null;
  jshj: string | null;
  status: RedLetterFormStatus;
  sqdh: string | null;
  xxbbh: string | null;
  xxbid: string | null;
  request_json: string;
  form_json: string | null;
  red_lines_json: string | null;
  /** Written as a boolean (bound 1/0 on SQLite); read as SQLite's 0/1 or PostgreSQL's true/false — the store reads it as 0/1. */
  auto_issue: ColumnType<0 | 1 | boolean, boolean, boolean>;
  blue_invoice_id: number | null;
  red_invoice_id: number | null;
  error_code: string | null;
  error_message: string | null;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  updated_by: string | null;
}

export interface RedFormTables {
  red_letter_form: RedLetterFormTable;
}
