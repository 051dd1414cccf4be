import type { Migration } from '../database.js';

/**
 * Every single verification that reached the tax authority, so the limit of five per invoice per day
 * (spec Limits, code 0002) survives a sandbox restart and `cycs` can say how many there were today.
 */
export const verification: Migration = {
  version: 50,
  name: 'verification',
  up(db) {
    db.exec(`
      CREATE TABLE verification_log (
        id INTEGER PRIMARY KEY,
        app_key TEXT NOT NULL,
        fpzl TEXT NOT NULL,
        -- '' for full-electronic invoices, which have no code: the pair is the invoice's identity.
        fpdm TEXT NOT NULL,
        fphm TEXT NOT NULL,
        -- The day in China (yyyyMMdd) the limit counts in, whatever the host's zone.
        china_day TEXT NOT NULL,
        cyjg TEXT NOT NULL,
        verified_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX verification_log_invoice_day ON verification_log (fpdm, fphm, china_day);
    `);
  },
};
