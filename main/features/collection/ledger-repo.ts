/**
 * SQL of the input ledger (进项台账): the collected invoices of one enterprise, filtered, paged and
 * totalled. Totals are summed in fen as integers (exact), then written back as yuan, by one aggregate
 * query (asked with the first page only). The tax period is the certification period (RZSQ) of a
 * certified invoice and the current period (DQSKSSQ) otherwise.
 *
 * Pages are keyset pages (issue 15.3), newest first by issue date with the id as the tie-break, walked
 * along `collected_invoice_ledger` (migration 0410): the cursor is the last row's (date, id), so page
 * 2,000 costs what page 1 costs. Invoices without an issue date come after every dated one (as SQLite's
 * `DESC` puts NULL last), newest id first; their cursor is `n<id>`.
 */
import type { Db } from '../../db/open.js';
import { IpcFailure } from '../../../shared/ipc/result.js';
import type { Environment } from '../../../shared/ipc/index.js';
import type { LedgerFilter, LedgerRow, LedgerTotals } from '../../../shared/ipc/schemas/collection.js';

const fen = (column: string) => `coalesce(sum(CAST(round(CAST(${column} AS REAL) * 100) AS INTEGER)), 0)`;

/** Integer fen as a yuan amount with two decimals. */
export function yuan(totalFen: number): string {
  const sign = totalFen < 0 ? '-' : '';
  const abs = Math.abs(totalFen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export interface CertificationCandidate {
  id: number;
  FPLXDM: string;
  FPDM: string;
  FPHM: string;
  KPRQ: string | null;
  SE: string | null;
  HJJE: string | null;
  FPZT: string | null;
  RZZT: string | null;
  RZLX: string | null;
  GLZT: string | null;
  DQSKSSQ: string | null;
  GXJZR: string | null;
  GXRQQ: string | null;
  GXRQZ: string | null;
}

/** Where a keyset page starts: after (date, id), or inside the undated tail after id. */
type LedgerCursor = { date: string; id: number } | { date: null; id: number };

export function decodeLedgerCursor(cursor: string | undefined): LedgerCursor | null {
  if (cursor === undefined) return null;
  const dated = /^d(\d{4}-\d{2}-\d{2}):(\d{1,15})$/.exec(cursor);
  if (dated) return { date: dated[1]!, id: Number(dated[2]) };
  const undated = /^n(\d{1,15})$/.exec(cursor);
  if (undated) return { date: null, id: Number(undated[1]) };
  throw new IpcFailure('VALIDATION_FAILED', 'collection.errors.invalidCursor');
}
export const encodeLedgerCursor = (row: { issue_date: string | null; id: number }) => (row.issue_date === null ? `n${row.id}` : `d${row.issue_date}:${row.id}`);

export function createLedgerRepo(db: Db, environment: Environment) {
  function where(enterprise: string, filter: LedgerFilter): { sql: string; params: unknown[] } {
    const clauses = ['c.environment = ?', 'c.enterprise = ?'];
    const params: unknown[] = [environment, enterprise];
    if (filter.period) {
      clauses.push(`coalesce(nullif(c.RZSQ, ''), c.DQSKSSQ) = ?`);
      params.push(filter.period);
    }
    for (const field of ['FPLXDM', 'FPZT', 'RZZT', 'GLZT'] as const) {
      const value = filter[field];
      if (value === undefined) continue;
      // An invoice never certified may carry no RZZT at all: it counts as not certified.
      clauses.push(field === 'RZZT' && value === '0' ? `coalesce(c.RZZT, '0') = ?` : `c.${field} = ?`);
      params.push(value);
    }
    if (filter.seller) {
      clauses.push(`(instr(c.XHFMC, ?) > 0 OR instr(c.XHFSBH, ?) > 0)`);
      params.push(filter.seller, filter.seller.toUpperCase());
    }
    if (filter.amountMin !== undefined) {
      clauses.push(`CAST(c.HJJE AS REAL) >= ?`);
      params.push(Number(filter.amountMin));
    }
    if (filter.amountMax !== undefined) {
      clauses.push(`CAST(c.HJJE AS REAL) <= ?`);
      params.push(Number(filter.amountMax));
    }
    return { sql: clauses.join(' AND '), params };
  }

  const columns = `c.id, c.FPLXDM, c.FPDM, c.FPHM, c.KPRQ, c.XHFMC, c.XHFSBH, c.HJJE, c.SE, c.JSHJ, c.YXSE, c.FPZT, c.RZZT, c.RZSQ, c.RZRQ,
    c.GLZT, c.DQSKSSQ, c.GXJZR, c.GXRQQ, c.GXRQZ,
    (SELECT count(*) FROM collected_invoice_line l WHERE l.invoice_id = c.id) AS lineCount,
    (SELECT count(*) FROM collected_invoice_change h WHERE h.invoice_id = c.id) AS changeCount`;

  const lines = db.prepare<[number, Environment, string], LedgerRowLine>(
    `SELECT l.XH, l.SPMC, l.GGXH, l.DW, l.SPSL, l.DJ, l.JE, l.SL, l.SE FROM collected_invoice_line l
     JOIN collected_invoice c ON c.id = l.invoice_id WHERE l.invoice_id = ? AND c.environment = ? AND c.enterprise = ? ORDER BY l.XH`,
  );
  const changes = db.prepare<[number, Environment, string], { field: string; oldValue: string | null; newValue: string | null; source: string; changedAt: string }>(
    `SELECT h.field, h.old_value AS oldValue, h.new_value AS newValue, h.source, h.changed_at AS changedAt FROM collected_invoice_change h
     JOIN collected_invoice c ON c.id = h.invoice_id WHERE h.invoice_id = ? AND c.environment = ? AND c.enterprise = ? ORDER BY h.id`,
  );

  return {
    /** One keyset page after `cursor` (none: the first) and the next page's cursor (null at the end). */
    page(enterprise: string, filter: LedgerFilter, cursor: string | undefined, limit: number): { rows: LedgerRow[]; next: string | null } {
      const { sql, params } = where(enterprise, filter);
      const after = decodeLedgerCursor(cursor);
      type Keyed = LedgerRow & { issue_date: string | null };
      const found: Keyed[] = [];
      // The dated rows first, one index range from the cursor on; then the undated ones by id.
      if (after === null || after.date !== null) {
        const from = after === null ? '' : ' AND (c.issue_date, c.id) < (?, ?)';
        found.push(
          ...db
            .prepare<unknown[], Keyed>(
              `SELECT ${columns}, c.issue_date FROM collected_invoice c INDEXED BY collected_invoice_ledger
               WHERE ${sql} AND c.issue_date IS NOT NULL${from} ORDER BY c.issue_date DESC, c.id DESC LIMIT ?`,
            )
            .all(...params, ...(after === null ? [] : [after.date, after.id]), limit + 1),
        );
      }
      if (found.length <= limit) {
        const from = after !== null && after.date === null ? ' AND c.id < ?' : '';
        found.push(
          ...db
            .prepare<unknown[], Keyed>(
              `SELECT ${columns}, c.issue_date FROM collected_invoice c INDEXED BY collected_invoice_ledger
               WHERE ${sql} AND c.issue_date IS NULL${from} ORDER BY c.id DESC LIMIT ?`,
            )
            .all(...params, ...(from ? [after!.id] : []), limit + 1 - found.length),
        );
      }
      const rows = found.slice(0, limit);
      const last = rows.at(-1);
      return { rows: rows.map(({ issue_date: _date, ...row }) => row), next: found.length > limit && last ? encodeLedgerCursor(last) : null };
    },
    /** Count and sums of every row matching: one aggregate query, no row loaded. */
    totals(enterprise: string, filter: LedgerFilter): LedgerTotals {
      const { sql, params } = where(enterprise, filter);
      const sums = db
        .prepare<unknown[], { count: number; amount: number; tax: number; validTax: number }>(
          `SELECT count(*) AS count, ${fen('c.HJJE')} AS amount, ${fen('c.SE')} AS tax, ${fen('c.YXSE')} AS validTax FROM collected_invoice c WHERE ${sql}`,
        )
        .get(...params);
      return { count: sums?.count ?? 0, amount: yuan(sums?.amount ?? 0), tax: yuan(sums?.tax ?? 0), validTax: yuan(sums?.validTax ?? 0) };
    },
    /** Every row matching (for export), newest first, at most `limit`. */
    all(enterprise: string, filter: LedgerFilter, limit: number): LedgerRow[] {
      const { sql, params } = where(enterprise, filter);
      return db.prepare<unknown[], LedgerRow>(`SELECT ${columns} FROM collected_invoice c WHERE ${sql} ORDER BY c.issue_date DESC, c.id DESC LIMIT ?`).all(...params, limit);
    },
    detail: (enterprise: string, id: number) => ({ lines: lines.all(id, environment, enterprise), changes: changes.all(id, environment, enterprise) }),
    /** The invoices asked for, of this enterprise only (an id of another enterprise is simply absent). */
    candidates(enterprise: string, ids: readonly number[]): CertificationCandidate[] {
      if (ids.length === 0) return [];
      const found: CertificationCandidate[] = [];
      const statement = db.prepare<unknown[], CertificationCandidate>(
        `SELECT id, FPLXDM, FPDM, FPHM, KPRQ, SE, HJJE, FPZT, RZZT, RZLX, GLZT, DQSKSSQ, GXJZR, GXRQQ, GXRQZ FROM collected_invoice
         WHERE environment = ? AND enterprise = ? AND id IN (SELECT value FROM json_each(?))`,
      );
      for (let at = 0; at < ids.length; at += 5000) found.push(...statement.all(environment, enterprise, JSON.stringify(ids.slice(at, at + 5000))));
      return found;
    },
    /** The selection window of the enterprise's current period: latest DQSKSSQ held and its deadline. */
    currentWindow: (enterprise: string) =>
      db
        .prepare<[Environment, string], { DQSKSSQ: string; GXJZR: string | null }>(
          `SELECT DQSKSSQ, max(GXJZR) AS GXJZR FROM collected_invoice WHERE environment = ? AND enterprise = ? AND DQSKSSQ IS NOT NULL
           GROUP BY DQSKSSQ ORDER BY DQSKSSQ DESC LIMIT 1`,
        )
        .get(environment, enterprise) ?? null,
  };
}

interface LedgerRowLine {
  XH: number;
  SPMC: string | null;
  GGXH: string | null;
  DW: string | null;
  SPSL: string | null;
  DJ: string | null;
  JE: string | null;
  SL: string | null;
  SE: string | null;
}

export type LedgerRepo = ReturnType<typeof createLedgerRepo>;
