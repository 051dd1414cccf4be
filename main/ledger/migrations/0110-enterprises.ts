import type { LedgerMigration } from './migration.js';

/**
 * Enterprises a clerk serves (spec: enterprise (agency) record), with the tax-bureau user's public
 * members. The passwords (taxUser.identityPwd, taxPwd) never land here: they live in the vault under
 * names derived from the enterprise (docs/architecture.md §7). Unique per environment and tax number.
 */
export const enterprises: LedgerMigration = {
  version: 110,
  name: 'enterprises',
  desk(db) {
    db.exec(`
      CREATE TABLE enterprise (
        id                     INTEGER PRIMARY KEY,
        environment            TEXT NOT NULL CHECK (environment IN ('sandbox', 'remote')),
        taxNumber              TEXT NOT NULL,
        agencyName             TEXT NOT NULL,
        address                TEXT,
        phone                  TEXT,
        bank                   TEXT,
        account                TEXT,
        taxUser_idCard         TEXT,
        taxUser_name           TEXT,
        taxUser_phone          TEXT,
        taxUser_loginIdentity  TEXT CHECK (taxUser_loginIdentity IN ('1', '2', '7')),
        taxUser_email          TEXT,
        is_current             INTEGER NOT NULL DEFAULT 0 CHECK (is_current IN (0, 1)),
        synced_at              TEXT,
        created_at             TEXT NOT NULL,
        updated_at             TEXT NOT NULL,
        UNIQUE (environment, taxNumber)
      );
      -- At most one current enterprise per environment.
      CREATE UNIQUE INDEX enterprise_current ON enterprise (environment) WHERE is_current = 1;
    `);
  },
};
