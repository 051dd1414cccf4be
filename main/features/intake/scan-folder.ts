/**
 * The watched scan folder: a file that appears there is taken into the intake queue once it is completely
 * written — its size and modification time unchanged across two looks (a scanner or a copy still writing
 * keeps changing them): a complete file is seen by the next look (≤ 0.5 s) and taken by the one after,
 * so within 1 s of being written, 2 s at most (test/unit/intake/scan-folder.test.ts counts the looks). Polling rather than fs.watch: it behaves the same on every
 * platform and on network shares, and a poll of a folder is cheap. Taken files are remembered in the
 * database (name, size, mtime), so a restart does not take them again.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TakenFileRepo } from './taken-files.js';

export const SCAN_POLL_MS = 500;
const TAKEN_EXTENSIONS = /\.(?:png|jpe?g|pdf|ofd|xml)$/i;

export interface ScanFolderWatcher {
  stop(): void;
}

export function watchScanFolder(folder: string, repo: TakenFileRepo, take: (filePath: string) => void, onError: (error: unknown) => void): ScanFolderWatcher {
  const seen = new Map<string, { size: number; mtimeMs: number }>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const look = () => {
    if (stopped) return;
    try {
      for (const name of fs.readdirSync(folder)) {
        if (!TAKEN_EXTENSIONS.test(name) || name.startsWith('.')) continue;
        const filePath = path.join(folder, name);
        let stat: fs.Stats;
        try {
          stat = fs.statSync(filePath);
        } catch {
          continue;
        }
        if (!stat.isFile() || stat.size === 0) continue;
        const before = seen.get(name);
        seen.set(name, { size: stat.size, mtimeMs: stat.mtimeMs });
        // Taken only once two looks agree: the writer has finished.
        if (!before || before.size !== stat.size || before.mtimeMs !== stat.mtimeMs) continue;
        if (repo.isTaken(folder, name, stat.size, stat.mtimeMs)) continue;
        repo.markTaken(folder, name, stat.size, stat.mtimeMs);
        take(filePath);
      }
    } catch (error) {
      onError(error);
    }
    timer = setTimeout(look, SCAN_POLL_MS);
  };
  look();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
