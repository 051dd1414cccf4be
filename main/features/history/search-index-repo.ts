/**
 * Upkeep of the trigram index (history_fts, migration 0130): the SQL of merging its segments.
 *
 * FTS5 writes every transaction's postings as a new small segment and merges them level by level
 * (automerge), so a history that grew one invoice at a time ends up with several segments of mixed
 * size, each carrying tombstones of re-indexed and deleted documents (contentless_delete). A term is
 * looked up in every segment and each match is checked against every tombstone list: measured over
 * 1,000,000 invoices, 8 segments made a 3-character search 2.5× and a 4-character one 2.3× slower than
 * the same index merged into one (docs/benchmarks.md §search). Merging is FTS5's own `merge` command,
 * run in small steps so that no step holds the main process for long. Each step passes a negative page
 * count (merge across levels, towards one segment): a positive one only merges within a level and,
 * with nothing left to merge, still rewrites the index structure, so "no change" would never come.
 */
import type { Db } from '../../db/open.js';

export function createSearchIndexRepo(db: Db) {
  // The %_idx shadow table holds one row per (segment, leaf page boundary): a few thousand rows at a
  // million invoices, read in a millisecond or two, and only by the upkeep, never by a search.
  const segments = db.prepare<[], number>(`SELECT count(DISTINCT segid) FROM history_fts_idx`).pluck();
  const merge = db.prepare<[number]>(`INSERT INTO history_fts (history_fts, rank) VALUES ('merge', ?)`);
  const changes = db.prepare<[], number>(`SELECT total_changes()`).pluck();
  return {
    /** How many segments the index has now. */
    segments: (): number => segments.get() ?? 0,
    /** Merges about `pages` leaf pages towards one segment. Returns false when there was nothing left to merge. */
    mergeStep(pages: number): boolean {
      const before = changes.get() ?? 0;
      merge.run(-pages);
      // The command itself counts as one change; a step that merged wrote pages and the structure.
      return (changes.get() ?? 0) - before > 1;
    },
  };
}

export type SearchIndexRepo = ReturnType<typeof createSearchIndexRepo>;
