/**
 * The clerks feature's only calls to main (`clerks:*`) and what main last said: who is signed in (the gate in
 * App.tsx shows the sign-in screen while the desk has clerks and nobody is), and the team list of settings →
 * 操作员. Rights are checked in main; `useAllowed` only hides or disables what the clerk could not do anyway.
 */
import { create } from 'zustand';
import type { Channel, IpcError, IpcResult } from '../../../../shared/ipc/index.js';
import { CHANNEL_RIGHTS, roleHas } from '../../../../shared/ipc/rights.js';
import type { AddClerkRequest, Clerk, ClerkRole, ClerkSession } from '../../../../shared/ipc/schemas/clerks.js';
import type { z } from 'zod';
import { getApi } from '../../lib/api.js';
import { reportFailure, reportSuccess, setSignedOutHandler } from '../../lib/messages.js';
import { i18n } from '../../app/i18n.js';

interface ClerksState {
  session: ClerkSession | null;
  team: Clerk[];
  busy: boolean;
}

export const useClerksStore = create<ClerksState>()(() => ({ session: null, team: [], busy: false }));

// A call refused because nobody is signed in (a restart or a restore of the ledger signed the desk out) shows the
// sign-in screen instead of leaving a view half-loaded.
setSignedOutHandler(() => {
  const session = useClerksStore.getState().session;
  useClerksStore.setState({ session: { clerksExist: true, clerk: null }, team: [] });
  if (session?.clerk) void loadSession();
});

/** May the signed-in clerk call `channel`? Without clerks, everything (the desk works as before). */
export function allowed(session: ClerkSession | null, channel: Channel): boolean {
  if (!session?.clerksExist) return true;
  const right = CHANNEL_RIGHTS[channel];
  if (right === 'open') return true;
  return session.clerk !== null && roleHas(session.clerk.role, right);
}

export function useAllowed(channel: Channel): boolean {
  return useClerksStore((s) => allowed(s.session, channel));
}

export async function loadSession(): Promise<void> {
  const result = await getApi().clerks.session();
  if (result.ok) useClerksStore.setState({ session: result.value });
  else reportFailure(result.error, 'clerks');
}

/** Sign-in answers the failure itself (the screen shows it beside the PIN), null when signed in. */
export async function signIn(name: string, pin: string): Promise<IpcError | null> {
  const result = await getApi().clerks.signIn({ name, pin });
  if (!result.ok) return result.error;
  useClerksStore.setState({ session: result.value, team: [] });
  return null;
}

export async function signOut(): Promise<void> {
  const result = await getApi().clerks.signOut();
  if (result.ok) useClerksStore.setState({ session: result.value, team: [] });
  else reportFailure(result.error, 'clerks');
}

export async function loadTeam(): Promise<void> {
  const result = await getApi().clerks.list();
  if (result.ok) useClerksStore.setState({ team: result.value });
  else reportFailure(result.error, 'clerks');
}

async function changeTeam(work: () => Promise<IpcResult<Clerk[]>>): Promise<boolean> {
  useClerksStore.setState({ busy: true });
  const result = await work();
  useClerksStore.setState({ busy: false });
  if (!result.ok) {
    reportFailure(result.error, 'clerks');
    return false;
  }
  useClerksStore.setState({ team: result.value });
  reportSuccess(i18n.t('clerks.card.saved'));
  // A change to the signed-in clerk (their role) takes effect in main at once; the page follows.
  await loadSession();
  return true;
}

export async function addClerk(request: z.input<typeof AddClerkRequest>): Promise<boolean> {
  useClerksStore.setState({ busy: true });
  const result = await getApi().clerks.add(request);
  useClerksStore.setState({ busy: false });
  if (!result.ok) {
    reportFailure(result.error, 'clerks');
    return false;
  }
  useClerksStore.setState({ session: result.value });
  reportSuccess(i18n.t('clerks.card.added', { name: request.name }));
  if (result.value.clerk && roleHas(result.value.clerk.role, 'admin')) await loadTeam();
  return true;
}

export const setClerkRole = (id: number, role: ClerkRole) => changeTeam(() => getApi().clerks.setRole({ id, role }));
export const setClerkActive = (id: number, active: boolean) => changeTeam(() => getApi().clerks.setActive({ id, active }));
export const resetClerkPin = (id: number, pin: string) => changeTeam(() => getApi().clerks.resetPin({ id, pin }));
export const unlockClerk = (id: number) => changeTeam(() => getApi().clerks.unlock({ id }));
/** Keeps a clerk to these enterprises (tax numbers); none: every one. */
export const setClerkEnterprises = (id: number, enterprises: string[]) => changeTeam(() => getApi().clerks.setEnterprises({ id, enterprises }));

export async function changeOwnPin(current: string, pin: string): Promise<boolean> {
  const result = await getApi().clerks.changeOwnPin({ current, pin });
  if (!result.ok) {
    reportFailure(result.error, 'clerks');
    return false;
  }
  reportSuccess(i18n.t('clerks.card.pinChanged'));
  return true;
}
