/**
 * How a store of the ledger port (main/ledger/port.ts) speaks to whichever database runs the ledger, written once:
 * a store builds each statement with Kysely's typed builder over the one schema (schema.ts), and `StoreSql`
 * compiles it for the database at hand and runs it on the connection of the transaction the store was handed
 * (the adapters' own scopes, main/ledger/tx-scope.ts) — Kysely is a compiler here, never a driver, so the
 * transactions, savepoints and lost-COMMIT rules stay the adapters'.
 *
 * What the two databases spell differently is settled here once, not in each store:
 * - identifiers: the desk's SQLite spells columns as the service does (taxNumber, FPDM), the team's PostgreSQL
 *   in snake case (tax_number, fpdm) — the same rule the move uses (move/tables.ts `teamColumn`); statements are
 *   written in the desk's spelling, PostgreSQL's compiler maps them, and its answers come back in the desk's;
 * - values: PostgreSQL's bigint ids come back as numbers and its timestamptz as the ISO 8601 text the desk
 *   stores (2026-11-27T08:00:00.000Z); a boolean is bound as 1/0 on SQLite;
 * - ordering text bytewise (`bytewise`), as SQLite's BINARY collation does and PostgreSQL's COLLATE "C".
 * What truly differs beyond that (search indexes, the outbox's claim, change notification) lives in dialect
 * modules of its own, not here.
 */
import {
  DummyDriver,
  Kysely,
  OperationNodeTransformer,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Compilable,
  type CompiledQuery,
  type IdentifierNode,
  type KyselyPlugin,
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

/** The one desk-to-team spelling rule (taxNumber → tax_number, taxUser_idCard → tax_user_id_card, FPDM → fpdm). */
export const teamIdentifier = (desk: string): string => desk.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/**
 * PostgreSQL's spelling of every identifier of a statement, remembering — per statement, by Kysely's query id —
 * each team name's desk name, so that its answers can be given back in the desk's spelling. A statement that
 * names one team column by two desk names (recordIds and record_ids) could not be answered unambiguously: refused
 * when it is compiled, so a contract test finds it at once.
 */
class TeamSpelling extends OperationNodeTransformer implements KyselyPlugin {
  private names = new Map<string, string>();
  private readonly byQuery = new WeakMap<object, Map<string, string>>();

  protected override transformIdentifier(node: IdentifierNode): IdentifierNode {
    const name = teamIdentifier(node.name);
    const known = this.names.get(name);
    // The team's own spelling (a table name, `id`, an alias in snake case) answers as itself; a desk name wins over it.
    if (known === undefined || known === name) this.names.set(name, node.name);
    else if (known !== node.name && node.name !== name) {
      throw new Error(`two desk names, ${known} and ${node.name}, are both ${name} on the team ledger`);
    }
    return name === node.name ? node : { ...node, name };
  }

  transformQuery(args: Parameters<KyselyPlugin['transformQuery']>[0]) {
    this.names = new Map();
    const node = this.transformNode(args.node);
    this.byQuery.set(args.queryId, this.names);
    return node;
  }

  transformResult(args: Parameters<KyselyPlugin['transformResult']>[0]) {
    return Promise.resolve(args.result);
  }

  /** A row from PostgreSQL with its keys in the desk's spelling of the statement that read it. */
  deskRow(compiled: CompiledQuery, row: Record<string, unknown>): Record<string, unknown> {
    const names = this.byQuery.get(compiled.queryId);
    if (!names) return row;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) out[names.get(key) ?? key] = value;
    return out;
  }
}

function compiler(kind: LedgerKind, plugins: KyselyPlugin[] = []): Kysely<LedgerSchema> {
  const sqlite = kind === 'sqlite';
  return new Kysely<LedgerSchema>({
    dialect: {
      createAdapter: () => (sqlite ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => (sqlite ? new SqliteIntrospector(db) : new PostgresIntrospector(db)),
      createQueryCompiler: () => (sqlite ? new SqliteQueryCompiler() : new PostgresQueryCompiler()),
    },
    plugins,
  });
}

const SQLITE = compiler('sqlite');
const TEAM_SPELLING = new TeamSpelling();
const POSTGRES = compiler('postgres', [TEAM_SPELLING]);

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
    return { rows: (result.rows as Record<string, unknown>[]).map((row) => TEAM_SPELLING.deskRow(compiled, row)), rowCount: result.rowCount ?? 0 };
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
