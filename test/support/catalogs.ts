/**
 * The two ledgers' catalogs read into one shape, for the test that holds them equal
 * (test/integration/team-ledger/catalogs.test.ts): every table with its columns (type, NOT NULL, default given or
 * not), its primary key, unique constraints and indexes (their columns, uniqueness, whether partial) and foreign
 * keys. Names are compared as each database spells them — both in lower snake case since the desk's SQLite
 * 0670 — so a column spelled differently on the two is a difference like any other. Types are compared as the
 * family the stores read them as (`TYPE_FAMILY`): the desk keeps money as decimal text and times as ISO text where the team has numeric and
 * timestamptz, which the stores' one declaration (main/ledger/stores/schema/) reads alike.
 */
import type Database from 'better-sqlite3';
import type pg from 'pg';

export interface CatalogColumn {
  family: string;
  notNull: boolean;
  hasDefault: boolean;
}

export interface CatalogTable {
  columns: Record<string, CatalogColumn>;
  primaryKey: string[];
  /** "unique (a, b)", "index (a) where" … one string each, sorted, so two catalogs diff line by line. */
  indexes: string[];
  foreignKeys: string[];
}

export type Catalog = Record<string, CatalogTable>;

/** The family a stored type is read as; the desk's SQLite names its types freely, PostgreSQL exactly. */
export function typeFamily(declared: string): string {
  const lower = declared.toLowerCase();
  const type = (lower.includes('(') ? lower.slice(0, lower.indexOf('(')) : lower).trim();
  if (/^(integer|int|bigint|smallint|int[248]|serial|bigserial)$/.test(type)) return 'integer';
  if (/^(text|varchar|character varying|char|character|date|timestamp with time zone|timestamptz|numeric|decimal|uuid)$/.test(type)) return 'text';
  if (/^(real|double precision|float8|float4)$/.test(type)) return 'real';
  if (/^(blob|bytea)$/.test(type)) return 'blob';
  if (/^(boolean|bool)$/.test(type)) return 'integer';
  if (/^(jsonb|json)$/.test(type)) return 'text';
  if (type === '') return 'any';
  return type;
}

/** The desk's SQLite file, without its FTS5 tables and their shadows (the search index is each engine's own). */
export function sqliteCatalog(db: Database.Database): Catalog {
  const tables = db
    .prepare(`SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
    .all() as Array<{ name: string; sql: string }>;
  const virtual = tables.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql)).map((t) => t.name);
  const catalog: Catalog = {};
  for (const { name } of tables) {
    if (virtual.some((v) => name === v || name.startsWith(`${v}_`))) continue;
    const info = db.prepare(`SELECT name, type, "notnull" AS nn, dflt_value AS d, pk FROM pragma_table_info(?)`).all(name) as Array<{
      name: string;
      type: string;
      nn: number;
      d: string | null;
      pk: number;
    }>;
    const columns: Record<string, CatalogColumn> = {};
    // An INTEGER PRIMARY KEY is the rowid: NOT NULL and given by the engine, as a team's identity column is.
    const rowid = info.filter((c) => c.pk > 0).length === 1 && info.some((c) => c.pk > 0 && /^integer$/i.test(c.type));
    for (const c of info) {
      const isRowid = rowid && c.pk > 0;
      columns[c.name] = { family: typeFamily(c.type), notNull: c.nn === 1 || c.pk > 0, hasDefault: c.d !== null || isRowid };
    }
    const primaryKey = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name);
    const indexes: string[] = [];
    for (const index of db.prepare(`SELECT name, "unique" AS u, origin, partial FROM pragma_index_list(?)`).all(name) as Array<{ name: string; u: number; origin: string; partial: number }>) {
      if (index.origin === 'pk') continue;
      const cols = (db.prepare(`SELECT name FROM pragma_index_info(?) ORDER BY seqno`).all(index.name) as Array<{ name: string | null }>).map((c) => (c.name ?? '<expr>'));
      indexes.push(`${index.u ? 'unique' : 'index'} (${cols.join(', ')})${index.partial ? ' where' : ''}`);
    }
    const foreignKeys = new Map<number, { table: string; from: string[]; to: string[] }>();
    for (const fk of db.prepare(`SELECT id, "table" AS t, "from" AS f, "to" AS o FROM pragma_foreign_key_list(?) ORDER BY id, seq`).all(name) as Array<{ id: number; t: string; f: string; o: string | null }>) {
      const entry = foreignKeys.get(fk.id) ?? { table: fk.t, from: [], to: [] };
      entry.from.push(fk.f);
      entry.to.push(fk.o ?? 'id');
      foreignKeys.set(fk.id, entry);
    }
    catalog[name] = {
      columns,
      primaryKey,
      indexes: indexes.sort(),
      foreignKeys: [...foreignKeys.values()].map((fk) => `(${fk.from.join(', ')}) → ${fk.table} (${fk.to.join(', ')})`).sort(),
    };
  }
  return catalog;
}

/** A team's PostgreSQL database, schema public. */
export async function postgresCatalog(client: Pick<pg.ClientBase, 'query'>): Promise<Catalog> {
  const catalog: Catalog = {};
  const columns = await client.query<{ t: string; c: string; type: string; nn: boolean; d: boolean }>(`
    SELECT c.relname AS t, a.attname AS c, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS nn,
           (a.atthasdef OR a.attidentity <> '') AS d
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
     ORDER BY c.relname, a.attnum`);
  for (const row of columns.rows) {
    const table = (catalog[row.t] ??= { columns: {}, primaryKey: [], indexes: [], foreignKeys: [] });
    table.columns[row.c] = { family: typeFamily(row.type), notNull: row.nn, hasDefault: row.d };
  }
  const constraints = await client.query<{ t: string; kind: string; cols: string[]; ref: string | null; refcols: string[] | null }>(`
    SELECT c.relname AS t, k.contype AS kind,
           ARRAY(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY u(n, i) JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY u.i) AS cols,
           r.relname::text AS ref,
           ARRAY(SELECT a.attname::text FROM unnest(k.confkey) WITH ORDINALITY u(n, i) JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n ORDER BY u.i) AS refcols
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_class r ON r.oid = k.confrelid
     WHERE n.nspname = 'public' AND k.contype IN ('p', 'f')`);
  for (const k of constraints.rows) {
    const table = catalog[k.t];
    if (!table) continue;
    if (k.kind === 'p') table.primaryKey = k.cols;
    else table.foreignKeys.push(`(${k.cols.join(', ')}) → ${k.ref} (${(k.refcols ?? []).join(', ')})`);
  }
  const indexes = await client.query<{ t: string; u: boolean; primary: boolean; partial: boolean; cols: Array<string | null> }>(`
    SELECT c.relname AS t, i.indisunique AS u, i.indisprimary AS primary, i.indpred IS NOT NULL AS partial,
           ARRAY(SELECT CASE WHEN u.n = 0 THEN NULL ELSE a.attname::text END
                   FROM unnest(i.indkey::int2[]) WITH ORDINALITY u(n, o) LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = u.n
                  ORDER BY u.o) AS cols
      FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_am am ON am.oid = ic.relam
     WHERE n.nspname = 'public' AND am.amname = 'btree'`);
  for (const index of indexes.rows) {
    const table = catalog[index.t];
    if (!table || index.primary) continue;
    table.indexes.push(`${index.u ? 'unique' : 'index'} (${index.cols.map((c) => c ?? '<expr>').join(', ')})${index.partial ? ' where' : ''}`);
  }
  for (const table of Object.values(catalog)) {
    table.indexes.sort();
    table.foreignKeys.sort();
  }
  return catalog;
}

/**
 * Every difference between a table of each catalog, one line each ("outbox: column lease_owner: team only"),
 * sorted. Not a difference: a team timestamp's DEFAULT now() where the desk's store writes the time itself (the
 * team's server clock signs its rows, docs/team-ledger.md §6).
 */
export function tableDifferences(name: string, desk: CatalogTable, team: CatalogTable): string[] {
  const out: string[] = [];
  for (const [column, d] of Object.entries(desk.columns)) {
    const t = team.columns[column];
    if (!t) {
      out.push(`${name}: column ${column}: desk only`);
      continue;
    }
    if (d.family !== t.family) out.push(`${name}: column ${column}: ${d.family} on the desk, ${t.family} on the team`);
    if (d.notNull !== t.notNull) out.push(`${name}: column ${column}: ${d.notNull ? 'NOT NULL on the desk only' : 'NOT NULL on the team only'}`);
    const serverTime = t.family === 'text' && (column === 'at' || column.endsWith('_at')) && t.hasDefault && !d.hasDefault;
    if (d.hasDefault !== t.hasDefault && !serverTime) out.push(`${name}: column ${column}: a default on the ${d.hasDefault ? 'desk' : 'team'} only`);
  }
  for (const column of Object.keys(team.columns)) if (!desk.columns[column]) out.push(`${name}: column ${column}: team only`);
  if (desk.primaryKey.join() !== team.primaryKey.join()) out.push(`${name}: primary key (${desk.primaryKey.join(', ')}) on the desk, (${team.primaryKey.join(', ')}) on the team`);
  for (const index of desk.indexes) if (!team.indexes.includes(index)) out.push(`${name}: ${index}: desk only`);
  for (const index of team.indexes) if (!desk.indexes.includes(index)) out.push(`${name}: ${index}: team only`);
  for (const fk of desk.foreignKeys) if (!team.foreignKeys.includes(fk)) out.push(`${name}: foreign key ${fk}: desk only`);
  for (const fk of team.foreignKeys) if (!desk.foreignKeys.includes(fk)) out.push(`${name}: foreign key ${fk}: team only`);
  return out.sort();
}
