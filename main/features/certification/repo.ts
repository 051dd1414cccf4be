/** SQL of certification batches and their items (tables of migration 0100). */
import { actorOf } from '../../db/actor.js';
import type { Db } from '../../db/open.js';
import type { Environment } from '../../../shared/ipc/index.js';
import type { CertificationItem, CertificationResultElement } from '../../../shared/spec/certification.js';

export type BatchStatus = 'queued' | 'submitted' | 'processing' | 'done' | 'rejected' | 'failed';

export interface CertificationBatchRow {
  id: number;
  environment: Environment;
  PCH: string;
  GMFSBH: string;
  SQSKSSQ: string;
  FHHS: number;
  status: BatchStatus;
  ZTDM: string | null;
  ZTXX: string | null;
  created_at: string;
  updated_at: string;
}

export interface CertificationItemRow {
  FPDM: string;
  FPHM: string;
  FPLXDM: string;
  SQRZLX: string;
  YXSE: string;
  RZZT: string | null;
  RZRQ: string | null;
  RZCLZT: string | null;
  SBYY: string | null;
  PCZT: string | null;
  GLZT: string | null;
}

export function createCertificationRepo(db: Db) {
  const insertBatch = db.prepare(
    `INSERT INTO certification_batch (environment, PCH, GMFSBH, SQSKSSQ, FHHS, status, request_json, created_at, updated_at, created_by, updated_by)
     VALUES (@environment, @PCH, @GMFSBH, @SQSKSSQ, @FHHS, 'queued', @requestJson, @now, @now, @by, @by)`,
  );
  const insertItem = db.prepare(
    `INSERT INTO certification_item (batch_id, FPDM, FPHM, FPLXDM, SQRZLX, YXSE) VALUES (@batchId, @FPDM, @FPHM, @FPLXDM, @SQRZLX, @YXSE)`,
  );
  const byPch = db.prepare<[string], CertificationBatchRow>(
    `SELECT id, environment, PCH, GMFSBH, SQSKSSQ, FHHS, status, ZTDM, ZTXX, created_at, updated_at FROM certification_batch WHERE PCH = ?`,
  );
  const list = db.prepare<[Environment, string, number], CertificationBatchRow>(
    `SELECT id, environment, PCH, GMFSBH, SQSKSSQ, FHHS, status, ZTDM, ZTXX, created_at, updated_at
     FROM certification_batch WHERE environment = ? AND GMFSBH = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
  );
  const pending = db.prepare<[Environment, string], { FPDM: string; FPHM: string }>(
    `SELECT i.FPDM, i.FPHM FROM certification_item i JOIN certification_batch b ON b.id = i.batch_id
     WHERE b.environment = ? AND b.GMFSBH = ? AND b.status IN ('queued', 'submitted', 'processing')`,
  );
  // Failed items not sent again since: the last item of each invoice is the one that counts.
  const lastFailed = db.prepare<[Environment, string], CertificationItemRow & { batch_id: number; SQSKSSQ: string }>(
    `SELECT i.*, b.SQSKSSQ FROM certification_item i JOIN certification_batch b ON b.id = i.batch_id
     WHERE b.environment = ? AND b.GMFSBH = ? AND i.RZCLZT = '5'
       AND NOT EXISTS (SELECT 1 FROM certification_item j JOIN certification_batch c ON c.id = j.batch_id
                       WHERE c.environment = b.environment AND c.GMFSBH = b.GMFSBH AND j.FPDM = i.FPDM AND j.FPHM = i.FPHM AND j.batch_id > i.batch_id)`,
  );
  // Resent by the same buyer as the failed batch's: another enterprise certifying that invoice is not a resend.
  const resentLater = db.prepare<[{ batchId: number; fpdm: string; fphm: string }], { n: number }>(
    `SELECT count(*) AS n FROM certification_item j JOIN certification_batch c ON c.id = j.batch_id
     WHERE j.batch_id > @batchId AND j.FPDM = @fpdm AND j.FPHM = @fphm AND c.GMFSBH = (SELECT GMFSBH FROM certification_batch WHERE id = @batchId)`,
  );
  const counts = db.prepare<[Environment, string, string], { state: string; n: number }>(
    `SELECT CASE WHEN i.RZCLZT = '4' THEN 'succeeded' WHEN i.RZCLZT = '5' THEN 'failed' ELSE 'pending' END AS state, count(*) AS n
     FROM certification_item i JOIN certification_batch b ON b.id = i.batch_id
     WHERE b.environment = ? AND b.GMFSBH = ? AND b.SQSKSSQ = ? AND b.status NOT IN ('rejected', 'failed') GROUP BY state`,
  );
  const items = db.prepare<[number], CertificationItemRow>(
    `SELECT FPDM, FPHM, FPLXDM, SQRZLX, YXSE, RZZT, RZRQ, RZCLZT, SBYY, PCZT, GLZT FROM certification_item WHERE batch_id = ? ORDER BY FPDM, FPHM`,
  );
  const setStatus = db.prepare<[BatchStatus, string | null, string | null, string, string]>(
    `UPDATE certification_batch SET status = ?, ZTDM = COALESCE(?, ZTDM), ZTXX = COALESCE(?, ZTXX), updated_at = ? WHERE PCH = ?`,
  );
  const updateItem = db.prepare(
    `UPDATE certification_item SET RZZT = @RZZT, RZRQ = @RZRQ, RZCLZT = @RZCLZT, SBYY = @SBYY, PCZT = @PCZT, GLZT = @GLZT
     WHERE batch_id = @batchId AND FPDM = @FPDM AND FPHM = @FPHM`,
  );

  return {
    /** Stores a batch and its items; call inside the transaction that also enqueues it. */
    insert(batch: { environment: Environment; PCH: string; GMFSBH: string; SQSKSSQ: string; items: CertificationItem[]; requestJson: string }, now: string): number {
      const id = Number(
        insertBatch.run({ environment: batch.environment, PCH: batch.PCH, GMFSBH: batch.GMFSBH, SQSKSSQ: batch.SQSKSSQ, FHHS: batch.items.length, requestJson: batch.requestJson, now, by: actorOf(db) })
          .lastInsertRowid,
      );
      for (const item of batch.items) {
        insertItem.run({ batchId: id, FPDM: item.FPDM, FPHM: item.FPHM, FPLXDM: item.FPLXDM, SQRZLX: item.SQRZLX, YXSE: item.YXSE ?? '' });
      }
      return id;
    },
    findByPch: (pch: string) => byPch.get(pch) ?? null,
    list: (environment: Environment, gmfsbh: string, limit: number) => list.all(environment, gmfsbh, limit),
    /** Invoices (FPDM|FPHM) in batches of this buyer still being processed. */
    pendingKeys: (environment: Environment, gmfsbh: string) => new Set(pending.all(environment, gmfsbh).map((row) => `${row.FPDM}|${row.FPHM}`)),
    /** Each invoice whose latest certification item failed, with what was asked. */
    lastFailed: (environment: Environment, gmfsbh: string) => lastFailed.all(environment, gmfsbh),
    /** Whether an invoice was sent again in a batch after `batchId`. */
    resentAfter: (batchId: number, fpdm: string, fphm: string) => (resentLater.get({ batchId, fpdm, fphm })?.n ?? 0) > 0,
    /** Items of this buyer's batches for a tax period, by state (pending, succeeded, failed). */
    countsFor: (environment: Environment, gmfsbh: string, period: string) => Object.fromEntries(counts.all(environment, gmfsbh, period).map((row) => [row.state, row.n])) as Partial<Record<'pending' | 'succeeded' | 'failed', number>>,
    items: (batchId: number) => items.all(batchId),
    setStatus(pch: string, status: BatchStatus, now: string, ztdm: string | null = null, ztxx: string | null = null): void {
      setStatus.run(status, ztdm, ztxx, now, pch);
    },
    applyResults(batchId: number, results: readonly CertificationResultElement[]): void {
      for (const r of results) {
        updateItem.run({
          batchId,
          FPDM: r.FPDM,
          FPHM: r.FPHM,
          RZZT: r.RZZT,
          RZRQ: r.RZRQ,
          RZCLZT: r.RZCLZT,
          SBYY: r.SBYY ?? null,
          PCZT: r.PCZT,
          GLZT: r.GLZT === '' ? null : r.GLZT,
        });
      }
    },
  };
}

export type CertificationRepo = ReturnType<typeof createCertificationRepo>;
