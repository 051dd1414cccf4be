/**
 * What both ledger adapters share about an open transaction (main/ledger/port.ts): which transaction the
 * running code is in (an AsyncLocalStorage follows the body through its awaits, so `ledger.outbox` called
 * from a body acts in the body's transaction), savepoints for a nested `ledger.transaction`, and the
 * refusal of a transaction's stores once it ended, and the effects that wait for the commit (`afterCommit`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { LedgerTransactionError } from './port.js';

/** One level of an open transaction: the outermost one, or a savepoint inside it. */
export interface TxLevel<C> {
  readonly connection: C;
  open: boolean;
  childOpen: boolean;
  /** What runs once the outermost transaction commits (`Ledger.afterCommit`); a savepoint hands its own up when released. */
  effects?: Array<() => void>;
}

export interface TxScope<C> {
  /** The level the running code is in, if any; throws when that transaction already ended. */
  current(): TxLevel<C> | undefined;
  /** A connection getter for a transaction's own stores: refuses once the level ended. */
  boundTo(level: TxLevel<C>): () => C;
  /** Runs an outermost body inside its level. */
  enter<T>(level: TxLevel<C>, body: () => Promise<T>): Promise<T>;
  /** A nested `ledger.transaction`: a savepoint of `parent`, rolled back alone when its body throws. */
  nested<T>(parent: TxLevel<C>, body: (level: TxLevel<C>) => Promise<T>): Promise<T>;
  /** `Ledger.afterCommit`: queued on the running level, or run at once outside a transaction. */
  afterCommit(effect: () => void): void;
}

/** One effect after its commit: one that throws is logged and does not stop the others. */
function runEffect(effect: () => void): void {
  try {
    effect();
  } catch (error) {
    console.warn('[ledger] an effect after commit failed', error);
  }
}

/** Runs an outermost level's effects once it committed, each on its own. */
export function runCommitted<C>(level: TxLevel<C>): void {
  for (const effect of level.effects?.splice(0) ?? []) runEffect(effect);
}

const ENDED =
  'the ledger was used by a transaction body after its transaction ended: await every ledger call inside the body (a call left running after the body returned would write outside the transaction)';

export function createTxScope<C>(exec: (connection: C, sql: string) => unknown): TxScope<C> {
  const als = new AsyncLocalStorage<TxLevel<C>>();
  let savepoints = 0;

  const check = (level: TxLevel<C>): TxLevel<C> => {
    if (!level.open) throw new LedgerTransactionError(ENDED);
    return level;
  };

  return {
    current() {
      const level = als.getStore();
      return level === undefined ? undefined : check(level);
    },
    boundTo: (level) => () => check(level).connection,
    afterCommit(effect) {
      const level = als.getStore();
      // Outside a transaction — or in a callback that outlived its body, whose transaction already ended — the
      // write it follows is as committed as it will be.
      if (level === undefined || !level.open) return runEffect(effect);
      (level.effects ??= []).push(effect);
    },
    enter: (level, body) => als.run(level, body),
    async nested(parent, body) {
      // Savepoints nest like a stack; two siblings open at once (Promise.all of two nested bodies) would
      // release each other's, so the second is refused instead of interleaving.
      if (parent.childOpen) throw new LedgerTransactionError('two nested ledger transactions at once inside one transaction: run them one after another');
      const name = `ledger_savepoint_${(savepoints += 1)}`;
      parent.childOpen = true; // before the await, so a sibling started meanwhile is refused
      const level: TxLevel<C> = { connection: parent.connection, open: true, childOpen: false };
      try {
        await exec(parent.connection, `SAVEPOINT ${name}`);
      } catch (error) {
        parent.childOpen = false;
        throw error;
      }
      try {
        const result = await als.run(level, () => body(level));
        level.open = false;
        await exec(parent.connection, `RELEASE SAVEPOINT ${name}`);
        // Released, its writes are the parent's now: so are the effects waiting for them.
        if (level.effects?.length) (parent.effects ??= []).push(...level.effects);
        return result;
      } catch (error) {
        level.open = false;
        try {
          await exec(parent.connection, `ROLLBACK TO SAVEPOINT ${name}`);
          await exec(parent.connection, `RELEASE SAVEPOINT ${name}`);
        } catch {
          // The whole transaction is already gone (SQLite rolls back on a full disk): the outer one reports it.
        }
        throw error;
      } finally {
        parent.childOpen = false;
      }
    },
  };
}
