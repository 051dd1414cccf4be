/**
 * The history's mixed search on the team ledger (PostgreSQL): output invoices and collected input invoices
 * in one list paged by OFFSET — what a `history:search` without `direction: 'output'` asks (the grid pages
 * output invoices alone, by keyset, through history-pg.ts). The same rows in the same order as the
 * desk's SQLite query (features/history/repo.ts buildHistoryQuery), which the contract test checks:
 * - the sides read and the words of the text are decided by the desk's own functions (mixedSides,
 *   mixedWords);
 * - a word of 3+ characters is a fragment of a party's name or tax ID, of the code, number (or serial of an
 *   output invoice) or of a goods name — the fields of the desk's trigram document, no fragment spanning
 *   two (`history_text` for output invoices, pg_trgm's index of migration 0473);
 * - a shorter word is a substring of the name, tax ID, code, number or goods, ASCII letters in any case
 *   (SQLite's LIKE folds ASCII only, and so does `asciiLower`);
 * - the order is the text of the date, newest first, compared bytewise (output: the submission instant in
 *   ISO; input: the issue day; no date last), then the id.
 */
import type { Environment, HistoryFilter, HistoryRow } from '../../../../shared/ipc/index.js';
import { chinaDayStart, nextDay } from '../../../features/history/search-query.js';
import { mixedSides, mixedWords } from '../../../features/history/repo.js';
import { voidedCondition } from '../../../features/history/search-query.js';
import { asciiLower, REVERSAL_STATE, teamLineCondition, TEXT, type TeamQueryable } from './history-pg.js';

/** The date as the desk writes it: an ISO instant in UTC with milliseconds. */
const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const likeOf = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** `column` holds `word`, ASCII letters in any case (null columns hold nothing). */
const holds = (column: string, word: string) => `strpos(${asciiLower(column)}, ${asciiLower(word)}) > 0`;

const OUTPUT_COLUMNS = `'output' AS direction, i.id::float8 AS id, i.environment, i.fplxdm AS "invoiceType", i.fpdm AS "invoiceCode",
  i.fphm AS "invoiceNumber", ${ISO('i.created_at')} AS date, i.ghdwmc AS "counterpartyName", i.ghdwsbh AS "counterpartyTaxNumber",
  i.jshj::text AS total, i.hjse::text AS tax, i.status, i.lsh AS serial, i.kplx, CASE WHEN i.kplx = '0' THEN ${REVERSAL_STATE} END AS reversal`;
/** Named as the output side's, since either side may be the only one (the first names a UNION's columns). */
const INPUT_COLUMNS = `'input' AS direction, c.id::float8 AS id, c.environment, c.fplxdm AS "invoiceType", nullif(c.fpdm, '') AS "invoiceCode",
  c.fphm AS "invoiceNumber", to_char(c.issue_date, 'YYYY-MM-DD') AS date, c.xhfmc AS "counterpartyName", c.xhfsbh AS "counterpartyTaxNumber",
  c.jshj::text AS total, c.se::text AS tax,
  CASE c.fpzt WHEN '0' THEN 'normal' WHEN '1' THEN 'out-of-control' WHEN '2' THEN 'voided' WHEN '3' THEN 'red-reversed' WHEN '4' THEN 'abnormal' END AS status,
  NULL AS serial, NULL AS kplx, NULL AS reversal`;

/** One page of the mixed list: up to `limit` rows from `offset`, and whether more follow. */
export async function mixedPage(
  db: TeamQueryable,
  environment: Environment,
  enterprise: string,
  filter: HistoryFilter,
  limit: number,
): Promise<{ rows: HistoryRow[]; hasMore: boolean }> {
  const params: unknown[] = [];
  const value = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const sides = mixedSides(filter);
  const { long, short } = mixedWords(filter.text);
  const parts: string[] = [];

  if (sides.output) {
    const where = [`i.environment = ${value(environment)}`, `i.xhdwsbh = ${value(enterprise)}`];
    if (filter.status !== undefined) where.push(`i.status = ${value(filter.status)}`);
    if (filter.type !== undefined) where.push(`i.fplxdm = ${value(filter.type)}`);
    if (filter.dateFrom !== undefined) where.push(`i.created_at >= ${value(chinaDayStart(filter.dateFrom))}::timestamptz`);
    if (filter.dateTo !== undefined) where.push(`i.created_at < ${value(chinaDayStart(nextDay(filter.dateTo)))}::timestamptz`);
    if (filter.kplx !== undefined) where.push(`i.kplx = ${value(filter.kplx)}`);
    if (filter.buyer !== undefined && filter.buyer !== '') {
      const buyer = value(filter.buyer);
      where.push(`(${holds('i.ghdwmc', buyer)} OR ${holds("coalesce(i.ghdwsbh, '')", buyer)})`);
    }
    if (filter.reversal !== undefined) where.push(`i.kplx = '0' AND ${REVERSAL_STATE} = ${value(filter.reversal)}`);
    if (filter.amountMin !== undefined) where.push(`i.jshj >= ${value(filter.amountMin)}::numeric`);
    if (filter.amountMax !== undefined) where.push(`i.jshj <= ${value(filter.amountMax)}::numeric`);
    if (filter.voided !== undefined) where.push(voidedCondition(filter.voided));
    const line = teamLineCondition(filter, value);
    if (line !== null) where.push(line);
    for (const word of long) {
      const like = value(likeOf(word));
      where.push(`(${TEXT} ILIKE ${like} OR EXISTS (SELECT 1 FROM issued_invoice_line l WHERE l.invoice_id = i.id AND l.spmc ILIKE ${like}))`);
    }
    for (const word of short) {
      const w = value(word);
      const own = ['i.ghdwmc', 'i.ghdwsbh', 'i.fpdm', 'i.fphm'].map((column) => holds(column, w)).join(' OR ');
      where.push(`(${own} OR EXISTS (SELECT 1 FROM issued_invoice_line l WHERE l.invoice_id = i.id AND ${holds('l.spmc', w)}))`);
    }
    parts.push(`SELECT ${OUTPUT_COLUMNS} FROM issued_invoice i WHERE ${where.join(' AND ')}`);
  }

  if (sides.input) {
    const where = [`c.environment = ${value(environment)}`, `c.enterprise = ${value(enterprise)}`];
    if (sides.fpzt !== undefined) where.push(`c.fpzt = ${value(sides.fpzt)}`);
    if (filter.type !== undefined) where.push(`c.fplxdm = ${value(filter.type)}`);
    if (filter.dateFrom !== undefined) where.push(`c.issue_date >= ${value(filter.dateFrom)}::date`);
    if (filter.dateTo !== undefined) where.push(`c.issue_date <= ${value(filter.dateTo)}::date`);
    for (const word of long) {
      const like = value(likeOf(word));
      const own = ['c.xhfmc', 'c.xhfsbh', 'c.fpdm', 'c.fphm'].map((column) => `${column} ILIKE ${like}`).join(' OR ');
      where.push(`(${own} OR EXISTS (SELECT 1 FROM collected_invoice_line l WHERE l.invoice_id = c.id AND l.spmc ILIKE ${like}))`);
    }
    for (const word of short) {
      const w = value(word);
      const own = ['c.xhfmc', 'c.xhfsbh', 'c.fpdm', 'c.fphm'].map((column) => holds(column, w)).join(' OR ');
      where.push(`(${own} OR EXISTS (SELECT 1 FROM collected_invoice_line l WHERE l.invoice_id = c.id AND ${holds('l.spmc', w)}))`);
    }
    parts.push(`SELECT ${INPUT_COLUMNS} FROM collected_invoice c WHERE ${where.join(' AND ')}`);
  }

  if (parts.length === 0) return { rows: [], hasMore: false };
  const sql = `SELECT * FROM (${parts.join('\nUNION ALL\n')}) u
    ORDER BY u.date COLLATE "C" DESC NULLS LAST, u.id DESC LIMIT ${value(limit + 1)} OFFSET ${value(filter.offset ?? 0)}`;
  const result = await db.query<HistoryRow>(sql, params);
  return { rows: result.rows.slice(0, limit), hasMore: result.rows.length > limit };
}
