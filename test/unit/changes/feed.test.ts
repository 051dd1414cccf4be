/** The change feed's publisher (main/changes/feed.ts): stamping, splitting, and a remote source's checked input. */
import { describe, expect, it } from 'vitest';
import { createChangeFeed, type ChangeSource } from '../../../main/changes/feed.js';
import { LedgerChange, MAX_CHANGE_IDS } from '../../../shared/ipc/schemas/changes.js';

const at = new Date('2026-03-01T08:00:00Z');

function feed() {
  const delivered: LedgerChange[] = [];
  const logged: string[] = [];
  const changes = createChangeFeed({ now: () => at, deliver: (change) => delivered.push(change), log: (message) => logged.push(message) });
  return { changes, delivered, logged };
}

describe('change feed', () => {
  it('stamps a local write with a growing sequence, the time and the local origin, each id once as text', () => {
    const { changes, delivered } = feed();
    changes.publish({ aggregate: 'invoice', action: 'created', ids: [7, 7, 8], enterprise: '91310000MA1FL0AB12' });
    changes.publish({ aggregate: 'settings', action: 'updated', ids: [], enterprise: null });
    expect(delivered.map((change) => LedgerChange.parse(change))).toEqual([
      expect.objectContaining({ aggregate: 'invoice', action: 'created', ids: ['7', '8'], enterprise: '91310000MA1FL0AB12', origin: { kind: 'local', source: 'desk' }, at: at.toISOString() }),
      expect.objectContaining({ aggregate: 'settings', ids: [], enterprise: null }),
    ]);
    expect(delivered[1]!.seq).toBe(delivered[0]!.seq + 1);
  });

  it('splits a large write into changes the contract accepts', () => {
    const { changes, delivered } = feed();
    const ids = Array.from({ length: MAX_CHANGE_IDS * 2 + 3 }, (_, index) => index + 1);
    changes.publish({ aggregate: 'invoice', action: 'created', ids, enterprise: 'E' });
    expect(delivered.map((change) => change.ids.length)).toEqual([MAX_CHANGE_IDS, MAX_CHANGE_IDS, 3]);
    expect(delivered.flatMap((change) => change.ids)).toEqual(ids.map(String));
    for (const change of delivered) expect(LedgerChange.safeParse(change).success).toBe(true);
  });

  it('delivers a remote source’s changes as remote, drops malformed ones loudly, and stops it on detach', async () => {
    const { changes, delivered, logged } = feed();
    let deliver: Parameters<ChangeSource['start']>[0] = () => {};
    let stopped = 0;
    const detach = changes.attach({
      name: 'team-ledger',
      start(push) {
        deliver = push;
        return () => void stopped++;
      },
    });
    deliver({ aggregate: 'redForm', action: 'updated', ids: ['R1'], enterprise: 'E', at: '2026-03-01T07:59:00.000Z' });
    deliver({ aggregate: 'nonsense' as never, action: 'updated', ids: [], enterprise: 'E' });
    expect(delivered).toEqual([expect.objectContaining({ aggregate: 'redForm', ids: ['R1'], origin: { kind: 'remote', source: 'team-ledger' }, at: '2026-03-01T07:59:00.000Z' })]);
    expect(logged).toEqual([expect.stringContaining('malformed change from team-ledger')]);
    await detach();
    deliver({ aggregate: 'redForm', action: 'updated', ids: ['R2'], enterprise: 'E' });
    expect(delivered).toHaveLength(1);
    expect(stopped).toBe(1);
    await changes.stop();
    expect(stopped).toBe(1);
  });

  it('keeps delivering when one listener throws', () => {
    const seen: string[] = [];
    const changes = createChangeFeed({
      now: () => at,
      deliver: (change) => {
        seen.push(change.ids.join());
        throw new Error('listener broke');
      },
      log: () => {},
    });
    changes.publish({ aggregate: 'library', action: 'updated', ids: Array.from({ length: MAX_CHANGE_IDS + 1 }, (_, i) => i), enterprise: 'E' });
    expect(seen).toHaveLength(2);
  });
});
