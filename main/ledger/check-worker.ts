/**
 * The worker thread of check-off-thread.ts: runs quick_check or integrity_check on one file through a
 * read-only handle and posts what it found. Over a million invoices a full check reads the whole file
 * for tens of seconds; here that time is this thread's, not main's.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { checkFile } from './health.js';

const { file, full } = workerData as { file: string; full: boolean };
parentPort?.postMessage(checkFile(file, full));
