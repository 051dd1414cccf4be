/**
 * @needs postgresql
 * One schema (issue 36 point 2): the desk's SQLite file and a team's PostgreSQL database, each migrated from
 * nothing by the one list of migrations (main/ledger/migrations/), compare equal — tables, columns (the family of
 * their type, NOT NULL, a default), primary keys, unique constraints and indexes, and foreign keys — by the names
 * each database gives them: one identifier case on both (the desk's since SQLite 0670), so a name spelled apart
 * is a difference too. What differs on purpose is named: whole tables and columns in the move's lists
 * (main/ledger/move/tables.ts), every other difference below with its reason. A difference not named
 * fails, and so does a named one that is no longer there, so neither catalog can drift from the other unseen.
 * CHECK constraints are not compared (SQLite keeps them only as text); the contract suite holds both databases to
 * the same refusals.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../../main/db/open.js';
import { DESK_ONLY_TABLES, MOVED_TABLES, NOT_MOVED_TABLES, TEAM_ONLY_TABLES } from '../../../main/ledger/move/tables.js';
import { migrateTeamLedger } from '../../../main/ledger/pg/migrate.js';
import { createTeamPool } from '../../../main/ledger/pg/pool.js';
import { postgresCatalog, sqliteCatalog, tableDifferences, type Catalog } from '../../support/catalogs.js';
import { createTestDatabase } from '../../support/pg.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const because = (reason: string, lines: string[]) => Object.fromEntries(lines.map((line) => [line, reason]));

/** Each database's own shape of a shared table, and why (the key is the line tableDifferences writes). */
const DELIBERATE: Record<string, string> = {
  ...because("the history's filters, each engine's plans: SQLite an index per filter (0010, 0340, 0410), PostgreSQL keyset pages per enterprise, order and amount (0470, 0473, 0474)", [
    'issued_invoice: index (environment): desk only',
    'issued_invoice: index (environment, <expr>): desk only',
    'issued_invoice: index (environment, created_at): desk only',
    'issued_invoice: index (environment, fplxdm): desk only',
    'issued_invoice: index (environment, kplx): desk only',
    'issued_invoice: index (environment, status): desk only',
    'issued_invoice: index (environment, status, created_at): desk only',
    'issued_invoice: index (environment, xhdwsbh): desk only',
    'issued_invoice: index (environment, xhdwsbh, <expr>): desk only',
    'issued_invoice: index (environment, xhdwsbh, created_at): desk only',
    'issued_invoice: index (environment, xhdwsbh, fplxdm): desk only',
    'issued_invoice: index (environment, xhdwsbh, kplx): desk only',
    'issued_invoice: index (environment, xhdwsbh, status): desk only',
    'issued_invoice: index (status): desk only',
    'issued_invoice: index (environment, created_at, id): team only',
    'issued_invoice: index (environment, xhdwsbh, <expr>) where: team only',
    'issued_invoice: index (environment, xhdwsbh, fplxdm, id): team only',
    'issued_invoice: index (environment, xhdwsbh, id): team only',
    'issued_invoice: index (environment, xhdwsbh, jshj): team only',
    'issued_invoice: index (environment, xhdwsbh, status, id): team only',
    'issued_invoice: index (lsh): team only',
  ]),
  ...because("the desk's indexes from before rows were per enterprise, whose columns lead the (…, enterprise) ones both have (0430, 0460)", [
    'archive_print_job: index (issued_invoice_id): desk only',
    'print_job: index (issued_invoice_id): desk only',
    'received_invoice: index (environment, created_at): desk only',
    'received_invoice: index (environment, id): desk only',
  ]),
  ...because('each engine its own list plans: the audit trail newest first, drafts by change, collected invoices by certification state or by status and day, unsent batch rows', [
    'audit_event: index (at): team only',
    'audit_event: index (at, id): desk only',
    'issuance_draft: index (environment, updated_at): desk only',
    'collected_invoice: index (environment, enterprise, rzsq) where: desk only',
    'collected_invoice: index (environment, fpzt, issue_date): team only',
    'batch_row: index (batch_id) where: team only',
  ]),
  ...because("the outbox's claim is each dialect's (stores/dialects/outbox.ts): the desk's next attempt in milliseconds, one worker; the team's leases", [
    'outbox: column next_attempt_at: integer on the desk, text on the team',
    'outbox: index (answered_xact) where: team only',
    'outbox: index (next_attempt_at, id) where: team only',
    'outbox: index (state, next_attempt_at): desk only',
  ]),
  ...because('a list of record ids: JSON text on SQLite, text[] on PostgreSQL (stores/audit.ts reads both as a list)', [
    'audit_event: column record_ids: text on the desk, text[] on the team',
  ]),
  ...because("no value: the desk keeps '' in a text column, the team NULL in a numeric one (0510, 0615)", [
    'certification_item: column yxse: NOT NULL on the desk only',
    'issued_invoice_line: column dj: NOT NULL on the desk only',
    'issued_invoice_line: column spsl: NOT NULL on the desk only',
  ]),
  ...because("the desk's store writes the first count as 0 (0630); the team's sign-in function writes every column", [
    'clerk_sign_in_guard: column failures: a default on the desk only',
  ]),
  ...because("SQLite's INTEGER PRIMARY KEY is the rowid, given when none is written; a reversal always writes its red invoice's id", [
    'red_reversal: column red_invoice_id: a default on the desk only',
  ]),
  ...because("the desk's own columns (move/tables.ts): one current enterprise per environment, 0120's enterprise_id, 0150's index of tax codes", [
    'enterprise: unique (environment) where: desk only',
    'customer: foreign key (enterprise_id) → enterprise (id): desk only',
    'product: foreign key (enterprise_id) → enterprise (id): desk only',
    'product: index (spbm): desk only',
  ]),
};

async function bothCatalogs(): Promise<{ desk: Catalog; team: Catalog }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-catalog-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const db = openDatabase(path.join(dir, 'history.db'));
  const desk = sqliteCatalog(db);
  closeDatabase(db);
  const database = await createTestDatabase();
  cleanups.push(() => database.drop());
  const pool = createTeamPool(database.address, database.password);
  cleanups.push(() => pool.end());
  await migrateTeamLedger(pool);
  return { desk, team: await postgresCatalog(pool) };
}

describe('one schema on both databases', () => {
  it('has the same tables, columns, keys and indexes on both, but for what is named', async () => {
    const { desk, team } = await bothCatalogs();
    const shared = [...MOVED_TABLES.map((t) => t.name), ...NOT_MOVED_TABLES];
    expect(Object.keys(desk).sort()).toEqual([...shared, ...DESK_ONLY_TABLES].sort());
    expect(Object.keys(team).sort()).toEqual([...shared, ...TEAM_ONLY_TABLES].sort());

    const named: string[] = [];
    for (const table of MOVED_TABLES) {
      for (const column of table.deskOnly ?? []) named.push(`${table.name}: column ${column}: desk only`);
      for (const column of table.teamOnly ?? []) named.push(`${table.name}: column ${column}: team only`);
    }
    const found = shared.flatMap((name) => tableDifferences(name, desk[name]!, team[name]!));
    expect(found.sort()).toEqual([...named, ...Object.keys(DELIBERATE)].sort());
  });
});
