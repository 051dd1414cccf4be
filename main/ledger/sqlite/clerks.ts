/**
 * The clerk store of the SQLite ledger (main/features/clerks/store.ts): the desk's clerk repo, each call settled,
 * and the PIN checks main makes on the desk's own file — scrypt (pin.ts), off the event loop, before or outside
 * any transaction. A desk has no session to bind: signing in and out changes nothing here.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/open.js';
import { hashPin, verifyPin } from '../../features/clerks/pin.js';
import { createClerkRepo } from '../../features/clerks/repo.js';
import type { ClerkStore, PreparedPin } from '../../features/clerks/store.js';
import { settledCall, settledRepo } from './settled.js';

export function sqliteClerkStore(db: Db): (connection: () => unknown) => ClerkStore {
  const repo = createClerkRepo(db);
  // An unknown name is checked against this hash, so it costs the scrypt work of a known one.
  let unknownNameHash: Promise<string> | undefined;
  return (connection) => {
    const { pinHashOf, insert, setPin, ...reads } = settledRepo(repo, connection);
    const checked = async (id: number | null, pin: string) =>
      verifyPin(pin, (id === null ? null : await pinHashOf(id)) ?? (await (unknownNameHash ??= hashPin(randomUUID()))));
    return {
      ...reads,
      preparePin: async (pin): Promise<PreparedPin> => ({ prepared: await hashPin(pin) }),
      insert: (clerk, by, now) => insert({ name: clerk.name, role: clerk.role, pinHash: clerk.pin.prepared }, by, now),
      setPin: (id, pin, by, now) => setPin(id, pin.prepared, by, now),
      async signIn(name, pin) {
        const clerk = await reads.byName(name);
        const matches = await checked(clerk?.id ?? null, pin);
        if (!clerk || !matches) return { ok: false, reason: 'pin', retryAfterMs: null };
        if (!clerk.active) return { ok: false, reason: 'inactive', retryAfterMs: null };
        return { ok: true, clerk };
      },
      signOut: () => settledCall(connection, () => undefined),
      unlock: () => settledCall(connection, () => false),
      sessionHolds: () => settledCall(connection, () => true),
      async changeOwnPin(id, current, next, now) {
        const clerk = await reads.byId(id);
        if (!clerk || !(await checked(id, current))) return false;
        return setPin(id, next.prepared, clerk.name, now);
      },
    };
  };
}
