/**
 * The rights check of the IPC router (issue 24 point 5): before any handler runs, the channel's right
 * (shared/ipc/rights.ts) is held against the signed-in clerk's role. While the desk has no clerk it works as
 * before clerks (one implicit clerk with every right); once it has one, nothing but the `open` channels
 * answers until someone signs in. A clerk an admin kept to some enterprises is refused everything but choosing
 * another enterprise while the desk acts for one not theirs. A refusal is a failure with a key and the missing
 * right (or the enterprise), never a throw.
 */
import { fail, type Channel, type IpcResult } from '../../../shared/ipc/index.js';
import { CHANNEL_RIGHTS, roleHas } from '../../../shared/ipc/rights.js';
import type { SignedInClerk } from '../../../shared/ipc/schemas/clerks.js';

export interface SessionView {
  clerksExist(): boolean;
  current(): SignedInClerk | null;
  /** The enterprise the desk acts for now (null: not known here). */
  actingFor?(): string | null;
  /** Whether the signed-in clerk may act for an enterprise (an admin may limit a clerk to some). */
  mayActFor?(enterprise: string): boolean;
}

/**
 * What a clerk kept to some enterprises may still do while the desk acts for another one: see and choose the
 * enterprises (to switch to one of theirs), and sign out or change their PIN. Anything else would act for an
 * enterprise they may not, so it is refused until they switch.
 */
const WHILE_ACTING_FOR_ANOTHER = new Set<Channel>(['enterprises:list', 'enterprises:choices', 'enterprises:activate', 'clerks:signOut', 'clerks:changeOwnPin', 'settings:get', 'service:status']);

/** null: the call may go on; otherwise the failure to answer instead of running the handler. */
export function authorizeChannel(session: SessionView, channel: Channel): IpcResult<never> | null {
  const right = CHANNEL_RIGHTS[channel];
  if (right === 'open' || !session.clerksExist()) return null;
  const clerk = session.current();
  if (clerk === null) return fail('SIGNED_OUT', 'auth.signedOut', { right, channel }, { message: `${channel} needs a signed-in clerk` });
  if (!roleHas(clerk.role, right)) {
    return fail('FORBIDDEN', 'auth.forbidden', { right, role: clerk.role, channel }, { message: `${clerk.role} lacks ${right} for ${channel}` });
  }
  const enterprise = session.actingFor?.() ?? null;
  if (enterprise !== null && session.mayActFor && !session.mayActFor(enterprise) && !WHILE_ACTING_FOR_ANOTHER.has(channel)) {
    return fail('FORBIDDEN', 'auth.enterprise', { enterprise, channel }, { message: `${clerk.name} may not act for ${enterprise} (${channel})` });
  }
  return null;
}
