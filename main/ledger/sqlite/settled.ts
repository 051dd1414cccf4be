/**
 * How the SQLite adapter turns a feature's synchronous repo (its prepared statements, unchanged) into a
 * store of the ledger port: each method checks that the transaction it belongs to is still open, runs at
 * once and hands back a settled promise — a throw (a refused use, SQLITE_FULL, a constraint) becomes the
 * promise's rejection, as it would on PostgreSQL. Nothing waits, so a transaction body that awaits only
 * the ledger still runs to its end before any other caller reaches the connection (sqlite/ledger.ts).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any method of a repo, whatever it takes
type Method = (...args: any[]) => unknown;

/** The same methods, each answering a promise of what the repo's method returns. */
export type Settled<R> = { [K in keyof R]: R[K] extends (...args: infer A) => infer T ? (...args: A) => Promise<T> : never };

/** One call, settled: the connection check first, then the work. */
export function settledCall<T>(connection: () => unknown, work: () => T): Promise<T> {
  try {
    connection();
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/**
 * Every method of `repo` as an asynchronous store method. `connection()` is the adapter's scope getter
 * (tx-scope.ts): it throws once the transaction the store was handed by has ended.
 */
export function settledRepo<R extends Record<string, Method>>(repo: R, connection: () => unknown): Settled<R> {
  const store = {} as Record<string, Method>;
  for (const [name, method] of Object.entries(repo)) {
    store[name] = (...args: unknown[]) => settledCall(connection, () => method(...args));
  }
  return store as Settled<R>;
}
