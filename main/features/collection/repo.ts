/**
 * SQL of collected input invoices (collected_invoice, collected_invoice_line). `storeCollectedPage`
 * stores one page of a collection answer (up to 1000 detail rows) in one transaction: an invoice met
 * again replaces its earlier copy (its certification state moves on), its lines are replaced, and the
 * history_fts triggers index it. Values keep the record's wire names; money is TEXT.
 */
import type { Db } from '../../db/open.js';
import type { Environment } from '../../../shared/ipc/index.js';

export interface CollectedLine {
  XH: number;
  SPMC?: string | null;
  SPBM?: string | null;
  GGXH?: string | null;
  DW?: string | null;
  SPSL?: string | null;
  DJ?: string | null;
  JE?: string | null;
  SL?: string | null;
  SE?: string | null;
}

export interface CollectedInvoice {
  FPLXDM: string;
  /** Absent for digital-electronic invoices; stored as ''. */
  FPDM?: string | null;
  FPHM: string;
  /** yyyyMMdd */
  KPRQ?: string | null;
  DQSKSSQ?: string | null;
  GMFMC?: string | null;
  GMFSBH?: string | null;
  XHFMC?: string | null;
  XHFSBH?: string | null;
  HJJE?: string | null;
  SE?: string | null;
  JSHJ?: string | null;
  BZ?: string | null;
  FPZT?: string | null;
  RZZT?: string | null;
  RZRQ?: string | null;
  RZSQ?: string | null;
  RZLX?: string | null;
  GLZT?: string | null;
  YXSE?: string | null;
  lines: CollectedLine[];
  /** The record as received, kept whole for fields without a column. */
  recordJson: string;
}

export interface CollectedPage {
  environment: Environment;
  /** Batch number of the collection request that brought the page. */
  PCH: string;
  records: readonly CollectedInvoice[];
  collectedAt: string;
}

const HEADER_COLUMNS = [
  'FPLXDM', 'FPDM', 'FPHM', 'KPRQ', 'issue_date', 'DQSKSSQ', 'GMFMC', 'GMFSBH', 'XHFMC', 'XHFSBH', 'HJJE', 'SE', 'JSHJ', 'BZ',
  'FPZT', 'RZZT', 'RZRQ', 'RZSQ', 'RZLX', 'GLZT', 'YXSE', 'PCH', 'record_json', 'collected_at',
] as const;

/** yyyyMMdd → yyyy-MM-dd so date ranges compare as text; anything else is kept out of the date index. */
export function isoIssueDate(kprq: string | null | undefined): string | null {
  return kprq && /^\d{8}$/.test(kprq) ? `${kprq.slice(0, 4)}-${kprq.slice(4, 6)}-${kprq.slice(6, 8)}` : null;
}

export function createCollectionRepo(db: Db) {
  const upsert = db.prepare<unknown[], { id: number }>(
    `INSERT INTO collected_invoice (environment, ${HEADER_COLUMNS.join(', ')})
     VALUES (?, ${HEADER_COLUMNS.map(() => '?').join(', ')})
     ON CONFLICT (environment, FPDM, FPHM) DO UPDATE SET
       ${HEADER_COLUMNS.filter((c) => c !== 'FPDM' && c !== 'FPHM').map((c) => `${c} = excluded.${c}`).join(', ')}
     RETURNING id`,
  );
  const deleteLines = db.prepare<[number]>(`DELETE FROM collected_invoice_line WHERE invoice_id = ?`);
  const insertLine = db.prepare<unknown[]>(
    `INSERT INTO collected_invoice_line (invoice_id, XH, SPMC, SPBM, GGXH, DW, SPSL, DJ, JE, SL, SE) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const lineCount = db.prepare<[number], { n: number }>(`SELECT COUNT(*) AS n FROM collected_invoice_line WHERE invoice_id = ?`);

  const storePage = db.transaction((page: CollectedPage): number[] => {
    const ids: number[] = [];
    for (const r of page.records) {
      const row = upsert.get(
        page.environment, r.FPLXDM, r.FPDM ?? '', r.FPHM, r.KPRQ ?? null, isoIssueDate(r.KPRQ), r.DQSKSSQ ?? null, r.GMFMC ?? null,
        r.GMFSBH ?? null, r.XHFMC ?? null, r.XHFSBH ?? null, r.HJJE ?? null, r.SE ?? null, r.JSHJ ?? null, r.BZ ?? null, r.FPZT ?? null,
        r.RZZT ?? null, r.RZRQ ?? null, r.RZSQ ?? null, r.RZLX ?? null, r.GLZT ?? null, r.YXSE ?? null, page.PCH, r.recordJson, page.collectedAt,
      );
      if (!row) throw new Error(`collected invoice ${r.FPDM ?? ''}/${r.FPHM} was not stored`);
      // Only an invoice met before has lines to replace; a fresh one skips the delete (and its FTS work).
      if ((lineCount.get(row.id)?.n ?? 0) > 0) deleteLines.run(row.id);
      for (const l of r.lines) {
        insertLine.run(row.id, l.XH, l.SPMC ?? null, l.SPBM ?? null, l.GGXH ?? null, l.DW ?? null, l.SPSL ?? null, l.DJ ?? null, l.JE ?? null, l.SL ?? null, l.SE ?? null);
      }
      ids.push(row.id);
    }
    return ids;
  });

  return {
    /** Stores one page atomically; returns the local ids of its invoices, in order. */
    storeCollectedPage: (page: CollectedPage): number[] => storePage(page),
  };
}

export type CollectionRepo = ReturnType<typeof createCollectionRepo>;
