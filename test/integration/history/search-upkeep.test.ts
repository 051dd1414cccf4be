/**
 * The trigram index kept merged while the desk is idle (history/search-upkeep.ts), on a real SQLite
 * file: a history written in many transactions with FTS5's automerge off (so the index is left in many
 * segments, as a history grown invoice by invoice can be) is merged into one segment, in steps that let
 * the event loop run between them; searches find the same invoices before and after; a step that fails
 * (a read-only file) ends the round without throwing and says why in the log.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../../main/db/open.js';
import { createHistoryRepo } from '../../../main/features/history/repo.js';
import { createSearchIndexRepo } from '../../../main/features/history/search-index-repo.js';
import { createSearchUpkeep, MAX_SEGMENTS, mergeSearchIndex } from '../../../main/features/history/search-upkeep.js';
import type { HistoryFilter } from '../../../shared/ipc/index.js';
import { generateHistory, nameOf, SELLER } from '../../bench/history-data.js';
import { tempDir } from '../../support/sample-issuance.js';

const dir = tempDir('fapiao-upkeep-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A history of 2,000 + 12 × 150 invoices, each batch its own transaction, automerge off while writing. */
function fragmentedHistory(file: string) {
  const db = openDatabase(file);
  db.exec(`INSERT INTO history_fts (history_fts, rank) VALUES ('automerge', 0)`);
  generateHistory(db, 2000);
  for (let batch = 0; batch < 12; batch++) {
    db.prepare(
      `INSERT INTO issued_invoice (lsh, environment, fplxdm, kplx, xhdwsbh, xhdwmc, ghdwmc, ghdwsbh, jshj, hjse, status, request_json, fphm, created_at, updated_at)
       SELECT 'C' || ? || '-' || lsh, environment, fplxdm, kplx, xhdwsbh, xhdwmc, ghdwmc, ghdwsbh, jshj, hjse, status, request_json,
              printf('9%07d', id + ? * 1000), strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+800 days'), updated_at
         FROM issued_invoice WHERE id BETWEEN ? AND ? ORDER BY id`,
    ).run(batch, batch, batch * 150 + 1, batch * 150 + 150);
  }
  db.exec(`INSERT INTO history_fts (history_fts, rank) VALUES ('automerge', 4)`);
  return db;
}

const SEARCHES: HistoryFilter[] = [
  { direction: 'output', text: nameOf(321).slice(1, 4), limit: 500 },
  { direction: 'output', text: nameOf(1234).slice(2, 6), limit: 500 },
  { direction: 'output', text: '科技有限', limit: 500 },
];
const found = (db: ReturnType<typeof openDatabase>) => SEARCHES.map((filter) => createHistoryRepo(db).searchHistory('sandbox', SELLER, filter).rows.map((row) => row.id));

describe('keeping the trigram index merged', () => {
  it('merges a fragmented index into one segment; searches find the same invoices', () => {
    const db = fragmentedHistory(path.join(dir, 'merge.db'));
    try {
      const index = createSearchIndexRepo(db);
      expect(index.segments()).toBeGreaterThan(MAX_SEGMENTS);
      const before = found(db);
      expect(before.every((ids) => ids.length > 0)).toBe(true);
      expect(mergeSearchIndex(index)).toBeGreaterThan(0);
      expect(index.segments()).toBe(1);
      expect(found(db)).toEqual(before);
      // Nothing left to do: a second run does no step.
      expect(mergeSearchIndex(index)).toBe(0);
    } finally {
      closeDatabase(db);
    }
  });

  it('runs in steps while the event loop keeps turning, and stops when asked', async () => {
    const db = fragmentedHistory(path.join(dir, 'idle.db'));
    const index = createSearchIndexRepo(db);
    const upkeep = createSearchUpkeep(index, { firstCheckMs: 0, stepPages: 1 });
    // Ends with the test: a turn still queued when the poll below sees one segment must not read the database
    // after `finally` closed it (on a busy machine one did, and failed the run with "not open").
    let ended = false;
    try {
      const before = found(db);
      let turnsWhileMerging = 0;
      const turn = () => {
        if (ended) return;
        if (upkeep.running) turnsWhileMerging++;
        if (index.segments() > 1) setImmediate(turn);
      };
      upkeep.start();
      setImmediate(turn);
      await expect.poll(() => index.segments(), { timeout: 60_000 }).toBe(1);
      // Other work (here a callback queued behind each step) ran between the steps.
      expect(turnsWhileMerging).toBeGreaterThan(1);
      expect(found(db)).toEqual(before);
    } finally {
      ended = true;
      upkeep.stop();
      closeDatabase(db);
    }
  });

  it('waits while the ledger is being written, stops a round a write interrupts, and merges once it is quiet', async () => {
    const db = fragmentedHistory(path.join(dir, 'busy.db'));
    const index = createSearchIndexRepo(db);
    // The upkeep's clock is ours: "quiet" comes when the test moves it on, whatever the machine's speed.
    let clock = 0;
    let clockReads = 0;
    let steps = 0;
    let writeAfterFirstStep = false;
    const counted = {
      segments: () => index.segments(),
      mergeStep(pages: number) {
        steps++;
        const more = index.mergeStep(pages);
        // A write lands while the round is under way (a page of a collection stored between two steps).
        if (writeAfterFirstStep) {
          writeAfterFirstStep = false;
          upkeep.noteWrite();
        }
        return more;
      },
    };
    const upkeep = createSearchUpkeep(counted, {
      firstCheckMs: 0,
      checkEveryMs: 3_600_000,
      quietMs: 5,
      stepPages: 1,
      now: () => {
        clockReads++;
        return clock;
      },
    });
    try {
      const segments = index.segments();
      expect(segments).toBeGreaterThan(MAX_SEGMENTS);
      upkeep.noteWrite();
      upkeep.start();
      // Checked again and again (each check reads the clock), never merged: the last write is too recent.
      await expect.poll(() => clockReads, { timeout: 30_000 }).toBeGreaterThan(5);
      expect(steps).toBe(0);
      expect(upkeep.running).toBe(false);

      // Quiet: the next check merges, until the write after its first step stops the round.
      writeAfterFirstStep = true;
      clock = 1_000;
      await expect.poll(() => steps, { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(() => upkeep.running, { timeout: 30_000 }).toBe(false);
      expect(steps).toBe(1);
      expect(index.segments()).toBeGreaterThan(1);

      // Quiet again: merged to one segment, with no ten-minute wait.
      clock = 2_000;
      await expect.poll(() => index.segments(), { timeout: 60_000 }).toBe(1);
    } finally {
      upkeep.stop();
      closeDatabase(db);
    }
  });

  it('a step that fails ends the round with a message, and nothing throws', async () => {
    const file = path.join(dir, 'read-only.db');
    closeDatabase(fragmentedHistory(file));
    const readOnly = new Database(file, { readonly: true });
    const messages: string[] = [];
    const upkeep = createSearchUpkeep(createSearchIndexRepo(readOnly), { firstCheckMs: 0, checkEveryMs: 3_600_000, log: (message) => messages.push(message) });
    try {
      upkeep.start();
      await expect.poll(() => messages.length, { timeout: 30_000 }).toBeGreaterThan(0);
      expect(messages[0]).toMatch(/merging the search index stopped: .*readonly/i);
      expect(upkeep.running).toBe(false);
    } finally {
      upkeep.stop();
      readOnly.close();
    }
  });
});
