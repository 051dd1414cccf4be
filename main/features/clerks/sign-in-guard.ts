/**
 * Sign-in that cannot be guessed (issue 34 point 3, docs/team-ledger.md §6). Every PIN typed for a name —
 * at sign-in or as the current PIN of 修改我的 PIN — passes here:
 *
 * - the try is counted in the ledger (clerk_lockout) *before* its PIN is checked, in one atomic statement, so
 *   tries at once (here or at other desks of a team) each count and a crash mid-check still counts;
 * - the fifth wrong try in a row locks the name until an admin lifts it (clerks:unlock); a locked name's PIN is
 *   not checked at all, so a guesser gets at most five verdicts — ever, not per minute — and each lock is an
 *   audit event;
 * - a refusal is answered only after a delay that doubles with each wrong try (1 s, 2 s, 4 s, 8 s, then 8 s),
 *   and the tries of one name at this desk wait in one lane, so firing many at once does not buy answers
 *   faster. The wait is a timer: main's event loop goes on serving every other call meanwhile;
 * - an unknown name goes the same way (counted, delayed, locked, its PIN checked against a dummy hash by the
 *   caller), so neither the answers nor their timing say which names exist.
 * A good PIN clears the count (not a lock).
 */
import type { ClerkStore, SignInTries } from './store.js';

/** Wrong PINs in a row before the name is locked. */
export const MAX_WRONG_TRIES = 5;

/** How long a refusal waits after the n-th wrong try in a row: 1 s, doubling, at most 8 s. */
export function refusalDelayMs(failures: number): number {
  return Math.min(1000 * 2 ** (Math.max(failures, 1) - 1), 8000);
}

export type TryVerdict = 'ok' | 'wrong' | 'locked';

export interface SignInGuardDeps {
  /** The clerk store of the ledger the desk runs on (where the counts and locks are kept). */
  store: () => Pick<ClerkStore, 'countTry' | 'lock' | 'clearTries'>;
  now: () => Date;
  /** Called once per lock, by the try that locked the name (the audit event). */
  onLocked: (name: string, tries: SignInTries) => Promise<void>;
  /** The wait before a refusal is answered; tests of other things never wait on it (see refusalDelayMs). */
  delayMs?: (failures: number) => number;
}

export interface SignInGuard {
  /** Counts the try, checks the PIN (`matches`) unless the name is locked, and answers after the delay. */
  attempt(name: string, matches: () => Promise<boolean>): Promise<TryVerdict>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createSignInGuard(deps: SignInGuardDeps): SignInGuard {
  const delay = deps.delayMs ?? refusalDelayMs;
  // The tail of each name's lane: a try starts when the one before it (its delay included) has answered.
  const lanes = new Map<string, Promise<unknown>>();

  async function judge(name: string, matches: () => Promise<boolean>): Promise<TryVerdict> {
    const store = deps.store();
    const now = () => deps.now().toISOString();
    const counted = await store.countTry(name, now());
    // Locked, or past the limit while another desk's try is locking it: the PIN is not even looked at.
    if (counted.lockedAt !== null || counted.failures > MAX_WRONG_TRIES) {
      if (counted.lockedAt === null) await store.lock(name, now());
      await sleep(delay(MAX_WRONG_TRIES));
      return 'locked';
    }
    if (await matches()) {
      await store.clearTries(name);
      return 'ok';
    }
    if (counted.failures === MAX_WRONG_TRIES) {
      if (await store.lock(name, now())) await deps.onLocked(name, { failures: counted.failures, lockedAt: now() });
      await sleep(delay(counted.failures));
      return 'locked';
    }
    await sleep(delay(counted.failures));
    return 'wrong';
  }

  return {
    attempt(name, matches) {
      const before = lanes.get(name) ?? Promise.resolve();
      const answer = before.then(
        () => judge(name, matches),
        () => judge(name, matches),
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
