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
 *
 * A page with text is built in two steps: the driving index's ids newest first (a posting range or the
 * trigram index), then the rows probed by id (16 or 32 at a time, newest first, stopping at the rows
 * the page still wants) with every other condition of the search, until the page is full. Measured over
 * a million invoices this is a third cheaper than one statement joining the index to the table
 * (docs/benchmarks.md §search): SQLite's join reads each candidate through the virtual table or the
 * posting cursor and the row cursor in step, where the probe is one lookup per id. Where the driver's
 * first ids are the whole answer (an identifier's ranges, which give every candidate at once; a pair
 * when nothing but the enterprise is asked) the ids stay inside one statement instead (direct), and so does a
 * fragment's first batch of trigram candidates (triFirst), which fills most first pages; the walk goes on after
 * it only when it did not.
 * A page's statements run without a transaction of their own: this connection is the history's only
 * writer and a page runs to its end synchronously, so its statements read the same data anyway, and
 * BEGIN … COMMIT cost more than the read lock they saved (docs/benchmarks.md §search, 2026-11-30).
 * Counts keep the one-statement form (build).
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/open.js';
import type { Environment, HistoryFilter, HistoryRow, ReversalState, RowCount } from '../../../shared/ipc/index.js';
import { createSearchDrivers, type CandidateBatch } from './search-drivers.js';
import { createSearchParts, type Parts } from './search-parts.js';
import {
  COUNT_CAP,
  encodeCursor,
  gramOf,
  IDENTIFIER_IDS,
  identifierParams,
  limitOf,
  OUTPUT_COLUMNS,
  OUTPUT_PAGE_DEFAULT,
  type OutputQuery,
  OWN_TEXT,
  quote,
  type RawRow,
  REVERSAL_STATE,
  rowOf,
  HAS_REVERSAL,
  MARK,
  FIRST_BATCH,
  INT_PARAM,
  NO_HIGH,
  ID_SLOTS,
  padded,
  slots,
  TEXT_PARAM,
  walkIndex,
  WIDE_SLOTS,
  type Word,
} from './search-query.js';

export { chinaDayStart, nextDay, REVERSAL_STATE } from './search-query.js';


export function createOutputSearch(db: Db) {
  const { parts, idBounds, scope, boundSql, bothBoundsSql } = createSearchParts(db);
  // Prepared statements by a key, put together the first time the key is seen: counts and pages without
  // text by their SQL text, probes and direct pages by their shape (equal shapes have equal SQL), so a
  // page neither joins its conditions nor looks a long text up. Few shapes, bounded anyway.
  const statementCache = (raw: boolean) => {
    const statements = new Map<string, Statement<Array<string | number>>>();
    return (key: string, sql: () => string) => {
      let statement = statements.get(key);
      if (!statement) {
        if (statements.size >= 128) statements.clear();
        statement = db.prepare<Array<string | number>>(sql());
        if (raw) statement.raw(true);
        statements.set(key, statement);
      }
      return statement;
    };
  };
  const counting = statementCache(false);
  const paging = statementCache(true);
  const drivers = createSearchDrivers(db);
  const tally = db.prepare<[number], { status: string; n: number }>(`SELECT status, n FROM issued_invoice_scope_tally WHERE scope = ?`);

  // The reversal state (same rule as REVERSAL_STATE's users) of the page's blue invoices that have a
  // red_reversal row at all (MARK = HAS_REVERSAL): most have none, and then nothing is run.
  const reversalStates = db
    .prepare<[string], [number, ReversalState]>(`SELECT i.id, ${REVERSAL_STATE} FROM issued_invoice i WHERE i.id IN (SELECT value FROM json_each(?))`)
    .raw(true);
  const reversalsOf = (rows: RawRow[]): Map<number, ReversalState> | null => {
    const reversed = rows.filter((r) => r[MARK] === HAS_REVERSAL).map((r) => r[0]);
    return reversed.length === 0 ? null : new Map(reversalStates.all(JSON.stringify(reversed)));
  };

  const none = (why: 'needMoreText' | 'empty'): OutputQuery => ({ sql: '', params: [], needMoreText: why === 'needMoreText', empty: why === 'empty' });
  /**
   * The one statement of a search (pages without text; every count, with `select` = 'count'): the
   * driver's index joined to the table, newest first. Exported so the plan tests run exactly this.
   */
  function build(environment: Environment, seller: string, filter: HistoryFilter, limit: number, select: 'rows' | 'count' = 'rows'): OutputQuery {
    const p = parts(environment, seller, filter);
    return typeof p === 'string' ? none(p) : joined(p, environment, filter, limit, select);
  }
  function joined(p: Parts, environment: Environment, filter: HistoryFilter, limit: number, select: 'rows' | 'count'): OutputQuery {
    const head = select === 'rows' ? `SELECT ${OUTPUT_COLUMNS}` : 'SELECT 1';
    const { low, high, driver } = p;
    if (driver === undefined) {
      const { where, params } = idBounds(p);
      return { sql: `${head} FROM issued_invoice i ${walkIndex(filter)} WHERE ${where.join(' AND ')} ORDER BY i.id DESC ${limitOf(limit)}`, params, needMoreText: false, empty: false };
    }
    if (driver.kind === 'id') {
      const { where, params } = idBounds(p);
      where.push(`i.id IN (${IDENTIFIER_IDS})`);
      params.push(...identifierParams(environment, driver.text));
      return { sql: `${head} FROM issued_invoice i INDEXED BY issued_invoice_scope_id WHERE ${where.join(' AND ')} ORDER BY i.id DESC ${limitOf(limit)}`, params, needMoreText: false, empty: false };
    }
    if (driver.kind === 'tri') {
      const bounds = [low === null ? '' : ' AND f.rowid >= ?', high === null ? '' : ' AND f.rowid <= ?'].join('');
      const driverParams = [quote(driver.text), ...(low === null ? [] : [low * 2]), ...(high === null ? [] : [high * 2])];
      const sql = `${head} FROM history_fts f CROSS JOIN issued_invoice i ON i.id = (f.rowid >> 1)
        WHERE f.history_fts MATCH ?${bounds} AND (f.rowid & 1) = 0 AND ${p.where.join(' AND ')} ORDER BY f.rowid DESC ${limitOf(limit)}`;
      return { sql, params: [...driverParams, ...p.params], needMoreText: false, empty: false };
    }
    // One range of the posting table's primary key: (scope, pair, id) from the high bound down.
    const bounds = [low === null ? '' : ' AND g.id >= ?', high === null ? '' : ' AND g.id <= ?'].join('');
    const driverParams = [p.scopeId, gramOf(driver.text), ...(low === null ? [] : [low]), ...(high === null ? [] : [high])];
    const sql = `${head} FROM issued_invoice_gram g CROSS JOIN issued_invoice i ON i.id = g.id
        WHERE g.scope = ? AND g.gram = ?${bounds} AND ${p.where.join(' AND ')} ORDER BY g.id DESC ${limitOf(limit)}`;
    return { sql, params: [...driverParams, ...p.params], needMoreText: false, empty: false };
  }

  /**
   * The probe of a two-step page: the newest `wanted` rows among the slots' ids that meet every condition
   * but the driver's. SQLite walks the IN list from its highest id down (the plan tests check: no
   * temporary B-tree) and stops at the limit, so candidates that fail cost one lookup and rows beyond
   * the page are neither read nor converted. The limit is bound as an expression: a plain `LIMIT ?`
   * made the statement cost 35 µs more on every run (see TEXT_PARAM). NOT INDEXED keeps it on the
   * table's rowid: with a date range the planner took (environment, xhdwsbh, rowid) and read every row
   * twice, index then table.
   */
  function probe(p: Parts, ids: readonly number[], wanted: number, check?: string): OutputQuery {
    const { where, params } = checked(p, check);
    const sql = `SELECT ${OUTPUT_COLUMNS} FROM issued_invoice i NOT INDEXED WHERE ${where.join(' AND ')} AND i.id IN (${slots(ids.length)}) ORDER BY i.id DESC LIMIT ${INT_PARAM}`;
    return { sql, params: [...params, ...ids, wanted], needMoreText: false, empty: false };
  }
  /** The conditions of a probe: the search's, its id bounds, and the whole fragment when the candidates are its first trigram's. */
  function checked(p: Parts, check: string | undefined) {
    const { where, params } = idBounds(p);
    if (check !== undefined) {
      // A candidate of the fragment's first trigram (see candidates) holds the whole fragment: in the buyer's
      // name (the common case, one instr()) or the rest of its own text; else wherever the trigram index
      // has it (goods names), by the index itself, so the answer is exactly the index's.
      where.push(`(instr(i.ghdwmc, ?) > 0 OR instr(lower(${OWN_TEXT}), ?) > 0 OR EXISTS (SELECT 1 FROM history_fts WHERE history_fts MATCH ? AND rowid = i.id * 2))`);
      params.push(check, check.toLowerCase(), quote(check));
    }
    return { where, params };
  }

  /** checked()'s values in its order, without its SQL (a page whose statement is prepared already builds no text). */
  const checkedParams = (p: Parts, check: string | undefined): Array<string | number> => {
    const params = p.params.slice();
    if (p.low !== null) params.push(p.low);
    if (p.high !== null) params.push(p.high);
    if (check !== undefined) params.push(check, check.toLowerCase(), quote(check));
    return params;
  };
  const rowsOf = (query: OutputQuery) => paging(`S${query.sql}`, () => query.sql).all(...query.params) as RawRow[];
  const probeKey = (p: Parts, size: number, check: string | undefined) =>
    `P${p.shape}${p.low === null ? '' : 'L'}${p.high === null ? '' : 'H'}${check === undefined ? '' : 'C'}${size}`;
  const probeRows = (p: Parts, ids: readonly number[], wanted: number, check: string | undefined): RawRow[] => {
    const statement = paging(probeKey(p, ids.length, check), () => probe(p, ids, wanted, check).sql);
    // The order probe() binds in: checked()'s values, the ids, the limit.
    const params = checkedParams(p, check);
    for (const id of ids) params.push(id);
    params.push(wanted);
    return statement.all(...params) as RawRow[];
  };
  /**
   * A page in one statement, its driver's ids a subquery of the probe, where they need not come back to
   * JavaScript (one statement fewer, about 5 µs of a first page): for an identifier, whose ranges give
   * every candidate at once, and for a pair when nothing but the enterprise is asked, whose first
   * `limit` postings are then all rows of the page. Either way fewer rows than the limit means no more.
   */
  const direct = (p: Parts, driver: Word, environment: Environment, limit: number): OutputQuery => {
    const { where, params } = idBounds(p);
    where.push(
      driver.kind === 'id'
        ? `i.id IN (${IDENTIFIER_IDS})`
        : `i.id IN (SELECT id FROM issued_invoice_gram WHERE scope = ${INT_PARAM} AND gram = ${TEXT_PARAM} AND id >= ? AND id <= ? ORDER BY id DESC LIMIT ${INT_PARAM})`,
    );
    const sql = `SELECT ${OUTPUT_COLUMNS} FROM issued_invoice i NOT INDEXED WHERE ${where.join(' AND ')} ORDER BY i.id DESC LIMIT ${INT_PARAM}`;
    return { sql, params: [...params, ...directDriverParams(p, driver, environment, limit), limit], needMoreText: false, empty: false };
  };
  const directDriverParams = (p: Parts, driver: Word, environment: Environment, limit: number) =>
    driver.kind === 'id' ? identifierParams(environment, driver.text) : [p.scopeId, gramOf(driver.text), p.low ?? 0, p.high ?? NO_HIGH, limit];
  const directKey = (p: Parts, driver: Word) => `D${driver.kind}${p.shape}${p.low === null ? '' : 'L'}${p.high === null ? '' : 'H'}`;
  const directRows = (p: Parts, driver: Word, environment: Environment, limit: number): RawRow[] => {
    const statement = paging(directKey(p, driver), () => direct(p, driver, environment, limit).sql);
    // The order direct() binds in: the conditions, the id bounds, the driver's values, the limit.
    const params = p.params.slice();
    if (p.low !== null) params.push(p.low);
    if (p.high !== null) params.push(p.high);
    for (const value of directDriverParams(p, driver, environment, limit)) params.push(value);
    params.push(limit);
    return statement.all(...params) as RawRow[];
  };
  const isDirect = (p: Parts, driver: Word) => driver.kind === 'id' || (driver.kind === 'bi' && p.scopeOnly && !p.dated);

  /**
   * A fragment's first batch of trigram candidates and its probe in one statement, the batch a subquery (as
   * `direct`): the newest `first` candidates (the first trigram's, checked for the whole fragment when it is
   * longer) and of those the newest `limit` rows that meet the search. Most first pages are full from it: one
   * statement instead of the driver's and the probe's, its ids never brought to JavaScript and bound again
   * (4-character p50 35 → 27 µs for the statements, docs/benchmarks.md §search). Fewer rows than the limit leave
   * the walk to go on after the batch (pageOf).
   */
  const triFirst = (p: Parts, driver: Word, limit: number, first: number): OutputQuery => {
    const check = [...driver.text].length > 3 ? driver.text : undefined;
    const { where, params } = checked(p, check);
    const bounds = drivers.trigramBounds(p);
    where.push(`i.id IN (${drivers.sql('tri', first, bounds.length > 0)})`);
    const sql = `SELECT ${OUTPUT_COLUMNS} FROM issued_invoice i NOT INDEXED WHERE ${where.join(' AND ')} ORDER BY i.id DESC LIMIT ${INT_PARAM}`;
    return { sql, params: [...params, drivers.firstMatch(driver), ...bounds, limit], needMoreText: false, empty: false };
  };
  const triFirstKey = (p: Parts, driver: Word, first: number) =>
    `T${p.shape}${p.low === null ? '' : 'L'}${p.high === null ? '' : 'H'}${[...driver.text].length > 3 ? 'C' : ''}${first}`;
  const triFirstRows = (p: Parts, driver: Word, limit: number, first: number): RawRow[] => {
    const statement = paging(triFirstKey(p, driver, first), () => triFirst(p, driver, limit, first).sql);
    // The order triFirst() binds in: checked()'s values, the first trigram, its bounds, the limit.
    const params = checkedParams(p, [...driver.text].length > 3 ? driver.text : undefined);
    params.push(drivers.firstMatch(driver), ...drivers.trigramBounds(p), limit);
    return statement.all(...params) as RawRow[];
  };

  /**
   * Probes the driver's batches for rows (newest first) until `found` holds `limit`; answers whether more may
   * follow. The page is full once `limit` rows are found; whether more follow is then known without probing for
   * one more row: any candidate left unprobed may be one ("more" can then lead to an empty last page, which the
   * grid takes as the end). The posting table and the identifier ranges give the enterprise's own invoices: when
   * nothing else is asked (`exact`), a page's worth of them and one more fill it. The trigram index holds every
   * enterprise and environment, and other conditions drop candidates: those probe twice the slots, which costs a
   * bound value each (the limit keeps the rows read to the page).
   */
  function walk(p: Parts, batches: Iterable<CandidateBatch>, found: RawRow[], limit: number, exact: boolean): boolean {
    for (const { ids, final, check } of batches) {
      for (let start = 0; start < ids.length; ) {
        const wanted = limit - found.length;
        const left = ids.length - start;
        const size = left <= ID_SLOTS || (exact && wanted < ID_SLOTS) ? ID_SLOTS : WIDE_SLOTS;
        const chunk = padded(ids.slice(start, start + size), size);
        start += size;
        const rows = probeRows(p, chunk, wanted, check);
        for (const row of rows) found.push(row);
        if (found.length >= limit) {
          // The probe went newest first and stopped at the limit: the chunk's ids below its last row were not looked at.
          const last = rows[rows.length - 1]?.[0] ?? 0;
          return start < ids.length || !final || chunk.some((id) => id !== 0 && id < last);
        }
      }
    }
    return false;
  }

  /** One page, newest first, and the cursor of the next one. */
  function pageOf(environment: Environment, seller: string, filter: HistoryFilter): { rows: HistoryRow[]; next: string | null; hasMore: boolean; needMoreText: boolean } {
    const limit = filter.limit ?? OUTPUT_PAGE_DEFAULT;
    const p = parts(environment, seller, filter);
    if (typeof p === 'string') return { rows: [], next: null, hasMore: false, needMoreText: p === 'needMoreText' };
    let found: RawRow[];
    let more = false;
    if (p.driver === undefined) {
      found = rowsOf(joined(p, environment, filter, limit + 1, 'rows'));
      more = found.length > limit;
      if (more) found = found.slice(0, limit);
    } else if (isDirect(p, p.driver)) {
      found = directRows(p, p.driver, environment, limit);
      more = found.length === limit;
    } else if (p.driver.kind === 'tri') {
      const first = Math.max(limit + 1, FIRST_BATCH);
      found = triFirstRows(p, p.driver, limit, first);
      if (found.length >= limit) more = true;
      else {
        // Fewer than a page among the first batch's candidates: the index tells whether the batch held them all.
        const resume = drivers.afterFirstBatch(p, p.driver, first);
        if (resume !== null) more = walk(p, drivers.candidates(p, p.driver, first, resume), found, limit, false);
      }
    } else {
      // The posting table's candidates all pass when nothing else is asked: a page and one more is the first batch.
      const exact = p.scopeOnly;
      found = [];
      more = walk(p, drivers.candidates(p, p.driver, exact ? limit + 1 : Math.max(limit + 1, FIRST_BATCH)), found, limit, exact);
    }
    const reversals = reversalsOf(found);
    const rows = found.map((r) => rowOf(r, environment, reversals?.get(r[0]) ?? 'none'));
    const last = rows[rows.length - 1];
    const hasMore = more && last !== undefined;
    return { rows, next: hasMore ? encodeCursor(last.id) : null, hasMore, needMoreText: false };
  }

  return {
    build,
    /**
     * The SQL a page with text runs, for the plan tests: its one statement where it has one (an identifier, a pair
     * with nothing else asked, a trigram driver's first batch), else — and for a trigram walk after its first
     * batch (`step` 'walk') — the driver's and the probe's.
     */
    pageSql(environment: Environment, seller: string, filter: HistoryFilter, step: 'first' | 'walk' = 'first'): { driver: string; probe: OutputQuery; probeKey: string } | null {
      const p = parts(environment, seller, filter);
      if (typeof p === 'string' || p.driver === undefined) return null;
      if (isDirect(p, p.driver)) return { driver: drivers.sql(p.driver.kind, FIRST_BATCH), probe: direct(p, p.driver, environment, 16), probeKey: directKey(p, p.driver) };
      if (p.driver.kind === 'tri' && step === 'first') {
        return { driver: drivers.sql('tri', FIRST_BATCH, p.low !== null || p.high !== null), probe: triFirst(p, p.driver, 16, FIRST_BATCH), probeKey: triFirstKey(p, p.driver, FIRST_BATCH) };
      }
      const driver = drivers.sql(p.driver.kind, FIRST_BATCH, p.low !== null || p.high !== null);
      const check = p.driver.kind === 'tri' && [...p.driver.text].length > 3 ? p.driver.text : undefined;
      return { driver, probe: probe(p, padded([1], ID_SLOTS), 1, check), probeKey: probeKey(p, ID_SLOTS, check) };
    },
    /** The SQL of the date-bound lookups, for the plan tests. */
    boundSql,
    bothBoundsSql,
    /** The SQL of a page's reversal states, for the plan tests. */
    reversalSql: reversalStates.source,
    /** One page, newest first, and the cursor of the next one. */
    page: pageOf,
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
      const sql = `SELECT count(*) AS n FROM (${query.sql})`;
      const { n } = counting(sql, () => sql).get(...query.params) as { n: number };
      return n > COUNT_CAP ? { count: COUNT_CAP, exact: false } : { count: n, exact: true };
    },
  };
}

export type OutputSearch = ReturnType<typeof createOutputSearch>;
