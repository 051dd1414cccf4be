/**
 * Clerks and rights through the core's router, as the hosts dispatch (issue 24 point 5): a desk without clerks
 * works as before; the first clerk must be an admin; after a restart the desk is signed out and only the open
 * channels answer; an issuer's invoice is signed with the issuer's name (kpr and created_by) while a reviewer's
 * or an admin's channel answers auth.forbidden naming the missing right; PINs are stored only as scrypt hashes.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, HISTORY_DB_FILE, type Core } from '../../../main/core.js';
import type { InvoiceSummary } from '../../../shared/ipc/index.js';
import { issuedEvent as issued } from '../../support/core-events.js';
import { createTestCipher } from '../../support/test-cipher.js';
import { tempDir } from '../../support/sample-issuance.js';
import { call, refusal, value } from './support.js';

const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
});

async function start(dataDir: string): Promise<Core> {
  const core = await createCore({ dataDir, appVersion: 'test', sandboxIssueDelayMs: 100, outboxBaseDelayMs: 50 }, { cipher: createTestCipher() });
  cores.push(core);
  return core;
}

async function restart(core: Core, dataDir: string): Promise<Core> {
  await core.close();
  cores.splice(cores.indexOf(core), 1);
  return start(dataDir);
}

const draft = {
  invoiceType: '026',
  buyerName: '杭州云栖商贸有限公司',
  lines: [{ name: '打印纸', taxCode: '1060201070000000000', quantity: '2', unitPrice: '25.00', rate: '0.13' }],
};

describe('clerks and rights in main', () => {
  it('without clerks the desk works as before: one implicit clerk with every right', async () => {
    const core = await start(tempDir('fapiao-clerks-'));
    expect(value(await call(core, 'clerks:session'))).toEqual({ clerksExist: false, clerk: null });
    expect(value<{ issuer: string }>(await call(core, 'app:info')).issuer).toBe('开票员');
    expect((await call(core, 'enterprises:list', {})).ok).toBe(true);
    // An admin channel answers too (and refuses only on its own rules).
    expect((await call(core, 'teamLedger:get')).ok).toBe(true);
    // The first clerk must be an admin.
    expect(refusal(await call(core, 'clerks:add', { name: '李开票', role: 'issuer', pin: '123456' }))).toMatchObject({ key: 'clerks.firstMustBeAdmin' });
    expect(value(await call(core, 'clerks:session'))).toEqual({ clerksExist: false, clerk: null });
  });

  it('signs work by the clerk, refuses what the role lacks and the signed-out desk', async () => {
    const dataDir = tempDir('fapiao-clerks-');
    let core = await start(dataDir);
    const first = value<{ clerk: { name: string; role: string } }>(await call(core, 'clerks:add', { name: '王管理', role: 'admin', pin: 'admin-pin-9' }));
    expect(first.clerk).toMatchObject({ name: '王管理', role: 'admin' });
    value(await call(core, 'clerks:add', { name: '李开票', role: 'issuer', pin: '246810' }));
    expect(refusal(await call(core, 'clerks:add', { name: '李开票', role: 'reviewer', pin: '135790' }))).toMatchObject({ key: 'clerks.nameTaken' });

    // A restart starts signed out: only the open channels answer.
    core = await restart(core, dataDir);
    expect(value(await call(core, 'clerks:session'))).toEqual({ clerksExist: true, clerk: null });
    expect((await call(core, 'app:info')).ok).toBe(true);
    expect(refusal(await call(core, 'history:list', {}))).toEqual({ code: 'SIGNED_OUT', key: 'auth.signedOut', params: { right: 'read', channel: 'history:list' } });
    expect(refusal(await call(core, 'issuance:submit', draft))).toMatchObject({ code: 'SIGNED_OUT' });
    // A wrong PIN and an unknown name get the same answer.
    expect(refusal(await call(core, 'clerks:signIn', { name: '李开票', pin: '000000' }))).toMatchObject({ code: 'VALIDATION_FAILED', key: 'clerks.signInRefused' });
    expect(refusal(await call(core, 'clerks:signIn', { name: '无此人', pin: '246810' }))).toMatchObject({ key: 'clerks.signInRefused' });
    expect(value(await call(core, 'clerks:signIn', { name: '李开票', pin: '246810' }))).toMatchObject({ clerk: { name: '李开票', role: 'issuer' } });

    // The issuer issues; 开票人 defaults to the clerk and the row says who made it.
    expect(value<{ issuer: string }>(await call(core, 'app:info')).issuer).toBe('李开票');
    const queued = value<InvoiceSummary>(await call(core, 'issuance:submit', { ...draft, issuer: '李开票' }));
    const done = issued(core, queued.lsh);
    await done;
    const detail = value<{ clerk: string | null; issuer: string | null }>(await call(core, 'history:detail', { id: queued.id }));
    expect(detail).toMatchObject({ clerk: '李开票', issuer: '李开票' });
    value(await call(core, 'customers:save', { name: '签名测试客户' }));
    value(await call(core, 'templates:save', { name: '月结', invoiceType: '026', buyerName: '签名测试客户', content: {} }));

    // What the issuer's role lacks is refused before any handler runs, naming the right.
    for (const [channel, right] of [
      ['reversal:start', 'review'],
      ['reversal:issueFromForm', 'review'],
      ['enterprises:initialise', 'admin'],
      ['enterprises:modify', 'admin'],
      ['clerks:list', 'admin'],
      ['teamLedger:save', 'admin'],
      ['ledger:restore', 'admin'],
    ] as const) {
      expect(refusal(await call(core, channel, { anything: 1 }))).toEqual({ code: 'FORBIDDEN', key: 'auth.forbidden', params: { right, role: 'issuer', channel } });
    }

    // Signing out closes the desk again; the admin may then manage the team.
    value(await call(core, 'clerks:signOut'));
    expect(refusal(await call(core, 'customers:list', {}))).toMatchObject({ code: 'SIGNED_OUT' });
    value(await call(core, 'clerks:signIn', { name: '王管理', pin: 'admin-pin-9' }));
    const team = value<Array<{ name: string; role: string; createdBy: string | null }>>(await call(core, 'clerks:list'));
    expect(team.map((c) => [c.name, c.role, c.createdBy])).toEqual([
      ['李开票', 'issuer', '王管理'],
      ['王管理', 'admin', null],
    ]);
    // The last active admin stays one.
    const admin = team.find((c) => c.name === '王管理') as unknown as { id: number };
    expect(refusal(await call(core, 'clerks:setRole', { id: admin.id, role: 'issuer' }))).toMatchObject({ key: 'clerks.lastAdmin' });
    await core.close();
    cores.splice(cores.indexOf(core), 1);

    const db = new Database(path.join(dataDir, HISTORY_DB_FILE), { readonly: true });
    try {
      expect(db.prepare('SELECT created_by, updated_by FROM issued_invoice').all()).toEqual([{ created_by: '李开票', updated_by: '李开票' }]);
      expect(db.prepare('SELECT created_by FROM customer').all()).toEqual([{ created_by: '李开票' }]);
      expect(db.prepare('SELECT created_by FROM invoice_template').all()).toEqual([{ created_by: '李开票' }]);
      // Only scrypt hashes: never the PIN itself.
      const hashes = db.prepare('SELECT name, pin_hash FROM clerk ORDER BY id').all() as Array<{ name: string; pin_hash: string }>;
      for (const { pin_hash } of hashes) expect(pin_hash).toMatch(/^scrypt\$16384\$8\$1\$[\w+/=]+\$[\w+/=]+$/);
      expect(hashes.some((h) => h.pin_hash.includes('246810') || h.pin_hash.includes('admin-pin-9'))).toBe(false);
    } finally {
      db.close();
    }
  });
});
