/**
 * The batch store of the PostgreSQL ledger (main/features/batch/store.ts) over the team ledger's batch and
 * batch_row (pg migration 12). Rows come back as the desk's SQLite rows do: ids and counts as numbers, the
 * total as decimal text, `valid` as 0/1, times as ISO strings.
 */
import type { BatchRecord, BatchStore, RowRecord } from '../../../features/batch/store.js';
import type { Queryable } from '../outbox.js';

/** A timestamptz as the desk's ISO text (Date#toISOString's shape). */
const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const BATCH_SELECT = `SELECT b.id::float8 AS id, b.file_name, ${isoText('b.created_at')} AS created_at,
    CASE WHEN b.submitted_at IS NULL THEN NULL ELSE ${isoText('b.submitted_at')} END AS submitted_at,
    (SELECT count(*)::float8 FROM batch_row r WHERE r.batch_id = b.id) AS invoices,
    (SELECT count(*)::float8 FROM batch_row r WHERE r.batch_id = b.id AND r.valid) AS valid
  FROM batch b`;

/** The rows to insert, as one multi-row statement per this many (PostgreSQL takes at most 65535 parameters). */
const ROWS_PER_INSERT = 500;

export function createPgBatchStore(connection: () => Queryable): BatchStore {
  const query = async <R extends object>(sql: string, params: unknown[]) => (await connection().query<R>(sql, params)).rows;

  return {
    async insert(environment, fileName, at) {
      const [row] = await query<{ id: number }>(`INSERT INTO batch (environment, file_name, created_at) VALUES ($1, $2, $3) RETURNING id::float8 AS id`, [
        environment,
        fileName,
        at,
      ]);
      return row!.id;
    },
    async insertRows(batchId, rows) {
      for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
        const chunk = rows.slice(start, start + ROWS_PER_INSERT);
        const params: unknown[] = [batchId];
        const values = chunk.map((row) => {
          const at = params.length;
          params.push(row.seq, row.firstRow, row.lastRow, row.invoiceKey, row.buyerName, row.total, row.draftJson, row.errorsJson, row.valid);
          return `($1, ${Array.from({ length: 9 }, (_, index) => `$${at + index + 1}`).join(', ')})`;
        });
        await connection().query(
          `INSERT INTO batch_row (batch_id, seq, first_row, last_row, invoice_key, ghdwmc, jshj, draft_json, errors_json, valid) VALUES ${values.join(', ')}`,
          params,
        );
      }
    },
    byId: async (batchId, environment) => (await query<BatchRecord>(`${BATCH_SELECT} WHERE b.id = $1 AND b.environment = $2`, [batchId, environment]))[0],
    list: (environment, limit, offset) => query<BatchRecord>(`${BATCH_SELECT} WHERE b.environment = $1 ORDER BY b.id DESC LIMIT $2 OFFSET $3`, [environment, limit, offset]),
    rows: (batchId) =>
      query<RowRecord>(
        `SELECT r.id::float8 AS id, r.seq, r.first_row, r.last_row, r.invoice_key, r.ghdwmc, r.jshj::text AS jshj, r.errors_json,
                CASE WHEN r.valid THEN 1 ELSE 0 END AS valid, r.lsh, r.submit_error,
                coalesce(json_array_length(r.draft_json::json -> 'lines'), r.last_row - r.first_row + 1) AS line_count
           FROM batch_row r WHERE r.batch_id = $1 ORDER BY r.seq`,
        [batchId],
      ),
    pendingRows: (batchId) =>
      query<{ id: number; seq: number; draft_json: string }>(
        `SELECT id::float8 AS id, seq, draft_json FROM batch_row WHERE batch_id = $1 AND valid AND lsh IS NULL AND submit_error IS NULL ORDER BY seq`,
        [batchId],
      ),
    validRows: (batchId) =>
      query<{ lsh: string | null; submit_error: string | null }>(`SELECT lsh, submit_error FROM batch_row WHERE batch_id = $1 AND valid ORDER BY seq`, [batchId]),
    async markSubmitted(batchId, at) {
      await connection().query(`UPDATE batch SET submitted_at = $1 WHERE id = $2 AND submitted_at IS NULL`, [at, batchId]);
    },
    setLsh: async (rowId, lsh) => (await connection().query(`UPDATE batch_row SET lsh = $1 WHERE id = $2 AND lsh IS NULL`, [lsh, rowId])).rowCount === 1,
    async setSubmitError(rowId, error) {
      await connection().query(`UPDATE batch_row SET submit_error = $1 WHERE id = $2`, [error, rowId]);
    },
    batchOfLsh: async (lsh) => (await query<{ batch_id: number }>(`SELECT batch_id::float8 AS batch_id FROM batch_row WHERE lsh = $1`, [lsh]))[0]?.batch_id,
    unfinished: async (environment) =>
      (
        await query<{ id: number }>(
          `SELECT DISTINCT b.id::float8 AS id FROM batch b JOIN batch_row r ON r.batch_id = b.id
            WHERE b.environment = $1 AND b.submitted_at IS NOT NULL AND r.valid AND r.lsh IS NULL AND r.submit_error IS NULL ORDER BY 1`,
          [environment],
        )
      ).map((row) => row.id),
  };
}
