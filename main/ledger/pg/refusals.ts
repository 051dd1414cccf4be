/**
 * The team database's own refusals (fapiao_require, pg migration 0650's rights/guards.ts) as the answers main
 * gives for the same rules (features/clerks/authorize.ts). Main checks a clerk's rights first, but it learns
 * of another desk's change through the change feed, a moment after the database does: in that moment the
 * database refuses a write that main let through. The clerk must then read what the database said — sign in
 * (SIGNED_OUT) or not with this role (FORBIDDEN) — not that something broke (INTERNAL).
 */
import { IpcFailure } from '../../../shared/ipc/index.js';

/** fapiao_require's SQLSTATE: insufficient_privilege. */
const REFUSED = '42501';
const PREFIX = 'fapiao: ';
const SIGNED_OUT = ' needs a signed-in clerk';

/** The IpcFailure for a refusal of fapiao_require, or null for any other error. */
export function databaseRefusal(error: unknown): IpcFailure | null {
  const found = error as { code?: unknown; message?: unknown } | null;
  if (found?.code !== REFUSED || typeof found.message !== 'string' || !found.message.startsWith(PREFIX)) return null;
  const text = found.message.slice(PREFIX.length);
  if (text.endsWith(SIGNED_OUT)) {
    const what = text.slice(0, -SIGNED_OUT.length);
    return new IpcFailure('SIGNED_OUT', 'auth.signedOut', { what }, { message: `the team ledger refused ${what}: no clerk is signed in` });
  }
  // 'fapiao: <what> needs the <right> right; <name> is <role>'
  const [need, actor] = text.split('; ');
  const right = need?.split(' needs the ')[1]?.split(' right')[0];
  const role = actor?.split(' is ').at(-1);
  if (right && role && need?.endsWith(' right')) {
    return new IpcFailure('FORBIDDEN', 'auth.forbidden', { right, role }, { message: `the team ledger refused: ${text}` });
  }
  return null;
}
