import type Database from 'better-sqlite3';
import type { LedgerMigration } from './migration.js';

/**
 * One identifier case for both databases (issue 36 point 2). The desk's SQLite took the service's field names
 * for its columns (FPDM, taxNumber, taxUser_idCard), the team's PostgreSQL the same names in lower snake case
 * (fpdm, tax_number, tax_user_id_card), and a spelling rule translated every statement between the two. The
 * desk's columns take the team's names here, so one statement and one row type serve both and the rule goes.
 *
 * SQLite renames in place (ALTER TABLE … RENAME COLUMN): no row is rewritten, and the engine rewrites every
 * index, partial index's WHERE, trigger and view that names a column — 0130's and 0480's search triggers read
 * XHFMC, FPDM, SPMC …; collected_invoice_certified's WHERE reads RZZT. The search index history_fts has its own
 * columns (party, tax_number …) and names none of these. A rename that only changes the case is one SQLite takes.
 */
const DESK_RENAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  received_invoice: {
    FPLXDM: 'fplxdm', FPDM: 'fpdm', FPHM: 'fphm', KPRQ: 'kprq', JYM: 'jym', HJJE: 'hjje', HJSE: 'hjse', JSHJ: 'jshj',
    XHFMC: 'xhfmc', XHFSBH: 'xhfsbh', GMFMC: 'gmfmc', GMFSBH: 'gmfsbh',
  },
  collected_invoice: {
    FPLXDM: 'fplxdm', FPDM: 'fpdm', FPHM: 'fphm', KPRQ: 'kprq', DQSKSSQ: 'dqskssq', GMFMC: 'gmfmc', GMFSBH: 'gmfsbh', XHFMC: 'xhfmc',
    XHFSBH: 'xhfsbh', HJJE: 'hjje', SE: 'se', JSHJ: 'jshj', BZ: 'bz', FPZT: 'fpzt', RZZT: 'rzzt', RZRQ: 'rzrq', RZSQ: 'rzsq', RZLX: 'rzlx',
    GLZT: 'glzt', YXSE: 'yxse', PCH: 'pch', GXJZR: 'gxjzr', GXRQQ: 'gxrqq', GXRQZ: 'gxrqz',
  },
  collected_invoice_line: { XH: 'xh', SPMC: 'spmc', SPBM: 'spbm', GGXH: 'ggxh', DW: 'dw', SPSL: 'spsl', DJ: 'dj', JE: 'je', SL: 'sl', SE: 'se' },
  certification_batch: { PCH: 'pch', GMFSBH: 'gmfsbh', SQSKSSQ: 'sqskssq', FHHS: 'fhhs', ZTDM: 'ztdm', ZTXX: 'ztxx' },
  certification_item: {
    FPDM: 'fpdm', FPHM: 'fphm', FPLXDM: 'fplxdm', SQRZLX: 'sqrzlx', YXSE: 'yxse', RZZT: 'rzzt', RZRQ: 'rzrq', RZCLZT: 'rzclzt', SBYY: 'sbyy',
    PCZT: 'pczt', GLZT: 'glzt',
  },
  enterprise: {
    taxNumber: 'tax_number', agencyName: 'agency_name', taxUser_idCard: 'tax_user_id_card', taxUser_name: 'tax_user_name',
    taxUser_phone: 'tax_user_phone', taxUser_loginIdentity: 'tax_user_login_identity', taxUser_email: 'tax_user_email',
  },
  collection_run: { PCH: 'pch', CJKSRQ: 'cjksrq', CJJSRQ: 'cjjsrq' },
};

type SchemaEntry = { type: string; name: string; tbl_name: string; sql: string };

/**
 * The schema's triggers in creation order, in two parts: those of every table that is renamed or has a trigger
 * naming a renamed table (their text may change), and the rest (theirs cannot). A table's triggers go all into one
 * part, so that taken out and made again in their order they fire in the order they had.
 */
function triggersByTable(db: Database.Database): { naming: SchemaEntry[]; others: SchemaEntry[] } {
  const renamed = Object.keys(DESK_RENAMES);
  const names = new RegExp(`\\b(${renamed.join('|')})\\b`, 'i');
  const triggers = db.prepare<[], SchemaEntry>(`SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE type = 'trigger' ORDER BY rowid`).all();
  const touched = new Set(triggers.filter((t) => renamed.includes(t.tbl_name) || names.test(t.sql)).map((t) => t.tbl_name));
  return { naming: triggers.filter((t) => touched.has(t.tbl_name)), others: triggers.filter((t) => !touched.has(t.tbl_name)) };
}

/** The renames alone, as SQLite does them (the tests' reference for what this step must give). */
export function renameDeskColumns(db: Database.Database): void {
  for (const [table, columns] of Object.entries(DESK_RENAMES)) {
    for (const [from, to] of Object.entries(columns)) db.exec(`ALTER TABLE ${table} RENAME COLUMN ${from} TO ${to}`);
  }
}

/** Each old column name's new one (a name is spelled alike wherever it is: FPDM becomes fpdm in every table). */
const NEW_NAME = new Map(Object.values(DESK_RENAMES).flatMap((columns) => Object.entries(columns)));
const OLD_NAME = new RegExp(`\\b(${[...NEW_NAME.keys()].join('|')})\\b`, 'g');
/** `sql` with every old column name spelled anew, string literals left as they are ('FPZT' is a value). */
const respelled = (sql: string) =>
  sql
    .split(/('(?:[^']|'')*')/)
    .map((part, at) => (at % 2 === 1 ? part : part.replace(OLD_NAME, (name) => NEW_NAME.get(name) ?? name)))
    .join('');

/**
 * A file whose renamed tables hold no row — every new desk's — gets them made again under the new names instead:
 * the triggers of each table that has one naming them, then the tables (their indexes go with them), are dropped
 * and created again from their own text spelled anew, in their order — some 20 schema changes where the renames
 * are 73, each of which re-parses the whole schema (a new desk file's migrations 294 → 106–125 ms; the suite makes
 * one for most of its tests). The test holds both ways to what the plain renames give.
 */
function makeAnew(db: Database.Database): boolean {
  const renamed = Object.keys(DESK_RENAMES);
  if (!renamed.every((table) => db.prepare(`SELECT NOT EXISTS (SELECT 1 FROM ${table})`).pluck().get() === 1)) return false;
  const schema = db.prepare<[], SchemaEntry>(`SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE type IN ('table', 'index') AND sql IS NOT NULL ORDER BY rowid`).all();
  const tables = schema.filter((entry) => entry.type === 'table' && renamed.includes(entry.name));
  const indexes = schema.filter((entry) => entry.type === 'index' && renamed.includes(entry.tbl_name));
  const { naming: triggers } = triggersByTable(db);
  for (const { name } of triggers) db.exec(`DROP TRIGGER ${name}`);
  for (const { name } of [...tables].reverse()) db.exec(`DROP TABLE ${name}`);
  for (const { sql } of [...tables, ...indexes, ...triggers]) db.exec(respelled(sql));
  return true;
}

export const oneIdentifierCase: LedgerMigration = {
  version: 670,
  name: 'one-identifier-case',
  desk(db) {
    if (makeAnew(db)) return;
    // Otherwise renamed in place, the other tables' triggers put aside meanwhile: SQLite re-parses every trigger at
    // each RENAME COLUMN, and the statistics' 40 KB of them (0620) made the renames take a second (211 ms aside).
    const { others: aside } = triggersByTable(db);
    for (const { name } of aside) db.exec(`DROP TRIGGER ${name}`);
    renameDeskColumns(db);
    for (const { sql } of aside) db.exec(sql);
  },
};
