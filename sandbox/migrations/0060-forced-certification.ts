import type { Migration } from '../database.js';

/**
 * Certification outcomes forced through the test-only control API: the next certification of this invoice
 * (by code and number) fails with this SBYY, so every reason of the spec's table can be produced and shown.
 * Kept in the database so a forced outcome survives a sandbox restart like the batch it applies to.
 */
export const forcedCertification: Migration = {
  version: 60,
  name: 'forced-certification',
  up(db) {
    db.exec(`
      CREATE TABLE forced_certification_outcomes (
        fpdm TEXT NOT NULL,
        fphm TEXT NOT NULL,
        sbyy TEXT NOT NULL,
        PRIMARY KEY (fpdm, fphm)
      ) STRICT;
    `);
  },
};
