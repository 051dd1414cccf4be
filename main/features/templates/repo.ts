/** SQL of 常用发票 (invoice templates): the one owner of the invoice_template table. */
import type { Db } from '../../db/open.js';
import type { InvoiceType } from '../../../shared/ipc/index.js';

interface TemplateRow {
  id: number;
  name: string;
  fplxdm: InvoiceType;
  ghdwmc: string;
  content: string;
  used_at: string | null;
}

export interface TemplateEntry {
  id: number;
  name: string;
  invoiceType: InvoiceType;
  buyerName: string;
  usedAt: string | null;
}

const entry = (row: TemplateRow): TemplateEntry => ({ id: row.id, name: row.name, invoiceType: row.fplxdm, buyerName: row.ghdwmc, usedAt: row.used_at });
/** LIKE with the clerk's text taken literally (a % or _ in a name is a character, not a wildcard). */
const likeArg = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export function createTemplateRepo(db: Db) {
  // Few templates per desk (tens): a LIKE over the names is instant; recently used first.
  const list = db.prepare<{ q: string; limit: number }, TemplateRow>(
    `SELECT id, name, fplxdm, ghdwmc, content, used_at FROM invoice_template
      WHERE name LIKE @q ESCAPE '\\' OR ghdwmc LIKE @q ESCAPE '\\'
      ORDER BY used_at IS NULL, used_at DESC, name LIMIT @limit`,
  );
  const byName = db.prepare<[string], TemplateRow>(`SELECT id, name, fplxdm, ghdwmc, content, used_at FROM invoice_template WHERE name = ?`);
  const byId = db.prepare<[number], TemplateRow>(`SELECT id, name, fplxdm, ghdwmc, content, used_at FROM invoice_template WHERE id = ?`);
  const insert = db.prepare(
    `INSERT INTO invoice_template (name, fplxdm, ghdwmc, content, created_at, updated_at) VALUES (@name, @fplxdm, @ghdwmc, @content, @now, @now)`,
  );
  const update = db.prepare(`UPDATE invoice_template SET fplxdm = @fplxdm, ghdwmc = @ghdwmc, content = @content, updated_at = @now WHERE id = @id`);
  const touch = db.prepare(`UPDATE invoice_template SET used_at = ? WHERE id = ?`);
  const remove = db.prepare(`DELETE FROM invoice_template WHERE id = ?`);

  return {
    list: (query: string, limit: number): TemplateEntry[] => list.all({ q: likeArg(query), limit }).map(entry),
    byName: (name: string): TemplateEntry | undefined => {
      const row = byName.get(name);
      return row ? entry(row) : undefined;
    },
    save(values: { name: string; invoiceType: InvoiceType; buyerName: string; content: string }, now: string, replaceId?: number): TemplateEntry {
      const params = { name: values.name, fplxdm: values.invoiceType, ghdwmc: values.buyerName, content: values.content, now };
      if (replaceId === undefined) insert.run(params);
      else update.run({ ...params, id: replaceId });
      return entry(byName.get(values.name)!);
    },
    /** Reads a template and notes that it was used (recently used ones come first). */
    open(id: number, now: string): (TemplateEntry & { content: string }) | undefined {
      const row = byId.get(id);
      if (!row) return undefined;
      touch.run(now, id);
      return { ...entry({ ...row, used_at: now }), content: row.content };
    },
    delete: (id: number): boolean => remove.run(id).changes > 0,
  };
}
