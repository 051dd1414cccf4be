/**
 * The scan folder's timing, by counting its looks (a clock the test moves, not a wait): a complete file is
 * taken on the second look that sees it unchanged — within 1 s of being written, 2 s at most; a file
 * still being written is not taken until it stops changing; a file taken before (remembered by the
 * repository, as across a restart) is not taken again. The real database and restart are covered in
 * test/integration/core/intake.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCAN_POLL_MS, watchScanFolder, type ScanFolderWatcher } from '../../../main/features/intake/scan-folder.js';

let folder: string;
let watcher: ScanFolderWatcher | undefined;
beforeEach(() => {
  vi.useFakeTimers();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-scan-folder-'));
});
afterEach(() => {
  watcher?.stop();
  vi.useRealTimers();
  fs.rmSync(folder, { recursive: true, force: true });
});

function memoryRepo() {
  const taken = new Set<string>();
  const key = (dir: string, name: string, size: number, mtime: number) => `${dir}|${name}|${size}|${mtime}`;
  return {
    isTaken: (dir: string, name: string, size: number, mtime: number) => taken.has(key(dir, name, size, mtime)),
    markTaken: (dir: string, name: string, size: number, mtime: number) => void taken.add(key(dir, name, size, mtime)),
  };
}

describe('scan folder', () => {
  it('takes a completely written file within 2 s: seen by the next look, taken by the one after', () => {
    const took: string[] = [];
    watcher = watchScanFolder(folder, memoryRepo(), (file) => took.push(path.basename(file)), (error) => { throw error; });
    // Written just after a look: the worst case.
    vi.advanceTimersByTime(1);
    fs.writeFileSync(path.join(folder, 'scan-1.png'), 'complete');
    let elapsed = 1;
    while (took.length === 0 && elapsed < 10_000) {
      vi.advanceTimersByTime(SCAN_POLL_MS);
      elapsed += SCAN_POLL_MS;
    }
    expect(took).toEqual(['scan-1.png']);
    expect(elapsed).toBeLessThanOrEqual(2_000);
    vi.advanceTimersByTime(5 * SCAN_POLL_MS);
    expect(took).toEqual(['scan-1.png']);
  });

  it('waits while a file is still being written, takes it once it stops changing; ignores other kinds', () => {
    const took: string[] = [];
    watcher = watchScanFolder(folder, memoryRepo(), (file) => took.push(path.basename(file)), (error) => { throw error; });
    const file = path.join(folder, 'scan-2.pdf');
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'not an invoice file');
    for (let chunk = 0; chunk < 6; chunk++) {
      fs.appendFileSync(file, `chunk ${chunk};`);
      vi.advanceTimersByTime(SCAN_POLL_MS);
      expect(took).toEqual([]);
    }
    vi.advanceTimersByTime(SCAN_POLL_MS);
    expect(took).toEqual(['scan-2.pdf']);
  });

  it('a file taken before (as after a restart) is not taken again', () => {
    const repo = memoryRepo();
    fs.writeFileSync(path.join(folder, 'scan-3.png'), 'complete');
    const first: string[] = [];
    watcher = watchScanFolder(folder, repo, (file) => first.push(file), (error) => { throw error; });
    vi.advanceTimersByTime(2 * SCAN_POLL_MS);
    expect(first.length).toBe(1);
    watcher.stop();
    const second: string[] = [];
    watcher = watchScanFolder(folder, repo, (file) => second.push(file), (error) => { throw error; });
    vi.advanceTimersByTime(10 * SCAN_POLL_MS);
    expect(second).toEqual([]);
  });
});
