/**
 * Keeps the trigram index merged while the desk is idle (why: search-index-repo.ts). A check runs a
 * little after start and then every few minutes; when the index has more segments than MAX_SEGMENTS it
 * is merged in steps of STEP_PAGES pages (a few milliseconds each), one step per turn of the event
 * loop, so IPC calls and the outbox keep being served in between. Nothing is done at start itself
 * (issue 15.4: no full-table work before the window is usable), and a failing step (a full disk, a
 * locked file) ends this round quietly: the index stays correct, only less merged, and the next check
 * tries again.
 */
import type { SearchIndexRepo } from './search-index-repo.js';

/** Up to this many segments the lookups stay fast and merging is not worth rewriting the index. */
export const MAX_SEGMENTS = 4;
export const STEP_PAGES = 64;
const FIRST_CHECK_MS = 20_000;
const CHECK_EVERY_MS = 10 * 60_000;

export interface SearchUpkeepOptions {
  firstCheckMs?: number;
  checkEveryMs?: number;
  /** Pages merged per step (STEP_PAGES); tests take 1 to see many steps on a small index. */
  stepPages?: number;
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

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(check, ms);
    timer.unref();
  };

  /** One merge step per turn of the event loop until the index is merged (or the desk closes). */
  const mergeRound = () => {
    if (stopped) return finish();
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
  const finish = () => {
    running = false;
    schedule(options.checkEveryMs ?? CHECK_EVERY_MS);
  };

  function check() {
    timer = undefined;
    if (stopped || running) return;
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
    /** true while a merge round is under way (tests wait on it). */
    get running() {
      return running;
    },
  };
}
