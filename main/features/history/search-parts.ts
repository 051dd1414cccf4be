/**
 * What a history search asks, worked out once per page (search-repo.ts runs it): its conditions as SQL
 * with their values, the id bounds its date range and cursor give (two index lookups on
 * (environment, created_at): ids are given in submission order, so a date range is a stretch of them),
 * the enterprise's scope id, and the word whose index drives the walk. Each condition adds a letter to
 * the search's shape, the key its prepared statements are kept under.
 */
import type { Db } from '../../db/open.js';
import type { Environment, HistoryFilter } from '../../../shared/ipc/index.js';
import {
  AMOUNT,
  chinaDayStart,
  decodeCursor,
  gramOf,
  IDENTIFIER_IDS,
  identifierParams,
  lineCondition,
  nextDay,
  OWN_TEXT,
  quote,
  REVERSAL_STATE,
  TEXT_PARAM,
  voidedCondition,
  type Word,
  words,
} from './search-query.js';

export interface Parts {
  where: string[];
  params: Array<string | number>;
  /** Id bounds from the cursor and the date range (inclusive), null when open. */
  low: number | null;
  high: number | null;
  scopeId: number;
  /** The word whose index drives the walk (an identifier first, else the first indexed word). */
  driver: Word | undefined;
  /** No condition but the environment, the enterprise and the date range: a scoped driver's candidates all pass. */
  scopeOnly: boolean;
  /** One letter per condition in `where`, in order: the key of the probe's statement (see probeRows). */
  shape: string;
  /** A date range is asked (its created_at conditions may fail at the ends of the id bounds). */
  dated: boolean;
}


export function createSearchParts(db: Db) {
  // Ordered by created_at alone: one step along (environment, created_at DESC); adding id would sort
  // the whole range (the index holds rowids ascending within a timestamp).
  // Plucked and raw: a row object costs building its keys each call (about 9 µs of the two bounds).
  const firstIdFrom = db
    .prepare<[string, string], number>(`SELECT id FROM issued_invoice WHERE environment = ${TEXT_PARAM} AND created_at >= ? ORDER BY created_at LIMIT 1`)
    .pluck();
  const lastIdBefore = db
    .prepare<[string, string], number>(`SELECT id FROM issued_invoice WHERE environment = ${TEXT_PARAM} AND created_at < ? ORDER BY created_at DESC LIMIT 1`)
    .pluck();
  // A full date range (the usual case) asks both in one statement: one step of the VM instead of two.
  const bothIds = db
    .prepare<[string, string, string, string], [number | null, number | null]>(`SELECT (${firstIdFrom.source}), (${lastIdBefore.source})`)
    .raw(true);
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

  /** The conditions of a search but its driver's, and the id bounds; or why there is nothing to run. */
  function parts(environment: Environment, seller: string, filter: HistoryFilter): Parts | 'needMoreText' | 'empty' {
    const where: string[] = [`i.environment = ${TEXT_PARAM}`, `i.xhdwsbh = ${TEXT_PARAM}`];
    const params: Array<string | number> = [environment, seller];
    // Each condition adds its letter to the shape: equal shapes have equal SQL (conditions are constants).
    let shape = '';
    const add = (code: string, condition: string, ...values: Array<string | number>) => {
      shape += code;
      where.push(condition);
      for (const value of values) params.push(value);
    };
    const list = words(filter.text).concat(words(filter.buyer));
    const indexed = list.filter((w) => w.kind !== 'char');
    if (list.length > 0 && indexed.length === 0) return 'needMoreText';
    const scopeId = scope(environment, seller);
    if (scopeId === null) return 'empty';

    // Id bounds of the date range: a stretch of the id order (see the header).
    let low: number | null = null;
    let high: number | null = decodeCursor(filter.cursor);
    if (high !== null) high -= 1;
    const from = filter.dateFrom === undefined ? null : chinaDayStart(filter.dateFrom);
    const to = filter.dateTo === undefined ? null : chinaDayStart(nextDay(filter.dateTo));
    const both = from !== null && to !== null ? bothIds.get(environment, from, environment, to) : undefined;
    if (from !== null) {
      const first = both ? both[0] : (firstIdFrom.get(environment, from) ?? null);
      if (first === null) return 'empty';
      low = first;
      add('f', 'i.created_at >= ?', from);
    }
    if (to !== null) {
      const last = both ? both[1] : (lastIdBefore.get(environment, to) ?? null);
      if (last === null) return 'empty';
      high = high === null ? last : Math.min(high, last);
      add('t', 'i.created_at < ?', to);
    }
    if (low !== null && high !== null && low > high) return 'empty';
    const scoping = where.length;

    if (filter.status !== undefined) add('s', `i.status = ${TEXT_PARAM}`, filter.status);
    if (filter.type !== undefined) add('y', `i.fplxdm = ${TEXT_PARAM}`, filter.type);
    if (filter.kplx !== undefined) add('k', `i.kplx = ${TEXT_PARAM}`, filter.kplx);
    if (filter.amountMin !== undefined) add('a', `${AMOUNT} >= ?`, Number(filter.amountMin));
    if (filter.amountMax !== undefined) add('A', `${AMOUNT} <= ?`, Number(filter.amountMax));
    if (filter.voided !== undefined) add(filter.voided ? 'V' : 'v', voidedCondition(filter.voided));
    const line = lineCondition(filter);
    if (line !== null) add(line.code, line.sql, ...line.params);
    if (filter.reversal === 'partial' || filter.reversal === 'full') {
      // Only blue invoices with an issued red invoice can be reversed at all: start from those few.
      add('r', `i.id IN (SELECT r.blue_invoice_id FROM red_reversal r WHERE (SELECT ri.status FROM issued_invoice ri WHERE ri.id = r.red_invoice_id) = 'issued')`);
      add('R', `i.kplx = '0' AND ${REVERSAL_STATE} = ?`, filter.reversal);
    } else if (filter.reversal === 'none') {
      add('n', `i.kplx = '0' AND ${REVERSAL_STATE} = 'none'`);
    }
    for (const word of list) {
      if (word.kind === 'char') add('c', `instr(lower(${OWN_TEXT}), ?) > 0`, word.text);
    }
    // An identifier prefix is the most selective driver; then the order the clerk typed.
    const driver = indexed.find((w) => w.kind === 'id') ?? indexed[0];
    for (const word of indexed) {
      if (word === driver) continue;
      if (word.kind === 'id') {
        add('I', `i.id IN (${IDENTIFIER_IDS})`, ...identifierParams(environment, word.text));
      } else if (word.kind === 'tri') {
        add('T', `EXISTS (SELECT 1 FROM history_fts WHERE history_fts MATCH ? AND rowid = i.id * 2)`, quote(word.text));
      } else {
        add('B', `EXISTS (SELECT 1 FROM issued_invoice_gram g WHERE g.scope = ? AND g.gram = ? AND g.id = i.id)`, scopeId, gramOf(word.text));
      }
    }
    return { where, params, low, high, scopeId, driver, scopeOnly: where.length === scoping, shape, dated: from !== null || to !== null };
  }

  const idBounds = (p: Parts) => {
    const where = [...p.where];
    const params = [...p.params];
    if (p.low !== null) {
      where.push('i.id >= ?');
      params.push(p.low);
    }
    if (p.high !== null) {
      where.push('i.id <= ?');
      params.push(p.high);
    }
    return { where, params };
  };

  return { parts, idBounds, scope, boundSql: [firstIdFrom.source, lastIdBefore.source], bothBoundsSql: bothIds.source };
}
