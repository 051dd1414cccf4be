/**
 * Fragments of 4+ characters are looked up by their first trigram and the whole fragment checked per
 * candidate (history/search-repo.ts, candidates): the pages must still find exactly what the trigram
 * index's phrase finds — matches in the buyer name, in the numbers, and in goods names only (which the
 * check finds through the index itself) — including when the first trigram is common and the whole
 * fragment rare, where the walk goes on by the whole phrase after the first batch. Real SQLite file,
 * 3,000 generated invoices, lines with goods names on some of them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../../main/db/open.js';
import { createHistoryRepo } from '../../../main/features/history/repo.js';
import type { HistoryRow } from '../../../shared/ipc/index.js';
import { generateHistory, nameOf, SELLER } from '../../bench/history-data.js';
import { tempDir } from '../../support/sample-issuance.js';

const dir = tempDir('fapiao-fragments-');
const db = openDatabase(path.join(dir, 'history.db'));
generateHistory(db, 3000);
const addLine = db.prepare(
  `INSERT INTO issued_invoice_line (invoice_id, line_no, spmc, spbm, spsl, dj, je, sl, se) VALUES (?, 1, ?, '3040201010000000000', '1', '100', '100', '0.06', '6')`,
);
// Goods named after a fragment whose first trigram is in most buyer names (有限公 of 有限公司): the whole
// fragment is only in these goods, so nearly every candidate of the first trigram fails the check.
const RARE_IN_GOODS = '有限公开课';
const goodsOnly = [2999, 2500, 1700, 40, 7];
for (const id of goodsOnly) addLine.run(id, `*教育服务*${RARE_IN_GOODS}培训`);
// A buyer-name fragment that some goods name also holds.
const NAME_FRAGMENT = nameOf(1234).slice(2, 6);
addLine.run(1501, `*信息技术服务*${NAME_FRAGMENT}运维`);
afterAll(() => {
  closeDatabase(db);
  fs.rmSync(dir, { recursive: true, force: true });
});

const repo = createHistoryRepo(db);
function walk(text: string, limit: number, status?: 'failed'): HistoryRow[] {
  const rows: HistoryRow[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 500; pages++) {
    const page = repo.searchHistory('sandbox', SELLER, { direction: 'output', text, limit, ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) });
    rows.push(...page.rows);
    if (page.next === null) return rows;
    cursor = page.next;
  }
  throw new Error('too many pages');
}
/** What the trigram index's phrase finds, newest first: the definition of a 3+ character match. */
const phraseIds = (text: string, status?: 'failed') =>
  (
    db
      .prepare(
        `SELECT i.id FROM history_fts f JOIN issued_invoice i ON i.id = f.rowid >> 1
          WHERE history_fts MATCH ? AND (f.rowid & 1) = 0 AND i.environment = 'sandbox' AND i.xhdwsbh = ? AND (? IS NULL OR i.status = ?) ORDER BY i.id DESC`,
      )
      .all(`"${text}"`, SELLER, status ?? null, status ?? null) as Array<{ id: number }>
  ).map((row) => row.id);

describe('4+ character fragments by their first trigram', () => {
  it.each([
    ['a buyer-name fragment, also in one goods name', NAME_FRAGMENT],
    ['a fragment only in goods names, its first trigram in most names', RARE_IN_GOODS],
    ['a common 4-character fragment', '科技有限'],
    ['a 5-character fragment', nameOf(777).slice(1, 6)],
  ])('%s: every page, exactly the phrase matches', (_kind, text) => {
    const expected = phraseIds(text);
    expect(expected.length).toBeGreaterThan(0);
    for (const limit of [15, 50]) expect(walk(text, limit).map((row) => row.id)).toEqual(expected);
  });

  it('finds the goods-only matches though the buyer names do not hold them', () => {
    const sandboxGoods = goodsOnly.filter((id) => id % 20 !== 0);
    expect(phraseIds(RARE_IN_GOODS)).toEqual(sandboxGoods);
    expect(phraseIds(NAME_FRAGMENT)).toContain(1501);
  });

  // A first page is one statement over the first batch of candidates (search-repo.ts triFirst); when the batch's
  // candidates fail the other conditions the walk goes on after it, for 3 characters as for 4+.
  it.each([
    ['a common 3-character fragment', '科技有'],
    ['a common 4-character fragment', '科技有限'],
  ])('%s with a rare status: the first batch fills no page, every page still exactly the matches', (_kind, text) => {
    const expected = phraseIds(text, 'failed');
    const inFirstBatch = phraseIds(text).slice(0, 32).filter((id) => expected.includes(id)).length;
    expect(inFirstBatch, 'the newest 32 candidates hold less than a page of 5').toBeLessThan(5);
    expect(expected.length, 'and more matches come after them').toBeGreaterThan(inFirstBatch + 5);
    for (const limit of [5, 15]) expect(walk(text, limit, 'failed').map((row) => row.id)).toEqual(expected);
  });
});
