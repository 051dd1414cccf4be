import type { LedgerMigration } from './migration.js';

/**
 * App settings (which service environment, its base address and AppKey) and the credential vault.
 * Secrets are stored only sealed by the SecretCipher port (docs/architecture.md §7); `backend` records which cipher
 * sealed them so a value sealed by another backend is reported as unreadable rather than garbage.
 * Neither table carries an environment: they describe the environments themselves.
 */
export const settingsAndSecrets: LedgerMigration = {
  version: 30,
  name: 'settings-and-secrets',
  desk(db) {
    db.exec(`
      CREATE TABLE setting (
        key        TEXT PRIMARY KEY,
        value      TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) WITHOUT ROWID;

      CREATE TABLE secret (
        name       TEXT PRIMARY KEY,
        sealed     BLOB NOT NULL,
        backend    TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) WITHOUT ROWID;
    `);
  },
};
