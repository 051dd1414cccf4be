import type { LedgerMigration } from './migration.js';

/**
 * Input invoices collected from the service (spec: collected invoice record, element of FPZHXX) and
 * their detail lines. One row per invoice and environment: collecting the same invoice again updates
 * it (its certification state changes over time). Columns keep the record's upper-case wire names;
 * `issue_date` is KPRQ (yyyyMMdd) as yyyy-MM-dd so date ranges compare as text. FPDM is '' for
 * digital-electronic invoices, which have no code, so the unique key still holds.
 */
export const collectedInvoices: LedgerMigration = {
  version: 90,
  name: 'collected-invoices',
  desk(db) {
    db.exec(`
      CREATE TABLE collected_invoice (
        id           INTEGER PRIMARY KEY,
        environment  TEXT NOT NULL CHECK (environment IN ('sandbox', 'remote')),
        FPLXDM       TEXT NOT NULL,
        FPDM         TEXT NOT NULL DEFAULT '',
        FPHM         TEXT NOT NULL,
        KPRQ         TEXT,
        issue_date   TEXT,
        DQSKSSQ      TEXT,
        GMFMC        TEXT,
        GMFSBH       TEXT,
        XHFMC        TEXT,
        XHFSBH       TEXT,
        HJJE         TEXT,
        SE           TEXT,
        JSHJ         TEXT,
        BZ           TEXT,
        FPZT         TEXT,
        RZZT         TEXT,
        RZRQ         TEXT,
        RZSQ         TEXT,
        RZLX         TEXT,
        GLZT         TEXT,
        YXSE         TEXT,
        PCH          TEXT,
        record_json  TEXT NOT NULL,
        collected_at TEXT NOT NULL,
        UNIQUE (environment, FPDM, FPHM)
      );
      CREATE INDEX collected_invoice_date ON collected_invoice (environment, issue_date DESC);

      CREATE TABLE collected_invoice_line (
        invoice_id INTEGER NOT NULL REFERENCES collected_invoice (id) ON DELETE CASCADE,
        XH         INTEGER NOT NULL,
        SPMC       TEXT,
        SPBM       TEXT,
        GGXH       TEXT,
        DW         TEXT,
        SPSL       TEXT,
        DJ         TEXT,
        JE         TEXT,
        SL         TEXT,
        SE         TEXT,
        PRIMARY KEY (invoice_id, XH)
      ) WITHOUT ROWID;
    `);
  },
};
