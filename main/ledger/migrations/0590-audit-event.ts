import type { LedgerMigration } from './migration.js';

/**
 * The audit trail on the desk (issue 24: "every row records who did what"; docs/team-ledger.md §6): the same
 * `audit_event` as the team ledger's (pg migration 0470), so a desk's events move into a team ledger and an
 * enterprise's come back in its archive. As in the rest of the SQLite ledger, times are ISO 8601 text (UTC,
 * milliseconds; they sort as they compare) and lists are JSON text: `record_ids` a JSON array of texts,
 * `detail` a JSON object or NULL. The index on (at, id) serves 操作日志's newest-first keyset pages.
 * Evidence is not rewritten: triggers refuse UPDATE and DELETE, as the team ledger's clerk role may only
 * read and append. Additive: a new table.
 */
export const auditEvent: LedgerMigration = {
  version: 590,
  name: 'audit-event',
  desk(db) {
    db.exec(`
      CREATE TABLE audit_event (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        at         TEXT NOT NULL,
        actor      TEXT NOT NULL,
        desk       TEXT NOT NULL,
        action     TEXT NOT NULL,
        aggregate  TEXT NOT NULL,
        record_ids TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(record_ids) AND json_type(record_ids) = 'array'),
        enterprise TEXT,
        detail     TEXT CHECK (detail IS NULL OR (json_valid(detail) AND json_type(detail) = 'object'))
      );
      CREATE INDEX audit_event_at ON audit_event (at, id);
      CREATE TRIGGER audit_event_append_only_update BEFORE UPDATE ON audit_event
      BEGIN SELECT RAISE(ABORT, 'audit_event is append-only'); END;
      CREATE TRIGGER audit_event_append_only_delete BEFORE DELETE ON audit_event
      BEGIN SELECT RAISE(ABORT, 'audit_event is append-only'); END;
    `);
  },
};
