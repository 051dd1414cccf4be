/**
 * Sign-in that cannot be guessed (issue 34 point 3, docs/team-ledger.md §6): the numbers of the one rule both
 * ledgers hold — the desk's SQLite in main/ledger/stores/dialects/clerks.ts, a team's PostgreSQL in
 * fapiao_sign_in (pg migration 0650, whose fapiao_sign_in_delay gives the same waits) — and the desk's lane that
 * keeps one name's tries in turn.
 *
 * A refusal is answered only once the name may be tried again (after its wait), and the tries of one name at
 * this desk go one after another: firing many at once buys no answers faster, and a clerk who types again after
 * an answer is never told to wait. The wait is a timer: main's event loop goes on serving every other call.
 */
import type { SignInAnswer } from './store.js';

/** Wrong PINs in a row before the name is locked. */
export const MAX_WRONG_TRIES = 5;

/** How long a name waits after its n-th wrong PIN in a row: 1 s, doubling (1, 2, 4, 8 s before the lock). */
export function refusalDelayMs(failures: number): number {
  return 1000 * 2 ** (Math.min(Math.max(failures, 1), 10) - 1);
}

export interface SignInLanes {
  /** Runs `attempt` after the name's earlier tries have answered; a refusal answers after its wait. */
  attempt(name: string, attempt: () => Promise<SignInAnswer>): Promise<SignInAnswer>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createSignInLanes(): SignInLanes {
  // The tail of each name's lane: a try starts when the one before it (its wait included) has answered.
  const lanes = new Map<string, Promise<unknown>>();
  const answered = async (attempt: () => Promise<SignInAnswer>) => {
    const answer = await attempt();
    if (!answer.ok) await sleep(answer.reason === 'locked' ? refusalDelayMs(MAX_WRONG_TRIES - 1) : (answer.retryAfterMs ?? 0));
    return answer;
  };
  return {
    attempt(name, attempt) {
      const before = lanes.get(name) ?? Promise.resolve();
      const answer = before.then(
        () => answered(attempt),
        () => answered(attempt),
      );
      const tail = answer.catch(() => undefined);
      lanes.set(name, tail);
      // The lane is forgotten once its last try has answered: no map entry per name ever typed.
      void tail.then(() => {
        if (lanes.get(name) === tail) lanes.delete(name);
      });
      return answer;
    },
  };
}
