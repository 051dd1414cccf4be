/**
 * How the SQLite adapter turns a synchronous call of the desk's own search machinery (FTS5, postings) into a
 * store method of the ledger port: it checks that the transaction it belongs to is still open, runs at
 * once and hands back a settled promise — a throw (a refused use, SQLITE_FULL, a constraint) becomes the
 * promise's rejection, as it would on PostgreSQL. Nothing waits, so a transaction body that awaits only
 * the ledger still runs to its end before any other caller reaches the connection (sqlite/ledger.ts).
 */

/** One call, settled: the connection check first, then the work. */
export function settledCall<T>(connection: () => unknown, work: () => T): Promise<T> {
  try {
    connection();
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}
