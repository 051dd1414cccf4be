/**
 * Clerks who sign their work (issue 24 point 5, docs/team-ledger.md §6): who works at the desk and in which
 * role, who is signed in, and the rights check the IPC router runs before every handler (authorize.ts with
 * shared/ipc/rights.ts). PINs are kept as hashes only and checked by the clerk store where the hash is: scrypt on
 * the desk's SQLite (pin.ts), bcrypt in a team's database, which a desk cannot read, and which then binds the
 * ledger's connections to the clerk's session (main/ledger/pg/session.ts). An admin may keep a clerk to some
 * enterprises: the check below holds them to it (the team's database does again). The signed-in clerk's name signs the
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
import { IpcFailure, type Channel, type IpcResult } from '../../../shared/ipc/index.js';
import type { ChangeAction } from '../../../shared/ipc/schemas/changes.js';
import type { ClerkRole, ClerkSession, SignedInClerk } from '../../../shared/ipc/schemas/clerks.js';
import { setActor } from '../../db/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Feature, FeatureDeps } from '../feature.js';
import { authorizeChannel } from './authorize.js';
import { createSignInLanes } from './sign-in-rule.js';
import type { SignInRefusal, StoredClerk } from './store.js';

export interface ClerksApi {
  /** The router's check (main/ipc/router.ts): null lets the call through, else the refusal to answer. */
  authorize(channel: Channel): IpcResult<never> | null;
  /** The signed-in clerk, or null (nobody signed in, or a desk without clerks). */
  current(): SignedInClerk | null;
  /** Whether the signed-in clerk may act for this enterprise (tax number): an admin may limit a clerk to some. */
  mayActFor(enterprise: string): boolean;
}

export interface ClerksDeps extends Pick<FeatureDeps, 'db' | 'ledger' | 'now' | 'changes'> {
  /** The enterprise the desk acts for now (the enterprises feature's choice), which a limited clerk must be allowed. */
  activeEnterprise?: () => string;
}

export function createClerksFeature(deps: ClerksDeps): Feature<ClerksApi> & { api: ClerksApi } {
  const { ledger } = deps;
  const store = ledger.clerks;
  // Closed until start() has read the ledger: no call reaches a handler before that (core.ts starts first).
  let clerksExist = true;
  let current: SignedInClerk | null = null;
  // The enterprises the signed-in clerk is limited to; empty: every one.
  let limits: readonly string[] = [];
  const mayActFor = (enterprise: string) => current === null || limits.length === 0 || limits.includes(enterprise);
  setActor(deps.db, () => current?.name ?? null);
  // One name's tries in turn, each refusal answered after its wait (sign-in-rule.ts).
  const lanes = createSignInLanes();

  const session = (): ClerkSession => ({ clerksExist, clerk: current });
  const now = () => deps.now().toISOString();
  const signIn = (clerk: StoredClerk) => {
    current = { id: clerk.id, name: clerk.name, role: clerk.role };
    limits = clerk.enterprises;
  };
  // Nobody acts at this desk any more; a team ledger's session ends with it.
  const signOut = async () => {
    current = null;
    limits = [];
    await store.signOut();
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
    // On a team ledger the database may have ended the session (deactivated, PIN reset, enterprises changed).
    if (clerk?.active && (await store.sessionHolds())) signIn(clerk);
    else await signOut();
  };

  /** The answer to a refused sign-in: a wrong PIN or unknown name alike; a locked name or one that must wait says so. */
  const refusal = (name: string, reason: SignInRefusal, retryAfterMs: number | null) => {
    if (reason === 'locked') return new IpcFailure('VALIDATION_FAILED', 'clerks.locked', { name }, { details: { field: 'name' } });
    if (reason === 'wait') return new IpcFailure('VALIDATION_FAILED', 'clerks.tooSoon', { seconds: Math.ceil((retryAfterMs ?? 1000) / 1000) }, { details: { field: 'pin' } });
    if (reason === 'inactive') return new IpcFailure('VALIDATION_FAILED', 'clerks.inactive', { name }, { details: { field: 'name' } });
    return new IpcFailure('VALIDATION_FAILED', 'clerks.signInRefused', {}, { details: { field: 'pin' } });
  };
  const announce = (action: ChangeAction, id: number) => deps.changes.publish({ aggregate: 'clerk', action, ids: [String(id)], enterprise: null });

  return {
    name: 'clerks',
    start: refresh,
    // Another desk's change to the clerks (or the whole ledger, after a lost connection): this desk's rights
    // check follows now, not at its page's next session read. A failed read keeps what was known; the next
    // session read or change tries again.
    on: {
      'ledger:changed': (change) => {
        if (change.origin.kind === 'remote' && (change.aggregate === 'clerk' || change.aggregate === 'ledger')) refresh().catch(() => undefined);
      },
    },
    api: {
      authorize: (channel) =>
        authorizeChannel({ clerksExist: () => clerksExist, current: () => current, actingFor: () => deps.activeEnterprise?.() ?? null, mayActFor }, channel),
      current: () => current,
      mayActFor,
    },
    registerIpc(router) {
      router.handle('clerks:session', async () => {
        await refresh();
        return session();
      });
      router.handle('clerks:signIn', async ({ name, pin }) => {
        // Checked where the hash is kept (the desk's file, or the team's database, which also throttles and locks
        // a name): an unknown name and a wrong PIN get the same answer after the same work.
        const answer = await lanes.attempt(name, () => store.signIn(name, pin));
        if (!answer.ok) {
          // A refusal is evidence too (someone tried a name): signed by whoever is at the desk, the name typed kept.
          await recordAudit(deps, { action: 'clerk.signInRefused', aggregate: 'clerk', detail: { name, reason: answer.reason } });
          throw refusal(name, answer.reason, answer.retryAfterMs);
        }
        clerksExist = true;
        signIn(answer.clerk);
        await recordAudit(deps, { action: 'clerk.signedIn', aggregate: 'clerk', recordIds: [String(answer.clerk.id)] });
        return session();
      });
      router.handle('clerks:signOut', async () => {
        if (current !== null) await recordAudit(deps, { action: 'clerk.signedOut', aggregate: 'clerk', recordIds: [String(current.id)] });
        await signOut();
        return session();
      });
      router.handle('clerks:list', () => store.list());
      router.handle('clerks:add', async ({ name, role, pin }) => {
        const prepared = await store.preparePin(pin);
        const added = await ledger.transaction(async (tx) => {
          if (await tx.clerks.byName(name)) throw new IpcFailure('VALIDATION_FAILED', 'clerks.nameTaken', { name }, { details: { field: 'name' } });
          const isFirst = (await tx.clerks.count()) === 0;
          if (isFirst && role !== 'admin') throw new IpcFailure('VALIDATION_FAILED', 'clerks.firstMustBeAdmin', {}, { details: { field: 'role' } });
          const id = await tx.clerks.insert({ name, role, pin: prepared }, current?.name ?? null, now());
          await tx.audit.append({ action: 'clerk.created', aggregate: 'clerk', recordIds: [String(id)], detail: { name, role } });
          return { isFirst, clerk: (await tx.clerks.byName(name))! };
        });
        // Whoever set up the desk's first clerk (its admin) just typed the PIN: they are signed in as that clerk
        // (through the store, so that a team ledger opens their session too) before the desk counts as having
        // clerks — no call of the views that reload on the change may meet a desk with clerks and nobody in.
        if (added.isFirst) {
          const answer = await store.signIn(name, pin);
          if (answer.ok) signIn(answer.clerk);
        }
        clerksExist = true;
        announce('created', added.clerk.id);
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
        const prepared = await store.preparePin(pin);
        await ledger.transaction(async (tx) => {
          const clerk = await found(tx.clerks, id);
          await tx.clerks.setPin(id, prepared, current?.name ?? null, now());
          await tx.audit.append({ action: 'clerk.pinReset', aggregate: 'clerk', recordIds: [String(id)], detail: { name: clerk.name } });
          // A new PIN given by an admin is also the admin lifting the lock: the clerk who forgot it signs in.
          if (await tx.clerks.unlock(id)) await tx.audit.append({ action: 'clerk.unlocked', aggregate: 'clerk', recordIds: [String(id)], detail: { name: clerk.name } });
        });
        announce('updated', id);
        return store.list();
      });
      router.handle('clerks:unlock', async ({ id }) => {
        await ledger.transaction(async (tx) => {
          const clerk = await found(tx.clerks, id);
          if (await tx.clerks.unlock(id)) await tx.audit.append({ action: 'clerk.unlocked', aggregate: 'clerk', recordIds: [String(id)], detail: { name: clerk.name } });
        });
        announce('updated', id);
        return store.list();
      });
      router.handle('clerks:setEnterprises', async ({ id, enterprises }) => {
        const list = [...new Set(enterprises)].sort();
        await ledger.transaction(async (tx) => {
          const clerk = await found(tx.clerks, id);
          await tx.clerks.setEnterprises(id, list);
          await tx.audit.append({ action: 'clerk.enterprisesChanged', aggregate: 'clerk', recordIds: [String(id)], detail: { name: clerk.name, enterprises: list } });
        });
        announce('updated', id);
        await refresh();
        return store.list();
      });
      router.handle('clerks:changeOwnPin', async ({ current: typed, pin }) => {
        const clerk = current === null ? null : await store.byId(current.id);
        if (!clerk) throw new IpcFailure('VALIDATION_FAILED', 'clerks.noSession');
        const answer = await store.changeOwnPin(clerk.id, typed, await store.preparePin(pin), now());
        if (answer === 'locked') {
          await signOut();
          throw new IpcFailure('VALIDATION_FAILED', 'clerks.locked', { name: clerk.name }, { details: { field: 'current' } });
        }
        if (typeof answer === 'object') throw new IpcFailure('VALIDATION_FAILED', 'clerks.tooSoon', { seconds: Math.ceil(answer.wait / 1000) }, { details: { field: 'current' } });
        if (answer !== 'changed') throw new IpcFailure('VALIDATION_FAILED', 'clerks.wrongPin', {}, { details: { field: 'current' } });
        return session();
      });
    },
  };
}
