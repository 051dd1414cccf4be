import type { Migration } from '../database.js';

/**
 * The seeded tax authority (received invoices and their lines), the collection batches (PCH) with the
 * snapshot of rows each logical request pages through, the per-buyer "initial collection done" flags, and
 * the certification batches with their items.
 */
export const taxAuthority: Migration = {
  version: 30,
  name: 'tax-authority',
  up(db) {
    db.exec(`
      -- One row: what the tax authority was seeded with, so a restart is idempotent and a different seed is refused.
      CREATE TABLE tax_authority_seed (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        seed INTEGER NOT NULL,
        now_ms INTEGER NOT NULL,
        invoices_per_buyer INTEGER NOT NULL,
        buyers_json TEXT NOT NULL
      ) STRICT;

      CREATE TABLE received_invoices (
        id INTEGER PRIMARY KEY,
        fplxdm TEXT NOT NULL,
        fpdm TEXT NOT NULL,
        fphm TEXT NOT NULL,
        kprq TEXT NOT NULL,
        gmfmc TEXT NOT NULL,
        gmfsbh TEXT NOT NULL,
        gmfdzdh TEXT NOT NULL,
        gmfyhzh TEXT NOT NULL,
        xhfmc TEXT NOT NULL,
        xhfsbh TEXT NOT NULL,
        xhfdzdh TEXT NOT NULL,
        xhfyhzh TEXT NOT NULL,
        -- 2-dp decimal text: money is never stored as a float.
        hjje TEXT NOT NULL,
        se TEXT NOT NULL,
        jshj TEXT NOT NULL,
        bz TEXT NOT NULL,
        jym TEXT NOT NULL,
        fpzt TEXT NOT NULL,
        glzt TEXT NOT NULL,
        rzzt TEXT NOT NULL,
        rzrq TEXT,
        rzsq TEXT,
        rzlx TEXT,
        yxse TEXT,
        xxly TEXT NOT NULL,
        yqkgxbz TEXT NOT NULL,
        sfdbts TEXT NOT NULL,
        txfbz TEXT NOT NULL,
        lslbz TEXT NOT NULL,
        -- yyyyMMddHHmmss in China time, so a text comparison is a time comparison.
        collected_at TEXT NOT NULL,
        has_details INTEGER NOT NULL,
        line_count INTEGER NOT NULL,
        vehicle_json TEXT
      ) STRICT;
      CREATE UNIQUE INDEX received_invoices_identity ON received_invoices (fpdm, fphm);
      CREATE INDEX received_invoices_collection ON received_invoices (gmfsbh, has_details, fplxdm, collected_at);

      CREATE TABLE received_invoice_lines (
        invoice_id INTEGER NOT NULL REFERENCES received_invoices (id),
        xh INTEGER NOT NULL,
        spmc TEXT NOT NULL,
        spbm TEXT NOT NULL,
        spbmjc TEXT NOT NULL,
        ggxh TEXT NOT NULL,
        dw TEXT NOT NULL,
        spsl TEXT NOT NULL,
        dj TEXT NOT NULL,
        je TEXT NOT NULL,
        sl TEXT NOT NULL,
        se TEXT NOT NULL,
        cph TEXT,
        lx TEXT,
        txsjq TEXT,
        txsjz TEXT,
        PRIMARY KEY (invoice_id, xh)
      ) STRICT, WITHOUT ROWID;

      -- A buyer's first collection of a kind ('01'…'31' for endpoint 3, 'main' for endpoint 6) is the initial one.
      CREATE TABLE collection_initial_done (
        gmfsbh TEXT NOT NULL,
        kind TEXT NOT NULL,
        pch TEXT NOT NULL,
        PRIMARY KEY (gmfsbh, kind)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE collection_batches (
        pch TEXT PRIMARY KEY,
        app_key TEXT NOT NULL,
        endpoint TEXT NOT NULL,
        gmfsbh TEXT NOT NULL,
        kind TEXT NOT NULL,
        cjksrq TEXT NOT NULL,
        cjjsrq TEXT NOT NULL,
        initial INTEGER NOT NULL,
        total_rows INTEGER NOT NULL,
        -- The start row the next page will have (1 + rows already handed out).
        next_kshs INTEGER NOT NULL,
        -- Set by the request with ZTBZ 0 (its start row): the PCH is closed, only that answer may be asked again.
        ended_kshs INTEGER,
        created_at INTEGER NOT NULL
      ) STRICT;

      -- The rows of a logical request, fixed when its PCH is first seen, so ZHS and the pages never shift.
      CREATE TABLE collection_batch_rows (
        pch TEXT NOT NULL REFERENCES collection_batches (pch),
        row_no INTEGER NOT NULL,
        invoice_id INTEGER NOT NULL REFERENCES received_invoices (id),
        -- detail rows the invoice counts against the 1000-row cap (at least 1)
        weight INTEGER NOT NULL,
        PRIMARY KEY (pch, row_no)
      ) STRICT, WITHOUT ROWID;

      -- Start rows already answered, which may be asked again (a lost answer) with the same result.
      CREATE TABLE collection_page_starts (
        pch TEXT NOT NULL REFERENCES collection_batches (pch),
        kshs INTEGER NOT NULL,
        PRIMARY KEY (pch, kshs)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE certification_batches (
        pch TEXT PRIMARY KEY,
        app_key TEXT NOT NULL,
        gmfsbh TEXT NOT NULL,
        -- sha256 of the canonical JSON of the request: a resubmission must match it exactly.
        body_hash TEXT NOT NULL,
        accepted_at INTEGER NOT NULL,
        -- The tax period current at acceptance, against which SQSKSSQ is judged.
        period TEXT NOT NULL,
        settled_at INTEGER
      ) STRICT;

      CREATE TABLE certification_items (
        pch TEXT NOT NULL REFERENCES certification_batches (pch),
        item_no INTEGER NOT NULL,
        fpdm TEXT NOT NULL,
        fphm TEXT NOT NULL,
        fplxdm TEXT NOT NULL,
        sqrzlx TEXT NOT NULL,
        sqskssq TEXT NOT NULL,
        yxse TEXT,
        -- Set when the batch is settled: 4 succeeded or 5 failed, and the SBYY of a failure.
        rzclzt TEXT,
        sbyy TEXT,
        PRIMARY KEY (pch, item_no)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
