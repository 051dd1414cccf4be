/**
 * The certification store of the PostgreSQL ledger (main/features/certification/store.ts): batches and
 * their items, the same answers as the desk's repo (main/features/certification/repo.ts). A batch is
 * signed `created_by` with the clerk acting at this desk (`actor`). An item whose valid tax was not given
 * (the invoice carried no tax) is NULL here and '' on the desk: it reads back as ''.
 */
import type { BatchStatus, CertificationBatchRow, CertificationItemRow } from '../../../features/certification/repo.js';
import type { CertificationStore, ItemCounts } from '../../../features/certification/store.js';
import type { Queryable } from '../outbox.js';

const BATCH = `id::int AS id, environment, pch AS "PCH", gmfsbh AS "GMFSBH", sqskssq AS "SQSKSSQ", fhhs AS "FHHS", status, ztdm AS "ZTDM", ztxx AS "ZTXX", created_at, updated_at`;
const ITEM = (p: string) =>
  `${p}fpdm AS "FPDM", ${p}fphm AS "FPHM", ${p}fplxdm AS "FPLXDM", ${p}sqrzlx AS "SQRZLX", coalesce(${p}yxse::text, '') AS "YXSE", ${p}rzzt AS "RZZT", ${p}rzrq AS "RZRQ",
   ${p}rzclzt AS "RZCLZT", ${p}sbyy AS "SBYY", ${p}pczt AS "PCZT", ${p}glzt AS "GLZT"`;

type StoredBatch = Omit<CertificationBatchRow, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date };
const batchOf = (row: StoredBatch): CertificationBatchRow => ({ ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() });

export function createPgCertificationStore(connection: () => Queryable, actor: () => string | null): CertificationStore {
  const batches = async (sql: string, params: unknown[]) => (await connection().query<StoredBatch>(`SELECT ${BATCH} FROM certification_batch WHERE ${sql}`, params)).rows.map(batchOf);
  return {
    async insert(batch, now) {
      const db = connection();
      const by = actor();
      const created = await db.query<{ id: string }>(
        `INSERT INTO certification_batch (environment, pch, gmfsbh, sqskssq, fhhs, status, request_json, created_at, updated_at, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, 'queued', $6, $7, $7, $8, $8) RETURNING id`,
        [batch.environment, batch.PCH, batch.GMFSBH, batch.SQSKSSQ, batch.items.length, batch.requestJson, now, by],
      );
      const id = Number(created.rows[0]!.id);
      const items = batch.items;
      if (items.length > 0) {
        await db.query(
          `INSERT INTO certification_item (batch_id, fpdm, fphm, fplxdm, sqrzlx, yxse)
           SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::numeric[])`,
          [id, items.map((i) => i.FPDM), items.map((i) => i.FPHM), items.map((i) => i.FPLXDM), items.map((i) => i.SQRZLX), items.map((i) => (i.YXSE ? i.YXSE : null))],
        );
      }
      return id;
    },
    findByPch: async (pch) => (await batches(`pch = $1`, [pch]))[0] ?? null,
    list: (environment, gmfsbh, limit) => batches(`environment = $1 AND gmfsbh = $2 ORDER BY created_at DESC, id DESC LIMIT $3`, [environment, gmfsbh, limit]),
    async pendingKeys(environment, gmfsbh) {
      const rows = await connection().query<{ key: string }>(
        `SELECT i.fpdm || '|' || i.fphm AS key FROM certification_item i JOIN certification_batch b ON b.id = i.batch_id
          WHERE b.environment = $1 AND b.gmfsbh = $2 AND b.status IN ('queued', 'submitted', 'processing')`,
        [environment, gmfsbh],
      );
      return new Set(rows.rows.map((row) => row.key));
    },
    async lastFailed(environment, gmfsbh) {
      const rows = await connection().query<CertificationItemRow & { batch_id: number; SQSKSSQ: string }>(
        `SELECT i.batch_id::int AS batch_id, ${ITEM('i.')}, b.sqskssq AS "SQSKSSQ" FROM certification_item i JOIN certification_batch b ON b.id = i.batch_id
          WHERE b.environment = $1 AND b.gmfsbh = $2 AND i.rzclzt = '5'
            AND NOT EXISTS (SELECT 1 FROM certification_item j JOIN certification_batch c ON c.id = j.batch_id
                             WHERE c.environment = b.environment AND c.gmfsbh = b.gmfsbh AND j.fpdm = i.fpdm AND j.fphm = i.fphm AND j.batch_id > i.batch_id)
          ORDER BY i.batch_id, i.fpdm COLLATE "C", i.fphm COLLATE "C"`,
        [environment, gmfsbh],
      );
      return rows.rows;
    },
    async resentAfter(batchId, fpdm, fphm) {
      const rows = await connection().query(
        `SELECT 1 FROM certification_item j JOIN certification_batch c ON c.id = j.batch_id
          WHERE j.batch_id > $1 AND j.fpdm = $2 AND j.fphm = $3 AND c.gmfsbh = (SELECT gmfsbh FROM certification_batch WHERE id = $1) LIMIT 1`,
        [batchId, fpdm, fphm],
      );
      return rows.rows.length > 0;
    },
    async countsFor(environment, gmfsbh, period) {
      const rows = await connection().query<{ state: keyof ItemCounts; n: number }>(
        `SELECT CASE WHEN i.rzclzt = '4' THEN 'succeeded' WHEN i.rzclzt = '5' THEN 'failed' ELSE 'pending' END AS state, count(*)::int AS n
           FROM certification_item i JOIN certification_batch b ON b.id = i.batch_id
          WHERE b.environment = $1 AND b.gmfsbh = $2 AND b.sqskssq = $3 AND b.status NOT IN ('rejected', 'failed') GROUP BY 1`,
        [environment, gmfsbh, period],
      );
      return Object.fromEntries(rows.rows.map((row) => [row.state, row.n])) as ItemCounts;
    },
    async items(batchId) {
      const rows = await connection().query<CertificationItemRow>(
        `SELECT ${ITEM('')} FROM certification_item WHERE batch_id = $1 ORDER BY fpdm COLLATE "C", fphm COLLATE "C"`,
        [batchId],
      );
      return rows.rows;
    },
    async setStatus(pch: string, status: BatchStatus, now: string, ztdm: string | null = null, ztxx: string | null = null) {
      await connection().query(`UPDATE certification_batch SET status = $2, ztdm = coalesce($3, ztdm), ztxx = coalesce($4, ztxx), updated_at = $5 WHERE pch = $1`, [
        pch,
        status,
        ztdm,
        ztxx,
        now,
      ]);
    },
    async applyResults(batchId, results) {
      if (results.length === 0) return;
      const column = <K extends keyof (typeof results)[number]>(key: K) => results.map((r) => r[key]);
      await connection().query(
        `UPDATE certification_item i SET rzzt = t.rzzt, rzrq = t.rzrq, rzclzt = t.rzclzt, sbyy = t.sbyy, pczt = t.pczt, glzt = t.glzt
           FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
             AS t(fpdm, fphm, rzzt, rzrq, rzclzt, sbyy, pczt, glzt)
          WHERE i.batch_id = $1 AND i.fpdm = t.fpdm AND i.fphm = t.fphm`,
        [batchId, column('FPDM'), column('FPHM'), column('RZZT'), column('RZRQ'), column('RZCLZT'), results.map((r) => r.SBYY ?? null), column('PCZT'), results.map((r) => (r.GLZT === '' ? null : r.GLZT))],
      );
    },
  };
}
