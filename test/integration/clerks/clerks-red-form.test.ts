/**
 * Work the desk finishes later is signed by the clerk it belongs to (issue 24 point 5): a reviewer applies
 * for a red-letter form and signs out; the outbox gets the form's number and issues the red invoice while
 * another clerk is at the desk — the form and the red invoice both record the reviewer.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { actingAs, actorOf, setActor } from '../../../main/db/actor.js';
import { createCore, HISTORY_DB_FILE, type Core } from '../../../main/core.js';
import type { InvoiceSummary, RedStarted } from '../../../shared/ipc/index.js';
import { tempDir } from '../../support/sample-issuance.js';
import { createTestCipher } from '../../support/test-cipher.js';
import { BUYER_004, call, GOODS, issueBlue, waitForForm } from '../core/red-support.js';

const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
});

describe('work finished later keeps its clerk', () => {
  it('acts as the named clerk for synchronous work only, nested or failing', () => {
    const db = new Database(':memory:');
    setActor(db, () => '李开票');
    expect(actingAs(db, '钱复核', () => [actorOf(db), actingAs(db, null, () => actorOf(db)), actorOf(db)])).toEqual(['钱复核', null, '钱复核']);
    expect(() => actingAs(db, '钱复核', () => {
      throw new Error('refused');
    })).toThrow('refused');
    expect(actorOf(db)).toBe('李开票');
    db.close();
  });

  it("signs the red invoice the outbox issues from a reviewer's form with the reviewer", async () => {
    const dataDir = tempDir('fapiao-clerks-red-');
    const core = await createCore({ dataDir, appVersion: 'test', sandboxIssueDelayMs: 150, outboxBaseDelayMs: 40, outboxMaxDelayMs: 400 }, { cipher: createTestCipher() });
    cores.push(core);
    await call(core, 'clerks:add', { name: '王管理', role: 'admin', pin: '975310' });
    await call(core, 'clerks:add', { name: '钱复核', role: 'reviewer', pin: '864200' });
    await call(core, 'clerks:signOut', {});
    await call(core, 'clerks:signIn', { name: '钱复核', pin: '864200' });

    const blue = await issueBlue(core, { invoiceType: '004', ...BUYER_004, issuer: '钱复核', lines: GOODS });
    const started = await call<RedStarted>(core, 'reversal:start', { blueInvoiceId: blue.id, reason: '2', letterReason: '2', letterSubReason: 'buyer-refused', terminal: 'kpzd-01' });
    if (started.kind !== 'form') throw new Error('expected a red-letter form');
    const formDone = waitForForm(core, started.form.lsh, (f) => f.redInvoiceLsh !== null);
    // Another clerk takes the desk before the service answers.
    await call(core, 'clerks:signOut', {});
    await call(core, 'clerks:signIn', { name: '王管理', pin: '975310' });
    const form = await formDone;
    // Read from the history (the red invoice may be issued before a listener could be attached here).
    const statusOfRed = async () => (await call<InvoiceSummary[]>(core, 'history:list', {})).find((row) => row.lsh === form.redInvoiceLsh)?.status;
    await expect.poll(statusOfRed, { timeout: 120_000 }).toBe('issued');
    await core.close();
    cores.splice(0);

    const db = new Database(path.join(dataDir, HISTORY_DB_FILE), { readonly: true });
    try {
      expect(db.prepare('SELECT created_by FROM red_letter_form').all()).toEqual([{ created_by: '钱复核' }]);
      expect(db.prepare('SELECT kplx, created_by FROM issued_invoice ORDER BY id').all()).toEqual([
        { kplx: '0', created_by: '钱复核' },
        { kplx: '1', created_by: '钱复核' },
      ]);
    } finally {
      db.close();
    }
  });
});
