/**
 * The rights table covers every contract channel and nothing else, the roles nest as docs/team-ledger.md §6
 * says, the router's check refuses before the handler runs, and a PIN is kept only as a scrypt hash that a
 * wrong PIN does not match.
 */
import { describe, expect, it } from 'vitest';
import { authorizeChannel } from '../../../main/features/clerks/authorize.js';
import { hashPin, verifyPin } from '../../../main/features/clerks/pin.js';
import { createIpcRouter } from '../../../main/ipc/router.js';
import { contract, type Channel } from '../../../shared/ipc/index.js';
import { CHANNEL_RIGHTS, RIGHTS, roleHas } from '../../../shared/ipc/rights.js';
import type { SignedInClerk } from '../../../shared/ipc/schemas/clerks.js';

const session = (clerk: SignedInClerk | null, clerksExist = true) => ({ clerksExist: () => clerksExist, current: () => clerk });

describe('the rights table', () => {
  it('names a right for every channel of the contract, and only for those', () => {
    expect(Object.keys(CHANNEL_RIGHTS).sort()).toEqual(Object.keys(contract).sort());
    for (const right of Object.values(CHANNEL_RIGHTS)) expect(RIGHTS).toContain(right);
  });

  it('keeps reversals for reviewers and the desk for admins; an admin holds every right', () => {
    expect(CHANNEL_RIGHTS['reversal:start']).toBe('review');
    expect(CHANNEL_RIGHTS['issuance:submit']).toBe('issue');
    expect(CHANNEL_RIGHTS['enterprises:modify']).toBe('admin');
    expect(roleHas('issuer', 'review')).toBe(false);
    expect(roleHas('reviewer', 'issue')).toBe(true);
    expect(roleHas('reviewer', 'admin')).toBe(false);
    for (const right of RIGHTS) expect(roleHas('admin', right)).toBe(true);
  });

  it('refuses the signed-out desk and a missing right; lets everything through while no clerk exists', () => {
    const issuer = { id: 2, name: '李开票', role: 'issuer' } as const;
    expect(authorizeChannel(session(null, false), 'reversal:start')).toBeNull();
    expect(authorizeChannel(session(null), 'clerks:signIn')).toBeNull();
    expect(authorizeChannel(session(null), 'history:list')).toMatchObject({ ok: false, error: { code: 'SIGNED_OUT', key: 'auth.signedOut' } });
    expect(authorizeChannel(session(issuer), 'issuance:submit')).toBeNull();
    expect(authorizeChannel(session(issuer), 'reversal:start')).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', key: 'auth.forbidden', params: { right: 'review', role: 'issuer' } } });
  });

  it('answers the refusal through router.dispatch without running the handler', async () => {
    const ran: Channel[] = [];
    const router = createIpcRouter({ authorize: (channel) => authorizeChannel(session({ id: 2, name: '李开票', role: 'issuer' }), channel) });
    router.handle('reversal:start', () => {
      ran.push('reversal:start');
      throw new Error('must not run');
    });
    const result = await router.dispatch('reversal:start', { invoiceId: 1 });
    expect(result).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', key: 'auth.forbidden', params: { right: 'review' } } });
    expect(ran).toEqual([]);
  });
});

describe('PIN hashes', () => {
  it('matches the PIN hashed and refuses a wrong one; the hash never holds the PIN', async () => {
    const stored = await hashPin('2468');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(stored).not.toContain('2468');
    expect(await verifyPin('2468', stored)).toBe(true);
    expect(await verifyPin('2469', stored)).toBe(false);
    // Salted: the same PIN hashes differently each time.
    expect(await hashPin('2468')).not.toBe(stored);
    expect(await verifyPin('2468', 'plain-2468')).toBe(false);
  });
});
