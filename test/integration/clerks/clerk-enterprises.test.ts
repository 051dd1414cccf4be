/**
 * An agency's admin keeps a clerk to some enterprises (issue 34 point 2), on the desk's own SQLite ledger
 * through the core's router, as the hosts dispatch: `clerks:setEnterprises` (admin only, audited) lists them on
 * the clerk; signed in, that clerk is offered only those enterprises, cannot switch to another, and while the
 * desk still acts for another one every channel but choosing an enterprise (and signing out) answers
 * auth.enterprise; switched to one of theirs, they work; an empty list gives every enterprise back. (A team
 * ledger holds the same limit in the database: test/integration/team-ledger/attacker.test.ts.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import { DEMO_ENTERPRISE } from '../../../sandbox/index.js';
import { createTestCipher } from '../../support/test-cipher.js';
import { tempDir } from '../../support/sample-issuance.js';
import { OTHER } from '../team-ledger/support/desk-ledger.js';
import { call, refusal, value } from './support.js';

const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
});

interface Choices {
  active: { taxNumber: string };
  choices: Array<{ taxNumber: string }>;
}

describe('a clerk kept to some enterprises, in main', () => {
  it('is offered and may act for only those, and gets every one back with an empty list', async () => {
    const core = await createCore({ dataDir: tempDir('fapiao-clerk-enterprises-'), appVersion: 'test' }, { cipher: createTestCipher() });
    cores.push(core);
    value(await call(core, 'clerks:add', { name: '王管理', role: 'admin', pin: 'admin-pin-9' }));
    value(await call(core, 'enterprises:initialise', OTHER));
    value(await call(core, 'clerks:add', { name: '周开票', role: 'issuer', pin: '246810' }));
    const id = value<Array<{ id: number; name: string }>>(await call(core, 'clerks:list')).find((clerk) => clerk.name === '周开票')!.id;
    const limited = value<Array<{ name: string; enterprises: string[] }>>(await call(core, 'clerks:setEnterprises', { id, enterprises: [OTHER.taxNumber] }));
    expect(limited.find((clerk) => clerk.name === '周开票')?.enterprises).toEqual([OTHER.taxNumber]);

    // The desk acts for the demo enterprise; 周开票 signs in and may do nothing there but switch.
    value(await call(core, 'clerks:signIn', { name: '周开票', pin: '246810' }));
    expect(value<Choices>(await call(core, 'enterprises:choices')).choices.map((c) => c.taxNumber)).toEqual([OTHER.taxNumber]);
    expect(refusal(await call(core, 'history:list', {}))).toEqual({ code: 'FORBIDDEN', key: 'auth.enterprise', params: { enterprise: DEMO_ENTERPRISE.taxNumber, channel: 'history:list' } });
    expect(refusal(await call(core, 'customers:save', { ghdwmc: '不该写' }))).toMatchObject({ code: 'FORBIDDEN', key: 'auth.enterprise' });
    expect(refusal(await call(core, 'enterprises:activate', { taxNumber: DEMO_ENTERPRISE.taxNumber }))).toMatchObject({ code: 'FORBIDDEN', key: 'auth.enterprise', params: { enterprise: DEMO_ENTERPRISE.taxNumber } });
    value(await call(core, 'enterprises:activate', { taxNumber: OTHER.taxNumber }));
    expect((await call(core, 'history:list', {})).ok).toBe(true);

    // The admin lifts the limit; the change is in the audit trail.
    value(await call(core, 'clerks:signIn', { name: '王管理', pin: 'admin-pin-9' }));
    value(await call(core, 'clerks:setEnterprises', { id, enterprises: [] }));
    const events = value<{ rows: Array<{ action: string; detail: unknown }> }>(await call(core, 'audit:list', { action: 'clerk.enterprisesChanged' }));
    expect(events.rows.map((e) => e.detail)).toEqual([
      { name: '周开票', enterprises: [] },
      { name: '周开票', enterprises: [OTHER.taxNumber] },
    ]);
    value(await call(core, 'clerks:signIn', { name: '周开票', pin: '246810' }));
    expect(refusal(await call(core, 'clerks:setEnterprises', { id, enterprises: [] }))).toMatchObject({ code: 'FORBIDDEN', key: 'auth.forbidden' });
    value(await call(core, 'enterprises:activate', { taxNumber: DEMO_ENTERPRISE.taxNumber }));
    expect((await call(core, 'history:list', {})).ok).toBe(true);
  });
});
