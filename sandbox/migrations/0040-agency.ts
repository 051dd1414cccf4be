import type { Migration } from '../database.js';

/**
 * Enterprises per AppKey (endpoints 11–13): the credential's own enterprises (the "current
 * organisation") and those it initialised, which become authorised for it.
 */
export const agency: Migration = {
  version: 40,
  name: 'agency',
  up(db) {
    db.exec(`
      CREATE TABLE agency_enterprises (
        app_key TEXT NOT NULL,
        tax_number TEXT NOT NULL,
        -- 'credential': configured with the AppKey; 'initialised': created through POST /openApi/agency.
        origin TEXT NOT NULL CHECK (origin IN ('credential', 'initialised')),
        agency_name TEXT NOT NULL,
        address TEXT,
        phone TEXT,
        bank TEXT,
        account TEXT,
        -- 0: no taxUser was ever given, so none is answered (an empty object would claim one exists).
        has_tax_user INTEGER NOT NULL DEFAULT 0,
        tax_user_id_card TEXT,
        tax_user_name TEXT,
        -- The sandbox keeps the tax-bureau passwords as a service would, but never answers them.
        tax_user_identity_pwd TEXT,
        tax_user_phone TEXT,
        tax_user_tax_pwd TEXT,
        tax_user_login_identity TEXT,
        tax_user_email TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (app_key, tax_number)
      ) STRICT;
    `);
  },
};
