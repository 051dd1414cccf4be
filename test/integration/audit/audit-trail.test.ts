/**
 * What the audit trail records (issue 24: "every row records who did what"), through the core's router on a
 * real desk (a real history.db, the sandbox over HTTP): each action leaves exactly one event with the right
 * actor, desk, action, record and enterprise — the first admin added (by the desk, nobody signed in yet), a
 * clerk added and their role changed and deactivated, a refused sign-in (the name typed, nobody signed in),
 * a sign-in and sign-out, an invoice submitted, an enterprise changed; 操作日志 (`audit:list`) answers them newest
 * first, filtered and paged, to an admin only; and the events are in the desk's file, as written.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, HISTORY_DB_FILE, type Core } from '../../../main/core.js';
import type { InvoiceSummary } from '../../../shared/ipc/index.js';
import { DESK_ACTOR, type AuditEvent, type AuditPage } from '../../../shared/ipc/schemas/audit.js';
import { createTestCipher } from '../../support/test-cipher.js';
import { tempDir } from '../../support/sample-issuance.js';
import { call, value } from '../clerks/support.js';

const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
});

async function start(dataDir: string): Promise<Core> {
  const core = await createCore({ dataDir, appVersion: 'test', sandboxIssueDelayMs: 100, outboxBaseDelayMs: 50 }, { cipher: createTestCipher() });
  cores.push(core);
  return core;
}

const newest = async (core: Core, filter: Record<string, unknown> = {}) => value<AuditPage>(await call(core, 'audit:list', filter));
const brief = (event: AuditEvent) => [event.action, event.actor, event.recordIds, event.enterprise];

describe('the audit trail of a desk', () => {
  it('records who did what, one event per action, and shows it to an admin newest first', async () => {
    const dataDir = tempDir('fapiao-audit-');
    const core = await start(dataDir);
    // No clerk yet: the desk itself adds the first admin, who is then signed in.
    value(await call(core, 'clerks:add', { name: '王管理', role: 'admin', pin: 'admin-pin-9' }));
    value(await call(core, 'clerks:add', { name: '李开票', role: 'issuer', pin: '246810' }));
    const clerks = value<Array<{ id: number; name: string }>>(await call(core, 'clerks:list'));
    const issuerId = clerks.find((clerk) => clerk.name === '李开票')!.id;
    const adminId = clerks.find((clerk) => clerk.name === '王管理')!.id;
    value(await call(core, 'clerks:setRole', { id: issuerId, role: 'reviewer' }));
    value(await call(core, 'clerks:signOut'));
    expect((await call(core, 'clerks:signIn', { name: '李开票', pin: '999999' })).ok).toBe(false);
    value(await call(core, 'clerks:signIn', { name: '李开票', pin: '246810' }));
    const seller = value<{ seller: { taxNumber: string } }>(await call(core, 'app:info')).seller.taxNumber;
    const invoice = value<InvoiceSummary>(
      await call(core, 'issuance:submit', {
        invoiceType: '026',
        buyerName: '杭州云栖商贸有限公司',
        lines: [{ name: '打印纸', taxCode: '1060201070000000000', quantity: '2', unitPrice: '25.00', rate: '0.13' }],
        issuer: '李开票',
      }),
    );
    // A reviewer may not read the trail: it names every clerk's work.
    const refused = await call(core, 'audit:list', {});
    expect(refused.ok ? null : refused.error.key).toBe('auth.forbidden');
    value(await call(core, 'clerks:signOut'));
    value(await call(core, 'clerks:signIn', { name: '王管理', pin: 'admin-pin-9' }));
    value(await call(core, 'clerks:setActive', { id: issuerId, active: false }));

    const page = await newest(core);
    expect(page.rows.map(brief)).toEqual([
      ['clerk.deactivated', '王管理', [String(issuerId)], null],
      ['clerk.signedIn', '王管理', [String(adminId)], null],
      ['clerk.signedOut', '李开票', [String(issuerId)], null],
      ['invoice.submitted', '李开票', [String(invoice.id)], seller],
      ['clerk.signedIn', '李开票', [String(issuerId)], null],
      ['clerk.signInRefused', DESK_ACTOR, [], null],
      ['clerk.signedOut', '王管理', [String(adminId)], null],
      ['clerk.roleChanged', '王管理', [String(issuerId)], null],
      ['clerk.created', '王管理', [String(issuerId)], null],
      ['clerk.created', DESK_ACTOR, [String(adminId)], null],
    ]);
    expect(page.total).toBe(10);
    expect(page.rows.find((e) => e.action === 'clerk.signInRefused')!.detail).toEqual({ name: '李开票', reason: 'pin' });
    expect(page.rows.find((e) => e.action === 'clerk.roleChanged')!.detail).toEqual({ name: '李开票', from: 'issuer', to: 'reviewer' });
    expect(page.rows.find((e) => e.action === 'invoice.submitted')).toMatchObject({ aggregate: 'issued_invoice', detail: { lsh: invoice.lsh, fplxdm: '026' } });
    // One desk name on every event: the name it would carry on a team ledger, kept in its settings.
    const desks = new Set(page.rows.map((e) => e.desk));
    expect(desks.size).toBe(1);
    expect([...desks][0]).toMatch(/-[0-9a-f]{8}$/);

    // Filters and keyset pages.
    expect((await newest(core, { actor: '李开票' })).rows.map((e) => e.action)).toEqual(['clerk.signedOut', 'invoice.submitted', 'clerk.signedIn']);
    expect((await newest(core, { action: 'clerk.created' })).total).toBe(2);
    expect((await newest(core, { enterprise: seller })).rows).toHaveLength(1);
    const first = await newest(core, { limit: 4 });
    expect(first.next).not.toBeNull();
    const second = await newest(core, { limit: 4, cursor: first.next });
    const third = await newest(core, { limit: 4, cursor: second.next });
    expect(third.next).toBeNull();
    expect([...first.rows, ...second.rows, ...third.rows]).toEqual(page.rows);
    expect((await newest(core, { from: page.rows[0]!.at })).rows.map((e) => e.action)).toContain('clerk.deactivated');
    const bad = await call(core, 'audit:list', { cursor: 'nonsense' });
    expect(bad.ok ? null : bad.error.key).toBe('audit.badCursor');

    // The events are rows of the desk's own file, kept as the migration says.
    const file = new Database(path.join(dataDir, HISTORY_DB_FILE), { readonly: true });
    try {
      expect(file.prepare(`SELECT count(*) AS n FROM audit_event`).get()).toEqual({ n: 10 });
      expect(file.prepare(`SELECT record_ids, enterprise FROM audit_event WHERE action = 'invoice.submitted'`).get()).toEqual({ record_ids: `["${invoice.id}"]`, enterprise: seller });
    } finally {
      file.close();
    }
  });
});
