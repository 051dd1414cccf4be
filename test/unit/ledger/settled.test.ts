/** The SQLite adapter's wrapper of a synchronous repo (main/ledger/sqlite/settled.ts). */
import { describe, expect, it } from 'vitest';
import { settledRepo } from '../../../main/ledger/sqlite/settled.js';

describe('settledRepo', () => {
  const repo = {
    double: (n: number) => n * 2,
    fail: (): number => {
      throw new Error('SQLITE_FULL: database or disk is full');
    },
  };

  it('answers what the repo method returns, as a promise', async () => {
    const store = settledRepo(repo, () => undefined);
    const answer = store.double(21);
    expect(answer).toBeInstanceOf(Promise);
    expect(await answer).toBe(42);
  });

  it('turns a throw into a rejection instead of throwing at the caller', async () => {
    const store = settledRepo(repo, () => undefined);
    let thrown: unknown = null;
    let answer: Promise<number> | null = null;
    try {
      answer = store.fail();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeNull();
    await expect(answer).rejects.toThrow('SQLITE_FULL');
  });

  it('refuses the call, running nothing, when its transaction has ended', async () => {
    let ran = 0;
    const store = settledRepo({ write: () => (ran += 1) }, () => {
      throw new Error('transaction ended');
    });
    await expect(store.write()).rejects.toThrow('transaction ended');
    expect(ran).toBe(0);
  });
});
