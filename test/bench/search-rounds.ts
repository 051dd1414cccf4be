/**
 * How both search benches measure (search.ts on the desk's SQLite ledger, team-search.ts on PostgreSQL), so
 * that one run gives the ratio the next run gives. The definition is unchanged — the worst kind's p95
 * against the baseline lookup's p95 — but it is taken ROUNDS times and the median of the rounds' ratios is
 * the answer:
 * - every round runs every search of every kind and a baseline lookup beside each, interleaved (ours
 *   first, then the baseline first, alternately), so a round's ratio compares ours and the baseline under
 *   the same load: a busy stretch of the host raises both sides of one round, not one side of the run;
 * - each sample is the fastest of TRIES back-to-back runs (a scheduler time slice inside one run of a
 *   sub-millisecond query is not the query's cost), on both sides alike;
 * - the median of the rounds' ratios: one round whose p95 met a busy stretch (a p95 of a tenth of a
 *   millisecond moved 2× from run to run: 6.26, 6.54 and 14.00 on one checkout) no longer decides the line.
 * A kind's line gives the medians over the rounds of its p50, its p95 and its p95's ratio.
 */
import { fmt, percentile, report } from './common.js';
import { type Kind, KINDS } from './search-kinds.js';

/** Rounds per run; the median of their ratios is the bench's ratio. */
export const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 7);
/** Runs per sample, back to back; the fastest is the sample. */
export const TRIES = 5;

const median = (values: readonly number[]) => percentile(values, 50);

/** The fastest of TRIES runs; a run is awaited only when it answers a promise (the SQLite lookup is timed bare). */
async function fastest(run: () => unknown): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < TRIES; i++) {
    const t = performance.now();
    const pending = run();
    if (pending instanceof Promise) await pending;
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

export interface SearchItem {
  kind: Kind;
  x: number;
}

interface Round {
  ratio: number;
  worst: Kind;
  worstP95: number;
  baseP95: number;
  baseP50: number;
  kinds: Map<Kind, { p50: number; p95: number }>;
}

export interface Rounds {
  rounds: Round[];
  /** Rows found per search of a kind (the first round's). */
  rowsPerSearch: Map<Kind, number>;
}

/**
 * Runs `rounds` rounds over `work`: `ours(item)` answers how many rows it found, `baseline(item)` the lookup
 * (which throws when it finds nothing). Each round is one pass over the work.
 */
export async function measureRounds<T extends SearchItem>(
  work: readonly T[],
  ours: (item: T) => Promise<number> | number,
  baseline: (item: T) => Promise<void> | void,
  rounds = ROUNDS,
): Promise<Rounds> {
  const found = new Map<Kind, number>(KINDS.map((kind) => [kind, 0]));
  const result: Round[] = [];
  for (let round = 0; round < rounds; round++) {
    const samples = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
    const base: number[] = [];
    for (const [i, item] of work.entries()) {
      const runOurs = async () => {
        let rows = 0;
        samples.get(item.kind)?.push(await fastest(() => Promise.resolve(ours(item)).then((n) => void (rows = n))));
        if (round === 0) found.set(item.kind, (found.get(item.kind) ?? 0) + rows);
      };
      const runBaseline = async () => void base.push(await fastest(() => baseline(item)));
      for (const run of (i + round) % 2 === 0 ? [runOurs, runBaseline] : [runBaseline, runOurs]) await run();
    }
    const kinds = new Map(KINDS.map((kind) => [kind, { p50: percentile(samples.get(kind) ?? [], 50), p95: percentile(samples.get(kind) ?? [], 95) }]));
    const [worst, worstP95] = [...kinds].map(([kind, { p95 }]) => [kind, p95] as const).reduce((a, b) => (b[1] > a[1] ? b : a));
    const baseP95 = percentile(base, 95);
    result.push({ ratio: worstP95 / baseP95, worst, worstP95, baseP95, baseP50: percentile(base, 50), kinds });
  }
  const perKind = work.length / KINDS.length;
  return { rounds: result, rowsPerSearch: new Map([...found].map(([kind, rows]) => [kind, rows / perKind])) };
}

/** The bench line (medians over the rounds) and one line per kind. */
export function reportRounds(name: string, measured: Rounds, note: (worst: string, baseP50: string) => string): void {
  const { rounds } = measured;
  const worstCounts = new Map<Kind, number>();
  for (const round of rounds) worstCounts.set(round.worst, (worstCounts.get(round.worst) ?? 0) + 1);
  const worst = [...worstCounts].sort((a, b) => b[1] - a[1]).map(([kind, n]) => `${kind} ×${n}`).join(', ');
  report(
    name,
    `${fmt(median(rounds.map((r) => r.worstP95)), 3)} ms p95`,
    `${fmt(median(rounds.map((r) => r.baseP95)), 3)} ms p95`,
    median(rounds.map((r) => r.ratio)),
    `${note(worst, fmt(median(rounds.map((r) => r.baseP50)), 3))}; median of ${rounds.length} rounds' ratios: ${rounds
      .map((r) => fmt(r.ratio))
      .sort((a, b) => Number(a) - Number(b))
      .join(' ')}`,
  );
  for (const kind of KINDS) {
    const of = (pick: (r: Round) => number) => median(rounds.map(pick));
    const p50 = of((r) => r.kinds.get(kind)?.p50 ?? Number.NaN);
    const p95 = of((r) => r.kinds.get(kind)?.p95 ?? Number.NaN);
    const ratio = of((r) => (r.kinds.get(kind)?.p95 ?? Number.NaN) / r.baseP95);
    process.stdout.write(`  ${name} ${kind}: p50=${fmt(p50, 3)} ms p95=${fmt(p95, 3)} ms ratio=${fmt(ratio)} rows/page=${fmt(measured.rowsPerSearch.get(kind) ?? 0, 1)}\n`);
  }
}
