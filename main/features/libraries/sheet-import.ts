/**
 * Reads a spreadsheet off the main thread (issue 10 point 8): one worker thread per import runs
 * sheet-worker.ts (the bounded zip scan, then exceljs), with a heap limit of its own, so neither a zip
 * bomb nor a huge sheet can block or exhaust main. Main only waits for one message.
 *
 * Where the worker's code is: the packaged app has it bundled as dist/main/sheet-worker.cjs next to the
 * main bundle (scripts/build-main.mjs); from the TypeScript sources (tests, the browser harness) it runs
 * sheet-worker.ts through tsx, as the rest of the sources do.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { IpcFailure, type IpcError } from '../../../shared/ipc/index.js';
import type { SheetReadResult, SheetRequest } from './sheet-reader.js';

/** Heap of the worker: exceljs on a 64 MB-unpacked workbook fits; anything worse ends the worker, not the app. */
const WORKER_HEAP_MB = 768;

function workerTarget(): { file: string | URL; execArgv: string[] } {
  // __dirname exists only in the CommonJS bundle; next to it esbuild wrote the worker bundle.
  if (typeof __dirname === 'string') {
    const bundled = path.join(__dirname, 'sheet-worker.cjs');
    if (fs.existsSync(bundled)) return { file: bundled, execArgv: [] };
  }
  return { file: new URL('./sheet-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] };
}

interface WorkerAnswer<F extends string> {
  ok: boolean;
  table?: SheetReadResult<F>['table'];
  counters?: SheetReadResult<F>['counters'];
  /** The failure as it crosses IPC (key + params), rebuilt here so its text stays the clerk's. */
  error?: IpcError;
  threadId: number;
}

export async function importSheet<F extends string>(filePath: string, request: SheetRequest<F>): Promise<SheetReadResult<F> & { threadId: number }> {
  const target = workerTarget();
  const worker = new Worker(target.file, {
    execArgv: target.execArgv,
    workerData: { filePath, request },
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  try {
    const answer = await new Promise<WorkerAnswer<F>>((resolve, reject) => {
      worker.once('message', (message: WorkerAnswer<F>) => resolve(message));
      worker.once('error', (error: Error & { code?: string }) => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          reject(new IpcFailure('VALIDATION_FAILED', 'app.sheetOutOfMemory', {}, { details: { reason: 'too-large-unpacked' } }));
        } else reject(error);
      });
      worker.once('exit', (code) => reject(new Error(`sheet worker exited (${code}) without an answer`)));
    });
    if (!answer.ok || !answer.table || !answer.counters) {
      const error = answer.error ?? { code: 'INTERNAL' as const, key: 'ipc.internal', params: {}, message: 'no answer' };
      if (error.code === 'INTERNAL') throw new Error(`sheet worker failed: ${error.message}`);
      throw new IpcFailure(error.code, error.key, error.params, error.details === undefined ? { message: error.message } : { message: error.message, details: error.details });
    }
    return { table: answer.table, counters: answer.counters, threadId: answer.threadId };
  } finally {
    await worker.terminate();
  }
}
