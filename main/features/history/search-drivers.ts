/**
 * The drivers of the history's two-step pages (search-repo.ts): the ids of the invoices a search's
 * driving word matches, newest first, from the high id bound down to the low one, a batch at a time —
 * a range of the posting table (2 characters) or the trigram index (3+). The probe of the page then
 * keeps those that meet the search's other conditions. (An identifier's B-tree ranges give every
 * candidate at once; its page is one statement, search-repo.ts direct.)
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/open.js';
import { gramOf, IDENTIFIER_IDS, INT_PARAM, limitOf, MAX_BATCH, NO_HIGH, quote, TEXT_PARAM, type Word } from './search-query.js';

/** What the drivers need of a search: its id bounds (inclusive, null when open) and its enterprise scope. */
export interface DriverBounds {
  low: number | null;
  high: number | null;
  scopeId: number;
}

export interface CandidateBatch {
  ids: number[];
  /** No batch follows. */
  final: boolean;
  /** The whole fragment, when the batch holds candidates of its first trigram only: the probe checks it. */
  check?: string;
}

export function createSearchDrivers(db: Db) {
  // One statement per driver and batch size: the limit is written into the SQL (see TEXT_PARAM).
  const postingSql = (batch: number) =>
    `SELECT id FROM issued_invoice_gram WHERE scope = ${INT_PARAM} AND gram = ${TEXT_PARAM} AND id >= ? AND id <= ? ORDER BY id DESC ${limitOf(batch)}`;
  // Trigram rowids are id * 2 (output) and id * 2 + 1 (collected input); only even ones are ours. A first
  // page (no cursor, no dates) asks without rowid bounds: FTS5 then skips its range checks (0.7 µs of 9).
  const trigramSql = (batch: number, bounded = true) =>
    `SELECT rowid >> 1 FROM history_fts WHERE history_fts MATCH ?${bounded ? ' AND rowid >= ? AND rowid <= ?' : ''} AND (rowid & 1) = 0 ORDER BY rowid DESC ${limitOf(batch)}`;
  const statements = new Map<string, Statement<Array<string | number>, number>>();
  const ids = (kind: 'tri' | 'tri-open' | 'bi', batch: number, ...params: Array<string | number>): number[] => {
    const key = `${kind}${batch}`;
    let statement = statements.get(key);
    if (!statement) {
      statement = db.prepare<Array<string | number>, number>(kind === 'bi' ? postingSql(batch) : trigramSql(batch, kind === 'tri')).pluck();
      statements.set(key, statement);
    }
    return statement.all(...params);
  };
  /** A trigram batch below `high` (inclusive), from `low` up. */
  const trigramIds = (match: string, low: number, high: number, batch: number) =>
    low === 0 && high === NO_HIGH ? ids('tri-open', batch, match) : ids('tri', batch, match, low * 2, Math.min(high * 2, NO_HIGH));

  /** What a trigram driver's first batch matches: the fragment's first trigram when it has 4+ characters (candidates). */
  const firstMatch = (driver: Word) => quote([...driver.text].slice(0, 3).join(''));

  return {
    firstMatch,
    /** The id bounds of a trigram driver's batch as its statement binds them (none on an open first page). */
    trigramBounds: (bounds: DriverBounds): number[] =>
      bounds.low === null && bounds.high === null ? [] : [(bounds.low ?? 0) * 2, Math.min((bounds.high ?? NO_HIGH) * 2, NO_HIGH)],
    /** Where a trigram walk goes on after its first batch of `first`: below the batch's last id, or null when it held them all. */
    afterFirstBatch(bounds: DriverBounds, driver: Word, first: number): number | null {
      const batch = trigramIds(firstMatch(driver), bounds.low ?? 0, bounds.high ?? NO_HIGH, first);
      const last = batch[batch.length - 1];
      return batch.length < first || last === undefined ? null : last - 1;
    },
    /** The SQL a driver runs, for the plan tests. */
    sql: (kind: Word['kind'], batch: number, bounded = true): string =>
      kind === 'id' ? IDENTIFIER_IDS : kind === 'tri' ? trigramSql(batch, bounded) : postingSql(batch),
    /**
     * The driver's ids, newest first, in batches of growing size from `first`.
     * For a fragment of 4+ characters the first batch is the candidates of its first trigram alone
     * (`check`): a phrase of two or more trigrams makes FTS5 load each one's whole doclist, and the later
     * trigrams of a name fragment are often common ones (河科技 in 1,300 of a million names where 星河科
     * is in 23), so the phrase cost twice the single trigram. If that batch does not fill the page the
     * walk goes on by the whole phrase, so a common first trigram costs one batch at most. `resume`: the first
     * batch of a trigram driver was probed already (search-repo.ts triFirst), the walk goes on below this id.
     */
    *candidates(bounds: DriverBounds, driver: Word, first: number, resume?: number): Generator<CandidateBatch> {
      const low = bounds.low ?? 0;
      let high = resume ?? bounds.high ?? NO_HIGH;
      // Identifiers give every candidate at once: their pages are one statement (search-repo.ts direct).
      if (driver.kind === 'id' || driver.kind === 'char') throw new Error(`not a walked driver: ${driver.kind}`);
      const characters = [...driver.text];
      if (driver.kind === 'tri' && characters.length > 3 && resume === undefined) {
        const batch = trigramIds(quote(characters.slice(0, 3).join('')), low, high, first);
        const last = batch[batch.length - 1];
        const final = batch.length < first || last === undefined;
        yield { ids: batch, final, check: driver.text };
        if (final) return;
        high = last - 1;
      }
      // Resumed after a fragment's first batch of `first` (a 3-character one: of the whole fragment), the next is bigger.
      const next = (size: number) => Math.min(size * 4, MAX_BATCH);
      for (let size = resume !== undefined && driver.kind === 'tri' && characters.length <= 3 ? next(first) : first; ; size = next(size)) {
        const batch =
          driver.kind === 'tri'
            ? trigramIds(quote(driver.text), low, high, size)
            : ids('bi', size, bounds.scopeId, gramOf(driver.text), low, high);
        const last = batch[batch.length - 1];
        const final = batch.length < size || last === undefined;
        yield { ids: batch, final };
        if (final) return;
        high = last - 1;
      }
    },
  };
}
