/**
 * The history's search over output invoices on the team ledger (PostgreSQL; docs/team-ledger.md §2): the
 * same search kinds, the same words and the same answer — ids, order, pages — as the desk's SQLite search
 * (main/features/history/search-repo.ts), which the contract test checks invoice by invoice. Not wired
 * into a feature yet: the asynchronous ledger port that will call it is not built.
 *
 * Every search is per enterprise (environment and seller tax ID xhdwsbh), newest first (id DESC) in
 * keyset pages: the cursor is the last id of a page and `id < cursor` continues there. The words of the
 * text are read as SQLite reads them (search-query.ts words):
 * - an identifier (6+ ASCII letters/digits) is a prefix of the number, buyer tax ID, code or serial:
 *   B-tree ranges in the C collation (migration 4);
 * - 3+ characters: a fragment of the buyer name, buyer tax ID, code, number or serial (`history_text`,
 *   pg_trgm GIN, migration 4) or of a goods name (0003's GIN on the lines);
 * - 2 characters: a pair of the posting document (`search_pairs @> {pair}`, GIN, migration 4);
 * - 1 character: checked on the candidates' own text; alone it asks for a second character.
 * Each condition is one statement's WHERE, and the planner picks per query between the GIN index (a rare
 * fragment: its few matches, sorted) and the enterprise's (environment, xhdwsbh, id DESC) index walked
 * newest first with the condition as a filter (a common one: a page is found in the first rows).
 * A fragment's goods-name half is its own branch of a UNION, so the name half stays one index condition.
 */
import type pg from 'pg';
import type { Environment, HistoryFilter, HistoryRow, ReversalState, RowCount } from '../../../shared/ipc/index.js';
import {
  chinaDayStart,
  COUNT_CAP,
  decodeCursor,
  encodeCursor,
  gramOf,
  nextDay,
  OUTPUT_PAGE_DEFAULT,
  rowOf,
  type RawRow,
  type Word,
  words,
} from '../../features/history/search-query.js';

/** Anything that runs a query: the pool, or a client inside a transaction. */
export type TeamQueryable = Pick<pg.Pool, 'query'>;

export interface TeamHistoryPage {
  rows: HistoryRow[];
  next: string | null;
  hasMore: boolean;
  needMoreText: boolean;
}

/** none / partial / full of a blue invoice from its issued red invoices: the SQLite rule (search-query.ts REVERSAL_STATE) in numeric. */
const REVERSAL_STATE = `(SELECT CASE WHEN coalesce(sum(r.amount), 0) = 0 THEN 'none' WHEN sum(r.amount) >= i.jshj THEN 'full' ELSE 'partial' END
   FROM red_reversal r JOIN issued_invoice ri ON ri.id = r.red_invoice_id
  WHERE r.blue_invoice_id = i.id AND ri.status = 'issued')`;

/** The grid's columns in RawRow order (search-query.ts OUTPUT_COLUMNS), the last one the reversal state itself. */
const COLUMNS = `i.id::float8 AS id, i.fplxdm, i.fpdm, i.fphm, to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  i.ghdwmc, i.ghdwsbh, i.jshj::text, i.hjse::text, i.status, i.lsh, i.kplx, CASE WHEN i.kplx = '0' THEN ${REVERSAL_STATE} END`;

/** The indexed expression of migration 4; queries must use it verbatim. */
const TEXT = 'history_text(i.ghdwmc, i.ghdwsbh, i.fpdm, i.fphm, i.lsh)';
/** ASCII letters in lower case, as SQLite's lower() folds (search-query.ts OWN_TEXT). */
const asciiLower = (sql: string) => `translate(${sql}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`;
const OWN_TEXT = asciiLower(
  `(i.ghdwmc || ' ' || coalesce(i.ghdwsbh, '') || ' ' || coalesce(i.fpdm, '') || ' ' || coalesce(i.fphm, '') || ' ' || i.lsh)`,
);
/** `%word%` for ILIKE, its own % _ \ taken literally. */
const likeOf = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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

function conditionsOf(environment: Environment, seller: string, filter: HistoryFilter): Conditions | 'needMoreText' {
  const params: unknown[] = [];
  const value = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = [`i.environment = ${value(environment)}`, `i.xhdwsbh = ${value(seller)}`];
  const list = words(filter.text).concat(words(filter.buyer));
  const indexed = list.filter((w) => w.kind !== 'char');
  if (list.length > 0 && indexed.length === 0) return 'needMoreText';
  const cursor = decodeCursor(filter.cursor);
  if (cursor !== null) where.push(`i.id < ${value(cursor)}`);
  if (filter.dateFrom !== undefined) where.push(`i.created_at >= ${value(chinaDayStart(filter.dateFrom))}::timestamptz`);
  if (filter.dateTo !== undefined) where.push(`i.created_at < ${value(chinaDayStart(nextDay(filter.dateTo)))}::timestamptz`);
  if (filter.status !== undefined) where.push(`i.status = ${value(filter.status)}`);
  if (filter.type !== undefined) where.push(`i.fplxdm = ${value(filter.type)}`);
  if (filter.kplx !== undefined) where.push(`i.kplx = ${value(filter.kplx)}`);
  if (filter.amountMin !== undefined) where.push(`i.jshj >= ${value(filter.amountMin)}::numeric`);
  if (filter.amountMax !== undefined) where.push(`i.jshj <= ${value(filter.amountMax)}::numeric`);
  if (filter.reversal !== undefined) where.push(`i.kplx = '0' AND ${REVERSAL_STATE} = ${value(filter.reversal)}`);
  // The fragment that drives SQLite's walk (an identifier first, else the first indexed word) is the one
  // whose goods-name half becomes the second branch; any other fragment is checked with its goods inline.
  const driver = indexed.find((w) => w.kind === 'id') ?? indexed[0];
  const halves: string[] = [];
  for (const word of list) {
    if (word.kind === 'tri' && word === driver) {
      const like = value(likeOf(word.text));
      halves.push(`${TEXT} ILIKE ${like}`, `i.id IN (SELECT l.invoice_id FROM issued_invoice_line l WHERE l.spmc ILIKE ${like})`);
    } else {
      where.push(conditionOf(word, value));
    }
  }
  return { where, params, halves };
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

export function createTeamHistorySearch(db: TeamQueryable) {
  return {
    /** One page, newest first, and the cursor of the next one (the shape of the SQLite search's page). */
    async page(environment: Environment, seller: string, filter: HistoryFilter): Promise<TeamHistoryPage> {
      const c = conditionsOf(environment, seller, filter);
      if (c === 'needMoreText') return { rows: [], next: null, hasMore: false, needMoreText: true };
      const limit = filter.limit ?? OUTPUT_PAGE_DEFAULT;
      const result = await db.query<RawRow>({ text: statementOf(c, COLUMNS, limit + 1), values: c.params, rowMode: 'array' });
      const found = result.rows.slice(0, limit);
      const rows = found.map((r) => rowOf(r, environment, r[11] === '0' ? (r[12] as unknown as ReversalState) : null));
      const last = rows[rows.length - 1];
      const hasMore = result.rows.length > limit && last !== undefined;
      return { rows, next: hasMore ? encodeCursor(last.id) : null, hasMore, needMoreText: false };
    },
    /** How many invoices match: exact up to COUNT_CAP, beyond it a lower bound (as the SQLite search counts). */
    async count(environment: Environment, seller: string, filter: HistoryFilter): Promise<RowCount> {
      const { cursor: _cursor, limit: _limit, ...rest } = filter;
      const c = conditionsOf(environment, seller, rest);
      if (c === 'needMoreText') return { count: 0, exact: true };
      const result = await db.query<{ n: number }>({ text: `SELECT count(*)::int AS n FROM (${statementOf(c, 'i.id AS id', COUNT_CAP + 1)}) s`, values: c.params });
      const n = result.rows[0]?.n ?? 0;
      return n > COUNT_CAP ? { count: COUNT_CAP, exact: false } : { count: n, exact: true };
    },
  };
}

export type TeamHistorySearch = ReturnType<typeof createTeamHistorySearch>;
