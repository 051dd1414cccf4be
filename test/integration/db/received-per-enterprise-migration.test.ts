/**
 * Migration 0430 received-per-enterprise on a real SQLite file (test/support/migration-harness.ts: every
 * old row kept, checked after a reopen): received invoices held before go to the desk's enterprise whose
 * tax number is their buyer, else to the enterprise current in their environment; where none is recorded
 * the running app claims them for the active enterprise at start. Each stored answer becomes one state.
 */
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { deskMigrations as migrations } from '../../../main/ledger/migrations/index.js';
import { migrationFiles } from '../../support/migration-harness.js';

const files = migrationFiles(migrations);
const T1 = '2025-03-02T08:00:00.000Z';
const CURRENT = '91310000MA1FL8XQ5D';
const XINGHE = '91110105MA01ABCD13';

const insert = (db: Database.Database, table: string, row: Record<string, unknown>) =>
  db.prepare(`INSERT INTO ${table} (${Object.keys(row).join(', ')}) VALUES (${Object.keys(row).map((k) => `@${k}`).join(', ')})`).run(row);

describe('migration 0430 received-per-enterprise', () => {
  it("places every received invoice held before with its buyer's enterprise or the current one, and states its last answer", () => {
    const at = files.at(410);
    insert(at.db, 'enterprise', { environment: 'sandbox', taxNumber: CURRENT, agencyName: '上海示例科技有限公司', is_current: 1, created_at: T1, updated_at: T1 });
    insert(at.db, 'enterprise', { environment: 'sandbox', taxNumber: XINGHE, agencyName: '北京星河贸易有限公司', is_current: 0, created_at: T1, updated_at: T1 });
    const received = (environment: string, FPHM: string, GMFSBH: string | null, last_code: string | null, zfbz: string | null = null) =>
      insert(at.db, 'received_invoice', {
        environment, file_hash: FPHM, file_name: `${FPHM}.png`, file_type: 'png', source: 'qr', FPDM: '044002300111', FPHM, KPRQ: '20250301', GMFSBH, HJJE: '10.00',
        data_json: '{}', status: last_code === null ? 'recognised' : last_code === '0001' ? 'verified' : 'verify-failed', created_at: T1, updated_at: T1, last_code, zfbz,
      });
    received('sandbox', '40000001', XINGHE, '0001');
    received('sandbox', '40000002', '91440300MA5G00000X', '0009');
    received('sandbox', '40000003', null, '0006');
    received('sandbox', '40000004', null, '0001', 'Y');
    received('sandbox', '40000005', null, '0001', 'H');
    received('sandbox', '40000006', null, '1015');
    received('sandbox', '40000007', null, '9999');
    received('sandbox', '40000008', CURRENT, null);
    received('remote', '40000009', XINGHE, null);
    insert(at.db, 'received_invoice', {
      environment: 'sandbox', file_hash: 'ticket', file_name: 'ticket.png', file_type: 'png', source: 'qr', FPHM: '26110000000000000001', data_json: '{"unverifiable":"railway-eticket"}',
      status: 'recognised', created_at: T1, updated_at: T1,
    });

    const kept = at.migrateTo(430);
    expect(kept.rows.received_invoice).toBe(10);
    expect(at.db.prepare(`SELECT FPHM, HJJE, enterprise, verify_state, verify_reason FROM received_invoice ORDER BY id`).all()).toEqual([
      // The buyer is one of the desk's enterprises: its reimbursement.
      { FPHM: '40000001', HJJE: '10.00', enterprise: XINGHE, verify_state: 'consistent', verify_reason: null },
      // A buyer the desk does not serve: the enterprise current when it was taken in.
      { FPHM: '40000002', HJJE: '10.00', enterprise: CURRENT, verify_state: 'not-found', verify_reason: null },
      // No buyer read: the current enterprise. A 0006 held before never said which field differed.
      { FPHM: '40000003', HJJE: '10.00', enterprise: CURRENT, verify_state: 'inconsistent', verify_reason: 'unspecified' },
      { FPHM: '40000004', HJJE: '10.00', enterprise: CURRENT, verify_state: 'voided', verify_reason: null },
      { FPHM: '40000005', HJJE: '10.00', enterprise: CURRENT, verify_state: 'reversed', verify_reason: null },
      { FPHM: '40000006', HJJE: '10.00', enterprise: CURRENT, verify_state: 'unverifiable', verify_reason: '1015' },
      { FPHM: '40000007', HJJE: '10.00', enterprise: CURRENT, verify_state: 'failed', verify_reason: '9999' },
      { FPHM: '40000008', HJJE: '10.00', enterprise: CURRENT, verify_state: null, verify_reason: null },
      // The remote environment knows no enterprise: left for the app to claim when it starts there.
      { FPHM: '40000009', HJJE: '10.00', enterprise: null, verify_state: null, verify_reason: null },
      // A railway e-ticket (extraction named the kind): 不可查验 from the start.
      { FPHM: '26110000000000000001', HJJE: null, enterprise: CURRENT, verify_state: 'unverifiable', verify_reason: 'railway-eticket' },
    ]);
    // The states are checked from now on.
    expect(() => at.db.prepare(`UPDATE received_invoice SET verify_state = 'verified' WHERE FPHM = '40000008'`).run()).toThrow(/CHECK/);
  });
});
