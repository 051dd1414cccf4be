/**
 * The history's search over output invoices on the team ledger (PostgreSQL; docs/team-ledger.md §2): the
 * same search kinds, the same words and the same answer — ids, order, pages — as the desk's SQLite search
 * (main/features/history/search-repo.ts), which the contract test checks invoice by invoice. The history
 * store (stores/history.ts) answers the output-only pages and counts with it on PostgreSQL (dialects/history.ts).
 *
 * Every search is per enterprise (environment and seller tax ID xhdwsbh), newest first (id DESC) in
 * keyset pages: the cursor is the last id of a page and `id < cursor` continues there. The words of the
 * text are read as SQLite reads them (search-query.ts words):
 * - an identifier (6+ ASCII letters/digits) is a prefix of the number, buyer tax ID, code or serial:
 *   B-tree ranges in the C collation (migration 0473);
 * - 3+ characters: a fragment of the buyer name, buyer tax ID, code, number or serial (`history_text`,
 *   pg_trgm GIN, migration 0473) or of a goods name (0472's GIN on the lines);
 * - 2 characters: a pair of the posting document (search_pairs, migration 0473): the walk reads the pair's
 *   postings newest first (`issued_invoice_pair`, migration 0605: a B-tree in (pair, invoice_id) order) and
 *   fetches those invoices; a second pair is checked on the candidates' own array;
 * - 1 character: checked on the candidates' own text; alone it asks for a second character.
 * Each condition is one statement's WHERE, and the planner picks per query between the GIN index (a rare
 * fragment: its few matches, sorted) and the enterprise's (environment, xhdwsbh, id DESC) index walked
 * newest first with the condition as a filter (a common one: a page is found in the first rows).
 * A fragment's goods-name half is its own branch of a UNION, so the name half stays one index condition.
 * A date range is also a stretch of ids, found by subqueries of the same statement (idBoundsOf). The
 * planner's choice rests on each fragment's frequency: migrations 0474 and 0605 keep statistics for the 10,000
 * most common pairs.
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import type { Environment, HistoryFilter, HistoryRow, ReversalState, RowCount } from '../../../../shared/ipc/index.js';
import {
  chinaDayStart,
  COUNT_CAP,
  decodeCursor,
  encodeCursor,
  gramOf,
  HAS_REVERSAL,
  MARK,
  nextDay,
  OUTPUT_PAGE_DEFAULT,
  rateUnits,
  rowOf,
  type RawRow,
  type Word,
  voidedCondition,
  words,
} from '../../../features/history/search-query.js';
import { lslbsOf } from '../../../../shared/i18n/levy-texts.js';

/** Anything that runs a query: the pool, or a client inside a transaction. */
export type TeamQueryable = Pick<pg.Pool, 'query'>;

export interface TeamHistoryPage {
  rows: HistoryRow[];
  next: string | null;
  hasMore: boolean;
  needMoreText: boolean;
}

/** none / partial / full of a blue invoice from its issued red invoices: the SQLite rule (search-query.ts REVERSAL_STATE) in numeric. */
export const REVERSAL_STATE = `(SELECT CASE WHEN coalesce(sum(r.amount), 0) = 0 THEN 'none' WHEN sum(r.amount) >= i.jshj THEN 'full' ELSE 'partial' END
   FROM red_reversal r JOIN issued_invoice ri ON ri.id = r.red_invoice_id
  WHERE r.blue_invoice_id = i.id AND ri.status = 'issued')`;

/**
 * The grid's columns in RawRow order (search-query.ts OUTPUT_COLUMNS). The last, the row's mark, says only
 * whether the invoice is red or a blue one with a red_reversal row at all, and the state itself is read afterwards for those few
 * (reversalsOf), as the desk does: the state's correlated aggregate over a join, planned into every page
 * statement (twice in a fragment's UNION), cost 0.17 ms of planning and 0.08 of execution per branch —
 * more than a third of a common pair's whole statement (docs/benchmarks.md §team-search).
 */
const COLUMNS = `i.id::float8 AS id, i.fplxdm, i.fpdm, i.fphm, to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  i.ghdwmc, i.ghdwsbh, i.jshj::text, i.hjse::text, i.status, i.lsh,
  CASE WHEN i.kplx = '1' THEN 2 WHEN EXISTS (SELECT 1 FROM red_reversal r WHERE r.blue_invoice_id = i.id) THEN 1 ELSE 0 END`;
/** The reversal state of the page's blue invoices that have a red_reversal row. */
const REVERSALS = `SELECT i.id::float8 AS id, ${REVERSAL_STATE} AS state FROM issued_invoice i WHERE i.id = ANY($1::bigint[])`;

/** The indexed expression of migration 0473; queries must use it verbatim. */
export const TEXT = 'history_text(i.ghdwmc, i.ghdwsbh, i.fpdm, i.fphm, i.lsh)';
/** ASCII letters in lower case, as SQLite's lower() folds (search-query.ts OWN_TEXT). */
export const asciiLower = (sql: string) => `translate(${sql}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`;
const OWN_TEXT = asciiLower(
  `(i.ghdwmc || ' ' || coalesce(i.ghdwsbh, '') || ' ' || coalesce(i.fpdm, '') || ' ' || coalesce(i.fphm, '') || ' ' || i.lsh)`,
);
/** `%word%` for ILIKE, its own % _ \ taken literally. */
const likeOf = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The line filter of a search (the desk's search-query.ts lineCondition, the same answer): an invoice with at
 * least one line at the rate and of the levy asked, the same line when both are. sl is text: it is compared
 * in ten-thousandths of the number it reads as, as the desk compares it (0.13 and 0.130 are one rate); a text
 * that is no number matches no rate (its cast would fail the statement). lslbs NULL is the normal levy.
 */
export function teamLineCondition(filter: Pick<HistoryFilter, 'lineRate' | 'lineLevy'>, value: (v: unknown) => string): string | null {
  const { lineRate, lineLevy } = filter;
  if (lineRate === undefined && lineLevy === undefined) return null;
  const where = ['l.invoice_id = i.id'];
  if (lineRate !== undefined) {
    where.push(`CASE WHEN l.sl ~ '^ *([0-9]+(\\.[0-9]*)?|\\.[0-9]+) *$' THEN round(l.sl::numeric * 10000) END = ${value(rateUnits(lineRate))}`);
  }
  if (lineLevy === 'normal') where.push('l.lslbs IS NULL');
  else if (lineLevy !== undefined) where.push(`l.lslbs = ${value(lslbsOf(lineLevy))}`);
  return `EXISTS (SELECT 1 FROM issued_invoice_line l WHERE ${where.join(' AND ')})`;
}

/** A search's conditions as SQL with numbered parameters. */
interface Conditions {
  where: string[];
  params: unknown[];
  /**
   * The driving fragment (3+) in two halves, each one branch of a UNION: found in the invoice's own
   * text, or in a goods name. Empty when the driver is another kind.
   */
  halves: string[];
}

/**
 * The ids a date range spans, as scalar subqueries of the page's own statement (migration 0474's
 * (environment, created_at, id) index; SQLite's search-parts.ts reads a range the same way): ids are given
 * in submission order, so the range is a stretch of them, and the walk — the enterprise's id-ordered
 * indexes, or a pair's postings — covers only that stretch. Each is two steps along one index, run once
 * before the walk (an InitPlan), so the range costs no statement or round trip of its own. A bound with
 * no invoice (none from the first day on, none before the day after the last) is null and the walk finds
 * nothing, as the dates themselves, which stay conditions too, then match nothing.
 */
function idBoundsOf(environment: string, from: string | null, to: string | null): { low: string | null; high: string | null } {
  const first = (condition: string, order: string) =>
    `(SELECT b.id FROM issued_invoice b WHERE b.environment = ${environment} AND ${condition} ORDER BY b.created_at ${order}, b.id ${order} LIMIT 1)`;
  return {
    low: from === null ? null : first(`b.created_at >= ${from}::timestamptz`, 'ASC'),
    high: to === null ? null : first(`b.created_at < ${to}::timestamptz`, 'DESC'),
  };
}

function conditionsOf(environment: Environment, seller: string, filter: HistoryFilter): Conditions | 'needMoreText' {
  const params: unknown[] = [];
  const value = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const env = value(environment);
  const where = [`i.environment = ${env}`, `i.xhdwsbh = ${value(seller)}`];
  const list = words(filter.text).concat(words(filter.buyer));
  const indexed = list.filter((w) => w.kind !== 'char');
  if (list.length > 0 && indexed.length === 0) return 'needMoreText';
  // The fragment that drives SQLite's walk (an identifier first, else the first indexed word) is the one
  // whose goods-name half becomes the second branch, or whose postings the walk reads (a pair); any
  // other word is checked on the candidates.
  const driver = indexed.find((w) => w.kind === 'id') ?? indexed[0];
  const cursor = decodeCursor(filter.cursor);
  const from = filter.dateFrom === undefined ? null : value(chinaDayStart(filter.dateFrom));
  const to = filter.dateTo === undefined ? null : value(chinaDayStart(nextDay(filter.dateTo)));
  if (from !== null) where.push(`i.created_at >= ${from}::timestamptz`);
  if (to !== null) where.push(`i.created_at < ${to}::timestamptz`);
  const { low, high } = idBoundsOf(env, from, to);
  // The stretch of ids still to walk (a page's cursor, the date range), as conditions on an id column.
  const below = cursor === null ? null : value(cursor);
  const stretch = (id: string, lowAsFilter = false) => [
    ...(below === null ? [] : [`${id} < ${below}`]),
    ...(high === null ? [] : [`${id} <= ${high}`]),
    // With a 3+ fragment the low bound is a filter, never an index condition (`+ 0`): as one the planner
    // intersected a rare fragment's few GIN matches with a bitmap of the whole stretch (24 ms where the
    // matches alone take 1), and a common fragment's walk down from the high bound fills its page long before.
    ...(low === null ? [] : [`${lowAsFilter ? `${id} + 0` : id} >= ${low}`]),
  ];
  if (driver?.kind === 'bi') {
    // A pair's postings newest first (migration 0605), within the same stretch: a page reads about its own rows.
    const postings = [`p.pair = ${value(gramOf(driver.text))}`, ...stretch('p.invoice_id')];
    where.push(`i.id IN (SELECT p.invoice_id FROM issued_invoice_pair p WHERE ${postings.join(' AND ')})`);
  } else {
    where.push(...stretch('i.id', driver?.kind === 'tri'));
  }
  if (filter.status !== undefined) where.push(`i.status = ${value(filter.status)}`);
  if (filter.type !== undefined) where.push(`i.fplxdm = ${value(filter.type)}`);
  if (filter.kplx !== undefined) where.push(`i.kplx = ${value(filter.kplx)}`);
  if (filter.amountMin !== undefined) where.push(`i.jshj >= ${value(filter.amountMin)}::numeric`);
  if (filter.amountMax !== undefined) where.push(`i.jshj <= ${value(filter.amountMax)}::numeric`);
  if (filter.reversal !== undefined) where.push(`i.kplx = '0' AND ${REVERSAL_STATE} = ${value(filter.reversal)}`);
  if (filter.voided !== undefined) where.push(voidedCondition(filter.voided));
  const line = teamLineCondition(filter, value);
  if (line !== null) where.push(line);
  const halves: string[] = [];
  for (const word of list) {
    if (word.kind === 'tri' && word === driver) {
      const like = value(likeOf(word.text));
      halves.push(`${TEXT} ILIKE ${like}`, `i.id IN (SELECT l.invoice_id FROM issued_invoice_line l WHERE l.spmc ILIKE ${like})`);
    } else if (word !== driver || word.kind !== 'bi') {
      where.push(conditionOf(word, value));
    }
  }
  return { where, params, halves };
}

/** The filter keys a pair walk (pairWalkOf) answers; any other asked sends the search down the general statement. */
const PAIR_WALK_KEYS = new Set(['direction', 'text', 'buyer', 'cursor', 'limit', 'dateFrom', 'dateTo']);

/**
 * The statement of the commonest pair search — one 2-character word, maybe a date range, nothing else — as
 * a named statement PostgreSQL plans once per connection. Its plan is the same whatever the pair: the
 * pair's postings newest first within the stretch (migration 0605), each one's invoice fetched by its key and
 * kept when it is the enterprise's (a LATERAL subquery with OFFSET 0, so no plan walks the invoices instead).
 * Planning was most of such a search's time (0.4–0.6 ms against 0.1–0.3 ms of execution on the million,
 * docs/benchmarks.md §team-search), so every value is handed in as `(SELECT $n)`: no plan may depend on it,
 * a custom plan then costs what the generic one costs plus its planning, and PostgreSQL keeps the generic
 * plan from the sixth run on. null when the search asks for anything else (the general statement's planner
 * then weighs the other conditions, as before).
 */
function pairWalkOf(environment: Environment, seller: string, filter: HistoryFilter, limit: number): pg.QueryConfig | null {
  const list = words(filter.text).concat(words(filter.buyer));
  const [word] = list;
  if (list.length !== 1 || word?.kind !== 'bi') return null;
  if (!Object.entries(filter).every(([key, v]) => v === undefined || PAIR_WALK_KEYS.has(key))) return null;
  const values: unknown[] = [environment, seller, gramOf(word.text)];
  const param = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const cursor = decodeCursor(filter.cursor);
  const from = filter.dateFrom === undefined ? null : param(chinaDayStart(filter.dateFrom));
  const to = filter.dateTo === undefined ? null : param(chinaDayStart(nextDay(filter.dateTo)));
  const postings = ['p.pair = (SELECT $3::text)'];
  const invoice = ['i.id = p.invoice_id', 'i.environment = (SELECT $1::text)', 'i.xhdwsbh = (SELECT $2::text)'];
  if (cursor !== null) postings.push(`p.invoice_id < (SELECT ${param(cursor)}::bigint)`);
  if (from !== null) invoice.push(`i.created_at >= (SELECT ${from}::timestamptz)`);
  if (to !== null) invoice.push(`i.created_at < (SELECT ${to}::timestamptz)`);
  // The bounds are subqueries already: their values reach the walk only when it runs.
  const { low, high } = idBoundsOf('$1', from, to);
  if (high !== null) postings.push(`p.invoice_id <= ${high}`);
  if (low !== null) postings.push(`p.invoice_id >= ${low}`);
  const text = `SELECT ${COLUMNS}
    FROM (SELECT p.invoice_id FROM issued_invoice_pair p WHERE ${postings.join(' AND ')} ORDER BY p.invoice_id DESC) p
    CROSS JOIN LATERAL (SELECT i.id, i.fplxdm, i.fpdm, i.fphm, i.created_at, i.ghdwmc, i.ghdwsbh, i.jshj, i.hjse, i.status, i.lsh, i.kplx
                          FROM issued_invoice i WHERE ${invoice.join(' AND ')} OFFSET 0) i
    ORDER BY p.invoice_id DESC LIMIT ${limit}`;
  return { name: `history-pair-walk-${crypto.createHash('sha1').update(text).digest('hex').slice(0, 16)}`, text, values };
}

function conditionOf(word: Word, value: (v: unknown) => string): string {
  switch (word.kind) {
    case 'id': {
      // Prefix ranges, bytewise as SQLite compares (search-query.ts IDENTIFIER_IDS); tax IDs in capitals.
      const range = (column: string, prefix: string) => `(${column} COLLATE "C" >= ${value(prefix)} AND ${column} COLLATE "C" < ${value(`${prefix}\u{10FFFF}`)})`;
      return `(${range('i.fphm', word.text)} OR ${range('i.ghdwsbh', word.text.toUpperCase())} OR ${range('i.fpdm', word.text)} OR ${range('i.lsh', word.text)})`;
    }
    case 'tri': {
      const like = value(likeOf(word.text));
      return `(${TEXT} ILIKE ${like} OR EXISTS (SELECT 1 FROM issued_invoice_line l WHERE l.invoice_id = i.id AND l.spmc ILIKE ${like}))`;
    }
    case 'bi':
      return `i.search_pairs @> ARRAY[${value(gramOf(word.text))}]::text[]`;
    case 'char':
      return `strpos(${OWN_TEXT}, ${value(word.text)}) > 0`;
  }
}

/** The statement of the newest `limit` matches: one walk, or with a fragment's two halves the union of two. */
function statementOf(c: Conditions, select: string, limit: number): string {
  const walk = (extra: string[]) => `SELECT ${select} FROM issued_invoice i WHERE ${[...c.where, ...extra].join(' AND ')} ORDER BY i.id DESC LIMIT ${limit}`;
  if (c.halves.length === 0) return walk([]);
  const branches = c.halves.map((half) => `(${walk([half])})`).join(' UNION ');
  return `SELECT * FROM (${branches}) u ORDER BY 1 DESC LIMIT ${limit}`;
}

/** `connection()`: the pool, or the client of the transaction the call belongs to (taken once per call). */
export function createTeamHistorySearch(connection: () => TeamQueryable) {
  return {
    /** One page, newest first, and the cursor of the next one (the shape of the SQLite search's page). */
    async page(environment: Environment, seller: string, filter: HistoryFilter): Promise<TeamHistoryPage> {
      // Words first: a search of 1-character words asks for more text without a statement (as the desk).
      const c = conditionsOf(environment, seller, filter);
      if (c === 'needMoreText') return { rows: [], next: null, hasMore: false, needMoreText: true };
      const db = connection();
      const limit = filter.limit ?? OUTPUT_PAGE_DEFAULT;
      const statement = pairWalkOf(environment, seller, filter, limit + 1) ?? { text: statementOf(c, COLUMNS, limit + 1), values: c.params };
      const result = await db.query<RawRow>({ ...statement, rowMode: 'array' });
      const found = result.rows.slice(0, limit);
      const reversed = found.filter((r) => r[MARK] === HAS_REVERSAL).map((r) => r[0]);
      const states =
        reversed.length === 0 ? null : new Map((await db.query<{ id: number; state: ReversalState }>(REVERSALS, [reversed])).rows.map((r) => [r.id, r.state]));
      const rows = found.map((r) => rowOf(r, environment, states?.get(r[0]) ?? 'none'));
      const last = rows[rows.length - 1];
      const hasMore = result.rows.length > limit && last !== undefined;
      return { rows, next: hasMore ? encodeCursor(last.id) : null, hasMore, needMoreText: false };
    },
    /** How many invoices match: exact up to COUNT_CAP, beyond it a lower bound (as the SQLite search counts). */
    async count(environment: Environment, seller: string, filter: HistoryFilter): Promise<RowCount> {
      const { cursor: _cursor, limit: _limit, ...rest } = filter;
      const c = conditionsOf(environment, seller, rest);
      if (c === 'needMoreText') return { count: 0, exact: true };
      const result = await connection().query<{ n: number }>({ text: `SELECT count(*)::int AS n FROM (${statementOf(c, 'i.id AS id', COUNT_CAP + 1)}) s`, values: c.params });
      const n = result.rows[0]?.n ?? 0;
      return n > COUNT_CAP ? { count: COUNT_CAP, exact: false } : { count: n, exact: true };
    },
  };
}

export type TeamHistorySearch = ReturnType<typeof createTeamHistorySearch>;
