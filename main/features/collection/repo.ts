/**
 * SQL of collected input invoices (collected_invoice, its lines and its change history) and of collection
 * runs — the only place that reads or writes them. `storePage` stores one answered page and moves its run
 * on (next KSHS, rows received) in ONE transaction, so after a crash the run resumes exactly after the
 * last page kept. An invoice is keyed by code + number: met again, its fields are updated and every
 * status field that changed is written to collected_invoice_change. Money stays TEXT as received.
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
  FPDM?: string | null;
  FPHM: string;
  KPRQ?: string | null;
  DQSKSSQ?: string | null;
  GXJZR?: string | null;
  GXRQQ?: string | null;
  GXRQZ?: string | null;
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
  /** null: the record carries no lines (main information) and the lines held are kept. */
  lines: CollectedLine[] | null;
  recordJson: string;
}

/** Status fields whose changes are kept in collected_invoice_change. */
export const TRACKED_FIELDS = ['FPZT', 'RZZT', 'RZRQ', 'RZSQ', 'RZLX', 'GLZT', 'YXSE'] as const;
type Tracked = (typeof TRACKED_FIELDS)[number];

export type RunStatus = 'running' | 'closing' | 'done' | 'failed';
export type CollectionKind = '01' | '03' | '08' | '14' | '31' | 'main';

export interface RunRow {
  id: number;
  environment: Environment;
  enterprise: string;
  kind: CollectionKind;
  PCH: string;
  CJKSRQ: string;
  CJJSRQ: string;
  next_kshs: number;
  total_rows: number | null;
  rows_received: number;
  status: RunStatus;
  error: string | null;
  created_at: string;
  updated_at: string;
}

export interface StoredPage {
  runId: number;
  PCH: string;
  enterprise: string;
  records: readonly CollectedInvoice[];
  totalRows: number;
  nextKshs: number;
  /** Every row has come: the run moves on to its closing request (ZTBZ 0). */
  complete: boolean;
  at: string;
}

const HEADER_COLUMNS = [
  'FPLXDM', 'FPDM', 'FPHM', 'KPRQ', 'issue_date', 'DQSKSSQ', 'GXJZR', 'GXRQQ', 'GXRQZ', 'GMFMC', 'GMFSBH', 'XHFMC', 'XHFSBH', 'HJJE', 'SE', 'JSHJ',
  'BZ', 'FPZT', 'RZZT', 'RZRQ', 'RZSQ', 'RZLX', 'GLZT', 'YXSE', 'PCH', 'enterprise', 'record_json', 'collected_at',
] as const;

/** yyyyMMdd → yyyy-MM-dd so date ranges compare as text. */
export function isoIssueDate(kprq: string | null | undefined): string | null {
  return kprq && /^\d{8}$/.test(kprq) ? `${kprq.slice(0, 4)}-${kprq.slice(4, 6)}-${kprq.slice(6, 8)}` : null;
}

const orNull = (value: string | null | undefined) => (value === undefined || value === '' ? null : value);

/** A page stored outside a run (search tests, the ingest bench): the buyer of each record is its enterprise. */
export interface CollectedPage {
  environment: Environment;
  PCH: string;
  records: readonly CollectedInvoice[];
  collectedAt: string;
}

/** `environment` scopes runs and queries; storeCollectedPage names its own. */
export function createCollectionRepo(db: Db, environment: Environment = 'sandbox') {
  const existing = db.prepare<[Environment, string, string], { id: number; enterprise: string | null } & Record<Tracked, string | null>>(
    `SELECT id, enterprise, ${TRACKED_FIELDS.join(', ')} FROM collected_invoice WHERE environment = ? AND FPDM = ? AND FPHM = ?`,
  );
  const upsert = db.prepare<unknown[], { id: number }>(
    `INSERT INTO collected_invoice (environment, ${HEADER_COLUMNS.join(', ')})
     VALUES (?, ${HEADER_COLUMNS.map(() => '?').join(', ')})
     ON CONFLICT (environment, FPDM, FPHM) DO UPDATE SET
       ${HEADER_COLUMNS.filter((c) => c !== 'FPDM' && c !== 'FPHM').map((c) => `${c} = coalesce(excluded.${c}, ${c})`).join(', ')}
     RETURNING id`,
  );
  const deleteLines = db.prepare<[number]>(`DELETE FROM collected_invoice_line WHERE invoice_id = ?`);
  const insertLine = db.prepare<unknown[]>(
    `INSERT OR REPLACE INTO collected_invoice_line (invoice_id, XH, SPMC, SPBM, GGXH, DW, SPSL, DJ, JE, SL, SE) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // Writes the search documents of a page's invoices once their lines are stored (migration 0480's
  // trigger), in ONE statement: FTS5 flushes its pending postings into a new segment whenever a later
  // statement of the transaction opens a statement savepoint, so a document written per invoice made a
  // segment per invoice (200 a page) for automerge to merge again and again (docs/benchmarks.md §collect).
  const setLineCounts = db.prepare<[string]>(
    `UPDATE collected_invoice SET line_count = (SELECT count(*) FROM collected_invoice_line l WHERE l.invoice_id = collected_invoice.id)
     WHERE id IN (SELECT value FROM json_each(?))`,
  );
  const insertChange = db.prepare<[number, string, string | null, string | null, string, string]>(
    `INSERT INTO collected_invoice_change (invoice_id, field, old_value, new_value, source, changed_at) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const updateRun = db.prepare(
    `UPDATE collection_run SET next_kshs = @nextKshs, total_rows = @totalRows, rows_received = rows_received + @rows, status = @status,
       error = NULL, updated_at = @at WHERE id = @id`,
  );

  /**
   * Writes the invoice and the changes of its tracked fields; returns its id, whether it was new and
   * whether its search document is to be (re)written once the page's lines are in (`indexDocuments`).
   */
  function storeInvoice(env: Environment, r: CollectedInvoice, enterprise: string, source: string, at: string): { id: number; fresh: boolean; document: boolean } {
    const before = existing.get(env, r.FPDM ?? '', r.FPHM);
    const row = upsert.get(
      env, r.FPLXDM, r.FPDM ?? '', r.FPHM, orNull(r.KPRQ), isoIssueDate(r.KPRQ), orNull(r.DQSKSSQ), orNull(r.GXJZR), orNull(r.GXRQQ),
      orNull(r.GXRQZ), orNull(r.GMFMC), orNull(r.GMFSBH), orNull(r.XHFMC), orNull(r.XHFSBH), orNull(r.HJJE), orNull(r.SE), orNull(r.JSHJ), orNull(r.BZ),
      orNull(r.FPZT), orNull(r.RZZT), orNull(r.RZRQ), orNull(r.RZSQ), orNull(r.RZLX), orNull(r.GLZT), orNull(r.YXSE), source, enterprise,
      r.recordJson, at,
    );
    if (!row) throw new Error(`collected invoice ${r.FPDM ?? ''}/${r.FPHM} was not stored`);
    if (before) {
      for (const field of TRACKED_FIELDS) {
        const next = orNull(r[field]);
        if (next !== null && next !== before[field]) insertChange.run(row.id, field, before[field], next, source, at);
      }
    }
    if (r.lines !== null) {
      if (before) deleteLines.run(row.id);
      for (const l of r.lines) {
        insertLine.run(row.id, l.XH, l.SPMC ?? null, l.SPBM ?? null, l.GGXH ?? null, l.DW ?? null, l.SPSL ?? null, l.DJ ?? null, l.JE ?? null, l.SL ?? null, l.SE ?? null);
      }
    }
    // A new invoice without lines (main information) is indexed with no goods; one met again keeps its document.
    return { id: row.id, fresh: !before, document: r.lines !== null || !before };
  }

  /** Sets the line count of the invoices stored, which writes their search documents (one statement). */
  function indexDocuments(ids: readonly number[]): void {
    if (ids.length > 0) setLineCounts.run(JSON.stringify(ids));
  }

  /** Stores a page's invoices, then their search documents; returns each invoice's outcome in order. */
  function storeInvoices(env: Environment, records: readonly CollectedInvoice[], enterprise: (r: CollectedInvoice) => string, source: string, at: string) {
    const stored = records.map((record) => storeInvoice(env, record, enterprise(record), source, at));
    indexDocuments(stored.filter((s) => s.document).map((s) => s.id));
    return stored;
  }

  function storeRunPage(page: StoredPage): { fresh: number; updated: number } {
    const fresh = storeInvoices(environment, page.records, () => page.enterprise, page.PCH, page.at).filter((s) => s.fresh).length;
    updateRun.run({
      id: page.runId,
      nextKshs: page.nextKshs,
      totalRows: page.totalRows,
      rows: page.records.length,
      status: page.complete ? 'closing' : 'running',
      at: page.at,
    });
    return { fresh, updated: page.records.length - fresh };
  }
  const storePageAlone = db.transaction(storeRunPage);

  const insertRun = db.prepare(
    `INSERT INTO collection_run (environment, enterprise, kind, PCH, CJKSRQ, CJJSRQ, status, created_at, updated_at)
     VALUES (@environment, @enterprise, @kind, @PCH, @CJKSRQ, @CJJSRQ, 'running', @at, @at)`,
  );
  const runById = db.prepare<[number, Environment], RunRow>(`SELECT * FROM collection_run WHERE id = ? AND environment = ?`);
  const unfinished = db.prepare<[Environment], RunRow>(`SELECT * FROM collection_run WHERE environment = ? AND status IN ('running', 'closing') ORDER BY id`);
  const lastDone = db.prepare<[Environment, string, string], { CJJSRQ: string }>(
    `SELECT CJJSRQ FROM collection_run WHERE environment = ? AND enterprise = ? AND kind = ? AND status = 'done' ORDER BY CJJSRQ DESC LIMIT 1`,
  );
  const recentRuns = db.prepare<[Environment, string, number], RunRow>(`SELECT * FROM collection_run WHERE environment = ? AND enterprise = ? ORDER BY id DESC LIMIT ?`);
  const finishRun = db.prepare<[RunStatus, string | null, string, number]>(`UPDATE collection_run SET status = ?, error = ?, updated_at = ? WHERE id = ?`);
  const noteError = db.prepare<[string, string, number]>(`UPDATE collection_run SET error = ?, updated_at = ? WHERE id = ?`);

  const storeLoosePage = db.transaction((page: CollectedPage): number[] =>
    storeInvoices(page.environment, page.records, (record) => record.GMFSBH ?? '', page.PCH, page.collectedAt).map((s) => s.id),
  );

  return {
    /**
     * Inside a transaction already open (the ledger port's, which keeps the page whole) the page is written
     * without a savepoint of its own: a SAVEPOINT around the page made FTS5 flush and merge its postings
     * once more per page — a quarter more time for a collection (docs/benchmarks.md §collect). Alone, it is
     * its own transaction.
     */
    storePage: (page: StoredPage) => (db.inTransaction ? storeRunPage(page) : storePageAlone(page)),
    /** Stores one page atomically outside a run; returns the local ids of its invoices, in order. */
    storeCollectedPage: (page: CollectedPage): number[] => storeLoosePage(page),
    /** Writes certification outcomes onto invoices held (status fields, with their change history); answers the ids changed. */
    updateStatus: db.transaction((enterprise: string, updates: ReadonlyArray<{ FPDM: string; FPHM: string } & Partial<Record<Tracked, string | null>>>, source: string, at: string): number[] => {
      const changed: number[] = [];
      for (const update of updates) {
        const before = existing.get(environment, update.FPDM, update.FPHM);
        // Another enterprise's invoice of the same code and number is not this enterprise's to change.
        if (!before || before.enterprise !== enterprise) continue;
        const sets: string[] = [];
        const values: Array<string | null> = [];
        for (const field of TRACKED_FIELDS) {
          if (!(field in update)) continue;
          const next = orNull(update[field]);
          if (next === before[field]) continue;
          sets.push(`${field} = ?`);
          values.push(next);
          insertChange.run(before.id, field, before[field], next, source, at);
        }
        if (sets.length > 0) {
          db.prepare(`UPDATE collected_invoice SET ${sets.join(', ')} WHERE id = ?`).run(...values, before.id);
          changed.push(before.id);
        }
      }
      return changed;
    }),
    createRun(run: { enterprise: string; kind: CollectionKind; PCH: string; CJKSRQ: string; CJJSRQ: string }, at: string): number {
      return Number(insertRun.run({ ...run, environment, at }).lastInsertRowid);
    },
    run: (id: number): RunRow | null => runById.get(id, environment) ?? null,
    unfinishedRuns: (): RunRow[] => unfinished.all(environment),
    lastDoneEnd: (enterprise: string, kind: CollectionKind): string | null => lastDone.get(environment, enterprise, kind)?.CJJSRQ ?? null,
    recentRuns: (enterprise: string, limit: number): RunRow[] => recentRuns.all(environment, enterprise, limit),
    finishRun(id: number, status: RunStatus, error: string | null, at: string): void {
      finishRun.run(status, error, at, id);
    },
    noteRunError(id: number, error: string, at: string): void {
      noteError.run(error, at, id);
    },
  };
}

export type CollectionRepo = ReturnType<typeof createCollectionRepo>;
