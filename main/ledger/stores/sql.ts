/**
 * How a store of the ledger port (main/ledger/port.ts) speaks to whichever database runs the ledger, written once:
 * a store builds each statement with Kysely's typed builder over the one schema (schema.ts), and `StoreSql`
 * compiles it for the database at hand and runs it on the connection of the transaction the store was handed
 * (the adapters' own scopes, main/ledger/tx-scope.ts) — Kysely is a compiler here, never a driver, so the
 * transactions, savepoints and lost-COMMIT rules stay the adapters'.
 *
 * Both databases name every table and column alike, in lower snake case (the desk's since SQLite 0670), so a
 * statement is compiled for either as it is written and answers under the names it gives: a column's own, or
 * the alias a store gives it (`fpdm as FPDM` for the renderer's rows) — Kysely quotes every identifier, so an
 * alias keeps its case on PostgreSQL too. What the two databases keep differently is settled here once:
 * - values: PostgreSQL's bigint ids come back as numbers and its timestamptz as the ISO 8601 text the desk
 *   stores (2026-11-27T08:00:00.000Z); a boolean is bound as 1/0 on SQLite;
 * - ordering text bytewise (`bytewise`), as SQLite's BINARY collation does and PostgreSQL's COLLATE "C".
 * What truly differs beyond that (search indexes, the outbox's claim, change notification) lives in dialect
 * modules of its own, not here.
 */
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Compilable,
  type CompiledQuery,
  type RawBuilder,
} from 'kysely';
import type { Statement } from 'better-sqlite3';
import pg from 'pg';
import type { Db } from '../../db/open.js';
import type { Queryable } from '../pg/pool.js';
import type { LedgerKind } from '../port.js';
import type { LedgerSchema } from './schema/index.js';

/** The statements a store runs, in the database of the transaction it was handed. */
export interface StoreSql {
  readonly kind: LedgerKind;
  /** The typed builder over the ledger's schema: build with it, run with the methods below. */
  readonly db: Kysely<LedgerSchema>;
  all<R>(query: Compilable<R>): Promise<R[]>;
  first<R>(query: Compilable<R>): Promise<R | undefined>;
  /** A write without RETURNING; answers how many rows it changed. */
  write(query: Compilable<unknown>): Promise<number>;
  /** `column` for ORDER BY, compared bytewise (BINARY on SQLite, COLLATE "C" on PostgreSQL). */
  bytewise(column: string): RawBuilder<string>;
}

function compiler(kind: LedgerKind): Kysely<LedgerSchema> {
  const sqlite = kind === 'sqlite';
  return new Kysely<LedgerSchema>({
    dialect: {
      createAdapter: () => (sqlite ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => (sqlite ? new SqliteIntrospector(db) : new PostgresIntrospector(db)),
      createQueryCompiler: () => (sqlite ? new SqliteQueryCompiler() : new PostgresQueryCompiler()),
    },
  });
}

const SQLITE = compiler('sqlite');
const POSTGRES = compiler('postgres');

/** Prepared once per connection and statement text: compiling is cheap, preparing on SQLite is not. */
const prepared = new WeakMap<Db, Map<string, Statement>>();

function statementOf(db: Db, compiled: CompiledQuery): Statement {
  let cache = prepared.get(db);
  if (!cache) prepared.set(db, (cache = new Map()));
  let statement = cache.get(compiled.sql);
  if (!statement) cache.set(compiled.sql, (statement = db.prepare(compiled.sql)));
  return statement;
}

const sqliteArgs = (compiled: CompiledQuery) => compiled.parameters.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value));

/**
 * The desk's SQLite: `db` is the one connection, `connection()` the adapter's scope check (it throws once the
 * transaction the store belongs to has ended). Every call runs at once and resolves settled, as the SQLite
 * adapter requires of its stores (sqlite/ledger.ts).
 */
export function sqliteStoreSql(db: Db, connection: () => unknown): StoreSql {
  const settle = <T>(work: () => T): Promise<T> => {
    try {
      connection();
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };
  return {
    kind: 'sqlite',
    db: SQLITE,
    all: <R>(query: Compilable<R>) =>
      settle(() => {
        const compiled = query.compile();
        return statementOf(db, compiled).all(...sqliteArgs(compiled)) as R[];
      }),
    first: <R>(query: Compilable<R>) =>
      settle(() => {
        const compiled = query.compile();
        return statementOf(db, compiled).get(...sqliteArgs(compiled)) as R | undefined;
      }),
    write: (query) =>
      settle(() => {
        const compiled = query.compile();
        return statementOf(db, compiled).run(...sqliteArgs(compiled)).changes;
      }),
    bytewise: (column) => sql<string>`${sql.ref(column)}`,
  };
}

const TIMESTAMPTZ = 1184;
const INT8 = 20;
const DATE = 1082;

/** PostgreSQL's answers as the desk's SQLite gives them (see the header). */
const deskTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8) return (value: string) => Number(value);
    if (oid === TIMESTAMPTZ) {
      const parse = pg.types.getTypeParser(TIMESTAMPTZ) as (value: string) => Date;
      return (value: string) => parse(value).toISOString();
    }
    if (oid === DATE) return (value: string) => value;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** A team's PostgreSQL: `connection()` is the transaction's client, or the pool outside one. */
export function pgStoreSql(connection: () => Queryable): StoreSql {
  const run = async (query: Compilable<unknown>) => {
    const compiled = query.compile();
    const result = await connection().query({ text: compiled.sql, values: compiled.parameters as unknown[], types: deskTypes });
    return { rows: result.rows as Record<string, unknown>[], rowCount: result.rowCount ?? 0 };
  };
  return {
    kind: 'postgres',
    db: POSTGRES,
    all: async <R>(query: Compilable<R>) => (await run(query)).rows as R[],
    first: async <R>(query: Compilable<R>) => (await run(query)).rows[0] as R | undefined,
    write: async (query) => (await run(query)).rowCount,
    bytewise: (column) => sql<string>`${sql.ref(column)} COLLATE "C"`,
  };
}
