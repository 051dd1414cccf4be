import type { LedgerMigration } from './migration.js';

/**
 * Collection runs and the history of collected invoices (issue 13). Additive:
 * - collected_invoice gains `enterprise` (the tax number of the enterprise it was collected for: the
 *   buyer, so an agency clerk's companies never mix; filled from GMFSBH for rows already held) and the
 *   selection window of its period (GXJZR deadline, GXRQQ–GXRQZ issue dates) that certification checks;
 * - collection_run: one logical collection request (PCH) with the next start row (KSHS) stored with
 *   every page, so a run cut by a crash or a closed app resumes with the same PCH where it stopped;
 * - collected_invoice_change: each status field (FPZT, RZZT, GLZT…) a later collection or a certification
 *   result changed, with the old and new value — the change is kept, not only the latest state;
 * - collection_preference: whether 今日同步 runs at start-up.
 */
export const collectionRuns: LedgerMigration = {
  version: 260,
  name: 'collection-runs',
  desk(db) {
    db.exec(`
      ALTER TABLE collected_invoice ADD COLUMN enterprise TEXT;
      ALTER TABLE collected_invoice ADD COLUMN GXJZR TEXT;
      ALTER TABLE collected_invoice ADD COLUMN GXRQQ TEXT;
      ALTER TABLE collected_invoice ADD COLUMN GXRQZ TEXT;
      UPDATE collected_invoice SET enterprise = GMFSBH WHERE enterprise IS NULL;
      CREATE INDEX collected_invoice_enterprise ON collected_invoice (environment, enterprise, issue_date DESC);

      CREATE TABLE collection_run (
        id            INTEGER PRIMARY KEY,
        environment   TEXT NOT NULL CHECK (environment IN ('sandbox', 'remote')),
        enterprise    TEXT NOT NULL,
        kind          TEXT NOT NULL CHECK (kind IN ('01', '03', '08', '14', '31', 'main')),
        PCH           TEXT NOT NULL UNIQUE,
        CJKSRQ        TEXT NOT NULL,
        CJJSRQ        TEXT NOT NULL,
        next_kshs     INTEGER NOT NULL DEFAULT 1,
        total_rows    INTEGER,
        rows_received INTEGER NOT NULL DEFAULT 0,
        status        TEXT NOT NULL CHECK (status IN ('running', 'closing', 'done', 'failed')),
        error         TEXT,
        created_at    TEXT NOT NULL,
        updated_at    TEXT NOT NULL
      );
      CREATE INDEX collection_run_enterprise ON collection_run (environment, enterprise, kind, status);

      CREATE TABLE collected_invoice_change (
        id          INTEGER PRIMARY KEY,
        invoice_id  INTEGER NOT NULL REFERENCES collected_invoice (id) ON DELETE CASCADE,
        field       TEXT NOT NULL,
        old_value   TEXT,
        new_value   TEXT,
        source      TEXT NOT NULL,
        changed_at  TEXT NOT NULL
      );
      CREATE INDEX collected_invoice_change_invoice ON collected_invoice_change (invoice_id, id);

      -- Whether 今日同步 runs by itself when the app starts, per environment.
      CREATE TABLE collection_preference (
        environment    TEXT PRIMARY KEY CHECK (environment IN ('sandbox', 'remote')),
        sync_on_start  INTEGER NOT NULL DEFAULT 0 CHECK (sync_on_start IN (0, 1))
      );
    `);
  },
};
