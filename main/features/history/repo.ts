/**
 * SQL of the history views: the search over output invoices and collected input invoices
 * (collected_invoice) through the `history_fts` trigram index, paged as one UNION. The output half's SQL
 * (table, columns, lines, reversal state) comes from issuance/repo.ts, the desk's SQL over issued invoices;
 * this module only adds the conditions. Every query is limited to one environment and one enterprise
 * (the active one: seller of output invoices, buyer of collected ones), so sandbox and real data, and
 * two enterprises' invoices, never mix.
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/open.js';
import type { Environment, HistoryFilter, HistoryRow, HistorySearchResult, HistoryStatus, RowCount } from '../../../shared/ipc/index.js';
import { OUTPUT_LINE_LIKE, OUTPUT_REVERSAL_IS, outputSearchSql } from '../issuance/repo.js';
import { chinaDayStart, createOutputSearch, nextDay } from './search-repo.js';
import { lineCondition, voidedCondition } from './search-query.js';

export { chinaDayStart } from './search-repo.js';

/** trigram indexes 3-character sequences: shorter fragments cannot use the index and fall back to LIKE. */
export const MIN_FTS_TERM_LENGTH = 3;
export const DEFAULT_PAGE_SIZE = 50;
/** At most this many words of the search text are used; the rest are ignored. */
const MAX_TERMS = 6;

const OUTPUT_STATUSES: ReadonlySet<HistoryStatus> = new Set(['queued', 'issuing', 'issued', 'failed']);
/** HistoryStatus of a collected invoice ↔ its FPZT code. */
const FPZT_BY_STATUS: Partial<Record<HistoryStatus, string>> = {
  normal: '0',
  'out-of-control': '1',
  voided: '2',
  'red-reversed': '3',
  abnormal: '4',
};

export interface HistoryQuery {
  sql: string;
  params: Array<string | number>;
}


interface Terms {
  /** An FTS5 MATCH expression of quoted phrases, or null. */
  match: string | null;
  /** LIKE patterns for fragments too short for the trigram index. */
  likes: string[];
}

/**
 * The words of a mixed search's text, as both ledgers read them: up to MAX_TERMS, each of 3+ characters a
 * fragment for the trigram index (FTS5 here, pg_trgm on the team ledger), shorter ones a plain substring.
 */
export function mixedWords(text: string | undefined): { long: string[]; short: string[] } {
  const words = (text ?? '').split(/\s+/).filter((word) => word.length > 0).slice(0, MAX_TERMS);
  // Length in code points, so a 3-character Chinese fragment counts as 3.
  return { long: words.filter((word) => [...word].length >= MIN_FTS_TERM_LENGTH), short: words.filter((word) => [...word].length < MIN_FTS_TERM_LENGTH) };
}

function splitTerms(text: string | undefined): Terms {
  const { long, short } = mixedWords(text);
  const phrases = long.map((word) => `"${word.replaceAll('"', '""')}"`);
  const likes = short.map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return { match: phrases.length > 0 ? phrases.join(' ') : null, likes };
}

/**
 * Which sides a mixed search reads, as both ledgers decide it: output invoices unless only input is asked
 * or the status is a collected one; input invoices unless only output is asked, an output notion is asked
 * (blue/red, buyer, reversal state, amounts, a line's rate or levy, voided) or the status is an output one.
 * `fpzt`: the collected status.
 */
export function mixedSides(filter: HistoryFilter): { output: boolean; input: boolean; fpzt: string | undefined } {
  const status = filter.status;
  const outputOnly =
    filter.kplx !== undefined ||
    (filter.buyer ?? '') !== '' ||
    filter.reversal !== undefined ||
    filter.amountMin !== undefined ||
    filter.amountMax !== undefined ||
    filter.lineRate !== undefined ||
    filter.lineLevy !== undefined ||
    filter.voided !== undefined;
  return {
    output: filter.direction !== 'input' && (status === undefined || OUTPUT_STATUSES.has(status)),
    input: filter.direction !== 'output' && !outputOnly && (status === undefined || FPZT_BY_STATUS[status] !== undefined),
    fpzt: status === undefined ? undefined : FPZT_BY_STATUS[status],
  };
}

function add(where: string[], params: Array<string | number>, condition: string, value: string): void {
  where.push(condition);
  params.push(value);
}

/**
 * Builds the search SQL and its parameters. Exported so the benchmark runs exactly the same SQL raw.
 * Output rows sort by submission time, input rows by issue date; newest first.
 */
export function buildHistoryQuery(environment: Environment, enterprise: string, filter: HistoryFilter, limit: number, offset: number): HistoryQuery {
  const terms = splitTerms(filter.text);
  const status = filter.status;
  const { output: wantOutput, input: wantInput, fpzt } = mixedSides(filter);
  const parts: string[] = [];
  const params: Array<string | number> = [];

  if (wantOutput) {
    const where = ['i.environment = ?', 'i.xhdwsbh = ?'];
    params.push(environment, enterprise);
    if (status !== undefined) add(where, params, 'i.status = ?', status);
    if (filter.type !== undefined) add(where, params, 'i.fplxdm = ?', filter.type);
    // created_at is a UTC instant; the clerk's dates are China days (+08:00), so the bounds are converted.
    if (filter.dateFrom !== undefined) add(where, params, 'i.created_at >= ?', chinaDayStart(filter.dateFrom));
    if (filter.dateTo !== undefined) add(where, params, 'i.created_at < ?', chinaDayStart(nextDay(filter.dateTo)));
    if (filter.kplx !== undefined) add(where, params, 'i.kplx = ?', filter.kplx);
    if (filter.buyer !== undefined && filter.buyer !== '') {
      const like = `%${filter.buyer.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(`(i.ghdwmc LIKE ? ESCAPE '\\' OR ifnull(i.ghdwsbh, '') LIKE ? ESCAPE '\\')`);
      params.push(like, like);
    }
    if (filter.reversal !== undefined) add(where, params, OUTPUT_REVERSAL_IS, filter.reversal);
    if (filter.amountMin !== undefined) add(where, params, 'CAST(i.jshj AS REAL) >= CAST(? AS REAL)', filter.amountMin);
    if (filter.amountMax !== undefined) add(where, params, 'CAST(i.jshj AS REAL) <= CAST(? AS REAL)', filter.amountMax);
    if (filter.voided !== undefined) where.push(voidedCondition(filter.voided));
    const line = lineCondition(filter);
    if (line !== null) {
      where.push(line.sql);
      params.push(...line.params);
    }
    if (terms.match !== null) {
      where.push('i.id IN (SELECT rowid >> 1 FROM history_fts WHERE history_fts MATCH ? AND (rowid & 1) = 0)');
      params.push(terms.match);
    }
    for (const like of terms.likes) {
      where.push(
        `(i.ghdwmc LIKE ? ESCAPE '\\' OR i.ghdwsbh LIKE ? ESCAPE '\\' OR i.fpdm LIKE ? ESCAPE '\\' OR i.fphm LIKE ? ESCAPE '\\'
          OR ${OUTPUT_LINE_LIKE})`,
      );
      params.push(like, like, like, like, like);
    }
    parts.push(outputSearchSql(where));
  }

  if (wantInput) {
    const where = ['c.environment = ?', 'c.enterprise = ?'];
    params.push(environment, enterprise);
    if (fpzt !== undefined) add(where, params, 'c.fpzt = ?', fpzt);
    if (filter.type !== undefined) add(where, params, 'c.fplxdm = ?', filter.type);
    if (filter.dateFrom !== undefined) add(where, params, 'c.issue_date >= ?', filter.dateFrom);
    if (filter.dateTo !== undefined) add(where, params, 'c.issue_date <= ?', filter.dateTo);
    if (terms.match !== null) {
      where.push('c.id IN (SELECT rowid >> 1 FROM history_fts WHERE history_fts MATCH ? AND (rowid & 1) = 1)');
      params.push(terms.match);
    }
    for (const like of terms.likes) {
      where.push(
        `(c.xhfmc LIKE ? ESCAPE '\\' OR c.xhfsbh LIKE ? ESCAPE '\\' OR c.fpdm LIKE ? ESCAPE '\\' OR c.fphm LIKE ? ESCAPE '\\'
          OR EXISTS (SELECT 1 FROM collected_invoice_line l WHERE l.invoice_id = c.id AND l.spmc LIKE ? ESCAPE '\\'))`,
      );
      params.push(like, like, like, like, like);
    }
    parts.push(
      `SELECT 'input' AS direction, c.id AS id, c.environment AS environment, c.fplxdm AS invoiceType, nullif(c.fpdm, '') AS invoiceCode,
              c.fphm AS invoiceNumber, c.issue_date AS date, c.xhfmc AS counterpartyName, c.xhfsbh AS counterpartyTaxNumber,
              c.jshj AS total, c.se AS tax,
              CASE c.fpzt WHEN '0' THEN 'normal' WHEN '1' THEN 'out-of-control' WHEN '2' THEN 'voided'
                          WHEN '3' THEN 'red-reversed' WHEN '4' THEN 'abnormal' END AS status,
              NULL AS serial, NULL AS kplx, NULL AS reversal
         FROM collected_invoice c WHERE ${where.join(' AND ')}`,
    );
  }

  if (parts.length === 0) return { sql: `SELECT NULL AS id WHERE 0`, params: [] };
  params.push(limit, offset);
  return { sql: `${parts.join('\nUNION ALL\n')}\nORDER BY date DESC, id DESC LIMIT ? OFFSET ?`, params };
}

/** Statements are prepared once per query shape; the number of shapes is small but bounded anyway. */
const MAX_CACHED_STATEMENTS = 128;

export function createHistoryRepo(db: Db) {
  const output = createOutputSearch(db);
  const statements = new Map<string, Statement<Array<string | number>, HistoryRow>>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= MAX_CACHED_STATEMENTS) statements.clear();
      statement = db.prepare<Array<string | number>, HistoryRow>(sql);
      statements.set(sql, statement);
    }
    return statement;
  };


  return {
    /**
     * One page of matching rows, newest first; `hasMore` from fetching one row beyond the page. Output
     * invoices alone (what the history view shows) page by keyset through search-repo.ts; searches that
     * also take collected input invoices keep the mixed query and OFFSET paging.
     */
    searchHistory(environment: Environment, enterprise: string, filter: HistoryFilter): HistorySearchResult {
      if (filter.direction === 'output' && filter.offset === undefined) return output.page(environment, enterprise, filter);
      const limit = filter.limit ?? DEFAULT_PAGE_SIZE;
      const query = buildHistoryQuery(environment, enterprise, filter, limit + 1, filter.offset ?? 0);
      const rows = prepared(query.sql).all(...query.params);
      return { rows: rows.slice(0, limit), hasMore: rows.length > limit, next: null, needMoreText: false };
    },
    /** How many output invoices match (exact, or a lower bound when counting would be slow). */
    countOutput: (environment: Environment, enterprise: string, filter: HistoryFilter): RowCount => output.count(environment, enterprise, filter),
  };
}

export type HistoryRepo = ReturnType<typeof createHistoryRepo>;
