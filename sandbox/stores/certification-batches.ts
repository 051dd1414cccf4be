/**
 * SQL of certification batches (PCH) and their items. A batch is settled once, in acceptance order, in
 * one transaction that records every item's outcome and marks the invoices it certified or cancelled.
 */
import type { Db } from '../database.js';
import type { CertificationMark, TaxAuthorityStore } from './tax-authority.js';

export interface CertificationBatch {
  pch: string;
  appKey: string;
  gmfsbh: string;
  bodyHash: string;
  acceptedAt: number;
  /** Tax period current at acceptance (yyyyMM). */
  period: string;
  settledAt: number | null;
}

export interface CertificationItemRecord {
  itemNo: number;
  fpdm: string;
  fphm: string;
  fplxdm: string;
  sqrzlx: string;
  sqskssq: string;
  /** '' or absent in the request: null (the invoice's tax amount applies). */
  yxse: string | null;
  /** '4' or '5' once settled. */
  rzclzt: string | null;
  sbyy: string | null;
}

/** The settled outcome of one item and, on success, what to write onto the invoice. */
export type ItemOutcome = { rzclzt: '5'; sbyy: string } | { rzclzt: '4'; invoiceId: number; mark: CertificationMark };

export interface CertificationBatchStore {
  find(pch: string): CertificationBatch | undefined;
  /** Every batch of one buyer, in acceptance order (the control API's view for exactly-once checks). */
  listFor(gmfsbh: string): CertificationBatch[];
  accept(batch: Omit<CertificationBatch, 'settledAt'>, items: readonly Omit<CertificationItemRecord, 'rzclzt' | 'sbyy'>[]): void;
  items(pch: string): CertificationItemRecord[];
  /** Unsettled batches accepted at or before `acceptedUpTo`, oldest first. */
  unsettledUpTo(acceptedUpTo: number): CertificationBatch[];
  /**
   * Settles a batch in one transaction: `decide` sees each item in order with the invoices as the
   * earlier items left them, and its outcome is stored (and applied to the invoice on success).
   */
  settle(pch: string, settledAt: number, decide: (item: CertificationItemRecord) => ItemOutcome): void;
}

interface BatchRow {
  pch: string;
  app_key: string;
  gmfsbh: string;
  body_hash: string;
  accepted_at: number;
  period: string;
  settled_at: number | null;
}

const toBatch = (row: BatchRow): CertificationBatch => ({
  pch: row.pch,
  appKey: row.app_key,
  gmfsbh: row.gmfsbh,
  bodyHash: row.body_hash,
  acceptedAt: row.accepted_at,
  period: row.period,
  settledAt: row.settled_at,
});

export function createCertificationBatchStore(db: Db, taxAuthority: TaxAuthorityStore): CertificationBatchStore {
  const selectBatch = db.prepare<[string], BatchRow>('SELECT * FROM certification_batches WHERE pch = ?');
  const selectBuyer = db.prepare<[string], BatchRow>('SELECT * FROM certification_batches WHERE gmfsbh = ? ORDER BY accepted_at, rowid');
  const insertBatch = db.prepare(
    `INSERT INTO certification_batches (pch, app_key, gmfsbh, body_hash, accepted_at, period)
     VALUES (@pch, @appKey, @gmfsbh, @bodyHash, @acceptedAt, @period)`,
  );
  const insertItem = db.prepare(
    `INSERT INTO certification_items (pch, item_no, fpdm, fphm, fplxdm, sqrzlx, sqskssq, yxse)
     VALUES (@pch, @itemNo, @fpdm, @fphm, @fplxdm, @sqrzlx, @sqskssq, @yxse)`,
  );
  const selectItems = db.prepare<[string], CertificationItemRecord>(
    `SELECT item_no AS itemNo, fpdm, fphm, fplxdm, sqrzlx, sqskssq, yxse, rzclzt, sbyy
     FROM certification_items WHERE pch = ? ORDER BY item_no`,
  );
  // rowid is insertion order: two batches accepted in the same millisecond still settle in arrival order.
  const selectUnsettled = db.prepare<[number], BatchRow>(
    'SELECT * FROM certification_batches WHERE settled_at IS NULL AND accepted_at <= ? ORDER BY accepted_at, rowid',
  );
  const updateItem = db.prepare('UPDATE certification_items SET rzclzt = @rzclzt, sbyy = @sbyy WHERE pch = @pch AND item_no = @itemNo');
  const markSettled = db.prepare('UPDATE certification_batches SET settled_at = ? WHERE pch = ? AND settled_at IS NULL');

  const accept = db.transaction((batch: Omit<CertificationBatch, 'settledAt'>, items: readonly Omit<CertificationItemRecord, 'rzclzt' | 'sbyy'>[]) => {
    insertBatch.run(batch);
    for (const item of items) insertItem.run({ ...item, pch: batch.pch });
  });

  const settle = db.transaction((pch: string, settledAt: number, decide: (item: CertificationItemRecord) => ItemOutcome) => {
    if (markSettled.run(settledAt, pch).changes === 0) return;
    for (const item of selectItems.all(pch)) {
      const outcome = decide(item);
      updateItem.run({ pch, itemNo: item.itemNo, rzclzt: outcome.rzclzt, sbyy: outcome.rzclzt === '5' ? outcome.sbyy : null });
      if (outcome.rzclzt === '4') taxAuthority.markCertification(outcome.invoiceId, outcome.mark);
    }
  });

  return {
    find(pch) {
      const row = selectBatch.get(pch);
      return row && toBatch(row);
    },
    listFor: (gmfsbh) => selectBuyer.all(gmfsbh).map(toBatch),
    accept: (batch, items) => accept(batch, items),
    items: (pch) => selectItems.all(pch),
    unsettledUpTo: (acceptedUpTo) => selectUnsettled.all(acceptedUpTo).map(toBatch),
    settle: (pch, settledAt, decide) => settle(pch, settledAt, decide),
  };
}
