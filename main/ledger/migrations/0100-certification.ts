import type { LedgerMigration } from './migration.js';

/**
 * Certification batches (applyLegalize) and their items. The batch number PCH is the service's
 * idempotency key (docs/architecture.md §5): written with the whole request before sending; the result query
 * (applyLegalizeResult, same PCH) fills in each item's RZZT / RZCLZT / SBYY. Wire names as the spec.
 */
export const certification: LedgerMigration = {
  version: 100,
  name: 'certification',
  desk(db) {
    db.exec(`
      CREATE TABLE certification_batch (
        id           INTEGER PRIMARY KEY,
        environment  TEXT NOT NULL CHECK (environment IN ('sandbox', 'remote')),
        PCH          TEXT NOT NULL UNIQUE,
        GMFSBH       TEXT NOT NULL,
        SQSKSSQ      TEXT NOT NULL,
        FHHS         INTEGER NOT NULL,
        status       TEXT NOT NULL CHECK (status IN ('queued', 'submitted', 'processing', 'done', 'rejected', 'failed')),
        ZTDM         TEXT,
        ZTXX         TEXT,
        request_json TEXT NOT NULL,
        created_at   TEXT NOT NULL,
        updated_at   TEXT NOT NULL
      );
      CREATE INDEX certification_batch_created ON certification_batch (environment, created_at DESC);

      CREATE TABLE certification_item (
        batch_id INTEGER NOT NULL REFERENCES certification_batch (id) ON DELETE CASCADE,
        FPDM     TEXT NOT NULL DEFAULT '',
        FPHM     TEXT NOT NULL,
        FPLXDM   TEXT NOT NULL,
        SQRZLX   TEXT NOT NULL CHECK (SQRZLX IN ('1', '2', '3', '4', '5', '6')),
        YXSE     TEXT NOT NULL,
        RZZT     TEXT,
        RZRQ     TEXT,
        RZCLZT   TEXT,
        SBYY     TEXT,
        PCZT     TEXT,
        GLZT     TEXT,
        PRIMARY KEY (batch_id, FPDM, FPHM)
      ) WITHOUT ROWID;
      CREATE INDEX certification_item_invoice ON certification_item (FPHM, FPDM);
    `);
  },
};
