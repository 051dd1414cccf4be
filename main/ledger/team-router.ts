/**
 * The IPC router of a team desk (docs/team-ledger.md §7): a call that failed because the team ledger is out
 * of reach (the database down, the network gone, a connection cut mid-statement) answers
 * TEAM_LEDGER_UNREACHABLE — the desk reconnects by itself — instead of an internal error. What it says about
 * the call's writes is only what is known: "nothing was saved" when the call's transaction lost its
 * connection before its commit (the port's LedgerNotCommittedError) or the connection was never made; else
 * that the step could not be confirmed, for a statement whose answer was lost may have been carried out.
 * Submissions that must say what became of them (an invoice, a red-letter form) answer that themselves, by
 * their serial, before it comes to this. The error itself only reaches the router's log hook, so the hook
 * notes which channel failed that way and the answer of that call is reworded; while the listening
 * connection is down, every internal failure is taken for the same cause. On the desk's own ledger the
 * router is the plain one.
 */
import { fail } from '../../shared/ipc/index.js';
import type { IpcRouter, RouterOptions } from '../ipc/router.js';
import { LedgerNotCommittedError } from './port.js';
import type { TeamDesk } from './team-desk.js';

/** Errors of a connection that was never made: nothing of the call reached the server. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'EADDRNOTAVAIL']);

type Written = 'nothing' | 'unsure';

/** Whether a call that failed for the unreachable ledger certainly wrote nothing. */
function writtenBy(error: unknown): Written {
  if (error instanceof LedgerNotCommittedError) return 'nothing';
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : '';
  if ((typeof code === 'string' && NEVER_CONNECTED.has(code)) || /timeout exceeded when trying to connect|connection timeout/i.test(message)) return 'nothing';
  return 'unsure';
}

const KEYS: Record<Written, string> = { nothing: 'ledger.team.errors.unreachable', unsure: 'ledger.team.errors.unreachableUnsure' };

export function teamRouter(team: Pick<TeamDesk, 'unreachable' | 'connection'> | null, make: (options: Pick<RouterOptions, 'logError'>) => IpcRouter): IpcRouter {
  if (!team) return make({});
  /** Channels whose call failed for the unreachable ledger and was not answered yet, with what each wrote. */
  const cut = new Map<string, Written[]>();
  const inner = make({
    logError(channel, error) {
      if (!team.unreachable(error)) return console.error(`[ipc] ${channel} failed`, error);
      cut.set(channel, [...(cut.get(channel) ?? []), writtenBy(error)]);
      console.warn(`[ipc] ${channel}: the team ledger is unreachable (${error instanceof Error ? error.message : String(error)})`);
    },
  });
  return {
    ...inner,
    async dispatch(channel, payload) {
      const result = await inner.dispatch(channel, payload);
      if (result.ok || result.error.code !== 'INTERNAL') return result;
      const name = String(channel);
      const noted = cut.get(name) ?? [];
      const written = noted.shift();
      if (noted.length === 0) cut.delete(name);
      if (written === undefined && team.connection().state !== 'unreachable') return result;
      return fail('TEAM_LEDGER_UNREACHABLE', KEYS[written ?? 'unsure'], {}, { message: `${name}: the team ledger is unreachable` });
    },
  };
}
