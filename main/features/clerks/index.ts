/**
 * Clerks who sign their work (issue 24 point 5, docs/team-ledger.md §6): who works at the desk and in which
 * role, who is signed in, and the rights check the IPC router runs before every handler (authorize.ts with
 * shared/ipc/rights.ts). PINs are kept as scrypt hashes only (pin.ts). The signed-in clerk's name signs the
 * rows other features write (main/db/actor.ts) and is the default 开票人 of the issuance form.
 *
 * While no clerk exists the desk works as before (one implicit clerk with every right); the first clerk must be
 * an admin, and adding them signs them in. A restart (or a restore, which reopens the core) starts signed out.
 */
import { randomUUID } from 'node:crypto';
import { IpcFailure, type Channel, type IpcResult } from '../../../shared/ipc/index.js';
import type { ClerkRole, ClerkSession, SignedInClerk } from '../../../shared/ipc/schemas/clerks.js';
import { setActor } from '../../db/actor.js';
import type { Feature, FeatureDeps } from '../feature.js';
import { authorizeChannel } from './authorize.js';
import { hashPin, verifyPin } from './pin.js';
import { createClerkRepo, type StoredClerk } from './repo.js';

export interface ClerksApi {
  /** The router's check (main/ipc/router.ts): null lets the call through, else the refusal to answer. */
  authorize(channel: Channel): IpcResult<never> | null;
  /** The signed-in clerk, or null (nobody signed in, or a desk without clerks). */
  current(): SignedInClerk | null;
}

export function createClerksFeature(deps: Pick<FeatureDeps, 'db' | 'now'>): Feature<ClerksApi> & { api: ClerksApi } {
  const repo = createClerkRepo(deps.db);
  let clerksExist = repo.count() > 0;
  let current: SignedInClerk | null = null;
  setActor(deps.db, () => current?.name ?? null);

  let unknownNameHash: string | undefined;
  const session = (): ClerkSession => ({ clerksExist, clerk: current });
  const now = () => deps.now().toISOString();
  const signIn = (clerk: StoredClerk) => {
    current = { id: clerk.id, name: clerk.name, role: clerk.role };
  };
  const found = (id: number): StoredClerk => {
    const clerk = repo.byId(id);
    if (!clerk) throw new IpcFailure('NOT_FOUND', 'clerks.notFound', { id });
    return clerk;
  };
  // The desk must keep someone who can manage it: the last active admin is neither demoted nor deactivated.
  const keepAnAdmin = (clerk: StoredClerk, role: ClerkRole, active: boolean) => {
    if (clerk.role === 'admin' && clerk.active && (role !== 'admin' || !active) && repo.activeAdmins() <= 1) {
      throw new IpcFailure('VALIDATION_FAILED', 'clerks.lastAdmin', { name: clerk.name });
    }
  };
  // A change to the signed-in clerk takes effect at once: a new role, or signed out when deactivated.
  const refreshCurrent = () => {
    if (current === null) return;
    const clerk = repo.byId(current.id);
    if (clerk?.active) signIn(clerk);
    else current = null;
  };

  return {
    name: 'clerks',
    api: { authorize: (channel) => authorizeChannel({ clerksExist: () => clerksExist, current: () => current }, channel), current: () => current },
    registerIpc(router) {
      router.handle('clerks:session', session);
      router.handle('clerks:signIn', async ({ name, pin }) => {
        const clerk = repo.byName(name);
        // An unknown name and a wrong PIN get the same answer, after the same scrypt work: neither the screen
        // nor the time it takes tells which names exist.
        const matches = await verifyPin(pin, clerk?.pinHash ?? (unknownNameHash ??= await hashPin(randomUUID())));
        if (!clerk || !matches) throw new IpcFailure('VALIDATION_FAILED', 'clerks.signInRefused', {}, { details: { field: 'pin' } });
        if (!clerk.active) throw new IpcFailure('VALIDATION_FAILED', 'clerks.inactive', { name: clerk.name }, { details: { field: 'name' } });
        signIn(clerk);
        return session();
      });
      router.handle('clerks:signOut', () => {
        current = null;
        return session();
      });
      router.handle('clerks:list', () => repo.list());
      router.handle('clerks:add', async ({ name, role, pin }) => {
        const pinHash = await hashPin(pin);
        const first = repo.transaction(() => {
          if (repo.byName(name)) throw new IpcFailure('VALIDATION_FAILED', 'clerks.nameTaken', { name }, { details: { field: 'name' } });
          const isFirst = repo.count() === 0;
          if (isFirst && role !== 'admin') throw new IpcFailure('VALIDATION_FAILED', 'clerks.firstMustBeAdmin', {}, { details: { field: 'role' } });
          repo.insert({ name, role, pinHash }, current?.name ?? null, now());
          return isFirst;
        });
        clerksExist = true;
        // Whoever set up the desk's first clerk (its admin) just typed the PIN: they are signed in as that clerk.
        if (first) signIn(repo.byName(name)!);
        return session();
      });
      router.handle('clerks:setRole', ({ id, role }) => {
        repo.transaction(() => {
          const clerk = found(id);
          keepAnAdmin(clerk, role, clerk.active);
          repo.setRole(id, role, current?.name ?? null, now());
        });
        refreshCurrent();
        return repo.list();
      });
      router.handle('clerks:setActive', ({ id, active }) => {
        if (!active && current?.id === id) throw new IpcFailure('VALIDATION_FAILED', 'clerks.deactivateSelf');
        repo.transaction(() => {
          const clerk = found(id);
          keepAnAdmin(clerk, clerk.role, active);
          repo.setActive(id, active, current?.name ?? null, now());
        });
        return repo.list();
      });
      router.handle('clerks:resetPin', async ({ id, pin }) => {
        found(id);
        repo.setPin(id, await hashPin(pin), current?.name ?? null, now());
        return repo.list();
      });
      router.handle('clerks:changeOwnPin', async ({ current: typed, pin }) => {
        const clerk = current === null ? undefined : repo.byId(current.id);
        if (!clerk) throw new IpcFailure('VALIDATION_FAILED', 'clerks.noSession');
        if (!(await verifyPin(typed, clerk.pinHash))) throw new IpcFailure('VALIDATION_FAILED', 'clerks.wrongPin', {}, { details: { field: 'current' } });
        repo.setPin(clerk.id, await hashPin(pin), clerk.name, now());
        return session();
      });
    },
  };
}
