/**
 * 常用发票 on the ledger port (docs/team-ledger.md §2): what the templates feature asks of `invoice_template`,
 * whichever database keeps it — one implementation for the desk's SQLite and a team's PostgreSQL
 * (main/ledger/stores/templates.ts). Every call names the enterprise whose templates it works
 * in; saves are signed with the acting clerk. Times are ISO 8601 text on both. Types only.
 */
import type { InvoiceType } from '../../../shared/ipc/index.js';
import type { EnterpriseScope } from '../../db/enterprise-scope.js';

export interface TemplateEntry {
  id: number;
  name: string;
  invoiceType: InvoiceType;
  buyerName: string;
  usedAt: string | null;
}

export interface TemplateValues {
  name: string;
  invoiceType: InvoiceType;
  buyerName: string;
  /** The form as JSON text. */
  content: string;
}

export interface TemplateStore {
  /** The scope's templates whose name or buyer contains `query` (literally), recently used first. */
  list(scope: EnterpriseScope, query: string, limit: number): Promise<TemplateEntry[]>;
  byName(scope: EnterpriseScope, name: string): Promise<TemplateEntry | null>;
  /** Inserts, or replaces the template `replaceId` (the caller checked the name); answers it as stored. */
  save(scope: EnterpriseScope, values: TemplateValues, now: string, replaceId?: number): Promise<TemplateEntry>;
  /** Reads a template with its content and notes that it was used now (recently used ones come first). */
  open(scope: EnterpriseScope, id: number, now: string): Promise<(TemplateEntry & { content: string }) | null>;
  delete(scope: EnterpriseScope, id: number): Promise<boolean>;
}
