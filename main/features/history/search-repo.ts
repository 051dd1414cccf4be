/**
 * The history's read model over output invoices (issued_invoice), newest first in keyset pages: every
 * filter is served by an index and no text search scans the table (issue 15; indexes in migration
 * 0330). The order is the submission order (id DESC: ids are given at submission, when created_at is
 * written), so the cursor is the last id of a page and `id < cursor` continues exactly there.
 *
 * Every search is per enterprise: the active enterprise's invoices (seller tax ID xhdwsbh) of the
 * current environment, served by `(environment, xhdwsbh, X)` indexes and by the posting table's scope
 * (0350), so two enterprises' invoices never mix.
 *
 * Text: each word is a fragment; 2-character words go through the posting table issued_invoice_gram
 * (0350: one B-tree range per (scope, pair), newest first, a date range is a range of it), words of 3+
 * characters through the trigram index (history_fts, 0130, which also holds goods names). The first
 * word's index drives the walk in id order, the others are checked per candidate. 1-character words
 * cannot be looked up: alone they ask for a second character (`needMoreText`), next to a longer word they
 * are checked on the candidates' own text. Date ranges become id bounds (two index lookups on
 * (environment, created_at)), so "text + date range" walks only that stretch of the index.
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/open.js';
import type { Environment, HistoryFilter, HistoryRow, ReversalState, RowCount } from '../../../shared/ipc/index.js';

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


export const OUTPUT_PAGE_DEFAULT = 50;
/** Counting stops here: beyond it the count is a lower bound ("10000+"), never a long scan. */
export const COUNT_CAP = 10_000;
const MAX_TERMS = 6;

/**
 * The grid's columns, read as arrays (better-sqlite3 `.raw()`) and turned into rows in one loop (rowOf):
 * no per-row object built by the driver. The reversal state is not a column: one statement for the
 * whole page (reversalsOf) instead of a correlated probe per row (together about 30 % of a first page).
 */
export const OUTPUT_COLUMNS = `i.id, i.environment, i.fplxdm, i.fpdm, i.fphm, i.created_at, i.ghdwmc, i.ghdwsbh, i.jshj, i.hjse, i.status, i.lsh, i.kplx`;
type RawRow = [number, Environment, string, string | null, string | null, string, string, string | null, string, string, string, string, '0' | '1'];
const rowOf = (r: RawRow, reversal: ReversalState | null): HistoryRow => ({
  direction: 'output',
  id: r[0],
  environment: r[1],
  invoiceType: r[2],
  invoiceCode: r[3],
  invoiceNumber: r[4],
  date: r[5],
  counterpartyName: r[6],
  counterpartyTaxNumber: r[7],
  total: r[8],
  tax: r[9],
  status: r[10],
  serial: r[11],
  kplx: r[12],
  reversal,
});

/** The amount expression of the (environment, amount) index; queries must use it verbatim. */
const AMOUNT = 'CAST(i.jshj AS REAL)';
/** The text a 1-character word is checked against (same fields as the posting document). */
const OWN_TEXT = `(i.ghdwmc || ' ' || ifnull(i.ghdwsbh, '') || ' ' || ifnull(i.fpdm, '') || ' ' || ifnull(i.fphm, '') || ' ' || i.lsh)`;

/** A 2-character word as the posting table stores it: spaces gone, ASCII letters in lower case (SQLite's lower()). */
export const gramOf = (word: string) => word.replace(/[\s\u3000]+/g, '').replace(/[A-Z]/g, (c) => c.toLowerCase());

interface Word {
  kind: 'id' | 'tri' | 'bi' | 'char';
  text: string;
}

/**
 * Tax IDs, invoice numbers and serials are typed from their start: an ASCII word of 6+ letters/digits
 * is looked up as a prefix of those columns in B-tree indexes (digit trigrams are in most documents,
 * so the phrase walk over them is the slow case of the FTS indexes).
 */
const IDENTIFIER = /^[0-9A-Za-z]{6,}$/;

const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;

function words(text: string | undefined): Word[] {
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
function walkIndex(filter: HistoryFilter): string {
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

export function decodeCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  const id = /^o(\d{1,15})$/.exec(cursor)?.[1];
  return id === undefined ? null : Number(id);
}
export const encodeCursor = (id: number) => `o${id}`;

export function createOutputSearch(db: Db) {
  // Ordered by created_at alone: one step along (environment, created_at DESC); adding id would sort
  // the whole range (the index holds rowids ascending within a timestamp).
  const firstIdFrom = db.prepare<[string, string], { id: number }>(
    `SELECT id FROM issued_invoice WHERE environment = ? AND created_at >= ? ORDER BY created_at LIMIT 1`,
  );
  const lastIdBefore = db.prepare<[string, string], { id: number }>(
    `SELECT id FROM issued_invoice WHERE environment = ? AND created_at < ? ORDER BY created_at DESC LIMIT 1`,
  );
  // A full date range (the usual case) asks both in one statement: one step of the VM instead of two.
  const bothIds = db.prepare<[string, string, string, string], { first: number | null; last: number | null }>(
    `SELECT (${firstIdFrom.source}) AS first, (${lastIdBefore.source}) AS last`,
  );
  const tally = db.prepare<[number], { status: string; n: number }>(`SELECT status, n FROM issued_invoice_scope_tally WHERE scope = ?`);
  const scopeOf = db.prepare<[string, string], { id: number }>(`SELECT id FROM search_scope WHERE environment = ? AND seller = ?`);
  /** Scope ids never change once given; unknown ones are looked up again (the first invoice creates it). */
  const scopes = new Map<string, number>();
  const scope = (environment: Environment, seller: string): number | null => {
    const key = `${environment} ${seller}`;
    const known = scopes.get(key);
    if (known !== undefined) return known;
    const found = scopeOf.get(environment, seller)?.id ?? null;
    if (found !== null) scopes.set(key, found);
    return found;
  };

  // The reversal state of a page's blue invoices in one statement: only those with a red_reversal row
  // are looked at (most have none, and then nothing is computed). Same rule as REVERSAL_STATE's users.
  const reversalStates = db
    .prepare<[string], [number, ReversalState]>(
      `SELECT i.id, ${REVERSAL_STATE} FROM issued_invoice i
        WHERE i.id IN (SELECT blue_invoice_id FROM red_reversal WHERE blue_invoice_id IN (SELECT value FROM json_each(?)))`,
    )
    .raw(true);
  const reversalsOf = (rows: RawRow[]): Map<number, ReversalState> | null => {
    const blue = rows.filter((r) => r[12] === '0').map((r) => r[0]);
    if (blue.length === 0) return null;
    const found = reversalStates.all(JSON.stringify(blue));
    return found.length === 0 ? null : new Map(found);
  };

  /**
   * The SQL of one output page (or, with `select` = 'count', of a capped count). Exported through the
   * returned object so the plan tests and the benchmark run exactly this.
   */
  function build(environment: Environment, seller: string, filter: HistoryFilter, limit: number, select: 'rows' | 'count' = 'rows'): OutputQuery {
    const where: string[] = ['i.environment = ?', 'i.xhdwsbh = ?'];
    const params: Array<string | number> = [environment, seller];
    const add = (condition: string, value: string | number) => {
      where.push(condition);
      params.push(value);
    };
    const none = (why: 'needMoreText' | 'empty'): OutputQuery => ({ sql: '', params: [], needMoreText: why === 'needMoreText', empty: why === 'empty' });
    const list = words(filter.text ?? '').concat(words(filter.buyer ?? ''));
    const indexed = list.filter((w) => w.kind !== 'char');
    if (list.length > 0 && indexed.length === 0) return none('needMoreText');
    const scopeId = scope(environment, seller);
    if (scopeId === null) return none('empty');

    // Id bounds of the date range: a stretch of the id order (see the header).
    let low: number | null = null;
    let high: number | null = decodeCursor(filter.cursor);
    if (high !== null) high -= 1;
    const from = filter.dateFrom === undefined ? null : chinaDayStart(filter.dateFrom);
    const to = filter.dateTo === undefined ? null : chinaDayStart(nextDay(filter.dateTo));
    const both = from !== null && to !== null ? bothIds.get(environment, from, environment, to) : undefined;
    if (from !== null) {
      const first = both ? both.first : (firstIdFrom.get(environment, from)?.id ?? null);
      if (first === null) return none('empty');
      low = first;
      where.push('i.created_at >= ?');
      params.push(from);
    }
    if (to !== null) {
      const last = both ? both.last : (lastIdBefore.get(environment, to)?.id ?? null);
      if (last === null) return none('empty');
      high = high === null ? last : Math.min(high, last);
      where.push('i.created_at < ?');
      params.push(to);
    }
    if (low !== null && high !== null && low > high) return none('empty');

    if (filter.status !== undefined) add('i.status = ?', filter.status);
    if (filter.type !== undefined) add('i.fplxdm = ?', filter.type);
    if (filter.kplx !== undefined) add('i.kplx = ?', filter.kplx);
    if (filter.amountMin !== undefined) add(`${AMOUNT} >= ?`, Number(filter.amountMin));
    if (filter.amountMax !== undefined) add(`${AMOUNT} <= ?`, Number(filter.amountMax));
    if (filter.reversal === 'partial' || filter.reversal === 'full') {
      // Only blue invoices with an issued red invoice can be reversed at all: start from those few.
      where.push(
        `i.id IN (SELECT r.blue_invoice_id FROM red_reversal r WHERE (SELECT ri.status FROM issued_invoice ri WHERE ri.id = r.red_invoice_id) = 'issued')`,
      );
      where.push(`i.kplx = '0' AND ${REVERSAL_STATE} = ?`);
      params.push(filter.reversal);
    } else if (filter.reversal === 'none') {
      where.push(`i.kplx = '0' AND ${REVERSAL_STATE} = 'none'`);
    }
    for (const word of list) {
      if (word.kind === 'char') add(`instr(lower(${OWN_TEXT}), ?) > 0`, word.text);
    }

    // An identifier prefix is the most selective driver; then the order the clerk typed.
    const identifier = indexed.find((w) => w.kind === 'id');
    if (identifier !== undefined) {
      const upper = identifier.text.toUpperCase();
      where.push(`i.id IN (SELECT id FROM issued_invoice WHERE environment = ? AND fphm >= ? AND fphm < ?
          UNION ALL SELECT id FROM issued_invoice WHERE environment = ? AND ghdwsbh >= ? AND ghdwsbh < ?
          UNION ALL SELECT id FROM issued_invoice WHERE environment = ? AND fpdm >= ? AND fpdm < ?
          UNION ALL SELECT id FROM issued_invoice WHERE lsh >= ? AND lsh < ?)`);
      const range = (text: string) => [text, `${text}\u{10FFFF}`];
      params.push(environment, ...range(identifier.text), environment, ...range(upper), environment, ...range(identifier.text), ...range(identifier.text));
    }
    const [driver, ...checks] = identifier === undefined ? indexed : [undefined, ...indexed.filter((w) => w !== identifier)];
    for (const word of checks) {
      if (word === undefined) continue;
      if (word.kind === 'tri') {
        where.push(`EXISTS (SELECT 1 FROM history_fts WHERE history_fts MATCH ? AND rowid = i.id * 2)`);
        params.push(quote(word.text));
      } else {
        where.push(`EXISTS (SELECT 1 FROM issued_invoice_gram g WHERE g.scope = ? AND g.gram = ? AND g.id = i.id)`);
        params.push(scopeId, gramOf(word.text));
      }
    }

    if (driver?.kind === 'id') throw new Error('unreachable: identifiers are not FTS drivers');
    const head = select === 'rows' ? `SELECT ${OUTPUT_COLUMNS}` : 'SELECT 1';
    let sql: string;
    let driverParams: Array<string | number> = [];
    if (driver === undefined) {
      if (low !== null) add('i.id >= ?', low);
      if (high !== null) add('i.id <= ?', high);
      sql = `${head} FROM issued_invoice i ${walkIndex(filter)} WHERE ${where.join(' AND ')} ORDER BY i.id DESC LIMIT ?`;
    } else if (driver.kind === 'tri') {
      // Trigram rowids are id * 2 (output) and id * 2 + 1 (collected input); only even ones are ours.
      const bounds = [low === null ? '' : ' AND f.rowid >= ?', high === null ? '' : ' AND f.rowid <= ?'].join('');
      driverParams = [quote(driver.text), ...(low === null ? [] : [low * 2]), ...(high === null ? [] : [high * 2])];
      sql = `${head} FROM history_fts f CROSS JOIN issued_invoice i ON i.id = (f.rowid >> 1)
        WHERE f.history_fts MATCH ?${bounds} AND (f.rowid & 1) = 0 AND ${where.join(' AND ')} ORDER BY f.rowid DESC LIMIT ?`;
    } else {
      // One range of the posting table's primary key: (scope, pair, id) from the high bound down.
      const bounds = [low === null ? '' : ' AND g.id >= ?', high === null ? '' : ' AND g.id <= ?'].join('');
      driverParams = [scopeId, gramOf(driver.text), ...(low === null ? [] : [low]), ...(high === null ? [] : [high])];
      sql = `${head} FROM issued_invoice_gram g CROSS JOIN issued_invoice i ON i.id = g.id
        WHERE g.scope = ? AND g.gram = ?${bounds} AND ${where.join(' AND ')} ORDER BY g.id DESC LIMIT ?`;
    }
    return { sql, params: [...driverParams, ...params, limit], needMoreText: false, empty: false };
  }

  const statements = new Map<string, Statement<Array<string | number>>>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= 128) statements.clear();
      statement = db.prepare<Array<string | number>>(sql);
      statements.set(sql, statement);
    }
    return statement;
  };

  return {
    build,
    /** The SQL of the date-bound lookups, for the plan tests. */
    boundSql: [firstIdFrom.source, lastIdBefore.source],
    bothBoundsSql: bothIds.source,
    /** The SQL of a page's reversal states, for the plan tests. */
    reversalSql: reversalStates.source,
    /** One page, newest first, and the cursor of the next one. */
    page(environment: Environment, seller: string, filter: HistoryFilter): { rows: HistoryRow[]; next: string | null; hasMore: boolean; needMoreText: boolean } {
      const limit = filter.limit ?? OUTPUT_PAGE_DEFAULT;
      const query = build(environment, seller, filter, limit + 1);
      if (query.needMoreText || query.empty) return { rows: [], next: null, hasMore: false, needMoreText: query.needMoreText };
      const found = prepared(query.sql).raw(true).all(...query.params) as RawRow[];
      const more = found.length > limit;
      if (more) found.length = limit;
      const reversals = reversalsOf(found);
      const rows = found.map((r) => rowOf(r, r[12] === '0' ? (reversals?.get(r[0]) ?? 'none') : null));
      const last = rows[rows.length - 1];
      const hasMore = more && last !== undefined;
      return { rows, next: hasMore ? encodeCursor(last.id) : null, hasMore, needMoreText: false };
    },
    /**
     * Exact from the tally when only the environment and status are asked; otherwise counted up to
     * COUNT_CAP matches (through the same indexes as the page) and marked inexact beyond it.
     */
    count(environment: Environment, seller: string, filter: HistoryFilter): RowCount {
      const { cursor: _cursor, limit: _limit, offset: _offset, direction: _direction, ...rest } = filter;
      const asked = Object.entries(rest).filter(([, value]) => value !== undefined && value !== '');
      if (asked.every(([key]) => key === 'status')) {
        const scopeId = scope(environment, seller);
        if (scopeId === null) return { count: 0, exact: true };
        const count = tally
          .all(scopeId)
          .filter((row) => filter.status === undefined || row.status === filter.status)
          .reduce((sum, row) => sum + row.n, 0);
        return { count, exact: true };
      }
      const query = build(environment, seller, rest, COUNT_CAP + 1, 'count');
      if (query.needMoreText || query.empty) return { count: 0, exact: true };
      const { n } = prepared(`SELECT count(*) AS n FROM (${query.sql})`).get(...query.params) as { n: number };
      return n > COUNT_CAP ? { count: COUNT_CAP, exact: false } : { count: n, exact: true };
    },
  };
}

export type OutputSearch = ReturnType<typeof createOutputSearch>;
