/**
 * Intake's extraction pool (main/features/intake/extraction-pool.ts): the real worker reads the real
 * sample files on other threads exactly as the library does in-process; a thread that crashes, runs out
 * of its heap or overruns the per-file time fails only its own file (the next files are read on a fresh
 * thread); the waiting queue is bounded. The misbehaving worker (test/fixtures/workers/) makes each case
 * certain rather than dependent on how long a real file takes on a busy machine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { extractInvoice } from '../../../extraction/index.js';
import { createExtractionPool, type ExtractionPool, type PoolOptions } from '../../../main/features/intake/extraction-pool.js';
import { photoJpeg } from '../../support/intake-files.js';

const FIXTURES = path.resolve('test/fixtures/intake');
const SAMPLES = fs.readdirSync(FIXTURES).filter((file) => /\.(?:ofd|pdf|png)$/.test(file));
const MISBEHAVING = { file: path.resolve('test/fixtures/workers/misbehaving-extraction-worker.mjs'), execArgv: [] };
const bytes = (text: string) => new TextEncoder().encode(text);

const pools: ExtractionPool[] = [];
const pool = (options: PoolOptions = {}) => {
  const created = createExtractionPool(options);
  pools.push(created);
  return created;
};
afterEach(async () => {
  for (const created of pools.splice(0)) await created.close();
});

describe('extraction pool', () => {
  it('reads the real samples on worker threads with the same outcome as in-process, two at a time', async () => {
    const threads = pool({ size: 2 });
    const files = SAMPLES.map((file) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, file))));
    const outcomes = await Promise.all(files.map((file) => threads.extract(file)));
    for (const [index, file] of files.entries()) expect(outcomes[index], SAMPLES[index]).toEqual(await extractInvoice(file));
    expect(threads.threadIds().length).toBe(2);
    expect(threads.threadIds()).not.toContain(threadId);
    // The picture for recognition is prepared there too.
    const prepared = await threads.prepare(photoJpeg(1600, 1200, 6));
    // EXIF orientation 6: the 1600×1200 photo stands upright, scaled to 960×1280.
    expect(prepared).toMatchObject({ kind: 'jpeg', width: 960, height: 1280 });
  }, 120_000);

  it('a crashed thread or one out of memory fails only its file; the rest of the batch is read', async () => {
    const threads = pool({ size: 1, worker: MISBEHAVING, heapMb: 32 });
    const outcomes = await Promise.all(['first', 'CRASH', 'after crash', 'OOM', 'after oom'].map((text) => threads.extract(bytes(text))));
    expect(outcomes.map((outcome) => (outcome.ok ? 'ok' : outcome.error.code))).toEqual(['ok', 'extraction-crashed', 'ok', 'extraction-memory', 'ok']);
    // One thread at a time, replaced after each death.
    expect(threads.threadIds().length).toBe(3);
  }, 60_000);

  it('a file over the time limit ends its thread, and the next file is read', async () => {
    const threads = pool({ size: 1, worker: MISBEHAVING, timeoutMs: 1_000 });
    const outcomes = await Promise.all(['HANG', 'next'].map((text) => threads.extract(bytes(text))));
    expect(outcomes[0]).toMatchObject({ ok: false, error: { code: 'extraction-timeout' } });
    expect(outcomes[1]).toMatchObject({ ok: true });
  }, 60_000);

  it('memory outside the heap is bounded by the resident set: the hog alone fails, a file that shared the ceiling is read again alone', async () => {
    const threads = pool({ size: 2, worker: MISBEHAVING, memoryBudgetMb: 128, timeoutMs: 200_000 });
    const mb = () => process.memoryUsage.rss() / 1024 / 1024;
    const before = mb();
    const marker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pool-')), 'read-once');
    const outcomes = await Promise.all(['NATIVE', `ONCE:${marker}`].map((text) => threads.extract(bytes(text))));
    // Both were on threads when the ceiling was crossed (the innocent one never answers its first reading);
    // read again one at a time, only the hog crosses it.
    expect(outcomes.map((outcome) => (outcome.ok ? 'ok' : outcome.error.code))).toEqual(['extraction-memory', 'ok']);
    expect(outcomes[0]).toMatchObject({ error: { message: expect.stringMatching(/MB past where it was \(at most 128 MB\)/) } });
    const past = Number(/^reading the file took the process (\d+) MB past/.exec(outcomes[0]!.ok ? '' : outcomes[0]!.error.message)![1]);
    expect(past).toBeGreaterThan(128);
    // The threads were ended and replaced: the hog's memory is given back — measured from where this process
    // was before, not as an absolute figure (files before this one in the same worker leave it larger or smaller).
    expect(threads.threadIds().length).toBeGreaterThanOrEqual(3);
    await expect.poll(mb).toBeLessThan(before + past / 2);
  }, 60_000);

  it('the waiting queue is bounded: one file too many is refused at once as busy', async () => {
    const threads = pool({ size: 1, worker: MISBEHAVING, maxQueued: 2 });
    const outcomes = await Promise.all(['a', 'b', 'c', 'd'].map((text) => threads.extract(bytes(text))));
    // 'a' is on the thread, 'b' and 'c' wait, 'd' finds the queue full.
    expect(outcomes.map((outcome) => (outcome.ok ? 'ok' : outcome.error.code))).toEqual(['ok', 'ok', 'ok', 'busy']);
  });
});
