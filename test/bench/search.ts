/**
 * search: the history's first page (15 rows, what the grid shows, newest first) for each kind of search a
 * clerk makes, over 1,000,000 output invoices with realistic buyer names (history-data.ts), through the
 * SQLite ledger's history store — `createSqliteLedger(db).history.search`, the path `history:search` takes
 * (the feature reads only through the ledger port). Baseline: the true limit of a lookup, the raw
 * prepared indexed `SELECT * FROM issued_invoice WHERE environment = ? AND fphm = ?` of one invoice by
 * number, interleaved with ours. ours = the worst kind's p95; ratio = ours / baseline p95, taken in
 * several rounds and the median of the rounds' ratios reported (search-rounds.ts: why). One line per kind
 * follows the bench line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { closeDatabase, openDatabase } from '../../main/db/open.js';
import { createSearchIndexRepo } from '../../main/features/history/search-index-repo.js';
import { mergeSearchIndex } from '../../main/features/history/search-upkeep.js';
import { createSqliteLedger } from '../../main/ledger/sqlite/ledger.js';
import { benchDir, fmt } from './common.js';
import { generatedHistoryFile, numberOf, SELLER } from './history-data.js';
import { searchWork } from './search-kinds.js';
import { measureRounds, reportRounds, ROUNDS, TRIES } from './search-rounds.js';

const ROWS = Number(process.env.BENCH_SEARCH_ROWS ?? 1_000_000);
/**
 * Searches per kind and round. A p95 of 60 samples was their third slowest, moved by one stretch of a busy
 * host; of 200 it is the tenth.
 */
const PER_KIND = Number(process.env.BENCH_SEARCH_PER_KIND ?? 200);
/** The grid's first page: what its body shows before scrolling (renderer/src/lib/paged-list FIRST_PAGE, 520 px / 36 px). */
const PAGE = 15;

export async function benchSearch(): Promise<void> {
  const { dir, remove } = benchDir('search');
  const { file, seconds: generatedS } = generatedHistoryFile(ROWS);
  fs.copyFileSync(file, path.join(dir, 'history.db'));
  const db = openDatabase(path.join(dir, 'history.db'));
  try {
    db.pragma('optimize');
    // The state the desk keeps while idle (history/search-upkeep.ts): the trigram index merged. The
    // generator's one big insert left it in several segments, as a history grown invoice by invoice is.
    const index = createSearchIndexRepo(db);
    const segments = index.segments();
    const mergeStarted = performance.now();
    const mergeSteps = mergeSearchIndex(index);
    const mergeS = (performance.now() - mergeStarted) / 1000;

    const store = createSqliteLedger(db).history;
    const lookup = db.prepare(`SELECT * FROM issued_invoice WHERE environment = ? AND fphm = ?`);
    const work = searchWork(ROWS, PER_KIND, PAGE);
    const ours = async (item: (typeof work)[number]) => (await store.search('sandbox', SELLER, item.filter)).rows.length;
    const baseline = (item: (typeof work)[number]) => {
      if (!lookup.get('sandbox', numberOf(item.x))) throw new Error(`invoice ${item.x} missing`);
    };

    // Warm-up: every search and lookup once.
    for (const item of work) {
      await ours(item);
      baseline(item);
    }
    const measured = await measureRounds(work, ours, baseline);
    reportRounds(
      'search',
      measured,
      (worst, baseP50) =>
        `${ROWS} invoices, ${PER_KIND} searches per kind and round, ${ROUNDS} rounds, first page of ${PAGE} through the ledger's history store, fastest of ${TRIES} tries per search; worst kind: ${worst}; number lookup p50 ${baseP50} ms; generated in ${fmt(generatedS, 1)} s; trigram index merged from ${segments} segments in ${mergeSteps} steps, ${fmt(mergeS, 1)} s`,
    );
  } finally {
    closeDatabase(db);
    remove();
  }
}
