/**
 * The extraction pool: a few worker threads (extraction-worker.ts) that do intake's heavy work — QR
 * decoding, PDF reading, OFD/XML parsing, picture preparation, page previews — so main's event loop keeps answering IPC
 * while a batch of files is read.
 *
 * Limits, each ending as a per-file error code and never as a dead main:
 * - a bounded queue: at most `maxQueued` tasks wait for a thread; one more is refused at once (`busy`);
 * - a time budget per file: a thread still busy after `timeoutMs` (20 s; real invoices take well under
 *   5 s) is terminated (`extraction-timeout`), so one hostile file cannot hold a thread for long;
 * - a heap limit per thread (`heapMb`): a file that needs more ends its thread (`extraction-memory`);
 * - a memory ceiling that covers what native code allocates (pixel buffers, wasm memory, Skia canvases —
 *   none of it in a thread's heap limit): while files are read, the process's resident set is sampled
 *   every `rssSampleMs`; past `memoryBudgetMb` over what it was when the reading began, every busy thread is
 *   terminated. The threads' memory is one process's, so whose file it was is found by isolation: a file
 *   that was not alone goes back to the head of the queue to be read again alone; a file that crosses the
 *   ceiling alone is the one (`extraction-memory`);
 * - a thread that dies for any other reason fails only the file it was on (`extraction-crashed`).
 * A thread that ended is replaced on the next task. Idle threads are unref'd: they keep no process alive.
 * The header caps of the extraction library (extraction/picture.ts) refuse picture bombs before any
 * decoding; the ceiling and the budget are the backstop for whatever gets past them.
 *
 * Where the worker's code is: the packaged app has it bundled as dist/main/extraction-worker.cjs next to
 * the main bundle (scripts/build-main.mjs); from the TypeScript sources (tests, the harness, the CLI, the
 * bench) the same bundle made on first use (worker-bundle.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ExtractionOutcome } from '../../../extraction/index.js';
import type { PreparedPicture } from '../../../extraction/image-prep.js';
import type { PoolReply, PoolRequest, PoolTask } from './extraction-worker.js';
import type { Preview } from './preview/render.js';
import { sourceWorkerBundle } from './worker-bundle.js';

export const POOL_ERRORS = { busy: 'busy', timeout: 'extraction-timeout', memory: 'extraction-memory', crashed: 'extraction-crashed' } as const;
export type PoolErrorCode = (typeof POOL_ERRORS)[keyof typeof POOL_ERRORS];

/** A task the pool could not complete: the file's error code says why. */
export class PoolError extends Error {
  constructor(
    readonly code: PoolErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PoolError';
  }
}

export interface PoolOptions {
  /** Threads; by default one per core, at most 4 (main itself only hands files over and saves rows). */
  size?: number;
  /** Per file, from the moment a thread takes it. */
  timeoutMs?: number;
  /** V8 heap of each thread. */
  heapMb?: number;
  /** What the process's resident set may grow by while files are read (all threads together). */
  memoryBudgetMb?: number;
  /** How often the resident set is sampled while files are read. */
  rssSampleMs?: number;
  maxQueued?: number;
  /** The worker's script (tests give a worker that crashes on purpose); the real worker by default. */
  worker?: { file: string | URL; execArgv: string[] };
}

export const DEFAULT_POOL_SIZE = Math.max(1, Math.min(4, os.availableParallelism()));
export const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_HEAP_MB = 512;
const DEFAULT_MAX_QUEUED = 64;
export const DEFAULT_MEMORY_BUDGET_MB = 512;
const DEFAULT_RSS_SAMPLE_MS = 50;
const MB = 1024 * 1024;
const WORKER_BUNDLE = 'extraction-worker.cjs';

function workerTarget(): { file: string | URL; execArgv: string[] } {
  // __dirname exists only in the CommonJS bundle; next to it esbuild wrote the worker bundle.
  if (typeof __dirname === 'string') {
    const bundled = path.join(__dirname, WORKER_BUNDLE);
    if (fs.existsSync(bundled)) return { file: bundled, execArgv: [] };
  }
  const built = sourceWorkerBundle();
  if (built) return { file: built, execArgv: [] };
  return { file: new URL('./extraction-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] };
}

interface Job {
  task: PoolTask;
  bytes: Uint8Array;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  /** Read again alone after the memory ceiling was crossed while it shared the process with others. */
  alone?: boolean;
}

interface Slot {
  worker: Worker;
  job?: Job & { id: number; timer: NodeJS.Timeout };
  /** Why the pool itself ended this thread (a timeout, the ceiling), so its exit is not reported as a crash. */
  ending?: PoolError;
  /** Ended at the memory ceiling while other files were read too: its file is read again alone. */
  retryAlone?: boolean;
}

/** An extraction's outcome, or the pool's reason it could not finish. */
export type PoolOutcome = ExtractionOutcome | { ok: false; error: { code: PoolErrorCode; message: string } };

export interface ExtractionPool {
  readonly size: number;
  extract(bytes: Uint8Array): Promise<PoolOutcome>;
  prepare(bytes: Uint8Array): Promise<PreparedPicture>;
  /** PDF/OFD pages drawn as PNG for the review pane. */
  preview(bytes: Uint8Array): Promise<Preview>;
  /** Thread ids that have worked (tests: proof the work ran off main). */
  threadIds(): number[];
  close(): Promise<void>;
}

export function createExtractionPool(options: PoolOptions = {}): ExtractionPool {
  const size = Math.max(1, options.size ?? DEFAULT_POOL_SIZE);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const heapMb = options.heapMb ?? DEFAULT_HEAP_MB;
  const maxQueued = options.maxQueued ?? DEFAULT_MAX_QUEUED;
  const budgetBytes = (options.memoryBudgetMb ?? DEFAULT_MEMORY_BUDGET_MB) * MB;
  const sampleMs = options.rssSampleMs ?? DEFAULT_RSS_SAMPLE_MS;
  const target = options.worker ?? workerTarget();
  const slots: Slot[] = [];
  const waiting: Job[] = [];
  const seenThreads = new Set<number>();
  let nextId = 0;
  let closed = false;
  /** The resident set when the reading began (no file on a thread); the ceiling is this plus the budget. */
  let floor = 0;
  let sampler: NodeJS.Timeout | undefined;

  const busy = () => slots.filter((slot) => slot.job && !slot.ending);

  function finish(slot: Slot): Job | undefined {
    const job = slot.job;
    if (!job) return undefined;
    clearTimeout(job.timer);
    slot.job = undefined;
    slot.worker.unref();
    if (!slots.some((other) => other.job)) stopSampling();
    return job;
  }

  /** Past the ceiling: every busy thread is ended; a file that was alone is the one, the others are read again alone. */
  function sample(): void {
    const rss = process.memoryUsage.rss();
    if (rss <= floor + budgetBytes) return;
    const running = busy();
    const alone = running.length === 1;
    for (const slot of running) {
      const mb = Math.round((rss - floor) / MB);
      slot.ending = new PoolError(POOL_ERRORS.memory, `reading the file took the process ${mb} MB past where it was (at most ${Math.round(budgetBytes / MB)} MB)`);
      slot.retryAlone = !alone && !slot.job?.alone;
      void slot.worker.terminate();
    }
  }

  function startSampling(): void {
    if (sampler) return;
    floor = process.memoryUsage.rss();
    sampler = setInterval(sample, sampleMs);
    sampler.unref();
  }

  function stopSampling(): void {
    if (sampler) clearInterval(sampler);
    sampler = undefined;
  }

  function spawn(): Slot {
    const worker = new Worker(target.file, { execArgv: target.execArgv, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
    const slot: Slot = { worker };
    seenThreads.add(worker.threadId);
    worker.on('message', (reply: PoolReply) => {
      if (slot.job?.id !== reply.id || slot.ending) return;
      const job = finish(slot);
      if (reply.ok) job?.resolve(reply.value);
      else job?.reject(new Error(reply.message));
      pump();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      slot.ending ??=
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new PoolError(POOL_ERRORS.memory, `reading the file needed more than ${heapMb} MB`)
          : new PoolError(POOL_ERRORS.crashed, `the reading thread failed: ${error.message}`);
    });
    worker.on('exit', (code) => {
      slots.splice(slots.indexOf(slot), 1);
      const job = finish(slot);
      // Its memory is given back now: the file that shared the ceiling is read again, alone, first.
      if (job && slot.retryAlone) waiting.unshift({ ...job, alone: true });
      else job?.reject(slot.ending ?? new PoolError(POOL_ERRORS.crashed, `the reading thread ended (exit code ${code})`));
      pump();
    });
    worker.unref();
    slots.push(slot);
    return slot;
  }

  function start(slot: Slot, job: Job): void {
    const id = ++nextId;
    const timer = setTimeout(() => {
      slot.ending = new PoolError(POOL_ERRORS.timeout, `reading the file took longer than ${Math.round(timeoutMs / 1000)} s`);
      void slot.worker.terminate();
    }, timeoutMs);
    startSampling();
    slot.job = { ...job, id, timer };
    slot.worker.ref();
    // A copy is transferred: the caller's bytes stay usable, and no copy is made twice.
    const bytes = job.bytes.slice();
    slot.worker.postMessage({ id, task: job.task, bytes } satisfies PoolRequest, [bytes.buffer]);
  }

  function pump(): void {
    if (closed) return;
    while (waiting.length > 0) {
      const head = waiting[0];
      // A file read alone waits for every other to end (and its thread's memory to be given back), and
      // nothing starts beside it.
      if (slots.some((slot) => slot.job?.alone) || (head?.alone && slots.some((slot) => slot.job))) return;
      const idle = slots.find((slot) => !slot.job && !slot.ending) ?? (slots.length < size ? spawn() : undefined);
      if (!idle) return;
      const job = waiting.shift();
      if (job) start(idle, job);
    }
  }

  function run(task: PoolTask, bytes: Uint8Array): Promise<unknown> {
    if (closed) return Promise.reject(new PoolError(POOL_ERRORS.crashed, 'the extraction pool is closed'));
    if (waiting.length >= maxQueued) return Promise.reject(new PoolError(POOL_ERRORS.busy, `${waiting.length} files are already waiting to be read`));
    return new Promise((resolve, reject) => {
      waiting.push({ task, bytes, resolve, reject });
      pump();
    });
  }

  return {
    size,
    async extract(bytes) {
      try {
        return (await run('extract', bytes)) as ExtractionOutcome;
      } catch (error) {
        if (error instanceof PoolError) return { ok: false, error: { code: error.code, message: error.message } };
        throw error;
      }
    },
    prepare: (bytes) => run('prepare', bytes) as Promise<PreparedPicture>,
    preview: (bytes) => run('preview', bytes) as Promise<Preview>,
    threadIds: () => [...seenThreads],
    async close() {
      closed = true;
      stopSampling();
      for (const job of waiting.splice(0)) job.reject(new PoolError(POOL_ERRORS.crashed, 'the extraction pool is closed'));
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}
