/**
 * quick_check / integrity_check of a database file on a worker thread, so the main process keeps
 * answering IPC and sending the outbox while a backup copy is checked or the clerk asks for the full
 * integrity check in settings (both read the whole file: seconds to minutes on a large history).
 *
 * Where the worker's code is: bundled as dist/main/ledger-check-worker.cjs next to the main bundle
 * (scripts/build-main.mjs); from the TypeScript sources (tests, the harness) check-worker.ts through tsx.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { checkFile } from './health.js';

export type CheckResult = ReturnType<typeof checkFile>;

function workerTarget(): { file: string | URL; execArgv: string[] } {
  // __dirname exists only in the CommonJS bundle; next to it esbuild wrote the worker bundle.
  if (typeof __dirname === 'string') {
    const bundled = path.join(__dirname, 'ledger-check-worker.cjs');
    if (fs.existsSync(bundled)) return { file: bundled, execArgv: [] };
  }
  return { file: new URL('./check-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] };
}

/** Resolves with the check's outcome; a worker that fails is an outcome too (not ok, with why). */
export async function checkFileOffThread(file: string, full = false): Promise<CheckResult> {
  const target = workerTarget();
  const worker = new Worker(target.file, { execArgv: target.execArgv, workerData: { file, full } });
  try {
    return await new Promise<CheckResult>((resolve) => {
      worker.once('message', (message: CheckResult) => resolve(message));
      worker.once('error', (error: Error) => resolve({ ok: false, detail: `check worker failed: ${error.message}` }));
      worker.once('exit', (code) => resolve({ ok: false, detail: `check worker exited (${code}) without an answer` }));
    });
  } finally {
    await worker.terminate();
  }
}
