import type Database from 'better-sqlite3';
import type { LedgerMigration } from './migration.js';

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
 *
 * 0120 allowed one buyer per environment, name and tax ID, so a real library can hold the same tax ID
 * twice (practised in the sandbox, then used in production; or renamed); the shared identities below
 * would then refuse to be created and the app could not start. Such rows are merged first
 * (mergeDuplicates). This was added after 0150 first shipped; it is safe to change because on every
 * database where the first version succeeded there were no duplicates, so the result is the same.
 */
export const librariesAndBatches: LedgerMigration = {
  version: 150,
  name: 'libraries-and-batches',
  desk(db) {
    mergeDuplicates(db);
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

/** Identity of a library entry as the shared unique indexes below define it. */
const IDENTITY = {
  customer: `ifnull(enterprise_id, 0) || char(31) || ifnull(ghdwsbh, char(30) || ghdwmc)`,
  product: `ifnull(enterprise_id, 0) || char(31) || spmc || char(31) || ifnull(ggxh, '')`,
} as const;

/** Columns a newer entry lacks and an older duplicate may still know. */
const FILLABLE = {
  customer: ['ghdwsbh', 'ghdwdzdh', 'ghdwyhzh', 'email', 'phone'],
  product: ['dw', 'dj', 'zzstsgl'],
} as const;

/**
 * Keeps the most recently updated entry of each identity, fills its empty columns from the older ones
 * (newest first), and moves the older rows whole, as JSON, into `library_merged` — kept, never
 * deleted without a copy. 0390 creates the same table on databases that never needed it.
 */
function mergeDuplicates(db: Database.Database): void {
  for (const table of ['customer', 'product'] as const) {
    const groups = db
      .prepare(`SELECT ${IDENTITY[table]} AS identity FROM ${table} GROUP BY identity HAVING count(*) > 1`)
      .pluck()
      .all() as string[];
    if (groups.length === 0) continue;
    db.exec(LIBRARY_MERGED_TABLE);
    const members = db.prepare(`SELECT * FROM ${table} WHERE ${IDENTITY[table]} = ? ORDER BY updated_at DESC, id DESC`);
    const archive = db.prepare(`INSERT INTO library_merged (kind, merged_into, row_json, merged_at) VALUES (?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);
    const remove = db.prepare(`DELETE FROM ${table} WHERE id = ?`);
    for (const identity of groups) {
      const [kept, ...older] = members.all(identity) as Array<Record<string, unknown> & { id: number }>;
      if (!kept) continue;
      for (const column of FILLABLE[table]) {
        if (kept[column] !== null && kept[column] !== '') continue;
        const known = older.find((row) => row[column] !== null && row[column] !== '');
        if (known) db.prepare(`UPDATE ${table} SET ${column} = ? WHERE id = ?`).run(known[column], kept.id);
      }
      for (const row of older) {
        archive.run(table, kept.id, JSON.stringify(row));
        remove.run(row.id);
      }
    }
  }
}

/** Library entries merged into another by 0150; shared with 0390 so every database has the same table. */
export const LIBRARY_MERGED_TABLE = `
  CREATE TABLE IF NOT EXISTS library_merged (
    id          INTEGER PRIMARY KEY,
    kind        TEXT NOT NULL CHECK (kind IN ('customer', 'product')),
    merged_into INTEGER NOT NULL,
    row_json    TEXT NOT NULL,
    merged_at   TEXT NOT NULL
  );
`;
