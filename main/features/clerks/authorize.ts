/**
 * The rights check of the IPC router (issue 24 point 5): before any handler runs, the channel's right
 * (shared/ipc/rights.ts) is held against the signed-in clerk's role. While the desk has no clerk it works as
 * before clerks (one implicit clerk with every right); once it has one, nothing but the `open` channels
 * answers until someone signs in. A refusal is a failure with a key and the missing right, never a throw.
 */
import { fail, type Channel, type IpcResult } from '../../../shared/ipc/index.js';
import { CHANNEL_RIGHTS, roleHas } from '../../../shared/ipc/rights.js';
import type { SignedInClerk } from '../../../shared/ipc/schemas/clerks.js';

export interface SessionView {
  clerksExist(): boolean;
  current(): SignedInClerk | null;
}

/** null: the call may go on; otherwise the failure to answer instead of running the handler. */
export function authorizeChannel(session: SessionView, channel: Channel): IpcResult<never> | null {
  const right = CHANNEL_RIGHTS[channel];
  if (right === 'open' || !session.clerksExist()) return null;
  const clerk = session.current();
  if (clerk === null) return fail('SIGNED_OUT', 'auth.signedOut', { right, channel }, { message: `${channel} needs a signed-in clerk` });
  if (roleHas(clerk.role, right)) return null;
  return fail('FORBIDDEN', 'auth.forbidden', { right, role: clerk.role, channel }, { message: `${clerk.role} lacks ${right} for ${channel}` });
}
