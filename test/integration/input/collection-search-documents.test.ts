/**
 * The search documents of collected input invoices (migration 0480's line-count trigger, written by the
 * collection store once per page): every invoice of a stored page is found by the history search at once
 * — by its number, a fragment of its seller's name and of its goods — a page's documents go into the
 * trigram index as ONE new segment (written per invoice they made a segment each, which automerge then
 * merged again and again: docs/benchmarks.md §collect), an invoice met again with other lines is found by
 * the new goods only, and a record without lines (main information) keeps the goods held or is indexed
 * without any. On a real SQLite file through the ledger's collection store, as the collection feature uses it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../../main/db/open.js';
import type { CollectedInvoice } from '../../../main/features/collection/store.js';
import { createHistoryRepo } from '../../../main/features/history/repo.js';
import { createSearchIndexRepo } from '../../../main/features/history/search-index-repo.js';
import { createSqliteLedger } from '../../../main/ledger/sqlite/ledger.js';
import { tempDir } from '../../support/sample-issuance.js';

const BUYER = '91310000MA1FL8XQ5D';
const PCH = 'D'.repeat(32);
const PER_PAGE = 40;
const dir = tempDir('fapiao-collected-docs-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// Seller names and goods are unique per invoice, so a fragment finds exactly one invoice.
const CITIES = ['宁波', '温州', '绍兴', '嘉兴', '湖州', '台州', '金华', '衢州', '舟山', '丽水'];
const CORES = ['星河', '云帆', '海岳', '松涛'];
const sellerOf = (n: number) => `${CITIES[n % 10]}${CORES[Math.floor(n / 10) % 4]}${'甲乙丙丁戊己'[Math.floor(n / 40) % 6]}贸易有限公司`;
const goodsOf = (n: number, edition: string) => `*纸制品*${edition}${CITIES[n % 10]}${CORES[Math.floor(n / 10) % 4]}${'甲乙丙丁戊己'[Math.floor(n / 40) % 6]}打印纸`;

function invoice(n: number, lines: CollectedInvoice['lines']): CollectedInvoice {
  return {
    FPLXDM: '01',
    FPDM: '3300231130',
    FPHM: String(70_000_000 + n),
    KPRQ: '20261120',
    XHFMC: sellerOf(n),
    XHFSBH: `91330203MA2${String(n).padStart(6, '0')}X`,
    GMFSBH: BUYER,
    HJJE: '100.00',
    SE: '13.00',
    JSHJ: '113.00',
    FPZT: '0',
    lines,
    recordJson: '{}',
  };
}
const withGoods = (n: number, edition: string) => invoice(n, [{ XH: 1, SPMC: goodsOf(n, edition), JE: '100.00', SL: '13', SE: '13.00' }]);

describe('search documents of collected invoices', () => {
  const db = openDatabase(path.join(dir, 'history.db'));
  const ledger = createSqliteLedger(db);
  const index = createSearchIndexRepo(db);
  const history = createHistoryRepo(db);
  let runId: number;
  beforeAll(async () => {
    runId = await ledger.collection.createRun('sandbox', { enterprise: BUYER, kind: '01', pch: PCH, cjksrq: '20170101000000', cjjsrq: '20261127235959' }, new Date().toISOString());
  });
  const found = (text: string) => history.searchHistory('sandbox', BUYER, { direction: 'input', text, limit: 100 }).rows.map((row) => row.invoiceNumber);
  let stored = 0;
  const store = async (records: CollectedInvoice[]) => {
    stored += records.length;
    const page = { runId, PCH, enterprise: BUYER, records, totalRows: 1000, nextKshs: stored + 1, complete: false, at: new Date().toISOString() };
    await ledger.transaction((tx) => tx.collection.storePage('sandbox', page));
  };
  afterAll(() => closeDatabase(db));

  it('finds every invoice of a page as soon as it is stored; a page is one segment of the index', async () => {
    for (let page = 0; page < 3; page++) {
      const numbers = Array.from({ length: PER_PAGE }, (_, i) => page * PER_PAGE + i);
      await store(numbers.map((n) => withGoods(n, '初版')));
      // Three pages, three segments (automerge starts at four): the page's 40 documents are one.
      expect(index.segments()).toBe(page + 1);
      for (const n of numbers) {
        const number = String(70_000_000 + n);
        expect(found(number)).toEqual([number]);
        expect(found(sellerOf(n).slice(0, 5))).toEqual([number]);
        expect(found(goodsOf(n, '初版').slice(5, 12))).toEqual([number]);
      }
    }
  });

  it('an invoice met again is found by its new goods only; one without lines keeps or lacks goods', async () => {
    await store([
      withGoods(3, '再版'),
      // Main information of an invoice held: its lines, and so its goods, stay.
      invoice(4, null),
      // Main information of a new invoice: indexed by seller and number, without goods.
      invoice(200, null),
    ]);
    expect(found(goodsOf(3, '再版').slice(5, 12))).toEqual(['70000003']);
    expect(found(goodsOf(3, '初版').slice(5, 12))).toEqual([]);
    expect(found(goodsOf(4, '初版').slice(5, 12))).toEqual(['70000004']);
    expect(found('70000200')).toEqual(['70000200']);
    expect(found(sellerOf(200).slice(0, 5))).toEqual(['70000200']);
    const counts = db.prepare<[], { fphm: string; line_count: number }>(`SELECT fphm, line_count FROM collected_invoice WHERE fphm IN ('70000003', '70000004', '70000200') ORDER BY fphm`).all();
    expect(counts).toEqual([
      { fphm: '70000003', line_count: 1 },
      { fphm: '70000004', line_count: 1 },
      { fphm: '70000200', line_count: 0 },
    ]);
  });
});
