/**
 * callOrder (renderer/src/lib/call-order.ts): a store never goes back in time — once a newer call's answer
 * is shown an older one arriving late is dropped, whichever order they answer in — yet an older answer is
 * shown while no newer one has been (a newer call that fails does not hide it). Each loader keeps its own order.
 */
import { describe, expect, it } from 'vitest';
import { callOrder } from '../../../renderer/src/lib/call-order.js';

/** A loader over `order` whose answers the test releases by hand. */
function loader(order = callOrder()) {
  const shown: string[] = [];
  const load = () => {
    const answered = order.begin();
    let release: (answer: { ok: boolean; value: string }) => void = () => undefined;
    const done = new Promise<{ ok: boolean; value: string }>((resolve) => (release = resolve)).then((result) => {
      if (answered(result.ok) && result.ok) shown.push(result.value);
    });
    return { answer: (ok: boolean, value: string) => (release({ ok, value }), done) };
  };
  return { shown, load };
}

describe('callOrder', () => {
  it('drops an older answer that arrives after a newer one was shown', async () => {
    const { shown, load } = loader();
    const older = load();
    const newer = load();
    await newer.answer(true, 'new');
    await older.answer(true, 'old');
    expect(shown).toEqual(['new']);
  });

  it('shows answers that arrive in order, and a later call again', async () => {
    const { shown, load } = loader();
    const older = load();
    const newer = load();
    await older.answer(true, 'old');
    await newer.answer(true, 'new');
    await load().answer(true, 'later');
    expect(shown).toEqual(['old', 'new', 'later']);
  });

  it('still shows an older answer when the newer call failed', async () => {
    const { shown, load } = loader();
    const older = load();
    const newer = load();
    await newer.answer(false, 'refused');
    await older.answer(true, 'old');
    expect(shown).toEqual(['old']);
  });

  it('keeps one order per loader', async () => {
    const a = loader();
    const b = loader();
    const olderA = a.load();
    await b.load().answer(true, 'b');
    await olderA.answer(true, 'a');
    expect([a.shown, b.shown]).toEqual([['a'], ['b']]);
  });
});
