import type { LedgerMigration } from './migration.js';

/**
 * The outbox (docs/architecture.md §5): a durable queue of asynchronous operations keyed by the service's own
 * idempotency key (lsh / PCH). A row is written with its full request before the first byte is sent and
 * completed in the same transaction that stores the outcome.
 */
export const outbox: LedgerMigration = {
  version: 20,
  name: 'outbox',
  desk(db) {
    db.exec(`
      CREATE TABLE outbox (
        id              INTEGER PRIMARY KEY,
        kind            TEXT NOT NULL,
        serial          TEXT NOT NULL,
        request_json    TEXT NOT NULL,
        state           TEXT NOT NULL CHECK (state IN ('pending', 'done', 'failed')),
        attempts        INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        last_error      TEXT,
        created_at      TEXT NOT NULL,
        updated_at      TEXT NOT NULL,
        UNIQUE (kind, serial)
      );
      CREATE INDEX outbox_due ON outbox (state, next_attempt_at);
    `);
  },
};
