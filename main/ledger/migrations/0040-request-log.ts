import type { LedgerMigration } from './migration.js';

/**
 * The audit log of every request sent to the invoice service: which endpoint, under which serial
 * number (lsh / PCH) if any, how it ended, the HTTP status and how long it took. Deliberately no
 * headers and no bodies: they carry signatures and, for enterprises, tax-bureau passwords.
 */
export const requestLog: LedgerMigration = {
  version: 40,
  name: 'request-log',
  desk(db) {
    db.exec(`
      CREATE TABLE request_log (
        id           INTEGER PRIMARY KEY,
        environment  TEXT NOT NULL CHECK (environment IN ('sandbox', 'remote')),
        endpoint     TEXT NOT NULL,
        serial       TEXT,
        outcome      TEXT NOT NULL CHECK (outcome IN ('answered', 'refused', 'timeout', 'network-error')),
        http_status  INTEGER,
        service_code TEXT,
        duration_ms  INTEGER NOT NULL,
        at           TEXT NOT NULL
      );
      CREATE INDEX request_log_at ON request_log (environment, at DESC);
      CREATE INDEX request_log_serial ON request_log (serial) WHERE serial IS NOT NULL;
    `);
  },
};
