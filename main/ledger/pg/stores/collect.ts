/**
 * The collection store of the PostgreSQL ledger (main/features/collection/store.ts): collection runs here,
 * a page's invoices and certification outcomes in collect-pages.ts, the input ledger's reads in
 * collect-ledger.ts. `connection()` is the pool, or the client of the transaction the call belongs to.
 */
import type { CollectionStore } from '../../../features/collection/store.js';
import type { RunRow } from '../../../features/collection/repo.js';
import type { Queryable } from '../outbox.js';
import { pgInputLedgerReads } from './collect-ledger.js';
import { storeRunPage, updateStatuses } from './collect-pages.js';

const RUN = `id::int AS id, environment, enterprise, kind, pch AS "PCH", cjksrq AS "CJKSRQ", cjjsrq AS "CJJSRQ", next_kshs, total_rows, rows_received, status, error, created_at, updated_at`;
type StoredRun = Omit<RunRow, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date };
const runOf = (row: StoredRun): RunRow => ({ ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() });

export function createPgCollectionStore(connection: () => Queryable): CollectionStore {
  const runs = async (sql: string, params: unknown[]) => (await connection().query<StoredRun>(`SELECT ${RUN} FROM collection_run WHERE ${sql}`, params)).rows.map(runOf);
  return {
    storePage: (environment, page) => storeRunPage(connection(), environment, page),
    updateStatus: (environment, enterprise, updates, source, at) => updateStatuses(connection(), environment, enterprise, updates, source, at),
    async createRun(environment, run, at) {
      const created = await connection().query<{ id: string }>(
        `INSERT INTO collection_run (environment, enterprise, kind, pch, cjksrq, cjjsrq, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, 'running', $7, $7) RETURNING id`,
        [environment, run.enterprise, run.kind, run.PCH, run.CJKSRQ, run.CJJSRQ, at],
      );
      return Number(created.rows[0]!.id);
    },
    run: async (environment, id) => (await runs(`id = $1 AND environment = $2`, [id, environment]))[0] ?? null,
    unfinishedRuns: (environment) => runs(`environment = $1 AND status IN ('running', 'closing') ORDER BY id`, [environment]),
    async lastDoneEnd(environment, enterprise, kind) {
      const found = await connection().query<{ cjjsrq: string }>(
        `SELECT cjjsrq FROM collection_run WHERE environment = $1 AND enterprise = $2 AND kind = $3 AND status = 'done' ORDER BY cjjsrq DESC LIMIT 1`,
        [environment, enterprise, kind],
      );
      return found.rows[0]?.cjjsrq ?? null;
    },
    recentRuns: (environment, enterprise, limit) => runs(`environment = $1 AND enterprise = $2 ORDER BY id DESC LIMIT $3`, [environment, enterprise, limit]),
    async finishRun(id, status, error, at) {
      await connection().query(`UPDATE collection_run SET status = $2, error = $3, updated_at = $4 WHERE id = $1`, [id, status, error, at]);
    },
    async noteRunError(id, error, at) {
      await connection().query(`UPDATE collection_run SET error = $2, updated_at = $3 WHERE id = $1`, [id, error, at]);
    },
    ...pgInputLedgerReads(connection),
  };
}
