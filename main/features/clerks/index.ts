/**
 * Clerks who sign their work (issue 24 point 5, docs/team-ledger.md §6): who works at the desk and in which
 * role, who is signed in, and the rights check the IPC router runs before every handler (authorize.ts with
 * shared/ipc/rights.ts). PINs are kept as scrypt hashes only (pin.ts). The signed-in clerk's name signs the
 * rows other features write (main/db/actor.ts) and is the default 开票人 of the issuance form.
 *
 * While no clerk exists the desk works as before (one implicit clerk with every right); the first clerk must be
 * an admin, and adding them signs them in. A restart (or a restore, which reopens the core) starts signed out.
 *
 * The clerks are read and written through the ledger port only (`ledger.clerks`, store.ts): on a team ledger
 * every desk signs in against the same clerks. The rights check stays cheap: it reads this desk's session
 * (who is signed in, whether clerks exist), kept in memory — loaded at start and refreshed whenever the
 * session is asked for, a clerk signs in or the clerks change, here or at another desk of the team (a `clerk`
 * change on the feed: a desk still open to all because it had no clerk, or a clerk deactivated or given another
 * role elsewhere, is held to it at once) — never a query per call. `db` is only the
 * key the desk's signed-in name is kept under for the writers (main/db/actor.ts), no table of it is read.
 */
import { randomUUID } from 'node:crypto';
import { IpcFailure, type Channel, type IpcResult } from '../../../shared/ipc/index.js';
import type { ChangeAction } from '../../../shared/ipc/schemas/changes.js';
import type { ClerkRole, ClerkSession, SignedInClerk } from '../../../shared/ipc/schemas/clerks.js';
import { setActor } from '../../db/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Feature, FeatureDeps } from '../feature.js';
import { authorizeChannel } from './authorize.js';
import { hashPin, verifyPin } from './pin.js';
import { createSignInGuard } from './sign-in-guard.js';
import type { StoredClerk } from './store.js';

export interface ClerksApi {
  /** The router's check (main/ipc/router.ts): null lets the call through, else the refusal to answer. */
  authorize(channel: Channel): IpcResult<never> | null;
  /** The signed-in clerk, or null (nobody signed in, or a desk without clerks). */
  current(): SignedInClerk | null;
}

export interface ClerksDeps extends Pick<FeatureDeps, 'db' | 'ledger' | 'now' | 'changes'> {
  /** The wait before a refused PIN is answered (sign-in-guard.ts's refusalDelayMs when absent). */
  signInDelayMs?: (failures: number) => number;
}

export function createClerksFeature(deps: ClerksDeps): Feature<ClerksApi> & { api: ClerksApi } {
  const { ledger } = deps;
  const store = ledger.clerks;
  // Closed until start() has read the ledger: no call reaches a handler before that (core.ts starts first).
  let clerksExist = true;
  let current: SignedInClerk | null = null;
  setActor(deps.db, () => current?.name ?? null);

  let unknownNameHash: Promise<string> | undefined;
  const dummyHash = () => (unknownNameHash ??= hashPin(randomUUID()));
  // Counts, delays and locks every PIN typed (sign-in-guard.ts); each lock is an audit event.
  const guard = createSignInGuard({
    store: () => store,
    now: deps.now,
    ...(deps.signInDelayMs ? { delayMs: deps.signInDelayMs } : {}),
    onLocked: async (name, tries) => {
      const clerk = await store.byName(name);
      await recordAudit(deps, {
        action: 'clerk.lockedOut',
        aggregate: 'clerk',
        recordIds: clerk ? [String(clerk.id)] : [],
        detail: { name, failures: tries.failures, known: clerk !== null },
      });
      if (clerk) announce('updated', clerk.id);
    },
  });
  const session = (): ClerkSession => ({ clerksExist, clerk: current });
  const now = () => deps.now().toISOString();
  const signIn = (clerk: StoredClerk) => {
    current = { id: clerk.id, name: clerk.name, role: clerk.role };
  };
  const found = async (clerks: typeof store, id: number): Promise<StoredClerk> => {
    const clerk = await clerks.byId(id);
    if (!clerk) throw new IpcFailure('NOT_FOUND', 'clerks.notFound', { id });
    return clerk;
  };
  // The desk must keep someone who can manage it: the last active admin is neither demoted nor deactivated.
  const keepAnAdmin = async (clerks: typeof store, clerk: StoredClerk, role: ClerkRole, active: boolean) => {
    if (clerk.role === 'admin' && clerk.active && (role !== 'admin' || !active) && (await clerks.activeAdmins()) <= 1) {
      throw new IpcFailure('VALIDATION_FAILED', 'clerks.lastAdmin', { name: clerk.name });
    }
  };
  // A change to the signed-in clerk takes effect at once: a new role, or signed out when deactivated (also
  // when made at another desk of the team, seen at the next session read).
  const refresh = async () => {
    clerksExist = (await store.count()) > 0;
    if (current === null) return;
    const clerk = await store.byId(current.id);
    if (clerk?.active) signIn(clerk);
    else current = null;
  };

  const announce = (action: ChangeAction, id: number) => deps.changes.publish({ aggregate: 'clerk', action, ids: [String(id)], enterprise: null });

  return {
    name: 'clerks',
    ledger: 'port',
    start: refresh,
    // Another desk's change to the clerks (or the whole ledger, after a lost connection): this desk's rights
    // check follows now, not at its page's next session read. A failed read keeps what was known; the next
    // session read or change tries again.
    on: {
      'ledger:changed': (change) => {
        if (change.origin.kind === 'remote' && (change.aggregate === 'clerk' || change.aggregate === 'ledger')) refresh().catch(() => undefined);
      },
    },
    api: { authorize: (channel) => authorizeChannel({ clerksExist: () => clerksExist, current: () => current }, channel), current: () => current },
    registerIpc(router) {
      router.handle('clerks:session', async () => {
        await refresh();
        return session();
      });
      router.handle('clerks:signIn', async ({ name, pin }) => {
        const clerk = await store.byName(name);
        // An unknown name and a wrong PIN get the same answer, after the same scrypt work and the same count,
        // delay and lock (sign-in-guard.ts): neither the screen nor the time it takes tells which names exist.
        const verdict = await guard.attempt(name, async () => verifyPin(pin, clerk?.pinHash ?? (await dummyHash())));
        // A refusal is evidence too (someone tried a name): signed by whoever is at the desk, the name typed kept.
        const refuse = async (key: string, reason: 'pin' | 'inactive' | 'locked') => {
          await recordAudit(deps, { action: 'clerk.signInRefused', aggregate: 'clerk', detail: { name, reason } });
          return new IpcFailure('VALIDATION_FAILED', key, reason === 'pin' ? {} : { name }, { details: { field: reason === 'pin' ? 'pin' : 'name' } });
        };
        if (verdict === 'locked') throw await refuse('clerks.locked', 'locked');
        if (!clerk || verdict !== 'ok') throw await refuse('clerks.signInRefused', 'pin');
        if (!clerk.active) throw await refuse('clerks.inactive', 'inactive');
        clerksExist = true;
        signIn(clerk);
        await recordAudit(deps, { action: 'clerk.signedIn', aggregate: 'clerk', recordIds: [String(clerk.id)] });
        return session();
      });
      router.handle('clerks:signOut', async () => {
        if (current !== null) await recordAudit(deps, { action: 'clerk.signedOut', aggregate: 'clerk', recordIds: [String(current.id)] });
        current = null;
        return session();
      });
      router.handle('clerks:list', () => store.list());
      router.handle('clerks:add', async ({ name, role, pin }) => {
        const pinHash = await hashPin(pin);
        const added = await ledger.transaction(async (tx) => {
          if (await tx.clerks.byName(name)) throw new IpcFailure('VALIDATION_FAILED', 'clerks.nameTaken', { name }, { details: { field: 'name' } });
          const isFirst = (await tx.clerks.count()) === 0;
          if (isFirst && role !== 'admin') throw new IpcFailure('VALIDATION_FAILED', 'clerks.firstMustBeAdmin', {}, { details: { field: 'role' } });
          const id = await tx.clerks.insert({ name, role, pinHash }, current?.name ?? null, now());
          // Tries counted for this name while nobody had it are not the new clerk's.
          await tx.clerks.unlock(name);
          await tx.audit.append({ action: 'clerk.created', aggregate: 'clerk', recordIds: [String(id)], detail: { name, role } });
          return { isFirst, clerk: (await tx.clerks.byName(name))! };
        });
        clerksExist = true;
        announce('created', added.clerk.id);
        // Whoever set up the desk's first clerk (its admin) just typed the PIN: they are signed in as that clerk.
        if (added.isFirst) signIn(added.clerk);
        return session();
      });
      router.handle('clerks:setRole', async ({ id, role }) => {
        await ledger.transaction(async (tx) => {
          const clerk = await found(tx.clerks, id);
          await keepAnAdmin(tx.clerks, clerk, role, clerk.active);
          await tx.clerks.setRole(id, role, current?.name ?? null, now());
          if (clerk.role !== role) await tx.audit.append({ action: 'clerk.roleChanged', aggregate: 'clerk', recordIds: [String(id)], detail: { name: clerk.name, from: clerk.role, to: role } });
        });
        announce('updated', id);
        await refresh();
        return store.list();
      });
      router.handle('clerks:setActive', async ({ id, active }) => {
        if (!active && current?.id === id) throw new IpcFailure('VALIDATION_FAILED', 'clerks.deactivateSelf');
        await ledger.transaction(async (tx) => {
          const clerk = await found(tx.clerks, id);
          await keepAnAdmin(tx.clerks, clerk, clerk.role, active);
          await tx.clerks.setActive(id, active, current?.name ?? null, now());
          if (clerk.active !== active) {
            await tx.audit.append({ action: active ? 'clerk.reactivated' : 'clerk.deactivated', aggregate: 'clerk', recordIds: [String(id)], detail: { name: clerk.name } });
          }
        });
        announce('updated', id);
        return store.list();
      });
      router.handle('clerks:resetPin', async ({ id, pin }) => {
        const pinHash = await hashPin(pin);
        await ledger.transaction(async (tx) => {
          const clerk = await found(tx.clerks, id);
          await tx.clerks.setPin(id, pinHash, current?.name ?? null, now());
          await tx.audit.append({ action: 'clerk.pinReset', aggregate: 'clerk', recordIds: [String(id)], detail: { name: clerk.name } });
          // A new PIN given by an admin is also the admin lifting the lock: the clerk who forgot it signs in.
          if (await tx.clerks.unlock(clerk.name)) await tx.audit.append({ action: 'clerk.unlocked', aggregate: 'clerk', recordIds: [String(id)], detail: { name: clerk.name } });
        });
        announce('updated', id);
        return store.list();
      });
      router.handle('clerks:unlock', async ({ id }) => {
        await ledger.transaction(async (tx) => {
          const clerk = await found(tx.clerks, id);
          if (await tx.clerks.unlock(clerk.name)) await tx.audit.append({ action: 'clerk.unlocked', aggregate: 'clerk', recordIds: [String(id)], detail: { name: clerk.name } });
        });
        announce('updated', id);
        return store.list();
      });
      router.handle('clerks:changeOwnPin', async ({ current: typed, pin }) => {
        const clerk = current === null ? null : await store.byId(current.id);
        if (!clerk) throw new IpcFailure('VALIDATION_FAILED', 'clerks.noSession');
        // The current PIN is a try like a sign-in's: someone at a desk left signed in cannot guess it either.
        const verdict = await guard.attempt(clerk.name, () => verifyPin(typed, clerk.pinHash));
        if (verdict === 'locked') {
          current = null;
          throw new IpcFailure('VALIDATION_FAILED', 'clerks.locked', { name: clerk.name }, { details: { field: 'current' } });
        }
        if (verdict !== 'ok') throw new IpcFailure('VALIDATION_FAILED', 'clerks.wrongPin', {}, { details: { field: 'current' } });
        await store.setPin(clerk.id, await hashPin(pin), clerk.name, now());
        return session();
      });
    },
  };
}
