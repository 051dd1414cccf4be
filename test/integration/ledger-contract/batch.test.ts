/**
 * The ledger port's contract for the batch store (main/features/batch/store.ts; docs/team-ledger.md §2), run
 * unchanged against both adapters — a real SQLite history.db and a real PostgreSQL team ledger — with the
 * same rows in, the same rows out: a batch and its rows imported in one transaction, counts and listing,
 * line counts from the draft, the rows still to send, a row's invoice written once and found by its lsh,
 * refusals recorded, unfinished batches for the resume, and a transaction that throws leaving nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Ledger } from '../../../main/ledger/port.js';
import type { NewBatchRow } from '../../../main/features/batch/store.js';
import { ledgerDatabases, type LedgerFixture } from './adapters.js';

const draft = (lines: number) => JSON.stringify({ invoiceType: '007', buyerName: 'Buyer', lines: Array.from({ length: lines }, (_, index) => ({ name: `item ${index}` })) });

const row = (seq: number, overrides: Partial<NewBatchRow> = {}): NewBatchRow => ({
  seq,
  firstRow: seq * 2,
  lastRow: seq * 2 + 1,
  invoiceKey: `K${seq}`,
  buyerName: `Buyer ${seq}`,
  total: '113.00',
  draftJson: draft(2),
  errorsJson: '[]',
  valid: true,
  ...overrides,
});

/** A batch of three rows: two valid (3 and 2 lines), one invalid without a draft (its 2 sheet rows count). */
async function importBatch(ledger: Ledger, fileName = 'march.xlsx', environment: 'sandbox' | 'remote' = 'sandbox'): Promise<number> {
  return ledger.transaction(async (tx) => {
    const id = await tx.batches.insert(environment, fileName, '2026-11-27T08:00:00.000Z');
    await tx.batches.insertRows(id, [
      row(1, { draftJson: draft(3) }),
      row(2, { valid: false, draftJson: null, total: null, errorsJson: '[{"row":4,"column":"ghdwmc","key":"x","params":{},"severity":"error"}]' }),
      row(3),
    ]);
    return id;
  });
}

describe.each(ledgerDatabases())('the batch store on %s', (_name, makeFixture) => {
  let fixture: LedgerFixture;
  beforeAll(async () => {
    fixture = await makeFixture();
  });
  afterEach(() => fixture.reset());
  afterAll(() => fixture.close());

  it('keeps an imported batch with its rows, counts and lists it, and reads its rows in sheet order', async () => {
    const ledger = await fixture.open();
    const first = await importBatch(ledger);
    const second = await importBatch(ledger, 'april.xlsx');
    await importBatch(ledger, 'remote.xlsx', 'remote');

    expect(await ledger.batches.byId(first, 'sandbox')).toEqual({
      id: first,
      file_name: 'march.xlsx',
      created_at: '2026-11-27T08:00:00.000Z',
      submitted_at: null,
      invoices: 3,
      valid: 2,
    });
    expect(await ledger.batches.byId(first, 'remote')).toBeUndefined();
    expect(await ledger.batches.byId(999, 'sandbox')).toBeUndefined();
    expect((await ledger.batches.list('sandbox', 10, 0)).map((b) => b.file_name)).toEqual(['april.xlsx', 'march.xlsx']);
    expect((await ledger.batches.list('sandbox', 1, 1)).map((b) => b.id)).toEqual([first]);
    expect((await ledger.batches.list('remote', 10, 0)).map((b) => b.file_name)).toEqual(['remote.xlsx']);

    const rows = await ledger.batches.rows(first);
    expect(rows.map(({ id: _id, ...rest }) => rest)).toEqual([
      { seq: 1, first_row: 2, last_row: 3, invoice_key: 'K1', ghdwmc: 'Buyer 1', jshj: '113.00', line_count: 3, errors_json: '[]', valid: 1, lsh: null, submit_error: null },
      {
        seq: 2,
        first_row: 4,
        last_row: 5,
        invoice_key: 'K2',
        ghdwmc: 'Buyer 2',
        jshj: null,
        line_count: 2,
        errors_json: '[{"row":4,"column":"ghdwmc","key":"x","params":{},"severity":"error"}]',
        valid: 0,
        lsh: null,
        submit_error: null,
      },
      { seq: 3, first_row: 6, last_row: 7, invoice_key: 'K3', ghdwmc: 'Buyer 3', jshj: '113.00', line_count: 2, errors_json: '[]', valid: 1, lsh: null, submit_error: null },
    ]);
    expect(await ledger.batches.rows(second)).toHaveLength(3);
  });

  it('hands out the rows still to send, writes a row invoice once, finds the batch by it, and records refusals', async () => {
    const ledger = await fixture.open();
    const batchId = await importBatch(ledger);
    const pending = await ledger.batches.pendingRows(batchId);
    expect(pending.map((p) => ({ seq: p.seq, lines: (JSON.parse(p.draft_json) as { lines: unknown[] }).lines.length }))).toEqual([
      { seq: 1, lines: 3 },
      { seq: 3, lines: 2 },
    ]);
    const [one, three] = pending as [(typeof pending)[0], (typeof pending)[0]];

    expect(await ledger.batches.setLsh(one.id, 'FD-1')).toBe(true);
    expect(await ledger.batches.setLsh(one.id, 'FD-2')).toBe(false);
    await ledger.batches.setSubmitError(three.id, '{"code":"VALIDATION_FAILED","key":"issuance.draftInvalid","params":{}}');

    expect(await ledger.batches.batchOfLsh('FD-1')).toBe(batchId);
    expect(await ledger.batches.batchOfLsh('FD-2')).toBeUndefined();
    expect(await ledger.batches.pendingRows(batchId)).toEqual([]);
    expect(await ledger.batches.validRows(batchId)).toEqual([
      { lsh: 'FD-1', submit_error: null },
      { lsh: null, submit_error: '{"code":"VALIDATION_FAILED","key":"issuance.draftInvalid","params":{}}' },
    ]);
    // One lsh is one invoice: another row cannot claim it.
    const other = await importBatch(ledger, 'other.xlsx');
    const [otherRow] = await ledger.batches.pendingRows(other);
    await expect(ledger.batches.setLsh(otherRow!.id, 'FD-1')).rejects.toThrow();
    expect(await ledger.batches.batchOfLsh('FD-1')).toBe(batchId);
  });

  it('names the submitted batches with rows still to send, and keeps the first submission time', async () => {
    const ledger = await fixture.open();
    const submitted = await importBatch(ledger);
    const notSubmitted = await importBatch(ledger, 'later.xlsx');
    expect(await ledger.batches.unfinished('sandbox')).toEqual([]);

    await ledger.batches.markSubmitted(submitted, '2026-11-27T09:00:00.000Z');
    await ledger.batches.markSubmitted(submitted, '2026-11-27T10:00:00.000Z');
    expect((await ledger.batches.byId(submitted, 'sandbox'))?.submitted_at).toBe('2026-11-27T09:00:00.000Z');
    expect((await ledger.batches.byId(notSubmitted, 'sandbox'))?.submitted_at).toBeNull();
    expect(await ledger.batches.unfinished('sandbox')).toEqual([submitted]);
    expect(await ledger.batches.unfinished('remote')).toEqual([]);

    // Every valid row sent or refused: nothing left to resume.
    const [one, three] = await ledger.batches.pendingRows(submitted);
    await ledger.batches.setLsh(one!.id, 'FD-1');
    expect(await ledger.batches.unfinished('sandbox')).toEqual([submitted]);
    await ledger.batches.setSubmitError(three!.id, '{"code":"INTERNAL","key":"batch.problems.submitFailed","params":{}}');
    expect(await ledger.batches.unfinished('sandbox')).toEqual([]);
  });

  it('leaves nothing of an import or a row submission whose transaction throws', async () => {
    const ledger = await fixture.open();
    await expect(
      ledger.transaction(async (tx) => {
        const id = await tx.batches.insert('sandbox', 'broken.xlsx', '2026-11-27T08:00:00.000Z');
        await tx.batches.insertRows(id, [row(1), row(2)]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await ledger.batches.list('sandbox', 10, 0)).toEqual([]);

    // A row and the outbox row of its invoice commit together or not at all.
    const batchId = await importBatch(ledger);
    const [first] = await ledger.batches.pendingRows(batchId);
    await expect(
      ledger.transaction(async (tx) => {
        // As issuance writes them: the invoice and its outbox row (the team ledger takes no outbox row without its invoice).
        await tx.issuedInvoices.insert(
          { lsh: 'FD-1', environment: 'sandbox', fplxdm: '026', kplx: '0', xhdwsbh: '91330100MA2B3C4D5E', xhdwmc: '销方', ghdwmc: '买方', ghdwsbh: null, jshj: '1.00', hjse: '0.06', requestJson: '{}', lines: [] },
          '2026-11-27T08:00:00.000Z',
        );
        await tx.outbox.enqueue({ kind: 'issuance', serial: 'FD-1', requestJson: '{}', enterprise: '91330100MA2B3C4D5E' });
        await tx.batches.setLsh(first!.id, 'FD-1');
        throw new Error('crash before commit');
      }),
    ).rejects.toThrow('crash before commit');
    expect(await fixture.rows()).toEqual([]);
    expect((await ledger.batches.pendingRows(batchId)).map((p) => p.id)).toContain(first!.id);
    expect(await ledger.batches.batchOfLsh('FD-1')).toBeUndefined();

    // A large import is kept whole (the PostgreSQL store writes it in several statements).
    const many = await ledger.transaction(async (tx) => {
      const id = await tx.batches.insert('sandbox', 'big.xlsx', '2026-11-27T08:00:00.000Z');
      await tx.batches.insertRows(id, Array.from({ length: 1_200 }, (_, index) => row(index + 1)));
      return id;
    });
    expect(await ledger.batches.byId(many, 'sandbox')).toMatchObject({ invoices: 1_200, valid: 1_200 });
  });
});
