/** SQL of certification batches and their items (tables of migration 0100). */
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
    `INSERT INTO certification_batch (environment, PCH, GMFSBH, SQSKSSQ, FHHS, status, request_json, created_at, updated_at)
     VALUES (@environment, @PCH, @GMFSBH, @SQSKSSQ, @FHHS, 'queued', @requestJson, @now, @now)`,
  );
  const insertItem = db.prepare(
    `INSERT INTO certification_item (batch_id, FPDM, FPHM, FPLXDM, SQRZLX, YXSE) VALUES (@batchId, @FPDM, @FPHM, @FPLXDM, @SQRZLX, @YXSE)`,
  );
  const byPch = db.prepare<[string], CertificationBatchRow>(
    `SELECT id, environment, PCH, GMFSBH, SQSKSSQ, FHHS, status, ZTDM, ZTXX, created_at, updated_at FROM certification_batch WHERE PCH = ?`,
  );
  const list = db.prepare<[Environment, number], CertificationBatchRow>(
    `SELECT id, environment, PCH, GMFSBH, SQSKSSQ, FHHS, status, ZTDM, ZTXX, created_at, updated_at
     FROM certification_batch WHERE environment = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
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
        insertBatch.run({ environment: batch.environment, PCH: batch.PCH, GMFSBH: batch.GMFSBH, SQSKSSQ: batch.SQSKSSQ, FHHS: batch.items.length, requestJson: batch.requestJson, now })
          .lastInsertRowid,
      );
      for (const item of batch.items) {
        insertItem.run({ batchId: id, FPDM: item.FPDM, FPHM: item.FPHM, FPLXDM: item.FPLXDM, SQRZLX: item.SQRZLX, YXSE: item.YXSE ?? '' });
      }
      return id;
    },
    findByPch: (pch: string) => byPch.get(pch) ?? null,
    list: (environment: Environment, limit: number) => list.all(environment, limit),
    items: (batchId: number) => items.all(batchId),
    setStatus: (pch: string, status: BatchStatus, now: string, ztdm: string | null = null, ztxx: string | null = null) =>
      setStatus.run(status, ztdm, ztxx, now, pch),
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
