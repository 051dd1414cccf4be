/**
 * Collection paging (spec endpoint 3 request table and "Limits"): PCH identifies one logical request,
 * KSHS is the start row, ZTBZ 0 ends the batch, ZHS/KSHS/BCQQFHHS describe the page, and one answer
 * carries at most 1000 detail rows without splitting an invoice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECT, COLLECT_MAIN, collectAll, collection, mainCollection, readTaxAuthority, records, startInputSandbox, type InputSandbox } from '../../support/input-sandbox.js';

let sandbox: InputSandbox;
let reader: ReturnType<typeof readTaxAuthority>;

beforeAll(async () => {
  // Enough special invoices (with a few long lists) that one FPLXDM holds several thousand detail rows.
  sandbox = await startInputSandbox({ seedInvoicesPerBuyer: 2000 });
  reader = readTaxAuthority(sandbox.dataDir);
  await collectAll(sandbox, COLLECT, collection('use-up-initial-01', { FPLXDM: '01' }));
  await collectAll(sandbox, COLLECT_MAIN, mainCollection('use-up-initial-main'));
});

afterAll(async () => {
  reader.close();
  await sandbox.close();
});

const lineCount = (record: Record<string, unknown>) => (record.MXXX as unknown[]).length;

describe('paging by PCH and KSHS', () => {
  it('one response carries at most 1000 detail rows, as many whole invoices as fit, never an invoice split across responses (Limits)', async () => {
    const { pages, all } = await collectAll(sandbox, COLLECT, collection('cap-01', { FPLXDM: '01' }));
    expect(pages.length).toBeGreaterThan(2);
    for (const [index, page] of pages.entries()) {
      const rows = records(page).reduce((sum, record) => sum + lineCount(record), 0);
      expect(rows).toBeLessThanOrEqual(1000);
      const next = pages[index + 1];
      const nextFirst = next ? records(next)[0] : undefined;
      // Maximal: the next invoice would not have fitted.
      if (nextFirst) expect(rows + lineCount(nextFirst)).toBeGreaterThan(1000);
    }
    for (const record of all) expect(lineCount(record)).toBe(reader.store.findInvoice(record.FPDM, record.FPHM)?.lines.length);
  });

  it('ZHS is the total of the logical request on every page, KSHS the 1-based start row, BCQQFHHS the rows of this page; the next KSHS is KSHS + BCQQFHHS', async () => {
    const { pages, all } = await collectAll(sandbox, COLLECT, collection('paging-01', { FPLXDM: '01' }));
    const total = Number(pages[0]?.body.ZHS);
    let expectedStart = 1;
    for (const page of pages) {
      expect(page.body.ZHS).toBe(total);
      expect(page.body.KSHS).toBe(expectedStart);
      expect(page.body.BCQQFHHS).toBe(records(page).length);
      expectedStart += Number(page.body.BCQQFHHS);
    }
    expect(all).toHaveLength(total);
    expect(new Set(all.map((record) => `${record.FPDM}|${record.FPHM}`)).size).toBe(total);
  });

  it('FHHS limits the number of invoices in one response', async () => {
    const answer = await sandbox.post(COLLECT, collection('fhhs-01', { FHHS: '7' }));
    expect(answer.body).toMatchObject({ ZTDM: '0000', KSHS: 1, BCQQFHHS: 7 });
    expect(records(answer)).toHaveLength(7);
    const next = await sandbox.post(COLLECT, collection('fhhs-01', { KSHS: 8, FHHS: '3' }));
    expect(next.body).toMatchObject({ ZTDM: '0000', KSHS: 8, BCQQFHHS: 3 });
  });

  it('endpoint 6 pages the same way, 1000 records a response (each main-information record is one row)', async () => {
    const { pages } = await collectAll(sandbox, COLLECT_MAIN, mainCollection('paging-main'));
    for (const page of pages) expect(Number(page.body.BCQQFHHS)).toBeLessThanOrEqual(1000);
    expect(pages.reduce((sum, page) => sum + Number(page.body.BCQQFHHS), 0)).toBe(pages[0]?.body.ZHS);
  });

  it('a page asked again with its own KSHS (a lost answer) comes back byte-identical', async () => {
    const first = await sandbox.post(COLLECT, collection('refetch-01', { FHHS: '5' }));
    const second = await sandbox.post(COLLECT, collection('refetch-01', { KSHS: 6, FHHS: '5' }));
    const again = await sandbox.post(COLLECT, collection('refetch-01', { FHHS: '5' }));
    expect(again.text).toBe(first.text);
    expect(second.body.KSHS).toBe(6);
  });

  it('a KSHS that skips or overlaps rows is refused with 2009 naming the expected start row', async () => {
    await sandbox.post(COLLECT, collection('kshs-01', { FHHS: '10' }));
    // "the next start row is the number of rows returned" read literally (10) would repeat row 10.
    const overlap = await sandbox.post(COLLECT, collection('kshs-01', { KSHS: 10, FHHS: '10' }));
    expect(overlap.body.ZTDM).toBe('2009');
    expect(String(overlap.body.ZTXX)).toContain('KSHS 应为 11');
    const skip = await sandbox.post(COLLECT, collection('kshs-01', { KSHS: 30 }));
    expect(skip.body.ZTDM).toBe('2009');
  });

  it('the first request of a PCH must start at KSHS 1 (2009)', async () => {
    const answer = await sandbox.post(COLLECT, collection('first-not-1', { KSHS: 2 }));
    expect(answer.body.ZTDM).toBe('2009');
  });

  it('ZTBZ 0 answers its page and ends the batch: further requests with that PCH are refused (2011)', async () => {
    const ending = await sandbox.post(COLLECT, collection('ztbz-01', { FHHS: '3', ZTBZ: '0' }));
    expect(ending.body).toMatchObject({ ZTDM: '0000', BCQQFHHS: 3 });
    const after = await sandbox.post(COLLECT, collection('ztbz-01', { KSHS: 4, FHHS: '3' }));
    expect(after.body.ZTDM).toBe('2011');
    // The answer that ended it may be asked again, unchanged (its answer may have been lost).
    const repeated = await sandbox.post(COLLECT, collection('ztbz-01', { FHHS: '3', ZTBZ: '0' }));
    expect(repeated.text).toBe(ending.text);
  });

  it('a PCH reused for a different request (other FPLXDM, buyer or dates) is refused with 2004', async () => {
    await sandbox.post(COLLECT, collection('reuse-01', { FHHS: '2' }));
    const otherType = await sandbox.post(COLLECT, collection('reuse-01', { FPLXDM: '08', KSHS: 3 }));
    expect(otherType.body.ZTDM).toBe('2004');
    const otherDates = await sandbox.post(COLLECT, collection('reuse-01', { CJKSRQ: '20240101000000', KSHS: 3 }));
    expect(otherDates.body.ZTDM).toBe('2004');
  });

  it('the rows of a PCH are fixed when it is first seen: ZHS does not change while the client pages', async () => {
    const first = await sandbox.post(COLLECT, collection('snapshot-01', { FHHS: '1' }));
    sandbox.clock.advance(60_000);
    const second = await sandbox.post(COLLECT, collection('snapshot-01', { KSHS: 2, FHHS: '1' }));
    expect(second.body.ZHS).toBe(first.body.ZHS);
  });
});
