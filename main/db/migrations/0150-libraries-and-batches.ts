import type { Migration } from '../migrate.js';

/**
 * Completes the customer and product libraries of 0120 and adds the batches imported from Excel.
 *
 * Libraries are shared across environments: a buyer's name and tax ID and a product's tax code are the
 * clerk's own facts, true whichever service (sandbox or remote) issues the invoice, and a clerk who
 * practised in the sandbox must find the same address book in production. 0120's `environment` column
 * stays (migrations are additive) but now only records where an entry was created; the identities below
 * ignore it. The separate buyer fields replace 0120's combined 地址电话 / 开户行及账号 columns, because the
 * issuance request carries them separately (ghdwdz/ghdwdh/ghdwyh/ghdwzh) and re-splitting text is lossy.
 *
 * Batches are issuance work, so they belong to the environment that issues them. A batch row is one
 * invoice (one or several spreadsheet rows) with its draft as JSON and its validation errors; `lsh` is
 * written in the same transaction that enqueues its invoice, so a restart never sends a row twice.
 */
export const librariesAndBatches: Migration = {
  version: 150,
  name: 'libraries-and-batches',
  up(db) {
    db.exec(`
      ALTER TABLE customer ADD COLUMN ghdwdz TEXT;
      ALTER TABLE customer ADD COLUMN ghdwdh TEXT;
      ALTER TABLE customer ADD COLUMN ghdwyh TEXT;
      ALTER TABLE customer ADD COLUMN ghdwzh TEXT;
      ALTER TABLE product ADD COLUMN lslbs TEXT CHECK (lslbs IN ('1', '2', '3', '4', '5', '6'));

      -- One customer per tax ID; a customer without a tax ID (an individual) is known by name.
      CREATE UNIQUE INDEX customer_tax_number ON customer (ifnull(enterprise_id, 0), ghdwsbh) WHERE ghdwsbh IS NOT NULL;
      CREATE UNIQUE INDEX customer_untaxed_name ON customer (ifnull(enterprise_id, 0), ghdwmc) WHERE ghdwsbh IS NULL;
      -- One product per name and specification: a new tax code or price for it is an update.
      CREATE UNIQUE INDEX product_shared_identity ON product (ifnull(enterprise_id, 0), spmc, ifnull(ggxh, ''));
      CREATE INDEX product_spbm ON product (spbm);

      CREATE TABLE batch (
        id           INTEGER PRIMARY KEY,
        environment  TEXT NOT NULL CHECK (environment IN ('sandbox', 'remote')),
        file_name    TEXT NOT NULL,
        created_at   TEXT NOT NULL,
        submitted_at TEXT
      );
      CREATE INDEX batch_environment ON batch (environment, id);

      CREATE TABLE batch_row (
        id          INTEGER PRIMARY KEY,
        batch_id    INTEGER NOT NULL REFERENCES batch (id) ON DELETE CASCADE,
        seq         INTEGER NOT NULL,
        first_row   INTEGER NOT NULL,
        last_row    INTEGER NOT NULL,
        invoice_key TEXT,
        ghdwmc      TEXT,
        jshj        TEXT,
        draft_json  TEXT,
        errors_json TEXT NOT NULL DEFAULT '[]',
        valid       INTEGER NOT NULL CHECK (valid IN (0, 1)),
        lsh         TEXT UNIQUE,
        submit_error TEXT,
        UNIQUE (batch_id, seq),
        CHECK (valid = 0 OR draft_json IS NOT NULL),
        CHECK (lsh IS NULL OR valid = 1)
      );
    `);
  },
};
