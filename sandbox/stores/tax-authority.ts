/**
 * SQL of the seeded tax authority: the received invoices and their lines. Implements the
 * TaxAuthorityReader contract (tax-authority/types.ts) for the verification endpoints, plus what seeding,
 * collection and certification need.
 */
import type { Db } from '../database.js';
import type { ReceivedInvoice, ReceivedInvoiceLine, TaxAuthorityReader, VehicleDetails } from '../tax-authority/types.js';

/** A received invoice with its row id, which collection snapshots and certification items refer to. */
export type StoredReceivedInvoice = ReceivedInvoice & { id: number };

export interface SeedRecord {
  seed: number;
  nowMs: number;
  invoicesPerBuyer: number;
  buyers: string[];
}

/** Which invoices a collection request covers (see docs/sandbox/rules-input.md). */
export interface CollectionCriteria {
  gmfsbh: string;
  /** true: endpoint 3 (invoices with details); false: endpoint 6 (main information only). */
  withDetails: boolean;
  /** Endpoint 3's FPLXDM; endpoint 6 covers every type. */
  fplxdm?: string;
  /** Nothing collected after this moment (yyyyMMddHHmmss) is visible yet. */
  collectedUpTo: string;
  scope:
    | { kind: 'initial'; certifiedPeriods: readonly string[]; uncertifiedIssuedFrom: string }
    | { kind: 'range'; from: string; to: string };
}

export interface CollectionRow {
  invoiceId: number;
  /** Detail rows counted against the 1000-row cap: the invoice's lines, at least 1. */
  weight: number;
}

/** What a settled certification writes onto the invoice. */
export interface CertificationMark {
  rzzt: '0' | '1';
  rzrq: string | null;
  rzsq: string | null;
  rzlx: string | null;
  yxse: string | null;
  xxly: string;
  sfdbts: string;
}

export interface TaxAuthorityStore extends TaxAuthorityReader {
  findStoredInvoice(fpdm: string, fphm: string): StoredReceivedInvoice | undefined;
  /** Invoices by id, in the order of `ids`, with their lines. */
  invoicesByIds(ids: readonly number[]): StoredReceivedInvoice[];
  /** Every received invoice of a buyer, in collection order (for tests and tools; the endpoints page). */
  listInvoices(gmfsbh: string): StoredReceivedInvoice[];
  seedRecord(): SeedRecord | undefined;
  /** Writes the seed record and every invoice in one transaction (prepared statements: thousands a second). */
  seed(record: SeedRecord, invoices: readonly ReceivedInvoice[]): void;
  /** Adds invoices of a buyer met later (an enterprise initialised through the agency endpoints); one already held is skipped. */
  addInvoices(invoices: readonly ReceivedInvoice[]): number;
  count(): number;
  selectForCollection(criteria: CollectionCriteria): CollectionRow[];
  markCertification(id: number, mark: CertificationMark): void;
  /**
   * The authority changes an invoice's status after it was collected (voided, out of control, management
   * status): the new values and the time it was collected again, so a later collection meets it. False when
   * no such invoice.
   */
  changeStatus(fpdm: string, fphm: string, change: { fpzt?: string; glzt?: string; collectedAt: string }): boolean;
}

/** A received_invoices row: the invoice's own columns as ReceivedInvoice names them, plus the store's own. */
type InvoiceRow = Pick<
  ReceivedInvoice,
  | 'fplxdm' | 'fpdm' | 'fphm' | 'kprq' | 'gmfmc' | 'gmfsbh' | 'gmfdzdh' | 'gmfyhzh' | 'xhfmc' | 'xhfsbh' | 'xhfdzdh' | 'xhfyhzh'
  | 'hjje' | 'se' | 'jshj' | 'bz' | 'jym' | 'fpzt' | 'glzt' | 'rzzt' | 'rzrq' | 'rzsq' | 'rzlx' | 'yxse'
> &
  Required<Pick<ReceivedInvoice, 'xxly' | 'yqkgxbz' | 'sfdbts' | 'txfbz' | 'lslbz'>> & {
    id: number;
    collected_at: string;
    has_details: number;
    line_count: number;
    vehicle_json: string | null;
  };

interface LineRow {
  invoice_id: number;
  xh: number;
  spmc: string;
  spbm: string;
  spbmjc: string;
  ggxh: string;
  dw: string;
  spsl: string;
  dj: string;
  je: string;
  sl: string;
  se: string;
  cph: string | null;
  lx: string | null;
  txsjq: string | null;
  txsjz: string | null;
}

function toLine(row: LineRow): ReceivedInvoiceLine {
  const line: ReceivedInvoiceLine = {
    xh: row.xh,
    spmc: row.spmc,
    spbm: row.spbm,
    spbmjc: row.spbmjc,
    ggxh: row.ggxh,
    dw: row.dw,
    spsl: row.spsl,
    dj: row.dj,
    je: row.je,
    sl: row.sl,
    se: row.se,
  };
  if (row.cph !== null) Object.assign(line, { cph: row.cph, lx: row.lx ?? '', txsjq: row.txsjq ?? '', txsjz: row.txsjz ?? '' });
  return line;
}

function toInvoice(row: InvoiceRow, lines: ReceivedInvoiceLine[]): StoredReceivedInvoice {
  return {
    id: row.id,
    fplxdm: row.fplxdm,
    fpdm: row.fpdm,
    fphm: row.fphm,
    kprq: row.kprq,
    gmfmc: row.gmfmc,
    gmfsbh: row.gmfsbh,
    gmfdzdh: row.gmfdzdh,
    gmfyhzh: row.gmfyhzh,
    xhfmc: row.xhfmc,
    xhfsbh: row.xhfsbh,
    xhfdzdh: row.xhfdzdh,
    xhfyhzh: row.xhfyhzh,
    hjje: row.hjje,
    se: row.se,
    jshj: row.jshj,
    bz: row.bz,
    jym: row.jym,
    fpzt: row.fpzt,
    glzt: row.glzt,
    rzzt: row.rzzt,
    rzrq: row.rzrq,
    rzsq: row.rzsq,
    rzlx: row.rzlx,
    yxse: row.yxse,
    xxly: row.xxly,
    yqkgxbz: row.yqkgxbz,
    sfdbts: row.sfdbts,
    txfbz: row.txfbz,
    lslbz: row.lslbz,
    collectedAt: row.collected_at,
    hasDetails: row.has_details === 1,
    lines,
    ...(row.vehicle_json === null ? {} : { vehicle: JSON.parse(row.vehicle_json) as VehicleDetails }),
  };
}

export function createTaxAuthorityStore(db: Db): TaxAuthorityStore {
  const selectByIdentity = db.prepare<[string, string], InvoiceRow>('SELECT * FROM received_invoices WHERE fpdm = ? AND fphm = ?');
  const selectLines = db.prepare<[number], LineRow>('SELECT * FROM received_invoice_lines WHERE invoice_id = ? ORDER BY xh');
  // json_each binds a whole id list as one parameter; ORDER BY key keeps the caller's order.
  const selectByIds = db.prepare<[string], InvoiceRow>(
    'SELECT ri.* FROM json_each(?) AS wanted JOIN received_invoices ri ON ri.id = wanted.value ORDER BY wanted.key',
  );
  const selectLinesByIds = db.prepare<[string], LineRow>(
    'SELECT l.* FROM json_each(?) AS wanted JOIN received_invoice_lines l ON l.invoice_id = wanted.value ORDER BY wanted.key, l.xh',
  );
  const selectSeed = db.prepare<[], { seed: number; now_ms: number; invoices_per_buyer: number; buyers_json: string }>(
    'SELECT seed, now_ms, invoices_per_buyer, buyers_json FROM tax_authority_seed WHERE id = 1',
  );
  const insertSeed = db.prepare(
    'INSERT INTO tax_authority_seed (id, seed, now_ms, invoices_per_buyer, buyers_json) VALUES (1, @seed, @nowMs, @invoicesPerBuyer, @buyersJson)',
  );
  const insertInvoice = db.prepare(
    `INSERT INTO received_invoices (fplxdm, fpdm, fphm, kprq, gmfmc, gmfsbh, gmfdzdh, gmfyhzh, xhfmc, xhfsbh, xhfdzdh, xhfyhzh,
       hjje, se, jshj, bz, jym, fpzt, glzt, rzzt, rzrq, rzsq, rzlx, yxse, xxly, yqkgxbz, sfdbts, txfbz, lslbz,
       collected_at, has_details, line_count, vehicle_json)
     VALUES (@fplxdm, @fpdm, @fphm, @kprq, @gmfmc, @gmfsbh, @gmfdzdh, @gmfyhzh, @xhfmc, @xhfsbh, @xhfdzdh, @xhfyhzh,
       @hjje, @se, @jshj, @bz, @jym, @fpzt, @glzt, @rzzt, @rzrq, @rzsq, @rzlx, @yxse, @xxly, @yqkgxbz, @sfdbts, @txfbz, @lslbz,
       @collectedAt, @hasDetails, @lineCount, @vehicleJson)`,
  );
  const insertLine = db.prepare(
    `INSERT INTO received_invoice_lines (invoice_id, xh, spmc, spbm, spbmjc, ggxh, dw, spsl, dj, je, sl, se, cph, lx, txsjq, txsjz)
     VALUES (@invoiceId, @xh, @spmc, @spbm, @spbmjc, @ggxh, @dw, @spsl, @dj, @je, @sl, @se, @cph, @lx, @txsjq, @txsjz)`,
  );
  const selectIdsOfBuyer = db.prepare<[string], { id: number }>('SELECT id FROM received_invoices WHERE gmfsbh = ? ORDER BY collected_at, id');
  const updateStatus = db.prepare(
    `UPDATE received_invoices SET fpzt = coalesce(@fpzt, fpzt), glzt = coalesce(@glzt, glzt), collected_at = @collectedAt WHERE fpdm = @fpdm AND fphm = @fphm`,
  );
  const countInvoices = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM received_invoices');
  const updateCertification = db.prepare(
    `UPDATE received_invoices SET rzzt = @rzzt, rzrq = @rzrq, rzsq = @rzsq, rzlx = @rzlx, yxse = @yxse, xxly = @xxly, sfdbts = @sfdbts
     WHERE id = @id`,
  );
  const collectionBase = `SELECT id AS invoiceId, max(line_count, 1) AS weight FROM received_invoices
    WHERE gmfsbh = @gmfsbh AND has_details = @hasDetails AND (@fplxdm IS NULL OR fplxdm = @fplxdm) AND collected_at <= @collectedUpTo`;
  const selectInitial = db.prepare<Record<string, unknown>, CollectionRow>(
    `${collectionBase} AND ((rzzt = '1' AND rzsq IN (SELECT value FROM json_each(@periods))) OR (rzzt = '0' AND kprq >= @issuedFrom))
     ORDER BY collected_at, id`,
  );
  const selectRange = db.prepare<Record<string, unknown>, CollectionRow>(
    `${collectionBase} AND collected_at BETWEEN @from AND @to ORDER BY collected_at, id`,
  );

  const withLines = (rows: InvoiceRow[], ids: readonly number[]): StoredReceivedInvoice[] => {
    const lines = new Map<number, ReceivedInvoiceLine[]>();
    for (const line of selectLinesByIds.all(JSON.stringify(ids))) {
      const list = lines.get(line.invoice_id) ?? [];
      list.push(toLine(line));
      lines.set(line.invoice_id, list);
    }
    return rows.map((row) => toInvoice(row, lines.get(row.id) ?? []));
  };

  const findStoredInvoice = (fpdm: string, fphm: string): StoredReceivedInvoice | undefined => {
    const row = selectByIdentity.get(fpdm, fphm);
    return row && toInvoice(row, selectLines.all(row.id).map(toLine));
  };

  const insertInvoices = (invoices: readonly ReceivedInvoice[]): number => {
    let added = 0;
    for (const invoice of invoices) {
      if (selectByIdentity.get(invoice.fpdm, invoice.fphm)) continue;
      added += 1;
      const { lines, vehicle, hasDetails, collectedAt, ...columns } = invoice;
      const { lastInsertRowid } = insertInvoice.run({
        xxly: '',
        yqkgxbz: '0',
        sfdbts: '0',
        txfbz: '',
        lslbz: '',
        ...columns,
        collectedAt,
        hasDetails: hasDetails ? 1 : 0,
        lineCount: lines.length,
        vehicleJson: vehicle ? JSON.stringify(vehicle) : null,
      });
      for (const line of lines) {
        insertLine.run({ cph: null, lx: null, txsjq: null, txsjz: null, ...line, invoiceId: lastInsertRowid });
      }
    }
    return added;
  };
  const seed = db.transaction((record: SeedRecord, invoices: readonly ReceivedInvoice[]) => {
    insertSeed.run({ seed: record.seed, nowMs: record.nowMs, invoicesPerBuyer: record.invoicesPerBuyer, buyersJson: JSON.stringify(record.buyers) });
    insertInvoices(invoices);
  });
  const addInvoices = db.transaction((invoices: readonly ReceivedInvoice[]) => insertInvoices(invoices));

  return {
    findInvoice(fpdm, fphm) {
      const found = findStoredInvoice(fpdm, fphm);
      if (!found) return undefined;
      const { id: _id, ...invoice } = found;
      return invoice;
    },
    findStoredInvoice,
    invoicesByIds(ids) {
      if (ids.length === 0) return [];
      return withLines(selectByIds.all(JSON.stringify(ids)), ids);
    },
    listInvoices(gmfsbh) {
      const ids = selectIdsOfBuyer.all(gmfsbh).map((row) => row.id);
      return ids.length === 0 ? [] : withLines(selectByIds.all(JSON.stringify(ids)), ids);
    },
    seedRecord() {
      const row = selectSeed.get();
      return row && { seed: row.seed, nowMs: row.now_ms, invoicesPerBuyer: row.invoices_per_buyer, buyers: JSON.parse(row.buyers_json) as string[] };
    },
    seed: (record, invoices) => seed(record, invoices),
    addInvoices: (invoices) => addInvoices(invoices),
    count: () => countInvoices.get()?.n ?? 0,
    selectForCollection(criteria) {
      const base = {
        gmfsbh: criteria.gmfsbh,
        hasDetails: criteria.withDetails ? 1 : 0,
        fplxdm: criteria.fplxdm ?? null,
        collectedUpTo: criteria.collectedUpTo,
      };
      const { scope } = criteria;
      return scope.kind === 'initial'
        ? selectInitial.all({ ...base, periods: JSON.stringify(scope.certifiedPeriods), issuedFrom: scope.uncertifiedIssuedFrom })
        : selectRange.all({ ...base, from: scope.from, to: scope.to });
    },
    changeStatus: (fpdm, fphm, change) => updateStatus.run({ fpdm, fphm, fpzt: change.fpzt ?? null, glzt: change.glzt ?? null, collectedAt: change.collectedAt }).changes > 0,
    markCertification(id, mark) {
      updateCertification.run({ ...mark, id });
    },
  };
}
