/**
 * SQL of the red-letter form applications (migration 0020): accepted by lsh, approved once after the
 * delay (numbers allocated in that transaction), used once by a red invoice.
 */
import Decimal from 'decimal.js';
import type { Db } from '../database.js';

export interface RedLetterApplication {
  id: number;
  lsh: string;
  appKey: string;
  sellerTaxNumber: string;
  kpzdbs: string | null;
  bodyHash: string;
  requestJson: string;
  originalId: number;
  linesJson: string;
  /** Negative, 2-dp text. */
  jshj: string;
  hjje: string;
  hjse: string;
  sqdh: string | null;
  acceptedAt: number;
  approvedAt: number | null;
  xxbbh: string | null;
  xxbid: string | null;
  usedByLsh: string | null;
}

export type NewRedLetterApplication = Omit<RedLetterApplication, 'id' | 'approvedAt' | 'xxbbh' | 'xxbid' | 'usedByLsh'>;

interface Row {
  id: number;
  lsh: string;
  app_key: string;
  seller_tax_number: string;
  kpzdbs: string | null;
  body_hash: string;
  request_json: string;
  original_id: number;
  lines_json: string;
  jshj: string;
  hjje: string;
  hjse: string;
  sqdh: string | null;
  accepted_at: number;
  approved_at: number | null;
  xxbbh: string | null;
  xxbid: string | null;
  used_by_lsh: string | null;
}

const fromRow = (row: Row): RedLetterApplication => ({
  id: row.id,
  lsh: row.lsh,
  appKey: row.app_key,
  sellerTaxNumber: row.seller_tax_number,
  kpzdbs: row.kpzdbs,
  bodyHash: row.body_hash,
  requestJson: row.request_json,
  originalId: row.original_id,
  linesJson: row.lines_json,
  jshj: row.jshj,
  hjje: row.hjje,
  hjse: row.hjse,
  sqdh: row.sqdh,
  acceptedAt: row.accepted_at,
  approvedAt: row.approved_at,
  xxbbh: row.xxbbh,
  xxbid: row.xxbid,
  usedByLsh: row.used_by_lsh,
});

export interface FormNumbers {
  xxbbh: string;
  xxbid: string | null;
}

export interface RedLetterStore {
  insert(application: NewRedLetterApplication): RedLetterApplication;
  byLsh(lsh: string): RedLetterApplication | undefined;
  /** Every application, oldest first (the test-only control API). */
  list(): RedLetterApplication[];
  byXxbbh(xxbbh: string): RedLetterApplication | undefined;
  byXxbid(xxbid: string): RedLetterApplication | undefined;
  /** Approves an application once: `numbers` gets its id; later calls return it as approved. */
  approveOnce(lsh: string, at: number, numbers: (id: number) => FormNumbers): RedLetterApplication;
  /** Marks the form used by a red invoice; false when it was already used. */
  markUsed(lsh: string, redLsh: string): boolean;
  /** Sum (positive) of the forms of a blue invoice not yet used by a red invoice: amounts they reserve. */
  reservedAgainst(originalId: number): Decimal;
}

export function openRedLetterStore(db: Db): RedLetterStore {
  const insert = db.prepare<[Record<string, unknown>], Row>(
    `INSERT INTO red_letter_applications
       (lsh, app_key, seller_tax_number, kpzdbs, body_hash, request_json, original_id, lines_json, jshj, hjje, hjse, sqdh, accepted_at)
     VALUES (@lsh, @appKey, @sellerTaxNumber, @kpzdbs, @bodyHash, @requestJson, @originalId, @linesJson, @jshj, @hjje, @hjse, @sqdh, @acceptedAt)
     RETURNING *`,
  );
  const selectByLsh = db.prepare<[string], Row>('SELECT * FROM red_letter_applications WHERE lsh = ?');
  const selectAll = db.prepare<[], Row>('SELECT * FROM red_letter_applications ORDER BY id');
  const selectByXxbbh = db.prepare<[string], Row>('SELECT * FROM red_letter_applications WHERE xxbbh = ?');
  const selectByXxbid = db.prepare<[string], Row>('SELECT * FROM red_letter_applications WHERE xxbid = ?');
  const approve = db.prepare<[number, string, string | null, string], Row>(
    'UPDATE red_letter_applications SET approved_at = ?, xxbbh = ?, xxbid = ? WHERE lsh = ? AND approved_at IS NULL RETURNING *',
  );
  const use = db.prepare<[string, string]>('UPDATE red_letter_applications SET used_by_lsh = ? WHERE lsh = ? AND used_by_lsh IS NULL');
  const selectReserved = db.prepare<[number], { jshj: string }>(
    'SELECT jshj FROM red_letter_applications WHERE original_id = ? AND used_by_lsh IS NULL',
  );

  const approveOnce = db.transaction((lsh: string, at: number, numbers: (id: number) => FormNumbers): RedLetterApplication => {
    const row = selectByLsh.get(lsh);
    if (!row) throw new Error(`red-letter application ${lsh} was never accepted`);
    if (row.approved_at !== null) return fromRow(row);
    const allocated = numbers(row.id);
    const updated = approve.get(at, allocated.xxbbh, allocated.xxbid, lsh);
    if (!updated) throw new Error(`red-letter application ${lsh} was not approved`);
    return fromRow(updated);
  });

  const found = (row: Row | undefined): RedLetterApplication | undefined => (row ? fromRow(row) : undefined);

  return {
    insert(application) {
      const row = insert.get({ ...application });
      if (!row) throw new Error('red-letter application was not inserted');
      return fromRow(row);
    },
    byLsh: (lsh) => found(selectByLsh.get(lsh)),
    list: () => selectAll.all().map(fromRow),
    byXxbbh: (xxbbh) => found(selectByXxbbh.get(xxbbh)),
    byXxbid: (xxbid) => found(selectByXxbid.get(xxbid)),
    approveOnce: (lsh, at, numbers) => approveOnce(lsh, at, numbers),
    markUsed: (lsh, redLsh) => use.run(redLsh, lsh).changes === 1,
    reservedAgainst: (originalId) =>
      selectReserved.all(originalId).reduce((sum, row) => sum.plus(new Decimal(row.jshj).abs()), new Decimal(0)),
  };
}
