/**
 * The SQL text and row shapes of the history's output search (search-repo.ts runs them): the grid's
 * columns, the words of a search and which index each kind goes through, date bounds as instants, the
 * identifier ranges, and the fixed-size id lists the two-step pages probe with. Pure: no statement is
 * prepared here.
 */
import type { Environment, HistoryFilter, HistoryRow, ReversalState } from '../../../shared/ipc/index.js';
import { lslbsOf } from '../../../shared/i18n/levy-texts.js';

/** Integer fen of a 2-dp decimal TEXT column: exact sums in SQL without binary fractions (docs/architecture.md §4). */
const fen = (column: string) => `CAST(round(CAST(${column} AS REAL) * 100) AS INTEGER)`;

/**
 * none / partial / full of a blue invoice, from its red invoices that were issued (red_reversal, 0160);
 * the same rule as features/red/repo.ts reversalOf, which the detail view uses.
 */
export const REVERSAL_STATE = `(SELECT CASE WHEN ifnull(sum(${fen('r.amount')}), 0) = 0 THEN 'none'
    WHEN sum(${fen('r.amount')}) >= ${fen('i.jshj')} THEN 'full' ELSE 'partial' END
   FROM red_reversal r JOIN issued_invoice ri ON ri.id = r.red_invoice_id
  WHERE r.blue_invoice_id = i.id AND ri.status = 'issued')`;

/** The UTC instant (ISO, as created_at stores it) at which a China calendar day (YYYY-MM-DD) begins. */
export function chinaDayStart(day: string): string {
  return new Date(`${day}T00:00:00.000+08:00`).toISOString();
}

/** The day after a YYYY-MM-DD date, for an exclusive upper bound on ISO timestamps. */
export function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}


/**
 * Values of equalities and limits in statements with an ORDER BY. Bound as a plain `?` (`x = ?`,
 * `LIMIT ?`), such a statement cost as much again as its run on every run — about 6 µs, as much as
 * preparing it — measured on the date bounds (10.3 µs vs 3.9), the posting range (9.8 vs 3.7) and a
 * status walk (13.4 vs 5.3) over a million invoices; as an expression the index serves the equality
 * all the same (the plan tests check it) and the cost is gone. Limits are written into the SQL instead:
 * they come from a handful of page and batch sizes, each its own prepared statement.
 */
export const TEXT_PARAM = "(? || '')";
export const INT_PARAM = '(? + 0)';
/** A LIMIT written into the SQL: a whole number, checked, as it is not bound. */
export function limitOf(limit: number): string {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`not a row limit: ${limit}`);
  return `LIMIT ${limit}`;
}

/**
 * Candidates of a two-step page are read in batches, the first of FIRST_BATCH (or the page, if bigger),
 * then four times bigger each up to MAX_BATCH. The first is twice a first page: some candidates fail
 * the other conditions (the other environment, a status), and a second read of the trigram index costs
 * as much as the first (its doclists are loaded whole whatever the LIMIT); 64 cost more than 32 in the
 * ids converted (2-char p50 37 → 33 µs).
 */
export const FIRST_BATCH = 32;
export const MAX_BATCH = 4096;
/** Ids are integers below 2^53; the open end of an id range. */
export const NO_HIGH = Number.MAX_SAFE_INTEGER;

export const OUTPUT_PAGE_DEFAULT = 50;
/** Counting stops here: beyond it the count is a lower bound ("10000+"), never a long scan. */
export const COUNT_CAP = 10_000;
export const MAX_TERMS = 6;

/**
 * The grid's columns, read as arrays (better-sqlite3 `.raw()`) and turned into rows in one loop (rowOf):
 * no per-row object built by the driver. Every value crossing into JavaScript costs (about half of a
 * first page is converting its 15 rows' values), so the environment, which the search fixes, is not
 * read back, and the last column is one small number for two facts: RED for a red invoice (kplx '1'),
 * else HAS_REVERSAL when the blue invoice has a red_reversal row at all (one probe of its index per row,
 * cheaper than a second statement for the page), else 0 — a value fewer per row than kplx beside a flag
 * (1 µs of a 15-row page, docs/benchmarks.md §search). Only for the few blue invoices marked
 * HAS_REVERSAL is the state computed (search-repo.ts reversalsOf).
 */
export const OUTPUT_COLUMNS = `i.id, i.fplxdm, i.fpdm, i.fphm, i.created_at, i.ghdwmc, i.ghdwsbh, i.jshj, i.hjse, i.status, i.lsh,
  CASE WHEN i.kplx = '1' THEN 2 WHEN EXISTS (SELECT 1 FROM red_reversal r WHERE r.blue_invoice_id = i.id) THEN 1 ELSE 0 END`;
export type RawRow = [number, string, string | null, string | null, string, string, string | null, string, string, string, string, RowMark];
/** The last column of a RawRow: RED, HAS_REVERSAL or 0 (a blue invoice no red one refers to). */
export type RowMark = 0 | 1 | 2;
export const MARK = 11;
export const HAS_REVERSAL = 1;
export const RED = 2;
/** A grid row; `reversal` is asked only of blue invoices (red ones have none). */
export const rowOf = (r: RawRow, environment: Environment, reversal: ReversalState): HistoryRow => ({
  direction: 'output',
  id: r[0],
  environment,
  invoiceType: r[1],
  invoiceCode: r[2],
  invoiceNumber: r[3],
  date: r[4],
  counterpartyName: r[5],
  counterpartyTaxNumber: r[6],
  total: r[7],
  tax: r[8],
  status: r[9],
  serial: r[10],
  kplx: r[MARK] === RED ? '1' : '0',
  reversal: r[MARK] === RED ? null : reversal,
});

/**
 * Statements that take a list of ids take it as a fixed number of `?` (unused ones bound to 0, which no
 * invoice has): a fixed list is bound and probed directly, where a JSON array through json_each() costs
 * a table-valued function and a parse per call. Two sizes: a first page's worth and one more, for
 * candidates that all pass, and twice that where some fail (the probe's limit stops it at the page).
 */
export const ID_SLOTS = 16;
export const WIDE_SLOTS = 32;
const slotLists = new Map<number, string>();
/** `?, ?, …` for `count` ids (made once per size: every probe asks). */
export function slots(count: number): string {
  let list = slotLists.get(count);
  if (list === undefined) {
    list = Array.from({ length: count }, () => '?').join(', ');
    slotLists.set(count, list);
  }
  return list;
}
/** `ids` filled up to `size` with 0. */
export function padded(ids: number[], size: number): number[] {
  while (ids.length < size) ids.push(0);
  return ids;
}

/**
 * A rate in ten-thousandths (0.13 → 1300, 0.015 → 150): the filter's rate and a line's sl compared as
 * whole numbers, so 0.13, 0.130 and 0.1300 are one rate (the statistics' rows read them as one) and no
 * binary fraction is compared for equality. The filter's rate has at most four decimals (the IPC schema).
 */
export const rateUnits = (rate: string): number => Math.round(Number(rate) * 10_000);

/**
 * The line filter of a search (the dashboard's bar of a rate and levy): the invoice has at least one line
 * at the rate and of the levy asked — the same line when both are asked; lslbs NULL is the normal levy.
 * One EXISTS on the lines' primary key (invoice_id, line_no), run only on invoices the other conditions
 * let through, and only when asked: a search without it has the SQL it had. `code`: its letters in the
 * search's shape (search-parts.ts), one per form of the SQL.
 */
export function lineCondition(filter: Pick<HistoryFilter, 'lineRate' | 'lineLevy'>): { code: string; sql: string; params: Array<string | number> } | null {
  const { lineRate, lineLevy } = filter;
  if (lineRate === undefined && lineLevy === undefined) return null;
  const where = ['l.invoice_id = i.id'];
  const params: Array<string | number> = [];
  let code = '';
  if (lineRate !== undefined) {
    code += 'x';
    where.push(`l.sl <> '' AND CAST(round(CAST(l.sl AS REAL) * 10000) AS INTEGER) = ?`);
    params.push(rateUnits(lineRate));
  }
  if (lineLevy === 'normal') {
    code += 'g';
    where.push('l.lslbs IS NULL');
  } else if (lineLevy !== undefined) {
    code += 'G';
    where.push('l.lslbs = ?');
    params.push(lslbsOf(lineLevy));
  }
  return { code, sql: `EXISTS (SELECT 1 FROM issued_invoice_line l WHERE ${where.join(' AND ')})`, params };
}

/** The voided filter: `i.zflx` is the voiding type the service reported (migration 0480), NULL when not voided. */
export const voidedCondition = (voided: boolean): string => (voided ? 'i.zflx IS NOT NULL' : 'i.zflx IS NULL');

/** The amount expression of the (environment, amount) index; queries must use it verbatim. */
export const AMOUNT = 'CAST(i.jshj AS REAL)';
/** The text a 1-character word is checked against (same fields as the posting document). */
export const OWN_TEXT = `(i.ghdwmc || ' ' || ifnull(i.ghdwsbh, '') || ' ' || ifnull(i.fpdm, '') || ' ' || ifnull(i.fphm, '') || ' ' || i.lsh)`;

/** A 2-character word as the posting table stores it: spaces gone, ASCII letters in lower case (SQLite's lower()). */
export const gramOf = (word: string) => word.replace(/[\s\u3000]+/g, '').replace(/[A-Z]/g, (c) => c.toLowerCase());

export interface Word {
  kind: 'id' | 'tri' | 'bi' | 'char';
  text: string;
}

/**
 * Tax IDs, invoice numbers and serials are typed from their start: an ASCII word of 6+ letters/digits
 * is looked up as a prefix of those columns in B-tree indexes (digit trigrams are in most documents,
 * so the phrase walk over them is the slow case of the FTS indexes).
 */
export const IDENTIFIER = /^[0-9A-Za-z]{6,}$/;

export const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;

export function words(text: string | undefined): Word[] {
  const list = (text ?? '').split(/\s+/).filter((word) => word.length > 0).slice(0, MAX_TERMS);
  return list.map((word): Word => {
    // Length in code points, so a 3-character Chinese fragment counts as 3.
    const length = [...word].length;
    if (IDENTIFIER.test(word)) return { kind: 'id', text: word };
    return length >= 3 ? { kind: 'tri', text: word } : length === 2 ? { kind: 'bi', text: word } : { kind: 'char', text: word.toLowerCase() };
  });
}

/**
 * Without text the rows are walked newest first along one `(environment, X)` index (rowid order inside
 * it), stopping after a page. The planner would rather SCAN the table when the only condition is the
 * environment most rows share, which reads many rows for the rarer environment; the index is named.
 * An amount range alone is left to the planner (its index or an equality index).
 */
export function walkIndex(filter: HistoryFilter): string {
  if (filter.status !== undefined) return 'INDEXED BY issued_invoice_scope_status';
  if (filter.type !== undefined) return 'INDEXED BY issued_invoice_scope_type';
  if (filter.kplx !== undefined || filter.reversal === 'none') return 'INDEXED BY issued_invoice_scope_kplx';
  if (filter.amountMin !== undefined || filter.amountMax !== undefined || filter.reversal !== undefined) return '';
  return 'INDEXED BY issued_invoice_scope_id';
}

export interface OutputQuery {
  sql: string;
  params: Array<string | number>;
  /** true: only 1-character words; nothing to run. */
  needMoreText: boolean;
  /** true: the date range holds no invoice; nothing to run. */
  empty: boolean;
}

/**
 * Ids of the invoices whose number, buyer tax ID, code or serial starts with an identifier: four B-tree
 * ranges (tax IDs are stored in capitals, as typed on the invoice).
 */
export const IDENTIFIER_IDS = `SELECT id FROM issued_invoice WHERE environment = ? AND fphm >= ? AND fphm < ?
          UNION ALL SELECT id FROM issued_invoice WHERE environment = ? AND ghdwsbh >= ? AND ghdwsbh < ?
          UNION ALL SELECT id FROM issued_invoice WHERE environment = ? AND fpdm >= ? AND fpdm < ?
          UNION ALL SELECT id FROM issued_invoice WHERE lsh >= ? AND lsh < ?`;
export function identifierParams(environment: Environment, text: string): Array<string | number> {
  const range = (prefix: string) => [prefix, `${prefix}\u{10FFFF}`];
  return [environment, ...range(text), environment, ...range(text.toUpperCase()), environment, ...range(text), ...range(text)];
}

export function decodeCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  const id = /^o(\d{1,15})$/.exec(cursor)?.[1];
  return id === undefined ? null : Number(id);
}
export const encodeCursor = (id: number) => `o${id}`;

