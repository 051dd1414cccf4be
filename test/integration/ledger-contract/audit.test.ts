/**
 * The ledger port's contract for the audit trail (main/features/audit/store.ts) on both adapters — a real
 * SQLite history.db and a real PostgreSQL team ledger: events appended signed by the acting clerk (or the
 * desk code when none is) at the desk, read back newest first with ties by id, filtered by clerk, action,
 * enterprise and time range, paged by keyset on (at, id) and counted — the same rows in the same order on
 * both; the same refusals of a bad event with nothing written; an event committed or rolled back with the
 * transaction of the write it records.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntryError, type AuditEntry } from '../../../main/features/audit/store.js';
import type { Ledger } from '../../../main/ledger/port.js';
import { DESK_ACTOR, type AuditEvent } from '../../../shared/ipc/schemas/audit.js';
import { ledgerDatabases, type LedgerFixture } from './adapters.js';

const SELLER = '91310000MA1K000001';
const OTHER = '91330203MA2AB3CD4E';
const at = (minute: number) => `2026-11-27T08:${String(minute).padStart(2, '0')}:00.000Z`;

/** Every page of `filter` through the keyset, `size` at a time. */
async function walk(ledger: Ledger, size: number, filter: Parameters<Ledger['audit']['count']>[0] = {}): Promise<AuditEvent[]> {
  const seen: AuditEvent[] = [];
  for (;;) {
    const last = seen.at(-1);
    const page = await ledger.audit.list({ ...filter, limit: size, ...(last ? { before: { at: last.at, id: last.id } } : {}) });
    seen.push(...page);
    if (page.length < size) return seen;
  }
}

describe.each(ledgerDatabases())('the audit store on %s', (_name, makeFixture) => {
  let fixture: LedgerFixture;
  beforeAll(async () => {
    fixture = await makeFixture();
  });
  afterEach(() => fixture.reset());
  afterAll(() => fixture.close());

  it('appends events signed by the acting clerk at the desk and lists them newest first, filtered, paged and counted', async () => {
    let clerk: string | null = '王管理';
    // The events' times are given here, to page over fixed times: on PostgreSQL only the team's owner may write
    // them (a desk's login gets the server's actor, desk and time: test/integration/team-ledger/attacker.test.ts).
    const ledger = await fixture.open({ desk: 'desk-a', actor: () => clerk, owner: true });
    const append = (entry: AuditEntry) => ledger.audit.append(entry);
    const first = await append({ action: 'clerk.signedIn', aggregate: 'clerk', recordIds: ['1'], at: at(0) });
    await append({ action: 'enterprise.added', aggregate: 'enterprise', recordIds: ['7'], enterprise: OTHER, detail: { name: '宁波海曙五金有限公司' }, at: at(1) });
    clerk = '李开票';
    // Two events in the same millisecond: the later id comes first.
    await append({ action: 'invoice.submitted', aggregate: 'issued_invoice', recordIds: ['11'], enterprise: SELLER, detail: { lsh: 'L1', fplxdm: '026' }, at: at(2) });
    await append({ action: 'invoice.submitted', aggregate: 'issued_invoice', recordIds: ['12'], enterprise: SELLER, detail: { lsh: 'L2', fplxdm: '026' }, at: at(2) });
    await append({ action: 'invoice.printed', aggregate: 'issued_invoice', recordIds: ['11'], enterprise: SELLER, at: '2026-11-27T16:03:00+08:00' });
    clerk = null;
    await append({ action: 'clerk.signInRefused', aggregate: 'clerk', detail: { name: '无此人' }, at: at(4) });
    expect(first).toBeGreaterThan(0);

    const all = await ledger.audit.list({ limit: 50 });
    expect(all.map((e) => [e.action, e.recordIds, e.actor, e.at])).toEqual([
      ['clerk.signInRefused', [], DESK_ACTOR, at(4)],
      ['invoice.printed', ['11'], '李开票', at(3)],
      ['invoice.submitted', ['12'], '李开票', at(2)],
      ['invoice.submitted', ['11'], '李开票', at(2)],
      ['enterprise.added', ['7'], '王管理', at(1)],
      ['clerk.signedIn', ['1'], '王管理', at(0)],
    ]);
    expect(all[2]).toEqual({
      id: expect.any(Number) as number,
      at: at(2),
      actor: '李开票',
      desk: 'desk-a',
      action: 'invoice.submitted',
      aggregate: 'issued_invoice',
      recordIds: ['12'],
      enterprise: SELLER,
      detail: { lsh: 'L2', fplxdm: '026' },
    });
    expect(all.at(-1)).toMatchObject({ id: first, enterprise: null, detail: null });

    // Every page size walks the same rows in the same order.
    for (const size of [1, 2, 4]) expect(await walk(ledger, size)).toEqual(all);
    expect((await walk(ledger, 1, { actor: '李开票' })).map((e) => e.recordIds[0])).toEqual(['11', '12', '11']);
    expect((await ledger.audit.list({ action: 'invoice.submitted', limit: 10 })).map((e) => e.detail?.lsh)).toEqual(['L2', 'L1']);
    expect((await ledger.audit.list({ enterprise: OTHER, limit: 10 })).map((e) => e.action)).toEqual(['enterprise.added']);
    // A time range: from inclusive, to exclusive, any zone.
    expect((await ledger.audit.list({ from: at(1), to: '2026-11-27T16:03:00+08:00', limit: 10 })).map((e) => e.at)).toEqual([at(2), at(2), at(1)]);
    expect((await ledger.audit.list({ actor: DESK_ACTOR, limit: 10 })).map((e) => e.action)).toEqual(['clerk.signInRefused']);
    expect(await ledger.audit.count({})).toBe(6);
    expect(await ledger.audit.count({ actor: '李开票', enterprise: SELLER })).toBe(3);
    expect(await ledger.audit.count({ from: at(2), to: at(3) })).toBe(2);
    expect(await ledger.audit.count({ action: 'clerk.created' })).toBe(0);
  });

  it('refuses a bad event the same way, writing nothing', async () => {
    const ledger = await fixture.open({ desk: 'desk-a', actor: () => '王管理' });
    const bad: Array<[string, AuditEntry]> = [
      ['action', { action: 'clerk.vanished' as AuditEntry['action'], aggregate: 'clerk' }],
      ['aggregate', { action: 'clerk.created', aggregate: '' }],
      ['aggregate', { action: 'clerk.created', aggregate: 'x'.repeat(61) }],
      ['recordIds', { action: 'clerk.created', aggregate: 'clerk', recordIds: [''] }],
      ['recordIds', { action: 'clerk.created', aggregate: 'clerk', recordIds: ['a\u0000b'] }],
      ['recordIds', { action: 'clerk.created', aggregate: 'clerk', recordIds: Array.from({ length: 501 }, (_, i) => String(i)) }],
      ['enterprise', { action: 'clerk.created', aggregate: 'clerk', enterprise: 'x'.repeat(41) }],
      ['detail', { action: 'clerk.created', aggregate: 'clerk', detail: ['a'] as unknown as Record<string, unknown> }],
      ['detail', { action: 'clerk.created', aggregate: 'clerk', detail: { note: 'x'.repeat(4000) } }],
      ['detail', { action: 'clerk.created', aggregate: 'clerk', detail: { note: 'a\u0000b' } }],
      ['at', { action: 'clerk.created', aggregate: 'clerk', at: '27.11.2026' }],
      ['at', { action: 'clerk.created', aggregate: 'clerk', at: '2026-02-30T08:00:00Z' }],
    ];
    for (const [field, entry] of bad) {
      const refused = await ledger.audit.append(entry).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused, field).toBeInstanceOf(AuditEntryError);
      expect((refused as AuditEntryError).field).toBe(field);
    }
    const deskless = await fixture.open({ desk: '', actor: () => '王管理' });
    await expect(deskless.audit.append({ action: 'clerk.created', aggregate: 'clerk' })).rejects.toMatchObject({ field: 'desk' });
    await expect(ledger.audit.list({ from: 'yesterday', limit: 5 })).rejects.toBeInstanceOf(AuditEntryError);
    expect(await ledger.audit.count({})).toBe(0);
    expect(await fixture.query('SELECT id FROM audit_event')).toEqual([]);
  });

  it('commits an event with the write it records, and rolls it back with it', async () => {
    const ledger = await fixture.open({ desk: 'desk-a', actor: () => '王管理' });
    // As at a desk: an admin signed in adds a clerk (on PostgreSQL the session is what signs the event).
    await ledger.clerks.insert({ name: '王管理', role: 'admin', pin: await ledger.clerks.preparePin('2468') }, null, at(0));
    expect(await ledger.clerks.signIn('王管理', '2468')).toMatchObject({ ok: true });
    const pin = await ledger.clerks.preparePin('1357');
    await expect(
      ledger.transaction(async (tx) => {
        const id = await tx.clerks.insert({ name: '李开票', role: 'issuer', pin }, '王管理', at(0));
        await tx.audit.append({ action: 'clerk.created', aggregate: 'clerk', recordIds: [String(id)], detail: { name: '李开票', role: 'issuer' } });
        throw new Error('the write failed after its event');
      }),
    ).rejects.toThrow('the write failed');
    expect(await ledger.audit.count({})).toBe(0);
    const id = await ledger.transaction(async (tx) => {
      const added = await tx.clerks.insert({ name: '李开票', role: 'issuer', pin }, '王管理', at(0));
      await tx.audit.append({ action: 'clerk.created', aggregate: 'clerk', recordIds: [String(added)], detail: { role: 'issuer' } });
      return added;
    });
    const [event] = await ledger.audit.list({ limit: 5 });
    expect(event).toMatchObject({ action: 'clerk.created', actor: '王管理', recordIds: [String(id)], detail: { role: 'issuer' } });
    // The store's clock, to the millisecond, as the desk writes its times.
    expect(event!.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
});
