/**
 * What the collection store (stores/collection*.ts) does differently on each database, and why. Its statements
 * are written once; these are the parts that are not the same on both:
 *
 * - `all`, `run`: how one statement writes (or looks up) many rows — a page is 200 invoices and 1,000 lines.
 *   PostgreSQL is a round trip away, so each statement runs once over all the rows, handed over as one array per
 *   column (`unnest`) and read as the table `t`. The desk's SQLite is in-process: there a statement is prepared
 *   once and bound again for each row — an INSERT for up to 64 rows a run — each row value a parameter. Measured
 *   (1,000 lines, better-sqlite3, a loaded machine): one INSERT … SELECT over json_each took about twice as long,
 *   and a one-row subquery joined per row three to five times as long as plain parameters. A statement reads a
 *   row's value with `v(column)` and the rows themselves through `join` (CROSS JOIN / FROM / USING t on
 *   PostgreSQL; nothing on SQLite) and `insert` (INSERT … SELECT FROM t; INSERT … VALUES on SQLite).
 * - `lock`, `inLockOrder`: two desks storing overlapping pages at once on PostgreSQL must not deadlock or lose a
 *   change, so invoices are inserted and locked (FOR UPDATE) in one order, bytewise by code and number; the
 *   desk's transaction (BEGIN IMMEDIATE) already holds its whole file, and keeps the service's page order, as
 *   its ids always had.
 * - `searchDocuments`: the desk keeps its trigram search index (history_fts) by triggers, and migration 0480
 *   writes an input invoice's document when its line_count is set — done for the whole page in ONE statement,
 *   so FTS5 writes one segment a page, not one an invoice (docs/benchmarks.md §collect). PostgreSQL's search
 *   reads the table through its own trigram indexes (pg migrations 0472 and 0473): nothing to write.
 * - `same`: a change is kept when the value held changes. PostgreSQL's NUMERIC columns hold 12.3 and 12.30 as one
 *   value; the desk keeps the text as sent, where they are two.
 * - `indexed`: the desk's planner is told the index a ledger read walks (INDEXED BY, as the keyset test checks);
 *   PostgreSQL has no such clause and picks it itself.
 * - `includes`: a seller fragment, case kept: SQLite's instr and PostgreSQL's strpos (LIKE would ignore the
 *   case of ASCII letters on SQLite only).
 */
import Decimal from 'decimal.js';
import {
  sql,
  type AliasedRawBuilder,
  type Compilable,
  type CompiledQuery,
  isExpression,
  type Expression,
  type InsertObject,
  type InsertQueryBuilder,
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { LedgerKind } from '../../port.js';
import type { LedgerSchema } from '../schema/index.js';
import type { StoreSql } from '../sql.js';

/** A column's PostgreSQL array type when rows are handed over as arrays (SQLite binds each value as it is). */
export type ArrayType = 'text' | 'numeric' | 'date' | 'bigint' | 'int' | 'timestamptz';
/** The columns of rows handed to a statement, in order, with their PostgreSQL types. */
export type RowColumns<R> = { readonly [K in keyof R]-?: ArrayType };

/** What a statement written once uses to read the rows it runs over. */
export interface Rows<R> {
  /** The value of `column` in the row: t's column on PostgreSQL, a parameter bound for each row on SQLite. */
  v<K extends keyof R & string>(column: K): RawBuilder<R[K]>;
  /** A SELECT, UPDATE or DELETE that also reads the rows: CROSS JOIN t, FROM t or USING t on PostgreSQL; as it is on SQLite. */
  join<QB>(query: QB): QB;
  /** An INSERT of `values` per row: INSERT … SELECT … FROM t on PostgreSQL, INSERT … VALUES on SQLite. */
  insert<DB, TB extends keyof DB & string, O>(into: InsertQueryBuilder<DB, TB, O>, values: InsertObject<DB, TB>): InsertQueryBuilder<DB, TB, O>;
}

/** Every column of the rows, as `v` reads it: the values of an INSERT of whole rows. */
export function rowValues<R extends object>(rows: Rows<R>, columns: RowColumns<R>): { [K in keyof R]: RawBuilder<R[K]> } {
  return Object.fromEntries(Object.keys(columns).map((column) => [column, rows.v(column as keyof R & string)])) as { [K in keyof R]: RawBuilder<R[K]> };
}

/**
 * A statement over rows, written once: every value that varies from call to call is a column of the rows, read
 * with `t.v` — so the desk compiles a statement once for the life of the process (it is known by the function
 * itself: declare statements at module level; a function made per call is simply compiled per call).
 */
export type Statement<R, O> = (q: StoreSql, t: Rows<R>) => Compilable<O>;

export interface CollectionDialect {
  /** Runs `statement` over `rows` and answers every row it returned (a SELECT, or RETURNING). */
  all<R extends object, O>(q: StoreSql, columns: RowColumns<R>, rows: readonly R[], statement: Statement<R, O>): Promise<O[]>;
  /** Runs `statement` over `rows`, answering nothing. */
  run<R extends object>(q: StoreSql, columns: RowColumns<R>, rows: readonly R[], statement: Statement<R, unknown>): Promise<void>;
  /** A read of held invoices (`c`) that the caller will change: locked until the transaction ends. */
  lock<DB, TB extends keyof DB, O>(q: StoreSql, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>;
  /** The order rows are inserted and locked in. */
  inLockOrder<T>(items: readonly T[], key: (item: T) => readonly [string, string]): T[];
  /** Writes the search documents of the invoices `ids` once their lines are stored. */
  searchDocuments(q: StoreSql, ids: readonly number[]): Promise<void>;
  /** Whether `next` is what is held already, for a column of type `type`. */
  same(type: ArrayType, held: string | null, next: string | null): boolean;
  /** collected_invoice as `c`, read along `index` (SQLite's planner is told). */
  indexed(index: 'collected_invoice_ledger' | 'collected_invoice_certified'): AliasedRawBuilder<Selectable<LedgerSchema['collected_invoice']>, 'c'>;
  /** `column` contains `text`, letters' case kept. */
  includes(column: string, text: string): Expression<SqlBool>;
}

/** A row's value standing in a statement compiled once: `row` of the rows one run of it takes (SQLite). */
class Slot {
  constructor(
    readonly column: string,
    readonly row = 0,
  ) {}
}

/** A statement compiled once for `size` rows a run, and where each row's values go among its parameters. */
interface Compiled {
  compiled: CompiledQuery;
  /** Per parameter: the row and column bound there, or null for a value of the statement itself. */
  slots: ReadonlyArray<Slot | null>;
  size: number;
}

/**
 * An INSERT on the desk takes up to 64 rows a run, then 8, then 1 (1,000 lines: 15 runs of 64, 5 of 8): 20 runs
 * instead of 1,000, and three statement texts to prepare. Any other statement takes one row a run.
 */
const INSERT_SIZES = [64, 8, 1] as const;

/** The Rows a statement is compiled with on the desk: parameters in the rows' places, `size` rows an INSERT. */
function slotted(size: number): { rows: Rows<never>; size: () => number } {
  const columnOf = new WeakMap<object, string>();
  let built = 1;
  const rows: Rows<never> = {
    v: (column) => {
      const value = sql<never>`${new Slot(column)}`;
      columnOf.set(value, column);
      return value;
    },
    join: (query) => query,
    insert(into, values) {
      const named = Object.entries(values as Record<string, unknown>);
      // Only an INSERT of row values and constants repeats row by row; any other expression is one row a run.
      if (size === 1 || !named.every(([, value]) => columnOf.has(value as object) || !isExpression(value))) return into.values(values);
      built = size;
      const row = (at: number) => Object.fromEntries(named.map(([name, value]) => [name, columnOf.has(value as object) ? sql`${new Slot(columnOf.get(value as object)!, at)}` : value]));
      return into.values(Array.from({ length: size }, (_, at) => row(at)) as typeof values[]);
    },
  };
  return { rows, size: () => built };
}

const compiledStatements = new WeakMap<Statement<never, unknown>, Map<number, Compiled>>();

/** `statement` compiled on first use for `size` rows a run (it may take fewer: `size` of the answer). */
function compiledFor(q: StoreSql, statement: Statement<never, unknown>, size: number): Compiled {
  let sizes = compiledStatements.get(statement);
  if (!sizes) compiledStatements.set(statement, (sizes = new Map()));
  let found = sizes.get(size);
  if (!found) {
    const slots = slotted(size);
    const compiled = statement(q, slots.rows).compile();
    found = { compiled, slots: compiled.parameters.map((value) => (value instanceof Slot ? value : null)), size: slots.size() };
    sizes.set(size, found);
  }
  return found;
}

/** The statement compiled once, with one run's parameters (the same text: sql.ts's statement prepared once). */
class Bound<O> implements Compilable<O> {
  constructor(
    private readonly compiled: CompiledQuery<O>,
    private readonly parameters: readonly unknown[],
  ) {}

  compile(): CompiledQuery<O> {
    return { ...this.compiled, parameters: this.parameters };
  }
}

/**
 * SQLite: the statement compiled once with a Slot for each row value (kept with the function), then run over the
 * rows — an INSERT several rows a run, anything else one — with their values in the slots' places, answering
 * what the runs returned when `answers`. A run costs a parameter array and a settled promise besides the
 * statement (1.0–1.9 µs measured); 1,000 lines in 20 runs took what 1,000 direct prepared INSERTs take (3.4 ms
 * each way, mean of 30), and a page of 200 invoices stores in the time the old repo took (24.5–25.2 ms a page
 * against its 22.9–26.0, runs turn about on the same machine, 40,000 invoices).
 */
async function eachRow<R extends object, O>(q: StoreSql, rows: readonly R[], statement: Statement<R, O>, answers: boolean): Promise<O[]> {
  const out: O[] = [];
  const key = statement as unknown as Statement<never, unknown>;
  const inserts = rows.length > 1 && compiledFor(q, key, INSERT_SIZES[0]).size > 1;
  for (let first = 0; first < rows.length; ) {
    const left = rows.length - first;
    const { compiled, slots, size } = compiledFor(q, key, inserts ? INSERT_SIZES.find((n) => n <= left)! : 1);
    const parameters = new Array<unknown>(slots.length);
    for (let at = 0; at < slots.length; at++) {
      const slot = slots[at];
      parameters[at] = slot ? (rows[first + slot.row] as Record<string, unknown>)[slot.column] : compiled.parameters[at];
    }
    first += size;
    const bound = new Bound(compiled as CompiledQuery<O>, parameters);
    if (!answers) await q.write(bound);
    else for (const answer of await q.all(bound)) out.push(answer);
  }
  return out;
}

/** PostgreSQL: the rows as the table `t`, one array per column (a number column takes '' as NULL: it cannot hold ''). */
function unnested<R extends object>(columns: RowColumns<R>, rows: readonly R[]): AliasedRawBuilder<R, 't'> {
  const names = Object.keys(columns) as Array<keyof R & string>;
  const arrays = names.map((name) => {
    const type = columns[name];
    const blankIsNull = type !== 'text';
    return sql`${rows.map((row) => {
      const value = row[name] as unknown;
      return value === undefined || (blankIsNull && value === '') ? null : value;
    })}::${sql.raw(type)}[]`;
  });
  return sql<R>`unnest(${sql.join(arrays)})`.as<'t'>(sql`t(${sql.join(names.map((name) => sql.id(name)))})`);
}

function overRows<R extends object>(columns: RowColumns<R>, rows: readonly R[]): Rows<R> {
  const t = unnested(columns, rows);
  return {
    v: (column) => sql.ref(`t.${column}`),
    join(query) {
      const builder = query as Record<string, (table: unknown) => unknown>;
      if ('using' in builder) return builder.using!(t) as typeof query;
      if ('set' in builder) return builder.from!(t) as typeof query;
      return builder.crossJoin!(t) as typeof query;
    },
    insert(into, values) {
      const named = Object.entries(values as Record<string, unknown>);
      const select = sql`SELECT ${sql.join(named.map(([name, value]) => sql`${value} AS ${sql.id(name)}`))} FROM ${t}`;
      return into.columns(named.map(([name]) => name) as never).expression(select);
    },
  };
}

const byKey = <T>(key: (item: T) => readonly [string, string]) => (a: T, b: T) => {
  const [x, y] = [key(a), key(b)];
  return x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0;
};
const DECIMAL = /^-?\d+(\.\d+)?$/;

const sqlite: CollectionDialect = {
  all: (q, _columns, rows, statement) => eachRow(q, rows, statement, true),
  run: async (q, _columns, rows, statement) => void (await eachRow(q, rows, statement, false)),
  lock: (_q, query) => query,
  inLockOrder: (items) => [...items],
  // Hand-written for speed, kept from the desk's repo: the page's ids as one JSON parameter, so its documents are
  // written by one statement — per invoice, FTS5 wrote a segment each and merging them was a tenth of the store's
  // time (docs/benchmarks.md §collect: bench collect 2.03–3.30 before it was one statement, 1.43–1.90 after; this
  // store 1.47–2.04).
  async searchDocuments(q, ids) {
    if (ids.length === 0) return;
    await q.write(
      q.db
        .updateTable('collected_invoice')
        .set((eb) => ({ line_count: eb.selectFrom('collected_invoice_line as l').select((l) => l.fn.countAll<number>().as('n')).whereRef('l.invoice_id', '=', 'collected_invoice.id') }))
        .where('id', 'in', sql<number>`(SELECT value FROM json_each(${JSON.stringify(ids)}))`),
    );
  },
  same: (_type, held, next) => held === next,
  indexed: (index) => sql<Selectable<LedgerSchema['collected_invoice']>>`collected_invoice`.as<'c'>(sql.raw(`c INDEXED BY ${index}`)),
  includes: (column, text) => sql<SqlBool>`instr(${sql.ref(column)}, ${text}) > 0`,
};

const postgres: CollectionDialect = {
  all: async (q, columns, rows, statement) => (rows.length === 0 ? [] : q.all(statement(q, overRows(columns, rows)))),
  run: async (q, columns, rows, statement) => void (rows.length === 0 ? 0 : await q.write(statement(q, overRows(columns, rows)))),
  lock: (q, query) => query.orderBy(q.bytewise('c.fpdm')).orderBy(q.bytewise('c.fphm')).forUpdate('c' as never),
  inLockOrder: (items, key) => [...items].sort(byKey(key)),
  searchDocuments: async () => undefined,
  same: (type, held, next) =>
    held === null || next === null ? held === next : type === 'numeric' && DECIMAL.test(held) && DECIMAL.test(next) ? new Decimal(held).eq(next) : held === next,
  indexed: () => sql<Selectable<LedgerSchema['collected_invoice']>>`collected_invoice`.as('c'),
  includes: (column, text) => sql<SqlBool>`strpos(${sql.ref(column)}, ${text}) > 0`,
};

export const collectionDialects: Record<LedgerKind, CollectionDialect> = { sqlite, postgres };
