/**
 * The ledger port's contract for the print store (main/features/print/store.ts; docs/team-ledger.md §2): a
 * real SQLite ledger and a real PostgreSQL team ledger give the same answers and the same refusals through
 * `ledger.print` — a job recorded and signed, its steps and outcome, the log per invoice and enterprise, the
 * failed jobs, a retry taken once even by two desks at once, archive jobs, a printer's calibration — outside
 * a transaction and inside one.
 *
 * A print job refers to an issued invoice, so the invoices are written on the desk through its ledger and
 * moved into an empty team ledger by the desk's own move (moveDeskToTeam): both ledgers hold them with the
 * same ids. Between tests the print tables are emptied on both, their ids restarted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../../main/db/open.js';
import type { NewPrintJob, PrintJobRow } from '../../../main/features/print/store.js';
import type { Ledger, LedgerKind } from '../../../main/ledger/port.js';
import { createSqliteLedger } from '../../../main/ledger/sqlite/ledger.js';
import { tempDir } from '../../support/sample-issuance.js';
import { LEDGER_DATABASES, type MovedLedger } from './adapters.js';

const SELLER = '91330100MA2B3C4D5E';
const OTHER = '91310000MA1FL8XQ5D';
const T0 = '2026-11-27T09:00:00.000Z';
const T1 = '2026-11-27T09:00:01.250Z';
const T2 = '2026-11-27T09:00:02.500Z';

const dir = tempDir('fapiao-print-contract-');
const deskFile = path.join(dir, 'history.db');
let desk: Db;
/** Per database (LEDGER_DATABASES' names): the desk's ledger file moved into it. */
const moved = new Map<string, MovedLedger>();
/** Per database: a desk's ledger, a second desk's (SQLite: the same, one desk owns its file), and raw SQL past the port. */
interface Side {
  ledger: Ledger;
  other: Ledger;
  signedBy(id: number): Promise<string | null>;
  /** Inside a retry's transaction: resolves once the other desk's retry of the same job waits for it. */
  othersWaiting(): Promise<void>;
  empty(): Promise<void>;
}
const sides = new Map<string, Side>();
/** Invoice ids: three 004 of the seller, one 007 of another enterprise. */
const INVOICES = [1, 2, 3, 4] as const;

/**
 * A database's side: its desk's ledger, signed by 王芳. One desk owns a SQLite file: the second desk is that
 * desk, and its transactions take turns, so the other retry starts after this one; on PostgreSQL a second
 * desk, signed by 李雷, whose retry waits for the first one's lock.
 */
function sideOf(kind: LedgerKind, ledgers: MovedLedger): Side {
  const ledger = ledgers.open({ actor: () => '王芳' });
  const lockWaits = async () => (await ledgers.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0]!.n;
  return {
    ledger,
    other: kind === 'sqlite' ? ledger : ledgers.open({ desk: 'desk-2', actor: () => '李雷' }),
    othersWaiting: kind === 'sqlite' ? () => Promise.resolve() : () => expect.poll(lockWaits, { timeout: 20_000 }).toBe(1),
    signedBy: async (id) => (await ledgers.query<{ created_by: string | null }>(`SELECT created_by FROM print_job WHERE id = ${id}`))[0]!.created_by,
    empty: () => ledgers.empty(['print_job', 'archive_print_job', 'printer_calibration']),
  };
}

beforeAll(async () => {
  desk = openDatabase(deskFile);
  const issuance = createSqliteLedger(desk).issuedInvoices;
  for (const n of INVOICES) {
    const lsh = `PRINT${n}`;
    await issuance.insert(
      {
        lsh,
        environment: 'sandbox',
        fplxdm: n === 4 ? '007' : '004',
        kplx: '0',
        xhdwsbh: n === 4 ? OTHER : SELLER,
        xhdwmc: '演示企业',
        ghdwmc: '杭州星河科技有限公司',
        ghdwsbh: '91330106MA2AXXXX1Y',
        jshj: '113.00',
        hjse: '13.00',
        requestJson: '{}',
        lines: [],
      },
      T0,
    );
    await issuance.markIssued(lsh, { fpdm: '033001900111', fphm: `2633000${n}`, kprq: T0, jym: null, skm: null, pdf: null, ofd: null, xml: null, zflx: null }, T0);
  }
  for (const database of LEDGER_DATABASES) moved.set(database.name, await database.moveIn({ file: deskFile, db: desk }));
  for (const database of LEDGER_DATABASES) sides.set(database.name, sideOf(database.kind, moved.get(database.name)!));
}, 120_000);
afterAll(async () => {
  for (const ledgers of moved.values()) await ledgers.close();
  if (desk) closeDatabase(desk);
  fs.rmSync(dir, { recursive: true, force: true });
});

const job = (overrides: Partial<NewPrintJob> = {}): NewPrintJob => ({
  environment: 'sandbox',
  enterprise: SELLER,
  invoiceId: 1,
  fplxdm: '004',
  fpdm: '033001900111',
  fphm: '26330001',
  dylx: '0',
  printer: 'PDF',
  copies: 1,
  mode: 'overlay',
  downMm: '1.5',
  rightMm: '-0.5',
  retryOf: null,
  ...overrides,
});

describe.each(LEDGER_DATABASES.map((database) => database.name))('the print store on %s', (name) => {
  let ledger: Ledger;
  let side: Side;
  beforeAll(() => {
    side = sides.get(name)!;
    ledger = side.ledger;
  });
  afterEach(() => side.empty());

  it('records a job as requested, signed by the clerk, and reads it back whole', async () => {
    const id = await ledger.print.insertJob(job(), T0);
    expect(id).toBe(1);
    const expected: PrintJobRow = {
      id: 1,
      environment: 'sandbox',
      issued_invoice_id: 1,
      fplxdm: '004',
      fpdm: '033001900111',
      fphm: '26330001',
      dylx: '0',
      printer: 'PDF',
      status: 'requested',
      error_code: null,
      error_message: null,
      copies: 1,
      mode: 'overlay',
      fpzt: null,
      printer_job_id: null,
      down_mm: '1.5',
      right_mm: '-0.5',
      retry_of: null,
      created_at: T0,
      updated_at: T0,
    };
    expect(await ledger.print.job(id, 'sandbox')).toEqual(expected);
    expect(await side.signedBy(id)).toBe('王芳');
    // Another environment's job is not this one's; an unknown id is nothing.
    expect(await ledger.print.job(id, 'remote')).toBeNull();
    expect(await ledger.print.job(99, 'sandbox')).toBeNull();
  });

  it('moves a job through printing to printed or failed, keeping what each step learned', async () => {
    const printed = await ledger.print.insertJob(job(), T0);
    const failed = await ledger.print.insertJob(job({ dylx: '1', copies: 2, mode: 'full' }), T0);
    await ledger.print.setStatus(printed, { status: 'printing', fpzt: '00' }, T1);
    expect(await ledger.print.job(printed, 'sandbox')).toMatchObject({ status: 'printing', fpzt: '00', printer_job_id: null, updated_at: T1, created_at: T0 });
    await ledger.print.setStatus(printed, { status: 'printed', printerJobId: 'PDF-17' }, T2);
    expect(await ledger.print.job(printed, 'sandbox')).toMatchObject({ status: 'printed', fpzt: '00', printer_job_id: 'PDF-17', error_code: null, updated_at: T2 });

    await ledger.print.setStatus(failed, { status: 'printing', fpzt: '01' }, T1);
    await ledger.print.setStatus(failed, { status: 'failed', errorCode: 'PRINTER_OFFLINE', errorMessage: 'printer "PDF" is stopped' }, T2);
    expect(await ledger.print.job(failed, 'sandbox')).toMatchObject({
      status: 'failed',
      fpzt: '01',
      dylx: '1',
      copies: 2,
      mode: 'full',
      error_code: 'PRINTER_OFFLINE',
      error_message: 'printer "PDF" is stopped',
      printer_job_id: null,
    });
  });

  it("lists an invoice's jobs in order, only the active enterprise's (its own also owning unplaced ones)", async () => {
    const own = await ledger.print.insertJob(job(), T0);
    const unplaced = await ledger.print.insertJob(job({ enterprise: null, dylx: '1' }), T1);
    const others = await ledger.print.insertJob(job({ enterprise: OTHER }), T1);
    await ledger.print.insertJob(job({ invoiceId: 2, fphm: '26330002' }), T1);
    await ledger.print.insertJob(job({ environment: 'remote' }), T2);
    const ids = async (scope: { enterprise: string; own: boolean }) => (await ledger.print.jobsOfInvoice(1, 'sandbox', scope)).map((row) => row.id);
    expect(await ids({ enterprise: SELLER, own: true })).toEqual([own, unplaced]);
    expect(await ids({ enterprise: OTHER, own: false })).toEqual([others]);
    expect(await ledger.print.jobsOfInvoice(3, 'sandbox', { enterprise: SELLER, own: true })).toEqual([]);
    expect((await ledger.print.jobsOfInvoice(1, 'sandbox', { enterprise: SELLER, own: true }))[1]).toMatchObject({ dylx: '1', created_at: T1 });
  });

  it('names the jobs whose latest attempt failed, per invoice and document, newest first', async () => {
    const end = async (id: number, status: 'printed' | 'failed') => ledger.print.setStatus(id, status === 'failed' ? { status, errorCode: 'PRINTER_MISSING' } : { status, printerJobId: `PDF-${id}` }, T1);
    const face1 = await ledger.print.insertJob(job(), T0);
    await end(face1, 'failed');
    const list1 = await ledger.print.insertJob(job({ dylx: '1' }), T0);
    await end(list1, 'failed');
    const retried = await ledger.print.insertJob(job({ retryOf: face1 }), T1);
    await end(retried, 'printed');
    const face2 = await ledger.print.insertJob(job({ invoiceId: 2, fphm: '26330002' }), T1);
    await end(face2, 'failed');
    const face3 = await ledger.print.insertJob(job({ invoiceId: 3, fphm: '26330003' }), T2);
    await end(face3, 'failed');
    await ledger.print.insertJob(job({ invoiceId: 3, fphm: '26330003' }), T2); // a reprint under way: the failure is no longer the latest
    const remote = await ledger.print.insertJob(job({ environment: 'remote', invoiceId: 4, fplxdm: '007', fphm: '26330004', enterprise: OTHER }), T2);
    await end(remote, 'failed');

    expect(await ledger.print.failedJobs('sandbox', 10)).toEqual([
      { id: face2, issued_invoice_id: 2, fpdm: '033001900111', fphm: '26330002', dylx: '0', error_code: 'PRINTER_MISSING', updated_at: T1 },
      { id: list1, issued_invoice_id: 1, fpdm: '033001900111', fphm: '26330001', dylx: '1', error_code: 'PRINTER_MISSING', updated_at: T1 },
    ]);
    expect((await ledger.print.failedJobs('sandbox', 1)).map((row) => row.id)).toEqual([face2]);
    expect((await ledger.print.failedJobs('remote', 10)).map((row) => row.id)).toEqual([remote]);
  });

  it('takes a retry of a failed job once, even when two desks ask at the same moment', async () => {
    const failed = await ledger.print.insertJob(job(), T0);
    await ledger.print.setStatus(failed, { status: 'failed', errorCode: 'PRINTER_MISSING' }, T0);
    expect(await ledger.print.retriedBy(failed)).toBeNull();
    // What the feature's retry does: lock the job, check it, record the retry, all in one transaction — here
    // held open until the other desk's retry has reached the job, so that both ask at once.
    const retry = (on: Ledger) =>
      on.transaction(async (tx) => {
        const held = await tx.print.jobForRetry(failed, 'sandbox');
        if (held?.status !== 'failed' || (await tx.print.retriedBy(failed)) !== null) return null;
        await side.othersWaiting();
        return tx.print.insertJob(job({ retryOf: failed, printer: 'PDF2' }), T1);
      });
    const [first, second] = await Promise.all([retry(ledger), retry(side.other)]);
    const taken = [first, second].filter((id) => id !== null);
    expect(taken).toHaveLength(1);
    expect(await ledger.print.retriedBy(failed)).toBe(taken[0]);
    expect(await ledger.print.job(taken[0]!, 'sandbox')).toMatchObject({ retry_of: failed, printer: 'PDF2', status: 'requested' });
    expect(await ledger.print.jobForRetry(failed, 'remote')).toBeNull();
    expect((await ledger.print.jobsOfInvoice(1, 'sandbox', { enterprise: SELLER, own: true })).map((row) => row.id)).toEqual([failed, taken[0]]);
  });

  it('records archive prints of electronic invoices with their outcome, per enterprise', async () => {
    const printed = await ledger.print.insertArchiveJob({ environment: 'sandbox', enterprise: SELLER, invoiceId: 1, fplxdm: '026', fphm: '26330001', printer: 'PDF', copies: 2 }, T0);
    const failed = await ledger.print.insertArchiveJob({ environment: 'sandbox', enterprise: null, invoiceId: 1, fplxdm: '026', fphm: '26330001', printer: 'GONE', copies: 1 }, T1);
    await ledger.print.insertArchiveJob({ environment: 'sandbox', enterprise: OTHER, invoiceId: 1, fplxdm: '026', fphm: '26330001', printer: 'PDF', copies: 1 }, T1);
    const scope = { enterprise: SELLER, own: true };
    expect((await ledger.print.archiveJobsOfInvoice(1, 'sandbox', scope)).map((row) => row.status)).toEqual(['printing', 'printing']);
    await ledger.print.setArchiveStatus(printed, { status: 'printed', printerJobId: 'PDF-3' }, T2);
    await ledger.print.setArchiveStatus(failed, { status: 'failed', errorCode: 'PRINTER_MISSING', errorMessage: 'no printer "GONE"' }, T2);
    expect(await ledger.print.archiveJobsOfInvoice(1, 'sandbox', scope)).toEqual([
      { id: printed, issued_invoice_id: 1, fplxdm: '026', fphm: '26330001', printer: 'PDF', copies: 2, status: 'printed', printer_job_id: 'PDF-3', error_code: null, error_message: null, created_at: T0 },
      { id: failed, issued_invoice_id: 1, fplxdm: '026', fphm: '26330001', printer: 'GONE', copies: 1, status: 'failed', printer_job_id: null, error_code: 'PRINTER_MISSING', error_message: 'no printer "GONE"', created_at: T1 },
    ]);
    expect(await ledger.print.archiveJobsOfInvoice(1, 'sandbox', { enterprise: OTHER, own: false })).toHaveLength(1);
    expect(await ledger.print.archiveJobsOfInvoice(1, 'remote', scope)).toEqual([]);
  });

  it("keeps a printer's calibration as entered, for every desk, and answers zero for a printer never calibrated", async () => {
    expect(await ledger.print.calibration('PDF')).toEqual({ downMm: '0', rightMm: '0', edition: 'hx' });
    await ledger.print.saveCalibration('PDF', { downMm: '1.5', rightMm: '-2.0', edition: 'bw' }, T0);
    expect(await ledger.print.calibration('PDF')).toEqual({ downMm: '1.5', rightMm: '-2.0', edition: 'bw' });
    // The printer is shared: another desk reads it and calibrates it again.
    expect(await side.other.print.calibration('PDF')).toEqual({ downMm: '1.5', rightMm: '-2.0', edition: 'bw' });
    await side.other.print.saveCalibration('PDF', { downMm: '0.0', rightMm: '3.5', edition: 'hx' }, T1);
    expect(await ledger.print.calibration('PDF')).toEqual({ downMm: '0.0', rightMm: '3.5', edition: 'hx' });
    expect(await ledger.print.calibration('OTHER')).toEqual({ downMm: '0', rightMm: '0', edition: 'hx' });
  });

  it('refuses what the print log cannot hold, and keeps nothing of it', async () => {
    // An electronic type on a paper job, an invoice that does not exist, a status or edition it does not know.
    await expect(ledger.print.insertJob(job({ fplxdm: '026' }), T0)).rejects.toThrow();
    await expect(ledger.print.insertJob(job({ invoiceId: 999 }), T0)).rejects.toThrow();
    await expect(ledger.print.insertJob(job({ dylx: '2' as '0' }), T0)).rejects.toThrow();
    await expect(ledger.print.saveCalibration('PDF', { downMm: '1', rightMm: '1', edition: 'zz' as 'hx' }, T0)).rejects.toThrow();
    const id = await ledger.print.insertJob(job(), T0);
    await expect(ledger.print.setStatus(id, { status: 'lost' as 'failed' }, T1)).rejects.toThrow();
    expect(await ledger.print.job(id, 'sandbox')).toMatchObject({ status: 'requested', updated_at: T0 });
    expect(await ledger.print.jobsOfInvoice(1, 'sandbox', { enterprise: SELLER, own: true })).toHaveLength(1);
    expect(await ledger.print.calibration('PDF')).toEqual({ downMm: '0', rightMm: '0', edition: 'hx' });
  });

  it('writes inside a transaction with the rest of it, and nothing when the transaction throws', async () => {
    const kept = await ledger.transaction(async (tx) => {
      const id = await tx.print.insertJob(job(), T0);
      await tx.print.saveCalibration('PDF', { downMm: '0.5', rightMm: '0.5', edition: 'hx' }, T0);
      expect(await tx.print.job(id, 'sandbox')).toMatchObject({ status: 'requested' });
      return id;
    });
    await expect(
      ledger.transaction(async (tx) => {
        await tx.print.setStatus(kept, { status: 'printed', printerJobId: 'PDF-9' }, T1);
        await tx.print.insertArchiveJob({ environment: 'sandbox', enterprise: SELLER, invoiceId: 1, fplxdm: '026', fphm: '26330001', printer: 'PDF', copies: 1 }, T1);
        await tx.print.saveCalibration('PDF', { downMm: '9.0', rightMm: '9.0', edition: 'bw' }, T1);
        throw new Error('the body fails');
      }),
    ).rejects.toThrow('the body fails');
    expect(await ledger.print.job(kept, 'sandbox')).toMatchObject({ status: 'requested', printer_job_id: null });
    expect(await ledger.print.archiveJobsOfInvoice(1, 'sandbox', { enterprise: SELLER, own: true })).toEqual([]);
    expect(await ledger.print.calibration('PDF')).toEqual({ downMm: '0.5', rightMm: '0.5', edition: 'hx' });
  });
});
