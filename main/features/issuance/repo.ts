/** SQL of output invoices (issued_invoice, issued_invoice_line). The only place that touches them. */
import type Database from 'better-sqlite3';
import type { Db } from '../../db/open.js';
import type { DraftSummary, Environment, InvoiceFileFormat, InvoiceStatus, InvoiceSummary, InvoiceType } from '../../../shared/ipc/index.js';

export interface NewInvoice {
  lsh: string;
  environment: Environment;
  fplxdm: InvoiceType;
  /** 0 blue, 1 red */
  kplx: '0' | '1';
  xhdwsbh: string;
  xhdwmc: string;
  ghdwmc: string;
  ghdwsbh: string | null;
  jshj: string;
  hjse: string;
  requestJson: string;
  lines: Array<{ spmc: string; spbm: string; spsl: string; dj: string; je: string; sl: string; se: string }>;
}

export interface IssuedFields {
  fpdm: string | null;
  fphm: string;
  kprq: string;
  jym: string | null;
  skm: string | null;
  pdf: string | null;
  ofd: string | null;
  xml: string | null;
}

/** The issued_invoice columns an InvoiceSummary is made of. */
export interface SummaryRow {
  id: number;
  lsh: string;
  environment: Environment;
  fplxdm: InvoiceType;
  ghdwmc: string;
  jshj: string;
  status: InvoiceStatus;
  fpdm: string | null;
  fphm: string | null;
  kprq: string | null;
  error_message: string | null;
  created_at: string;
}

const SUMMARY_COLUMNS = 'id, lsh, environment, fplxdm, ghdwmc, jshj, status, fpdm, fphm, kprq, error_message, created_at';

export function toSummary(row: SummaryRow): InvoiceSummary {
  return {
    id: row.id,
    lsh: row.lsh,
    environment: row.environment,
    invoiceType: row.fplxdm,
    buyerName: row.ghdwmc,
    total: row.jshj,
    status: row.status,
    invoiceCode: row.fpdm,
    invoiceNumber: row.fphm,
    issuedAt: row.kprq,
    error: row.error_message,
    createdAt: row.created_at,
  };
}

export function createIssuanceRepo(db: Db) {
  const insertInvoice = db.prepare(
    `INSERT INTO issued_invoice (lsh, environment, fplxdm, kplx, xhdwsbh, xhdwmc, ghdwmc, ghdwsbh, jshj, hjse, status, request_json, created_at, updated_at)
     VALUES (@lsh, @environment, @fplxdm, @kplx, @xhdwsbh, @xhdwmc, @ghdwmc, @ghdwsbh, @jshj, @hjse, 'queued', @requestJson, @now, @now)`,
  );
  const insertLine = db.prepare(
    `INSERT INTO issued_invoice_line (invoice_id, line_no, spmc, spbm, spsl, dj, je, sl, se)
     VALUES (@invoiceId, @lineNo, @spmc, @spbm, @spsl, @dj, @je, @sl, @se)`,
  );
  const byLsh = db.prepare<[string], SummaryRow>(`SELECT ${SUMMARY_COLUMNS} FROM issued_invoice WHERE lsh = ?`);
  const list = db.prepare<[Environment, string, number, number], SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM issued_invoice WHERE environment = ? AND xhdwsbh = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
  );
  const markIssuing = db.prepare<[string, string]>(
    `UPDATE issued_invoice SET status = 'issuing', updated_at = ? WHERE lsh = ? AND status = 'queued'`,
  );
  const markIssued = db.prepare(
    `UPDATE issued_invoice SET status = 'issued', fpdm = @fpdm, fphm = @fphm, kprq = @kprq, jym = @jym, skm = @skm,
       pdf_url = @pdf, ofd_url = @ofd, xml_url = @xml, error_code = NULL, error_message = NULL, updated_at = @now
     WHERE lsh = @lsh AND status IN ('queued', 'issuing')`,
  );
  const markFailed = db.prepare<[string, string, string, string]>(
    `UPDATE issued_invoice SET status = 'failed', error_code = ?, error_message = ?, updated_at = ? WHERE lsh = ? AND status IN ('queued', 'issuing')`,
  );

  return {
    /** Inserts the invoice and its lines; call inside the transaction that also enqueues it. */
    insert(invoice: NewInvoice, now: string): number {
      const id = Number(insertInvoice.run({ ...invoice, now }).lastInsertRowid);
      invoice.lines.forEach((line, index) => insertLine.run({ invoiceId: id, lineNo: index + 1, ...line }));
      return id;
    },
    findByLsh(lsh: string): InvoiceSummary | null {
      const row = byLsh.get(lsh);
      return row ? toSummary(row) : null;
    },
    /** The latest invoices of one seller (the active enterprise). */
    list(environment: Environment, seller: string, limit: number, offset: number): InvoiceSummary[] {
      return list.all(environment, seller, limit, offset).map(toSummary);
    },
    markIssuing: (lsh: string, now: string) => markIssuing.run(now, lsh).changes > 0,
    markIssued: (lsh: string, fields: IssuedFields, now: string) => markIssued.run({ lsh, ...fields, now }).changes > 0,
    markFailed: (lsh: string, code: string, message: string, now: string) => markFailed.run(code, message, now, lsh).changes > 0,
  };
}

export type IssuanceRepo = ReturnType<typeof createIssuanceRepo>;

/** Where the service said an issued invoice's files are, and what the local copy is named after. */
export interface InvoiceFileSource {
  lsh: string;
  status: InvoiceStatus;
  url: string | null;
}

const FILE_COLUMNS: Record<InvoiceFileFormat, string> = { pdf: 'pdf_url', ofd: 'ofd_url', xml: 'xml_url' };

/** The issued invoice's file address; the column comes from a fixed table, never from the caller's text. */
export function createInvoiceFileRepo(db: Db) {
  const statements = Object.fromEntries(
    (Object.keys(FILE_COLUMNS) as InvoiceFileFormat[]).map((format) => [
      format,
      db.prepare<[number, Environment], InvoiceFileSource>(
        `SELECT lsh, status, ${FILE_COLUMNS[format]} AS url FROM issued_invoice WHERE id = ? AND environment = ?`,
      ),
    ]),
  ) as Record<InvoiceFileFormat, Database.Statement<[number, Environment], InvoiceFileSource>>;
  return {
    find: (id: number, environment: Environment, format: InvoiceFileFormat): InvoiceFileSource | null =>
      statements[format].get(id, environment) ?? null,
  };
}

interface DraftRow {
  id: number;
  fplxdm: InvoiceType;
  ghdwmc: string;
  jshj: string;
  content: string;
  updated_at: string;
}

const toDraftSummary = (row: DraftRow): DraftSummary => ({
  id: row.id,
  invoiceType: row.fplxdm,
  buyerName: row.ghdwmc,
  total: row.jshj,
  updatedAt: row.updated_at,
});

export interface DraftValues {
  invoiceType: InvoiceType;
  buyerName: string;
  total: string;
  /** The form's values as JSON text. */
  content: string;
}

/** SQL of issuance drafts (issuance_draft, migrations 0140 and 0270). Drafts of the active enterprise (`enterprise()`); drafts written before drafts had an enterprise show for every one. */
export function createDraftRepo(db: Db, environment: Environment, enterprise: () => string = () => '') {
  const insert = db.prepare(
    `INSERT INTO issuance_draft (environment, fplxdm, ghdwmc, jshj, content, created_at, updated_at, enterprise)
     VALUES (@environment, @invoiceType, @buyerName, @total, @content, @now, @now, @enterprise)`,
  );
  const update = db.prepare(
    `UPDATE issuance_draft SET fplxdm = @invoiceType, ghdwmc = @buyerName, jshj = @total, content = @content, updated_at = @now
     WHERE id = @id AND environment = @environment AND ifnull(enterprise, @enterprise) = @enterprise`,
  );
  type Scope = { environment: Environment; enterprise: string };
  const byId = db.prepare<[Scope & { id: number }], DraftRow>(
    'SELECT id, fplxdm, ghdwmc, jshj, content, updated_at FROM issuance_draft WHERE id = @id AND environment = @environment AND ifnull(enterprise, @enterprise) = @enterprise',
  );
  const list = db.prepare<[Scope], DraftRow>(
    `SELECT id, fplxdm, ghdwmc, jshj, content, updated_at FROM issuance_draft WHERE environment = @environment AND ifnull(enterprise, @enterprise) = @enterprise
     ORDER BY updated_at DESC, id DESC LIMIT 200`,
  );
  const remove = db.prepare<[Scope & { id: number }]>(
    'DELETE FROM issuance_draft WHERE id = @id AND environment = @environment AND ifnull(enterprise, @enterprise) = @enterprise',
  );
  const scope = (): Scope => ({ environment, enterprise: enterprise() });
  return {
    /** Inserts (no id) or overwrites a draft; null when the id names no draft of this environment. */
    save(values: DraftValues, now: string, id?: number): DraftSummary | null {
      const params = { ...values, ...scope(), now };
      const savedId = id === undefined ? Number(insert.run(params).lastInsertRowid) : update.run({ ...params, id }).changes > 0 ? id : null;
      if (savedId === null) return null;
      const row = byId.get({ ...scope(), id: savedId });
      return row ? toDraftSummary(row) : null;
    },
    list: (): DraftSummary[] => list.all(scope()).map(toDraftSummary),
    load(id: number): (DraftSummary & { content: string }) | null {
      const row = byId.get({ ...scope(), id });
      return row ? { ...toDraftSummary(row), content: row.content } : null;
    },
    delete: (id: number): boolean => remove.run({ ...scope(), id }).changes > 0,
  };
}

export type DraftRepo = ReturnType<typeof createDraftRepo>;
