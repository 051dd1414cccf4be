import type { LedgerMigration } from './migration.js';

/**
 * The 复核 of drafts (issue 24 point 5, docs/team-ledger.md §6): a draft is sent for review by whoever may
 * issue, a reviewer approves it or returns it with a reason, and issuing from a draft that waits for review is
 * refused in main. Each step records who and when, on the draft itself (one owner: the issuance drafts repo):
 * - `review_state`: none (never sent, or changed since) → pending → approved | returned;
 * - `requested_by` / `requested_at`: who sent it and when (the name, as everywhere clerks sign rows);
 * - `reviewed_by` / `reviewed_at` / `review_note`: who decided, when, and the reason of a return.
 * The same columns on the team ledger (PostgreSQL migration 0600), so a desk's drafts move in unchanged.
 * Additive: drafts held before are `none` (never sent) with the other columns NULL.
 *
 * The team's half (PostgreSQL, once its migration 13): the same columns, times as timestamptz; a state changes
 * only by a conditional update, so two desks deciding at once get one winner.
 */
export const draftReview: LedgerMigration = {
  version: 600,
  name: 'draft-review',
  desk(db) {
    db.exec(`
      ALTER TABLE issuance_draft ADD COLUMN review_state TEXT NOT NULL DEFAULT 'none' CHECK (review_state IN ('none', 'pending', 'approved', 'returned'));
      ALTER TABLE issuance_draft ADD COLUMN requested_by TEXT;
      ALTER TABLE issuance_draft ADD COLUMN requested_at TEXT;
      ALTER TABLE issuance_draft ADD COLUMN reviewed_by TEXT;
      ALTER TABLE issuance_draft ADD COLUMN reviewed_at TEXT;
      ALTER TABLE issuance_draft ADD COLUMN review_note TEXT;
    `);
  },
  team: `
    ALTER TABLE issuance_draft
      ADD COLUMN review_state text NOT NULL DEFAULT 'none' CHECK (review_state IN ('none', 'pending', 'approved', 'returned')),
      ADD COLUMN requested_by text,
      ADD COLUMN requested_at timestamptz,
      ADD COLUMN reviewed_by text,
      ADD COLUMN reviewed_at timestamptz,
      ADD COLUMN review_note text;
  `,
};
