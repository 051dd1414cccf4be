import type { PgMigration } from './migration.js';

/**
 * The 复核 of drafts on the team ledger (issue 24 point 5, docs/team-ledger.md §6), the same columns as the
 * desk's SQLite migration 0600 so that drafts move across unchanged: `review_state` none → pending →
 * approved | returned, who sent it for review and when, who decided, when, and a return's reason. A state
 * changes only by a conditional update (the state the reviewer saw), so two desks deciding at once get one
 * winner. Additive: nullable columns and one with a constant default (no table rewrite).
 */
export const draftReview: PgMigration = {
  version: 13,
  name: 'draft-review',
  sql: `
    ALTER TABLE issuance_draft
      ADD COLUMN review_state text NOT NULL DEFAULT 'none' CHECK (review_state IN ('none', 'pending', 'approved', 'returned')),
      ADD COLUMN requested_by text,
      ADD COLUMN requested_at timestamptz,
      ADD COLUMN reviewed_by text,
      ADD COLUMN reviewed_at timestamptz,
      ADD COLUMN review_note text;
  `,
};
