/** 常用发票 (stores/templates.ts). */
import type { Generated } from 'kysely';
import type { InvoiceType } from '../../../../shared/ipc/index.js';

/** 常用发票: SQLite 0300, 0460 (per enterprise), 0500 (signed); PostgreSQL 0471 and 0500. */
export interface InvoiceTemplateTable {
  id: Generated<number>;
  /** The enterprise's tax number; NULL for the desk's own enterprise (main/db/enterprise-scope.ts). */
  enterprise: string | null;
  name: string;
  fplxdm: InvoiceType;
  ghdwmc: string;
  /** The form as JSON text. */
  content: string;
  used_at: string | null;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  updated_by: string | null;
}

export interface TemplateTables {
  invoice_template: InvoiceTemplateTable;
}
