import type { LedgerMigration } from './migration.js';

/**
 * The clerk's address book of buyers and catalogue of goods, to prefill the issuance form. Columns
 * carry the issuance request's wire names for what they fill in (ghdwmc, ghdwsbh… / spmc, spbm, dj, sl).
 * Both belong to an enterprise of an environment; prices and rates are TEXT decimals.
 */
export const customersAndProducts: LedgerMigration = {
  version: 120,
  name: 'customers-and-products',
  desk(db) {
    db.exec(`
      CREATE TABLE customer (
        id            INTEGER PRIMARY KEY,
        environment   TEXT NOT NULL CHECK (environment IN ('sandbox', 'remote')),
        enterprise_id INTEGER REFERENCES enterprise (id) ON DELETE CASCADE,
        ghdwmc        TEXT NOT NULL,
        ghdwsbh       TEXT,
        ghdwdzdh      TEXT,
        ghdwyhzh      TEXT,
        email         TEXT,
        phone         TEXT,
        created_at    TEXT NOT NULL,
        updated_at    TEXT NOT NULL
      );
      CREATE UNIQUE INDEX customer_identity ON customer (environment, ifnull(enterprise_id, 0), ghdwmc, ifnull(ghdwsbh, ''));

      CREATE TABLE product (
        id            INTEGER PRIMARY KEY,
        environment   TEXT NOT NULL CHECK (environment IN ('sandbox', 'remote')),
        enterprise_id INTEGER REFERENCES enterprise (id) ON DELETE CASCADE,
        spmc          TEXT NOT NULL,
        spbm          TEXT NOT NULL,
        ggxh          TEXT,
        dw            TEXT,
        dj            TEXT,
        sl            TEXT NOT NULL,
        yhzcbs        TEXT NOT NULL DEFAULT '0' CHECK (yhzcbs IN ('0', '1')),
        zzstsgl       TEXT,
        created_at    TEXT NOT NULL,
        updated_at    TEXT NOT NULL
      );
      CREATE UNIQUE INDEX product_identity ON product (environment, ifnull(enterprise_id, 0), spmc, ifnull(ggxh, ''));
    `);
  },
};
