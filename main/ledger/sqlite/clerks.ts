/**
 * The clerk store of the SQLite ledger (main/features/clerks/store.ts): the desk's clerk repo, each call settled,
 * and the PIN checks main makes on the desk's own file — scrypt (pin.ts), off the event loop, before or outside
 * any transaction. A desk has no session to bind: signing in and out changes nothing here.
 *
 * Wrong PINs follow the rule the team ledger's fapiao_sign_in holds (pg migration 17), kept in clerk_lockout: a
 * try is counted *before* its PIN is checked — in the same turn of the event loop as the check that the name is
 * neither locked nor waiting, so tries at once each count and a crash mid-check still counts — and a good PIN
 * clears the count. After the n-th wrong PIN in a row the name waits refusalDelayMs(n) before its next PIN is
 * even looked at; the fifth locks it, recorded as one `clerk.lockedOut` event, until an admin unlocks it.
 * Unknown names go the same way, their PIN checked against a hash no PIN matches.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/open.js';
import type { AuditStore } from '../../features/audit/store.js';
import { hashPin, verifyPin } from '../../features/clerks/pin.js';
import { createClerkRepo } from '../../features/clerks/repo.js';
import { MAX_WRONG_TRIES, refusalDelayMs } from '../../features/clerks/sign-in-rule.js';
import type { ClerkStore, PreparedPin, SignInAnswer } from '../../features/clerks/store.js';
import { settledCall, settledRepo } from './settled.js';

export function sqliteClerkStore(db: Db, audit: (connection: () => unknown) => AuditStore): (connection: () => unknown) => ClerkStore {
  const repo = createClerkRepo(db);
  // An unknown name is checked against this hash, so it costs the scrypt work of a known one.
  let unknownNameHash: Promise<string> | undefined;
  return (connection) => {
    const { pinHashOf, insert, setPin, tries: _tries, countTry: _count, lock: _lock, clearTries: _clear, unlock, ...reads } = settledRepo(repo, connection);
    const checked = async (id: number | null, pin: string) =>
      verifyPin(pin, (id === null ? null : await pinHashOf(id)) ?? (await (unknownNameHash ??= hashPin(randomUUID()))));

    /** One PIN typed for `name`, by the rule above; `matches` checks it (only when the name may be tried). */
    async function judge(name: string, matches: () => Promise<boolean>): Promise<Exclude<SignInAnswer, { ok: true }> | { ok: true }> {
      connection();
      const now = Date.now();
      const before = repo.tries(name);
      if (before?.locked_at) return { ok: false, reason: 'locked', retryAfterMs: null };
      if (before && before.failures > 0) {
        const left = Date.parse(before.last_try_at) + refusalDelayMs(before.failures) - now;
        if (left > 0) return { ok: false, reason: 'wait', retryAfterMs: left };
      }
      const counted = repo.countTry(name, new Date(now).toISOString());
      if (await matches()) {
        repo.clearTries(name);
        return { ok: true };
      }
      if (counted.failures < MAX_WRONG_TRIES) return { ok: false, reason: 'pin', retryAfterMs: refusalDelayMs(counted.failures) };
      if (repo.lock(name, new Date().toISOString())) {
        const clerk = repo.byName(name);
        await audit(connection).append({
          action: 'clerk.lockedOut',
          aggregate: 'clerk',
          recordIds: clerk ? [String(clerk.id)] : [],
          detail: { name, failures: counted.failures, known: clerk !== null },
        });
      }
      return { ok: false, reason: 'locked', retryAfterMs: null };
    }

    return {
      ...reads,
      unlock,
      preparePin: async (pin): Promise<PreparedPin> => ({ prepared: await hashPin(pin) }),
      insert: (clerk, by, now) => insert({ name: clerk.name, role: clerk.role, pinHash: clerk.pin.prepared }, by, now),
      setPin: (id, pin, by, now) => setPin(id, pin.prepared, by, now),
      async signIn(name, pin) {
        const clerk = await reads.byName(name);
        const verdict = await judge(name, () => checked(clerk?.id ?? null, pin));
        if (!verdict.ok) return verdict;
        if (!clerk) return { ok: false, reason: 'pin', retryAfterMs: null };
        if (!clerk.active) return { ok: false, reason: 'inactive', retryAfterMs: null };
        return { ok: true, clerk };
      },
      signOut: () => settledCall(connection, () => undefined),
      sessionHolds: () => settledCall(connection, () => true),
      async changeOwnPin(id, current, next, now) {
        const clerk = await reads.byId(id);
        if (!clerk) return 'wrong';
        // The current PIN is a try like a sign-in's: someone at a desk left signed in cannot guess it either.
        const verdict = await judge(clerk.name, () => checked(id, current));
        if (!verdict.ok) return verdict.reason === 'wait' ? { wait: verdict.retryAfterMs ?? 1000 } : verdict.reason === 'locked' ? 'locked' : 'wrong';
        await setPin(id, next.prepared, clerk.name, now);
        return 'changed';
      },
    };
  };
}
