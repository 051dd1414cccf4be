/**
 * callOrder (renderer/src/lib/call-order.ts): of overlapping calls of one loader only the newest may
 * apply its answer, whichever answers first; each loader keeps its own order.
 */
import { describe, expect, it } from 'vitest';
import { callOrder } from '../../../renderer/src/lib/call-order.js';

describe('callOrder', () => {
  it('lets only the newest of overlapping calls apply its answer, in whatever order they answer', async () => {
    const order = callOrder();
    const shown: string[] = [];
    const load = async (answer: Promise<string>) => {
      const isNewest = order.begin();
      const value = await answer;
      if (isNewest()) shown.push(value);
    };
    let answerOld: (value: string) => void = () => undefined;
    const older = load(new Promise((resolve) => (answerOld = resolve)));
    const newer = load(Promise.resolve('new'));
    await newer;
    answerOld('old');
    await older;
    expect(shown).toEqual(['new']);
    // A call begun after both answered is the newest again.
    await load(Promise.resolve('later'));
    expect(shown).toEqual(['new', 'later']);
  });

  it('keeps one order per loader', () => {
    const a = callOrder();
    const b = callOrder();
    const first = a.begin();
    b.begin();
    expect(first()).toBe(true);
  });
});
