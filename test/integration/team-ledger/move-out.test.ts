/**
 * Moving one enterprise out of the team ledger into a SQLite archive (docs/team-ledger.md §3), against a
 * real PostgreSQL filled by moving in a desk ledger made through the core (support/desk-ledger.ts): the
 * archive passes the ledger check as a data folder's history.db, holds exactly that enterprise's rows of
 * every shared table (and none of the other's), its rows are the desk's values again, its history search
 * finds the enterprise's invoices through the indexes the desk's triggers built; an existing file is refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../../main/db/open.js';
import { createHistoryRepo } from '../../../main/features/history/repo.js';
import { inspectLedger } from '../../../main/ledger/health.js';
import { archiveEnterprise } from '../../../main/ledger/move/move-out.js';
import { moveDeskToTeam } from '../../../main/ledger/move/move-in.js';
import { enterpriseSql, MOVED_TABLES } from '../../../main/ledger/move/tables.js';
import { createTeamPool } from '../../../main/ledger/pg/pool.js';
import type { Environment } from '../../../shared/ipc/index.js';
import { createTestDatabase, type TestDatabase } from '../../support/pg.js';
import { tempDir } from '../../support/sample-issuance.js';
import { DEMO, fillDeskLedger, OTHER, OTHER_BUYER } from './support/desk-ledger.js';

const dir = tempDir('fapiao-move-out-');
const deskFile = path.join(dir, 'desk.db');
let team: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  await fillDeskLedger(deskFile);
  team = await createTestDatabase();
  pool = createTeamPool(team.address, team.password, { log: () => {} });
  await moveDeskToTeam({ deskFile, pool });
}, 600_000);
afterAll(async () => {
  await pool?.end();
  await team?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The ids (or keys) of one enterprise's rows of `table` in the team ledger. */
async function teamKeys(table: (typeof MOVED_TABLES)[number], enterprise: string): Promise<string[]> {
  const key = table.key.map((k) => `t."${k.toLowerCase()}"::text`).join(` || '/' || `);
  const found = await pool.query<{ k: string }>(`SELECT ${key} AS k FROM ${table.name} t WHERE ${enterpriseSql(table, 'team')} = $1 ORDER BY 1`, [enterprise]);
  return found.rows.map((row) => row.k);
}

function archiveKeys(db: Database.Database, table: (typeof MOVED_TABLES)[number]): string[] {
  const key = table.key.map((k) => `CAST(t.${k} AS TEXT)`).join(` || '/' || `);
  return (db.prepare(`SELECT ${key} AS k FROM ${table.name} t ORDER BY 1`).all() as Array<{ k: string }>).map((row) => row.k);
}

describe('moving an enterprise out of the team ledger', () => {
  it("writes exactly the enterprise's rows to a history the desk opens, checks and searches", async () => {
    const folder = path.join(dir, 'archive-folder');
    fs.mkdirSync(folder);
    const out = path.join(folder, 'history.db');
    const result = await archiveEnterprise({ pool, enterprise: OTHER.taxNumber, outFile: out, batchSize: 2 });
    expect(result.total).toBeGreaterThan(0);
    expect(fs.readdirSync(folder)).toEqual(['history.db']);

    // It passes the ledger check the desk runs before opening a data folder.
    expect(inspectLedger(folder)).toMatchObject({ state: 'ok', checked: true });

    const db = openDatabase(out);
    try {
      for (const table of MOVED_TABLES) {
        expect(archiveKeys(db, table), table.name).toEqual(await teamKeys(table, OTHER.taxNumber));
      }
      const sellers = db.prepare(`SELECT DISTINCT xhdwsbh FROM issued_invoice`).pluck().all();
      expect(sellers).toEqual([OTHER.taxNumber]);
      expect(db.prepare(`SELECT count(*) FROM received_invoice WHERE enterprise = ?`).pluck().get(DEMO)).toBe(0);
      // The enterprise's audit events come along (its invoices submitted), as valid JSON lists; no other's, no sign-in.
      const events = db.prepare(`SELECT action, enterprise, json_array_length(record_ids) AS ids FROM audit_event`).all() as Array<{ action: string; enterprise: string; ids: number }>;
      expect(events.filter((e) => e.action === 'invoice.submitted').length).toBeGreaterThan(0);
      expect(events.every((e) => e.enterprise === OTHER.taxNumber && e.ids > 0)).toBe(true);
      expect(db.prepare(`SELECT tax_number, is_current FROM enterprise`).all()).toEqual([{ tax_number: OTHER.taxNumber, is_current: 1 }]);

      // The rows are the desk's own values again (the desk file they came from, read apart).
      const original = new Database(deskFile, { readonly: true });
      const columns = 'id, lsh, environment, fplxdm, kplx, xhdwsbh, ghdwmc, jshj, hjse, status, request_json, fphm, kprq, zflx, created_at, updated_at';
      const before = original.prepare(`SELECT ${columns} FROM issued_invoice WHERE xhdwsbh = ? ORDER BY id`).all(OTHER.taxNumber);
      const customers = original.prepare(`SELECT id, ghdwmc, ghdwsbh, ghdwdz, created_at FROM customer WHERE enterprise = ? ORDER BY id`).all(OTHER.taxNumber);
      original.close();
      expect(db.prepare(`SELECT ${columns} FROM issued_invoice ORDER BY id`).all()).toEqual(before);
      expect(db.prepare(`SELECT id, ghdwmc, ghdwsbh, ghdwdz, created_at FROM customer ORDER BY id`).all()).toEqual(customers);

      // The history search finds the invoices: by a 3+ character fragment (the trigram index) and by a pair (the postings).
      const environment = db.prepare(`SELECT environment FROM issued_invoice LIMIT 1`).pluck().get() as Environment;
      const history = createHistoryRepo(db);
      for (const text of ['鼓楼迁移', '书店']) {
        const found = history.searchHistory(environment, OTHER.taxNumber, { text, direction: 'output' });
        expect(found.rows.map((row) => row.counterpartyName), text).toEqual([OTHER_BUYER]);
      }
    } finally {
      closeDatabase(db);
    }
  }, 300_000);

  it('refuses an out file that exists, leaving it as it was', async () => {
    const out = path.join(dir, 'taken.db');
    fs.writeFileSync(out, 'not mine');
    await expect(archiveEnterprise({ pool, enterprise: DEMO, outFile: out })).rejects.toMatchObject({ code: 'outExists', params: { file: out } });
    expect(fs.readFileSync(out, 'utf8')).toBe('not mine');
    await expect(archiveEnterprise({ pool, enterprise: '91110000000000000X', outFile: path.join(dir, 'nobody.db') })).rejects.toMatchObject({ code: 'enterpriseMissing' });
    expect(fs.existsSync(path.join(dir, 'nobody.db'))).toBe(false);
  }, 60_000);
});
