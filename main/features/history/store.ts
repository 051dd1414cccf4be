/**
 * The history's store on the ledger port (main/ledger/port.ts; docs/team-ledger.md §2): what the history
 * views read, whichever database holds the ledger. Types only — the one store is main/ledger/stores/history.ts,
 * its searches each database's own (stores/dialects/history.ts): on SQLite this feature's repo.ts (FTS5 trigram
 * index, posting table, tallies: the speed `bench search` measures), on PostgreSQL pg_trgm (dialects/history-pg.ts).
 *
 * Every read is per environment and enterprise (the active one: the seller of output invoices, the buyer
 * of collected input invoices), so two enterprises' invoices never mix on either database. An invoice's
 * detail is not here: it is the issued invoice and its lines (the issuance feature's reads, the one owner
 * of issued_invoice) and its reversals (the reversal feature's api).
 */
import type { Environment, HistoryFilter, HistorySearchResult, RowCount } from '../../../shared/ipc/index.js';
import type { RatedLevy } from '../../../shared/i18n/line-levy-text.js';

export interface HistoryStore {
  /**
   * One page of the history, newest first. Output invoices alone (`direction: 'output'`, no offset) come in
   * keyset pages (`next` is the cursor of the following page); a search that also takes collected input
   * invoices pages by `offset`. Only 1-character words: nothing is searched and `needMoreText` is true.
   * The export reads its rows here too (one page of up to its row limit).
   */
  search(environment: Environment, enterprise: string, filter: HistoryFilter): Promise<HistorySearchResult>;
  /** How many output invoices match: exact up to 10,000, beyond it a lower bound (`exact: false`). */
  countOutput(environment: Environment, enterprise: string, filter: HistoryFilter): Promise<RowCount>;
  /**
   * The distinct rates and levies of the lines of these output invoices (ids a search of the same
   * environment and enterprise found), each invoice's in its lines' order: the export's levy column.
   * An invoice without lines is not in the map.
   */
  lineLevies(invoiceIds: readonly number[]): Promise<Map<number, RatedLevy[]>>;
}
