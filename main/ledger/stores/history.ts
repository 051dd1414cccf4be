/**
 * The history's reads (the history store of the ledger port, main/features/history/store.ts), one store for both
 * databases. Its searches — every page and count of the history views — are each database's own, on the index
 * its engine is fast with (dialects/history.ts: FTS5 and posting tables on the desk's SQLite, pg_trgm on a team's
 * PostgreSQL), held to the same answers by the contract test. What is plain SQL is written once here: the
 * distinct rates and levies of the export's invoices.
 */
import type { RatedLevy } from '../../../shared/i18n/line-levy-text.js';
import { levyOf } from '../../../shared/i18n/levy-texts.js';
import type { HistoryStore } from '../../features/history/store.js';
import { invoiceIdIn, type HistorySearch } from './dialects/history.js';
import type { StoreSql } from './sql.js';

/** Invoice ids per read of their lines' levies: an export of many thousand rows is a few statements. */
const LEVY_CHUNK = 2_000;

/**
 * The columns of issued_invoice_line this store reads (SQLite 0010, 0610; PostgreSQL 0470, 0610): sl is text on both,
 * kce decimal text or NUMERIC(18,2), which PostgreSQL answers as the same text. Declared here, not in schema/, while
 * the issued-invoice store that owns the table moves at the same time; its declaration then takes this one's place.
 */
type LevyLines = {
  issued_invoice_line: { invoice_id: number; line_no: number; sl: string; lslbs: string | null; kce: string | null };
};

export function createHistoryStore(q: StoreSql, search: HistorySearch): HistoryStore {
  const idIn = invoiceIdIn[q.kind];
  const lines = q.db.withTables<LevyLines>();
  return {
    search: (environment, enterprise, filter) => search.search(environment, enterprise, filter),
    countOutput: (environment, enterprise, filter) => search.countOutput(environment, enterprise, filter),
    /** Each invoice's distinct (rate, levy, deduction) in the order of its first line, LEVY_CHUNK invoices a statement. */
    async lineLevies(invoiceIds) {
      const found = new Map<number, RatedLevy[]>();
      for (let start = 0; start < invoiceIds.length; start += LEVY_CHUNK) {
        const rows = await q.all(
          lines
            .selectFrom('issued_invoice_line')
            .select(['invoice_id', 'sl', 'lslbs', 'kce'])
            .where(idIn(invoiceIds.slice(start, start + LEVY_CHUNK)))
            .groupBy(['invoice_id', 'sl', 'lslbs', 'kce'])
            .orderBy('invoice_id')
            .orderBy((eb) => eb.fn.min('line_no')),
        );
        for (const row of rows) {
          let levies = found.get(row.invoice_id);
          if (!levies) found.set(row.invoice_id, (levies = []));
          levies.push({ rate: row.sl, levy: levyOf(row.lslbs), deduction: row.kce });
        }
      }
      return found;
    },
  };
}
