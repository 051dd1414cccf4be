/** SQL of the `setting` table: string values under dotted keys, one row per key. */
import type { Db } from '../../db/open.js';

export function createSettingsRepo(db: Db) {
  const select = db.prepare<[string], { value: string }>(`SELECT value FROM setting WHERE key = ?`);
  const upsert = db.prepare<[string, string, string]>(
    `INSERT INTO setting (key, value, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  );
  const remove = db.prepare<[string]>(`DELETE FROM setting WHERE key = ?`);

  return {
    get: (key: string): string | null => select.get(key)?.value ?? null,
    set: (key: string, value: string, now: string) => void upsert.run(key, value, now),
    delete: (key: string) => void remove.run(key),
  };
}

export type SettingsRepo = ReturnType<typeof createSettingsRepo>;
