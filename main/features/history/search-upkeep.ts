/**
 * Keeps the trigram index merged while the desk is idle (why: search-index-repo.ts). A check runs a
 * little after start and then every few minutes; when the index has more segments than MAX_SEGMENTS it
 * is merged in steps of STEP_PAGES pages (a few milliseconds each), one step per turn of the event
 * loop, so IPC calls and the outbox keep being served in between. Nothing is done at start itself
 * (issue 15.4: no full-table work before the window is usable), and a failing step (a full disk, a
 * locked file) ends this round quietly: the index stays correct, only less merged, and the next check
 * tries again.
 *
 * Idle means no write to the ledger for QUIET_MS (`noteWrite`, fed by the change feed): while a
 * collection stores its pages, every page adds a segment, so merging then rewrote what the next pages
 * would make unmerged again, and took the collection's time (a run of 50,000 invoices on a busy machine
 * spent a tenth of its time here, docs/benchmarks.md §collect). A check that meets recent writes, or a
 * round that a write interrupts, tries again QUIET_MS later, so the index is merged soon after the work.
 */
import type { SearchIndexRepo } from './search-index-repo.js';

/** Up to this many segments the lookups stay fast and merging is not worth rewriting the index. */
export const MAX_SEGMENTS = 4;
export const STEP_PAGES = 64;
const FIRST_CHECK_MS = 20_000;
const CHECK_EVERY_MS = 10 * 60_000;
/** The ledger counts as idle this long after its last write. */
export const QUIET_MS = 10_000;

export interface SearchUpkeepOptions {
  firstCheckMs?: number;
  checkEveryMs?: number;
  /** Pages merged per step (STEP_PAGES); tests take 1 to see many steps on a small index. */
  stepPages?: number;
  /** How long after a write the ledger counts as idle (QUIET_MS). */
  quietMs?: number;
  now?: () => number;
  log?: (message: string) => void;
}

/** Merges the whole index now, step by step in one go: the benchmark's and the tests' way to reach the idle state. */
export function mergeSearchIndex(repo: SearchIndexRepo): number {
  let steps = 0;
  while (repo.mergeStep(STEP_PAGES)) steps++;
  return steps;
}

export function createSearchUpkeep(repo: SearchIndexRepo, options: SearchUpkeepOptions = {}) {
  const log = options.log ?? ((message: string) => console.warn(`[history] ${message}`));
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let running = false;
  const now = options.now ?? (() => performance.now());
  const quietMs = options.quietMs ?? QUIET_MS;
  let lastWrite = Number.NEGATIVE_INFINITY;
  /** Milliseconds until the ledger has been quiet for quietMs (0: quiet now). */
  const busyFor = () => Math.max(0, lastWrite + quietMs - now());

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(check, ms);
    timer.unref();
  };

  /** One merge step per turn of the event loop until the index is merged (or the desk closes). */
  const mergeRound = () => {
    if (stopped) return finish();
    if (busyFor() > 0) return finish(busyFor());
    let more: boolean;
    try {
      more = repo.mergeStep(options.stepPages ?? STEP_PAGES);
    } catch (error) {
      log(`merging the search index stopped: ${error instanceof Error ? error.message : String(error)}`);
      return finish();
    }
    if (more) setImmediate(mergeRound);
    else finish();
  };
  const finish = (retryInMs?: number) => {
    running = false;
    schedule(retryInMs ?? options.checkEveryMs ?? CHECK_EVERY_MS);
  };

  function check() {
    timer = undefined;
    if (stopped || running) return;
    if (busyFor() > 0) return schedule(busyFor());
    try {
      if (repo.segments() <= MAX_SEGMENTS) return schedule(options.checkEveryMs ?? CHECK_EVERY_MS);
    } catch (error) {
      log(`reading the search index structure failed: ${error instanceof Error ? error.message : String(error)}`);
      return schedule(options.checkEveryMs ?? CHECK_EVERY_MS);
    }
    running = true;
    mergeRound();
  }

  return {
    start() {
      stopped = false;
      schedule(options.firstCheckMs ?? FIRST_CHECK_MS);
    },
    /** Stops before the next step; a step under way is synchronous and already over when this runs. */
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
    /** A write to the ledger: merging waits until it has been quiet for a while. */
    noteWrite() {
      lastWrite = now();
    },
    /** true while a merge round is under way (tests wait on it). */
    get running() {
      return running;
    },
  };
}
