/** Migration 0150 (libraries and batches) on a real SQLite file: what it adds and what it enforces. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../../main/db/open.js';

const dirs: string[] = [];
const dbs: Db[] = [];
function open(): Db {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-mig150-'));
  dirs.push(dir);
  const db = openDatabase(path.join(dir, 'history.db'));
  dbs.push(db);
  return db;
}
afterEach(() => {
  for (const db of dbs.splice(0)) closeDatabase(db);
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const NOW = '2025-01-02T03:04:05.000Z';

describe('migration 0150 libraries-and-batches', () => {
  it('makes a tax ID unique across environments, and an untaxed customer unique by name', () => {
    const db = open();
    const insert = db.prepare(`INSERT INTO customer (environment, ghdwmc, ghdwsbh, ghdwdz, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`);
    insert.run('sandbox', '甲公司', '91110105MA01ABCD13', '北京', NOW, NOW);
    expect(() => insert.run('remote', '甲公司（新名）', '91110105MA01ABCD13', null, NOW, NOW)).toThrow(/UNIQUE/);
    insert.run('sandbox', '张三', null, null, NOW, NOW);
    expect(() => insert.run('remote', '张三', null, null, NOW, NOW)).toThrow(/UNIQUE/);
    expect(db.prepare(`SELECT ghdwdz FROM customer WHERE ghdwsbh IS NOT NULL`).get()).toEqual({ ghdwdz: '北京' });
  });

  it('makes a product unique by name and specification, and constrains lslbs', () => {
    const db = open();
    const insert = db.prepare(`INSERT INTO product (environment, spmc, spbm, ggxh, sl, lslbs, created_at, updated_at) VALUES (?, ?, ?, ?, '0.13', ?, ?, ?)`);
    insert.run('sandbox', '打印纸', '1060201070000000000', 'A4', null, NOW, NOW);
    insert.run('sandbox', '打印纸', '1060201070000000000', 'A3', null, NOW, NOW);
    expect(() => insert.run('remote', '打印纸', '1060201990000000000', 'A4', null, NOW, NOW)).toThrow(/UNIQUE/);
    expect(() => insert.run('sandbox', '免税品', '1060201070000000000', null, '9', NOW, NOW)).toThrow(/CHECK/);
  });

  it('keeps batch rows with their batch, one invoice per row, and never an lsh on an invalid row', () => {
    const db = open();
    const batchId = Number(db.prepare(`INSERT INTO batch (environment, file_name, created_at) VALUES ('sandbox', 'a.xlsx', ?)`).run(NOW).lastInsertRowid);
    const insert = db.prepare(`INSERT INTO batch_row (batch_id, seq, first_row, last_row, draft_json, valid, lsh) VALUES (?, ?, 2, 2, ?, ?, ?)`);
    insert.run(batchId, 1, '{}', 1, 'L1');
    expect(() => insert.run(batchId, 2, '{}', 1, 'L1')).toThrow(/UNIQUE/);
    expect(() => insert.run(batchId, 3, null, 1, null)).toThrow(/CHECK/);
    expect(() => insert.run(batchId, 4, null, 0, 'L2')).toThrow(/CHECK/);
    expect(() => db.prepare(`INSERT INTO batch (environment, file_name, created_at) VALUES ('moon', 'b.xlsx', ?)`).run(NOW)).toThrow(/CHECK/);
    db.prepare(`DELETE FROM batch WHERE id = ?`).run(batchId);
    expect(db.prepare(`SELECT count(*) AS n FROM batch_row`).get()).toEqual({ n: 0 });
  });
});
