/** SQL of the `secret` table. Only sealed bytes pass through here; the vault does the sealing. */
import type { Db } from '../db/open.js';

export interface SealedSecret {
  sealed: Buffer;
  backend: string;
}

export function createVaultRepo(db: Db) {
  const upsert = db.prepare<[string, Buffer, string, string]>(
    `INSERT INTO secret (name, sealed, backend, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (name) DO UPDATE SET sealed = excluded.sealed, backend = excluded.backend, updated_at = excluded.updated_at`,
  );
  const select = db.prepare<[string], SealedSecret>(`SELECT sealed, backend FROM secret WHERE name = ?`);
  const exists = db.prepare<[string], { n: number }>(`SELECT COUNT(*) AS n FROM secret WHERE name = ?`);
  const remove = db.prepare<[string]>(`DELETE FROM secret WHERE name = ?`);

  return {
    put: (name: string, sealed: Buffer, backend: string, now: string) => void upsert.run(name, sealed, backend, now),
    get: (name: string): SealedSecret | undefined => select.get(name),
    has: (name: string): boolean => (exists.get(name)?.n ?? 0) > 0,
    delete: (name: string): boolean => remove.run(name).changes > 0,
  };
}

export type VaultRepo = ReturnType<typeof createVaultRepo>;
