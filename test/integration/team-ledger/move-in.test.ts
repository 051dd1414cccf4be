/**
 * Moving a desk's ledger into the team ledger (docs/team-ledger.md §3), against a real SQLite ledger filled
 * through the core (support/desk-ledger.ts) and a real PostgreSQL: every shared table's rows arrive with
 * their ids, counts and money totals equal per enterprise, spot rows equal value for value, sequences past
 * the moved ids, progress up to the total; a team ledger that holds rows is refused with nothing written; a
 * value the copier cannot convert and a money value the team ledger would round both roll back everything,
 * named, with the desk file byte for byte as it was.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import Decimal from 'decimal.js';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TeamMoveError } from '../../../main/ledger/move/errors.js';
import { moveDeskToTeam, type MoveProgress } from '../../../main/ledger/move/move-in.js';
import { MOVED_TABLES } from '../../../main/ledger/move/tables.js';
import { migrateTeamLedger } from '../../../main/ledger/pg/migrate.js';
import { createTeamPool } from '../../../main/ledger/pg/pool.js';
import { createTestDatabase, type TestDatabase } from '../../support/pg.js';
import { tempDir } from '../../support/sample-issuance.js';
import { CLERK, DEMO, fillDeskLedger, OTHER } from './support/desk-ledger.js';

const dir = tempDir('fapiao-move-in-');
const filled = path.join(dir, 'filled.db');
const opened: Array<{ team: TestDatabase; pool: pg.Pool }> = [];

beforeAll(async () => {
  await fillDeskLedger(filled);
}, 600_000);
afterEach(async () => {
  for (const { team, pool } of opened.splice(0)) {
    await pool.end();
    await team.drop();
  }
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function teamLedger() {
  const team = await createTestDatabase();
  const pool = createTeamPool(team.address, team.password, { log: () => {} });
  opened.push({ team, pool });
  return pool;
}

/** A copy of the filled desk file, optionally changed first (outside the move). */
function deskCopy(name: string, change?: (db: Database.Database) => void): string {
  const file = path.join(dir, `${name}.db`);
  fs.copyFileSync(filled, file);
  if (change) {
    const db = new Database(file);
    change(db);
    db.close();
  }
  return file;
}

const run = promisify(execFile);
const sha = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

async function teamCounts(pool: pg.Pool): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { name } of MOVED_TABLES) counts[name] = Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${name}`)).rows[0]!.n);
  return counts;
}

function deskCounts(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true });
  const counts = Object.fromEntries(MOVED_TABLES.map(({ name }) => [name, (db.prepare(`SELECT count(*) AS n FROM ${name}`).get() as { n: number }).n]));
  db.close();
  return counts;
}

describe('moving a desk ledger into the team ledger', () => {
  it('copies every shared table with its ids; counts, totals and spot rows equal; sequences past the ids', async () => {
    const file = deskCopy('whole');
    const before = sha(file);
    const pool = await teamLedger();
    const progress: MoveProgress[] = [];
    const result = await moveDeskToTeam({ deskFile: file, pool, batchSize: 7, onProgress: (p) => progress.push(p) });

    const desk = deskCounts(file);
    expect(await teamCounts(pool)).toEqual(desk);
    // The desk really held every kind of row the test means to move.
    for (const table of ['clerk', 'enterprise', 'issued_invoice', 'issued_invoice_line', 'red_letter_form', 'red_reversal', 'print_job', 'outbox', 'received_invoice', 'verification', 'collected_invoice', 'collected_invoice_line', 'collection_run', 'certification_batch', 'certification_item', 'customer', 'product', 'invoice_template', 'issuance_draft', 'batch', 'batch_row', 'audit_event']) {
      expect(desk[table], table).toBeGreaterThan(0);
    }
    expect(result.total).toBe(Object.values(desk).reduce((a, b) => a + b, 0));
    expect(result.enterprises).toEqual([DEMO, OTHER.taxNumber].sort());
    expect(progress.at(-1)).toEqual({ moved: result.total, total: result.total, table: null });
    expect(progress.map((p) => p.moved)).toEqual([...progress.map((p) => p.moved)].sort((a, b) => a - b));
    expect(sha(file)).toBe(before);

    // The desk's audit trail, event for event: lists and details as the team's text[] and jsonb.
    const events = (await pool.query(`SELECT id::int, actor, action, record_ids, enterprise, detail FROM audit_event ORDER BY id`)).rows;
    const deskEvents = new Database(file, { readonly: true }).prepare(`SELECT id, actor, action, record_ids, enterprise, detail FROM audit_event ORDER BY id`).all() as Array<Record<string, unknown>>;
    expect(events).toEqual(deskEvents.map((e) => ({ ...e, record_ids: JSON.parse(String(e.record_ids)) as string[], detail: e.detail === null ? null : (JSON.parse(String(e.detail)) as unknown) })));
    expect(events.some((e) => e.action === 'invoice.submitted')).toBe(true);

    // Money per enterprise, summed independently here in decimal.
    const db = new Database(file, { readonly: true });
    const invoices = db.prepare(`SELECT * FROM issued_invoice ORDER BY id`).all() as Array<Record<string, string | number | null>>;
    for (const seller of [DEMO, OTHER.taxNumber]) {
      const mine = invoices.filter((row) => row.xhdwsbh === seller);
      const sum = (column: string) => mine.reduce((total, row) => total.plus(String(row[column])), new Decimal(0)).toFixed(2);
      const team = (await pool.query<{ n: string; jshj: string; hjse: string }>(`SELECT count(*) AS n, sum(jshj)::text AS jshj, sum(hjse)::text AS hjse FROM issued_invoice WHERE xhdwsbh = $1`, [seller])).rows[0]!;
      expect(team).toEqual({ n: String(mine.length), jshj: sum('jshj'), hjse: sum('hjse') });
    }

    // Spot rows, value for value: an invoice (with its red reversal's reference), a red form's flag, an outbox time, an input day, a voiding.
    const red = db.prepare(`SELECT r.*, i.lsh AS red_lsh FROM red_reversal r JOIN issued_invoice i ON i.id = r.red_invoice_id ORDER BY r.red_invoice_id LIMIT 1`).get() as Record<string, unknown>;
    const teamRed = (await pool.query(`SELECT r.amount::text, r.blue_invoice_id::int, i.lsh AS red_lsh FROM red_reversal r JOIN issued_invoice i ON i.id = r.red_invoice_id WHERE r.red_invoice_id = $1`, [red.red_invoice_id])).rows[0];
    expect(teamRed).toEqual({ amount: new Decimal(String(red.amount)).toFixed(2), blue_invoice_id: red.blue_invoice_id, red_lsh: red.red_lsh });
    const invoice = invoices.find((row) => row.fplxdm === '004')!;
    const teamInvoice = (await pool.query(`SELECT lsh, fphm, ghdwmc, jshj::text, request_json, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at FROM issued_invoice WHERE id = $1`, [invoice.id])).rows[0];
    expect(teamInvoice).toEqual({ lsh: invoice.lsh, fphm: invoice.fphm, ghdwmc: invoice.ghdwmc, jshj: new Decimal(String(invoice.jshj)).toFixed(2), request_json: invoice.request_json, created_at: invoice.created_at });
    const form = db.prepare(`SELECT id, auto_issue, red_invoice_id FROM red_letter_form LIMIT 1`).get() as { id: number; auto_issue: number; red_invoice_id: number };
    expect((await pool.query(`SELECT auto_issue, red_invoice_id::int FROM red_letter_form WHERE id = $1`, [form.id])).rows[0]).toEqual({ auto_issue: form.auto_issue === 1, red_invoice_id: form.red_invoice_id });
    const outbox = db.prepare(`SELECT id, serial, next_attempt_at FROM outbox ORDER BY id LIMIT 1`).get() as { id: number; serial: string; next_attempt_at: number };
    expect((await pool.query(`SELECT serial, (extract(epoch FROM next_attempt_at) * 1000)::bigint::text AS at FROM outbox WHERE id = $1`, [outbox.id])).rows[0]).toEqual({ serial: outbox.serial, at: String(outbox.next_attempt_at) });
    const input = db.prepare(`SELECT id, issue_date, jshj FROM collected_invoice WHERE issue_date IS NOT NULL LIMIT 1`).get() as { id: number; issue_date: string; jshj: string };
    expect((await pool.query(`SELECT issue_date::text, jshj::text FROM collected_invoice WHERE id = $1`, [input.id])).rows[0]).toEqual({ issue_date: input.issue_date, jshj: new Decimal(input.jshj).toFixed(2) });
    // The clerk's signature crosses with the row.
    expect(invoices.every((row) => row.created_by === CLERK)).toBe(true);
    expect((await pool.query(`SELECT DISTINCT created_by FROM issued_invoice`)).rows).toEqual([{ created_by: CLERK }]);
    const voided = invoices.find((row) => row.zflx !== null)!;
    expect((await pool.query(`SELECT zflx FROM issued_invoice WHERE id = $1`, [voided.id])).rows[0]).toEqual({ zflx: voided.zflx });
    const maxId = (db.prepare(`SELECT max(id) AS id FROM issued_invoice`).get() as { id: number }).id;
    db.close();

    // A row written on the team ledger afterwards gets the next id, not one of the moved ones.
    const next = await pool.query<{ id: string }>(
      `INSERT INTO issued_invoice (lsh, environment, fplxdm, xhdwsbh, xhdwmc, ghdwmc, jshj, hjse, status, request_json) VALUES ('AFTER-MOVE', 'sandbox', '026', $1, 'x', 'y', 1, 0, 'queued', '{}') RETURNING id`,
      [DEMO],
    );
    expect(Number(next.rows[0]!.id)).toBe(maxId + 1);
  }, 300_000);

  it('refuses a team ledger that already holds rows, naming them, and writes nothing', async () => {
    const file = deskCopy('refused');
    const pool = await teamLedger();
    await migrateTeamLedger(pool);
    await pool.query(`INSERT INTO customer (environment, enterprise, ghdwmc) VALUES ('sandbox', $1, '已有客户')`, [DEMO]);
    const failure = await moveDeskToTeam({ deskFile: file, pool }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TeamMoveError);
    expect(failure).toMatchObject({ code: 'notEmpty', params: { tables: 'customer' } });
    const counts = await teamCounts(pool);
    expect(counts.customer).toBe(1);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(1);
  }, 120_000);

  it('rolls everything back on a value it cannot convert, naming table, row and column; the desk file unchanged', async () => {
    const file = deskCopy('corrupt', (db) => {
      db.prepare(`UPDATE issued_invoice_line SET je = '12,50' WHERE rowid = (SELECT max(rowid) FROM issued_invoice_line)`).run();
    });
    const row = new Database(file, { readonly: true }).prepare(`SELECT invoice_id, line_no FROM issued_invoice_line ORDER BY rowid DESC LIMIT 1`).get() as { invoice_id: number; line_no: number };
    const before = sha(file);
    const pool = await teamLedger();
    const failure = await moveDeskToTeam({ deskFile: file, pool, batchSize: 3 }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'unconvertible', params: { table: 'issued_invoice_line', row: `${row.invoice_id}/${row.line_no}`, column: 'je', value: '12,50' } });
    expect(Object.values(await teamCounts(pool)).every((n) => n === 0)).toBe(true);
    expect(sha(file)).toBe(before);
  }, 120_000);

  it('rolls everything back when a total differs after copying (a money value with three decimals), naming table, enterprise and figure', async () => {
    const file = deskCopy('mismatch', (db) => {
      db.prepare(`UPDATE collected_invoice SET se = '10.005' WHERE id = (SELECT max(id) FROM collected_invoice)`).run();
    });
    const enterprise = (new Database(file, { readonly: true }).prepare(`SELECT enterprise FROM collected_invoice ORDER BY id DESC LIMIT 1`).get() as { enterprise: string }).enterprise;
    const before = sha(file);
    const pool = await teamLedger();
    const failure = await moveDeskToTeam({ deskFile: file, pool }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'mismatch', params: { table: 'collected_invoice', enterprise, figure: 'se' } });
    const { desk, team } = (failure as TeamMoveError).params;
    expect(new Decimal(String(desk)).minus(String(team)).abs().toFixed()).toBe('0.005');
    expect(Object.values(await teamCounts(pool)).every((n) => n === 0)).toBe(true);
    expect(sha(file)).toBe(before);
  }, 120_000);

  it('runs as `npm run ledger -- move-to-team`: moves, and the desk records when and where; run again, refused and nothing changed', async () => {
    const dataDir = path.join(dir, 'cli-desk');
    fs.mkdirSync(dataDir);
    const file = path.join(dataDir, 'history.db');
    fs.copyFileSync(filled, file);
    const pool = await teamLedger();
    const team = opened.at(-1)!.team;
    const args = ['run', '-s', 'ledger', '--', 'move-to-team', '--data-dir', dataDir, '--host', team.address.host, '--port', String(team.address.port), '--database', team.name, '--user', team.address.user];
    const env = { ...process.env, PGPASSWORD: team.password };
    const { stdout, stderr } = await run('npm', args, { env });
    const total = Object.values(deskCounts(file)).reduce((a, b) => a + b, 0);
    expect(stdout).toContain(`moved ${total} rows of ${file} into ${team.name}`);
    expect(stdout).toContain('counts and money totals equal per table and enterprise');
    expect(stderr).toContain(`move-to-team: ${total}/${total} rows, comparing counts and totals`);
    expect(await teamCounts(pool)).toEqual(deskCounts(file));
    const db = new Database(file, { readonly: true });
    const recorded = JSON.parse((db.prepare(`SELECT value FROM setting WHERE key = 'team.movedIn'`).get() as { value: string }).value) as Record<string, unknown>;
    db.close();
    expect(recorded).toMatchObject({ host: team.address.host, port: team.address.port, database: team.name, user: team.address.user });
    expect(Date.parse(String(recorded.at))).not.toBeNaN();

    const before = sha(file);
    const again = await run('npm', args, { env }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('move-to-team refused (notEmpty): tables=clerk, enterprise, issued_invoice');
    expect(sha(file)).toBe(before);
  }, 180_000);
});
