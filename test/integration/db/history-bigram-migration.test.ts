/**
 * Migration 0330 history-bigram on a real file: invoices stored before it are indexed once (bigram
 * index, tally) with their data kept; triggers keep both in step afterwards; opening again does not
 * run it again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../../main/db/open.js';
import { deskMigrations as migrations } from '../../../main/ledger/migrations/index.js';
import { tempDir } from '../../support/sample-issuance.js';

const dir = tempDir('fapiao-mig330-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const NOW = '2025-01-02T03:04:05.000Z';
const insert = (db: ReturnType<typeof openDatabase>, lsh: string, buyer: string, status = 'issued') =>
  db
    .prepare(
      `INSERT INTO issued_invoice (lsh, environment, fplxdm, xhdwsbh, xhdwmc, ghdwmc, ghdwsbh, jshj, hjse, status, request_json, fphm, created_at, updated_at)
       VALUES (?, 'sandbox', '026', 'S', '销方', ?, '91330100MA2XXXXX1X', '113.00', '13.00', ?, '{"bz":"合同号 HT-7"}', '12345678', ?, ?)`,
    )
    .run(lsh, buyer, status, NOW, NOW);
const bigram = (db: ReturnType<typeof openDatabase>, phrase: string) =>
  (db.prepare(`SELECT rowid FROM issued_invoice_bigram WHERE issued_invoice_bigram MATCH ? ORDER BY rowid`).all(phrase) as Array<{ rowid: number }>).map((r) => r.rowid);

describe('0330 history-bigram', () => {
  it('indexes invoices stored before it, keeps their data, and runs once', () => {
    const file = path.join(dir, 'history.db');
    const before = openDatabase(file, { migrations: migrations.filter((m) => m.version < 330) });
    insert(before, 'L1', '杭州 星河科技有限公司');
    insert(before, 'L2', '北京云端软件有限公司', 'failed');
    const rowsBefore = before.prepare(`SELECT * FROM issued_invoice ORDER BY id`).all();
    closeDatabase(before);

    const db = openDatabase(file, { migrations: migrations.filter((m) => m.version <= 330) });
    expect(db.pragma('user_version', { simple: true })).toBe(330);
    expect(db.prepare(`SELECT * FROM issued_invoice ORDER BY id`).all()).toEqual(rowsBefore);
    expect(bigram(db, '"州星 星河"')).toEqual([1]); // the space inside the name is not part of a pair
    expect(bigram(db, '"有限"')).toEqual([1, 2]);
    expect(bigram(db, '"ma"')).toEqual([1, 2]); // tax ID, either case
    expect(bigram(db, '"ht t- -7"')).toEqual([1, 2]); // the remark (bz)
    expect(db.prepare(`SELECT environment, status, n FROM issued_invoice_tally ORDER BY status`).all()).toEqual([
      { environment: 'sandbox', status: 'failed', n: 1 },
      { environment: 'sandbox', status: 'issued', n: 1 },
    ]);

    // Triggers: insert, update of the buyer and of the status, delete.
    insert(db, 'L3', '苏州恒达物流');
    db.prepare(`UPDATE issued_invoice SET ghdwmc = '宁波恒达物流', status = 'failed' WHERE lsh = 'L3'`).run();
    expect(bigram(db, '"苏州"')).toEqual([]);
    expect(bigram(db, '"宁波"')).toEqual([3]);
    db.prepare(`DELETE FROM issued_invoice WHERE lsh = 'L1'`).run();
    expect(bigram(db, '"星河"')).toEqual([]);
    expect(db.prepare(`SELECT status, n FROM issued_invoice_tally ORDER BY status`).all()).toEqual([
      { status: 'failed', n: 2 },
      { status: 'issued', n: 0 },
    ]);
    closeDatabase(db);

    // Opened again: nothing to migrate, the index is not rebuilt.
    const again = openDatabase(file, { migrations: migrations.filter((m) => m.version <= 330) });
    expect(bigram(again, '"宁波"')).toEqual([3]);
    closeDatabase(again);
  });
});
