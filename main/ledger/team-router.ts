/**
 * The IPC router of a team desk (docs/team-ledger.md §7): a call that failed because the team ledger is out
 * of reach (the database down, the network gone, a connection cut mid-statement) answers
 * TEAM_LEDGER_UNREACHABLE — nothing was written, the desk reconnects by itself — instead of an internal
 * error. The error itself only reaches the router's log hook, so the hook notes which channel failed that
 * way and the answer of that call is reworded; while the listening connection is down, every internal
 * failure is taken for the same cause. On the desk's own ledger the router is the plain one.
 */
import { fail } from '../../shared/ipc/index.js';
import type { IpcRouter, RouterOptions } from '../ipc/router.js';
import type { TeamDesk } from './team-desk.js';

export function teamRouter(team: Pick<TeamDesk, 'unreachable' | 'connection'> | null, make: (options: Pick<RouterOptions, 'logError'>) => IpcRouter): IpcRouter {
  if (!team) return make({});
  /** Channels whose call failed for the unreachable ledger and was not answered yet, with how many. */
  const cut = new Map<string, number>();
  const inner = make({
    logError(channel, error) {
      if (!team.unreachable(error)) return console.error(`[ipc] ${channel} failed`, error);
      cut.set(channel, (cut.get(channel) ?? 0) + 1);
      console.warn(`[ipc] ${channel}: the team ledger is unreachable (${error instanceof Error ? error.message : String(error)})`);
    },
  });
  return {
    ...inner,
    async dispatch(channel, payload) {
      const result = await inner.dispatch(channel, payload);
      if (result.ok || result.error.code !== 'INTERNAL') return result;
      const name = String(channel);
      const count = cut.get(name) ?? 0;
      if (count > 1) cut.set(name, count - 1);
      else cut.delete(name);
      if (count === 0 && team.connection().state !== 'unreachable') return result;
      return fail('TEAM_LEDGER_UNREACHABLE', 'ledger.team.errors.unreachable', {}, { message: `${name}: the team ledger is unreachable` });
    },
  };
}
