/** Migration 0160 red-reversals on a real SQLite file: the link table and the new form columns. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../../main/db/open.js';

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) closeDatabase(db);
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const NOW = '2025-01-02T03:04:05.000Z';
function invoice(db: Db, lsh: string, jshj: string, kplx: '0' | '1'): number {
  return Number(
    db
      .prepare(
        `INSERT INTO issued_invoice (lsh, environment, fplxdm, kplx, xhdwsbh, xhdwmc, ghdwmc, jshj, hjse, status, request_json, created_at, updated_at)
         VALUES (?, 'sandbox', '026', ?, 'S', '销方', '购方', ?, '0.00', 'issued', '{}', ?, ?)`,
      )
      .run(lsh, kplx, jshj, NOW, NOW).lastInsertRowid,
  );
}

describe('migration 0160 red-reversals', () => {
  it('links red invoices to blue ones and extends red-letter forms', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-mig160-'));
    dirs.push(dir);
    const db = openDatabase(path.join(dir, 'history.db'));
    dbs.push(db);
    expect(Number(db.pragma('user_version', { simple: true }))).toBeGreaterThanOrEqual(160);

    const blue = invoice(db, 'B1', '113.00', '0');
    const red = invoice(db, 'R1', '-13.00', '1');
    db.prepare(`INSERT INTO red_reversal (red_invoice_id, blue_invoice_id, amount, chyydm, created_at) VALUES (?, ?, '13.00', '1', ?)`).run(red, blue, NOW);
    expect(() =>
      db.prepare(`INSERT INTO red_reversal (red_invoice_id, blue_invoice_id, amount, chyydm, created_at) VALUES (?, ?, '1.00', '9', ?)`).run(blue, blue, NOW),
    ).toThrow(/CHECK/);
    // One link per red invoice.
    expect(() =>
      db.prepare(`INSERT INTO red_reversal (red_invoice_id, blue_invoice_id, amount, chyydm, created_at) VALUES (?, ?, '1.00', '1', ?)`).run(red, blue, NOW),
    ).toThrow(/UNIQUE|PRIMARY/);

    db.prepare(
      `INSERT INTO red_letter_form (lsh, environment, fphm, sqly, xhdwsbh, xhdwmc, status, request_json, created_at, updated_at, blue_invoice_id, sqly_detail)
       VALUES ('HZ1', 'sandbox', '00000001', '1', 'S', '销方', 'queued', '{}', ?, ?, ?, 'cannot-certify')`,
    ).run(NOW, NOW, blue);
    const form = db.prepare(`SELECT auto_issue, red_invoice_id, sqly_detail FROM red_letter_form WHERE lsh = 'HZ1'`).get();
    expect(form).toEqual({ auto_issue: 1, red_invoice_id: null, sqly_detail: 'cannot-certify' });
  });
});
