import type { LedgerMigration } from './migration.js';

/**
 * Drafts of the issuance form: what a clerk typed and has not submitted yet, kept locally so that a
 * closed window or a lunch break loses nothing. `content` is the form's own JSON (complete or not); the
 * other columns are there so the list shows a draft without parsing it. Money is TEXT (docs/architecture.md §4).
 */
export const issuanceDrafts: LedgerMigration = {
  version: 140,
  name: 'issuance-drafts',
  desk(db) {
    db.exec(`
      CREATE TABLE issuance_draft (
        id          INTEGER PRIMARY KEY,
        environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'remote')),
        fplxdm      TEXT NOT NULL,
        ghdwmc      TEXT NOT NULL,
        jshj        TEXT NOT NULL,
        content     TEXT NOT NULL,
        created_at  TEXT NOT NULL,
        updated_at  TEXT NOT NULL
      );
      CREATE INDEX issuance_draft_updated ON issuance_draft (environment, updated_at DESC);
    `);
  },
};
