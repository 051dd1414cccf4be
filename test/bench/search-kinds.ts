/**
 * The kinds of history search a clerk makes, as the search benches ask them (search.ts on the desk's
 * SQLite ledger, team-search.ts on the team ledger's PostgreSQL): one filter per kind and generated row,
 * over the history of history-data.ts.
 */
import type { HistoryFilter } from '../../shared/ipc/index.js';
import { createdAtOf, environmentOf, nameOf, numberOf, taxIdOf } from './history-data.js';

export type Kind = 'common 2-char' | 'rare 2-char' | '3-char' | '4-char' | 'tax-ID prefix' | 'invoice number' | 'date range + status' | 'text + date range';
export const KINDS: Kind[] = ['common 2-char', 'rare 2-char', '3-char', '4-char', 'tax-ID prefix', 'invoice number', 'date range + status', 'text + date range'];

const day = (x: number) => new Date(Date.parse(createdAtOf(x)) + 8 * 3600_000).toISOString().slice(0, 10);
const plusDays = (date: string, days: number) => new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);

/** The `i`-th search of a kind, made from generated row x, asking for a first page of `page` rows. */
export function filterFor(kind: Kind, x: number, i: number, page: number): HistoryFilter {
  const name = nameOf(x);
  const base = { direction: 'output' as const, limit: page };
  switch (kind) {
    case 'common 2-char':
      return { ...base, text: ['有限', '科技', '公司'][i % 3] };
    case 'rare 2-char':
      return { ...base, text: name.slice(2, 4) }; // the name's core pair
    case '3-char':
      return { ...base, text: name.slice(1, 4) };
    case '4-char':
      return { ...base, text: name.slice(2, 6) };
    case 'tax-ID prefix':
      return { ...base, text: taxIdOf(x).slice(0, 12) };
    case 'invoice number':
      return { ...base, text: numberOf(x) };
    case 'date range + status':
      return { ...base, dateFrom: day(x), dateTo: plusDays(day(x), 30), status: 'failed' };
    case 'text + date range':
      return { ...base, text: i % 2 === 0 ? name.slice(2, 4) : '科技', dateFrom: day(x), dateTo: plusDays(day(x), 30) };
  }
}

/**
 * `perKind` searches of every kind, each with a random sandbox row `x` for the baseline's lookup, shuffled
 * so that no kind profits from running right after itself. The same seed every run: the same searches.
 */
export function searchWork(rows: number, perKind: number, page: number): Array<{ kind: Kind; filter: HistoryFilter; x: number }> {
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed);
  // Sandbox rows only (the environment searched): x % 20 !== 0.
  const sandboxRow = () => {
    for (;;) {
      const x = (random() % rows) + 1;
      if (environmentOf(x) === 'sandbox') return x;
    }
  };
  const work = KINDS.flatMap((kind) => Array.from({ length: perKind }, (_, i) => ({ kind, filter: filterFor(kind, sandboxRow(), i, page), x: sandboxRow() })));
  for (let i = work.length - 1; i > 0; i--) {
    const j = random() % (i + 1);
    [work[i], work[j]] = [work[j]!, work[i]!];
  }
  return work;
}
