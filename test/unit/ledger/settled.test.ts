/** The SQLite adapter's settling of a synchronous call (main/ledger/sqlite/settled.ts), as the history search uses it. */
import { describe, expect, it } from 'vitest';
import { settledCall } from '../../../main/ledger/sqlite/settled.js';

describe('settledCall', () => {
  it('answers what the work returns, as a promise', async () => {
    const answer = settledCall(() => undefined, () => 21 * 2);
    expect(answer).toBeInstanceOf(Promise);
    expect(await answer).toBe(42);
  });

  it('turns a throw into a rejection instead of throwing at the caller', async () => {
    let thrown: unknown = null;
    let answer: Promise<number> | null = null;
    try {
      answer = settledCall(() => undefined, (): number => {
        throw new Error('SQLITE_FULL: database or disk is full');
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeNull();
    await expect(answer).rejects.toThrow('SQLITE_FULL');
  });

  it('refuses the call, running nothing, when its transaction has ended', async () => {
    let ran = 0;
    const answer = settledCall(
      () => {
        throw new Error('transaction ended');
      },
      () => (ran += 1),
    );
    await expect(answer).rejects.toThrow('transaction ended');
    expect(ran).toBe(0);
  });
});
