/**
 * Which columns a move copies and how each value crosses between the two ledgers (docs/team-ledger.md §3):
 * read from both schemas when a move starts (main/ledger/move/tables.ts says why), typed by the team
 * column — money NUMERIC(18,2), quantities NUMERIC, times timestamptz, flags boolean, days date — and
 * converted one value at a time, so that a value the team ledger cannot hold stops the move naming its
 * table, row and column instead of being guessed at.
 */
import type Database from 'better-sqlite3';
import type { ClientBase } from 'pg';
import { TeamMoveError } from './errors.js';
import type { MovedTable } from './tables.js';

export type ValueKind = 'text' | 'int' | 'money' | 'decimal' | 'time' | 'ms' | 'bool' | 'date' | 'list' | 'json';

export interface ColumnPlan {
  /** The column's name, the same on both sides. */
  name: string;
  kind: ValueKind;
}

export interface TablePlan {
  table: MovedTable;
  columns: ColumnPlan[];
  /** The money columns (NUMERIC(18,2)), whose sums the move compares per enterprise. */
  money: string[];
}

interface TeamColumn {
  name: string;
  kind: ValueKind;
}

function kindOf(dataType: string, scale: number | null): ValueKind {
  if (dataType === 'bigint' || dataType === 'integer' || dataType === 'smallint') return 'int';
  if (dataType === 'numeric') return scale === 2 ? 'money' : 'decimal';
  if (dataType === 'timestamp with time zone') return 'time';
  if (dataType === 'boolean') return 'bool';
  if (dataType === 'date') return 'date';
  // The audit trail's record_ids (text[]) and detail (jsonb): JSON text on the desk.
  if (dataType === 'ARRAY') return 'list';
  if (dataType === 'jsonb') return 'json';
  return 'text';
}

/** The team ledger's writable columns of `table` (generated ones, like search_pairs, are the database's own). */
export async function teamColumns(client: Pick<ClientBase, 'query'>, table: string): Promise<TeamColumn[]> {
  const found = await client.query<{ column_name: string; data_type: string; numeric_scale: number | null }>(
    `SELECT column_name, data_type, numeric_scale FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
    [table],
  );
  return found.rows.map((row) => ({ name: row.column_name, kind: kindOf(row.data_type, row.numeric_scale) }));
}

/** The desk's columns of `table`, with their declared types (INTEGER times are milliseconds). */
export function deskColumns(db: Database.Database, table: string): Array<{ name: string; type: string }> {
  return (db.pragma(`table_info(${table})`) as Array<{ name: string; type: string }>).map((c) => ({ name: c.name, type: c.type.toUpperCase() }));
}

/** Pairs the desk's columns with the team's; a desk column the team ledger has no place for stops the move. */
export function planTable(table: MovedTable, desk: Array<{ name: string; type: string }>, team: TeamColumn[]): TablePlan {
  if (team.length === 0) throw new TeamMoveError('schemaMissing', { table: table.name });
  const byName = new Map(team.map((c) => [c.name, c]));
  const columns: ColumnPlan[] = [];
  for (const column of desk) {
    if (table.deskOnly?.includes(column.name)) continue;
    const match = byName.get(column.name);
    if (!match) throw new TeamMoveError('columnMissing', { table: table.name, column: column.name });
    // The desk keeps a few times as integer milliseconds (the outbox's next attempt).
    const kind = match.kind === 'time' && column.type === 'INTEGER' ? 'ms' : match.kind;
    columns.push({ name: column.name, kind });
  }
  return { table, columns, money: columns.filter((c) => c.kind === 'money').map((c) => c.name) };
}

const MONEY = /^-?\d{1,16}(?:\.\d+)?$/;
const DECIMAL = /^-?\d{1,40}(?:\.\d{1,40})?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** A desk JSON text as the team's text[] (a list of texts) or jsonb (an object); undefined when it is not one. */
function jsonValue(text: string, kind: 'list' | 'json'): unknown {
  try {
    const value: unknown = JSON.parse(text);
    if (kind === 'list') return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? text : undefined;
  } catch {
    return undefined;
  }
}

/** One desk value as the team column takes it; undefined when it cannot be taken. */
function toTeam(value: unknown, kind: ValueKind): unknown {
  if (value === null) return null;
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' || typeof value === 'bigint' ? String(value) : undefined;
  if (text === undefined) return undefined;
  // The service leaves a quantity or a day out as '' (a collected invoice's lines): no value, in a number or time column.
  if (text === '' && kind !== 'text') return null;
  switch (kind) {
    case 'text':
      return typeof value === 'string' ? value : text;
    case 'int':
      return /^-?\d{1,18}$/.test(text) ? text : undefined;
    case 'money':
      return MONEY.test(text) ? text : undefined;
    case 'decimal':
      return DECIMAL.test(text) ? text : undefined;
    case 'bool':
      return text === '1' ? true : text === '0' ? false : undefined;
    case 'date':
      return DAY.test(text) && !Number.isNaN(Date.parse(text)) ? text : undefined;
    case 'ms':
      return /^\d{1,15}$/.test(text) ? new Date(Number(text)).toISOString() : undefined;
    case 'list':
    case 'json':
      return jsonValue(text, kind);
    case 'time':
      // Zone-less times are the desk's UTC (SQLite's datetime()); the move's session reads them as UTC.
      return TIME.test(text) && !Number.isNaN(Date.parse(text.includes('T') || text.length === 10 ? text : text.replace(' ', 'T'))) ? text : undefined;
  }
}

/** A desk row as the values of the team insert, in plan order; a value that cannot cross stops the move. */
export function rowToTeam(plan: TablePlan, row: Record<string, unknown>): unknown[] {
  return plan.columns.map((column) => {
    const value = toTeam(row[column.name], column.kind);
    if (value === undefined) {
      const key = plan.table.key.map((k) => String(row[k])).join('/');
      throw new TeamMoveError('unconvertible', { table: plan.table.name, row: key, column: column.name, value: String(row[column.name]).slice(0, 60) });
    }
    return value;
  });
}

/** The team select list that reads a row back as the desk stores it (text money, ISO times, 0/1 flags). */
export function deskSelectList(plan: TablePlan): string {
  return plan.columns
    .map(({ name, kind }) => {
      const q = `"${name}"`;
      switch (kind) {
        case 'money':
        case 'decimal':
        case 'date':
          return `${q}::text`;
        case 'time':
          return `to_char(${q} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
        case 'ms':
          return `(extract(epoch FROM ${q}) * 1000)::bigint::text`;
        case 'bool':
          return `CASE WHEN ${q} THEN 1 WHEN NOT ${q} THEN 0 END`;
        case 'int':
        case 'json':
          return `${q}::text`;
        case 'list':
          return `to_json(${q})::text`;
        default:
          return q;
      }
    })
    .join(', ');
}

/** A team row (read with deskSelectList, as an array) as the desk's values. */
export function rowToDesk(plan: TablePlan, row: unknown[]): unknown[] {
  return plan.columns.map((column, i) => {
    const value = row[i];
    if (value === null || value === undefined) return null;
    return column.kind === 'int' || column.kind === 'ms' ? Number(value) : value;
  });
}
