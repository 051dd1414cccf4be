/** The migration harness catches what it is there for: a migration that loses or changes a row fails. */
import { describe, expect, it } from 'vitest';
import type { Migration } from '../../../main/db/migrate.js';
import { migrationFiles } from '../../support/migration-harness.js';

const create: Migration = { version: 10, name: 'create', up: (db) => db.exec(`CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL)`) };
const additive: Migration = { version: 20, name: 'additive', up: (db) => db.exec(`ALTER TABLE note ADD COLUMN tag TEXT`) };
const lossy: Migration = { version: 20, name: 'lossy', up: (db) => db.exec(`DELETE FROM note WHERE id = 2`) };
const rewriting: Migration = { version: 20, name: 'rewriting', up: (db) => db.exec(`UPDATE note SET text = upper(text)`) };

const seeded = (files: ReturnType<typeof migrationFiles>) => {
  const step = files.at(10);
  step.db.exec(`INSERT INTO note (text) VALUES ('keep me'), ('and me')`);
  return step;
};

describe('migration harness', () => {
  const good = migrationFiles([create, additive]);
  const dropping = migrationFiles([create, lossy]);
  const changing = migrationFiles([create, rewriting]);

  it('passes an additive migration and counts the rows it kept', () => {
    expect(seeded(good).migrateTo(20).rows).toEqual({ note: 2 });
  });

  it('fails a migration that deletes a row', () => {
    expect(() => seeded(dropping).migrateTo(20)).toThrow(/rows of note after migration 20/);
  });

  it('fails a migration that changes a value', () => {
    expect(() => seeded(changing).migrateTo(20)).toThrow(/rows of note after migration 20/);
  });
});
