/**
 * The SQLite adapter of the ledger port (main/ledger/port.ts): the desk's own history.db through the
 * synchronous better-sqlite3 connection, at today's speed — each store method runs its prepared statement
 * at once and resolves.
 *
 * Transactions. better-sqlite3's `db.transaction` refuses an async body, so the adapter opens
 * `BEGIN IMMEDIATE` itself, awaits the body and then commits (or rolls back). That is safe only while
 * nothing else uses the connection between BEGIN and COMMIT. It holds because every store call resolves
 * at once: a body that awaits only the ledger runs to its end in microtasks, before the event loop reaches
 * any macrotask — an IPC call, a timer, an HTTP answer — that could run other code on the connection. So
 * the adapter enforces it: a body still unsettled when a `setImmediate` queued at BEGIN fires has awaited
 * something else (a fetch, a timer); that is a programming error, and the transaction is rolled back and
 * the error thrown (the body's later ledger calls are refused). Two transactions of different callers
 * take turns on the one connection. A `ledger.transaction` inside a body is a savepoint (tx-scope.ts).
 *
 * The desk's synchronous repos that this adapter's stores wrap may use `db.transaction`: called from inside
 * a body, it becomes a savepoint of the ledger's transaction (better-sqlite3 nests when the connection is in
 * one), so their writes commit or roll back with it. A `ledger.transaction` started from inside a synchronous `db.transaction` is refused:
 * its body could not finish before that transaction commits.
 */
import type { Db } from '../../db/open.js';
import { createHistoryRepo } from '../../features/history/repo.js';
import { LedgerTransactionError, type Ledger, type LedgerStores } from '../port.js';
import { createTxScope, runCommitted, type TxLevel } from '../tx-scope.js';
import { sqliteHistorySearch } from '../stores/dialects/history.js';
import { createHistoryStore } from '../stores/history.js';
import { sharedStores, type SharedStoreDeps } from '../stores/index.js';
import { sqliteStoreSql } from '../stores/sql.js';
import { actorOf } from '../../db/actor.js';

export interface SqliteLedgerOptions {
  /** The desk's clock in ms for the outbox's leases (tests move it); Date.now by default. */
  now?: () => number;
  /** How long an outbox claim holds; DEFAULT_OUTBOX_LEASE_MS by default. */
  leaseMs?: number;
  /**
   * This desk's name on its audit events (core.ts: the same name it would carry on a team ledger, kept in its
   * settings), read at the first event; 'desk' when not given (tests, tools).
   */
  desk?: () => string;
}

const STALLED =
  'a SQLite ledger transaction body awaited something other than the ledger (a request, a timer): it was rolled back. Do the slow work before ledger.transaction and only write inside it';
const INSIDE_SYNC =
  'ledger.transaction was called inside a synchronous db.transaction: its body cannot finish before that transaction commits. Call it after the synchronous transaction';

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export function createSqliteLedger(db: Db, options: SqliteLedgerOptions = {}): Ledger {
  const history = createHistoryRepo(db);
  const scope = createTxScope<Db>((connection, sql) => connection.exec(sql));
  const shared: SharedStoreDeps = { actor: () => actorOf(db), desk: options.desk ?? (() => 'desk'), outbox: { leaseMs: options.leaseMs, now: options.now } };
  const storesOn = (connection: () => unknown): LedgerStores => {
    const q = sqliteStoreSql(db, connection);
    return {
      ...sharedStores(q, shared),
      history: createHistoryStore(q, sqliteHistorySearch(history, connection)),
    };
  };
  const own = storesOn(() => scope.current());
  /** The outermost transaction now open, if any; others wait for their turn behind `turn`. */
  let open = false;
  let turn: Promise<unknown> = Promise.resolve();

  const rollback = () => {
    if (db.inTransaction) db.exec('ROLLBACK');
  };

  /** Settles with the body's outcome, or with STALLED when a macrotask comes first. */
  function watch<T>(result: Promise<T>): Promise<Settled<T>> {
    return new Promise((resolve) => {
      const watchdog = setImmediate(() => resolve({ ok: false, error: new LedgerTransactionError(STALLED) }));
      result.then(
        (value) => (clearImmediate(watchdog), resolve({ ok: true, value })),
        (error: unknown) => (clearImmediate(watchdog), resolve({ ok: false, error })),
      );
    });
  }

  async function outermost<T>(body: (tx: LedgerStores) => Promise<T>): Promise<T> {
    db.exec('BEGIN IMMEDIATE');
    open = true;
    const level: TxLevel<Db> = { connection: db, open: true, childOpen: false };
    let result: Promise<T>;
    try {
      result = scope.enter(level, () => body(storesOn(scope.boundTo(level))));
    } catch (error) {
      result = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const outcome = await watch(result);
    level.open = false;
    open = false;
    if (!outcome.ok) {
      rollback();
      throw outcome.error;
    }
    try {
      db.exec('COMMIT');
    } catch (error) {
      rollback();
      throw error;
    }
    runCommitted(level);
    return outcome.value;
  }

  return {
    kind: 'sqlite',
    outbox: own.outbox,
    print: own.print,
    history: own.history,
    libraries: own.libraries,
    templates: own.templates,
    collection: own.collection,
    certification: own.certification,
    clerks: own.clerks,
    statistics: own.statistics,
    issuedInvoices: own.issuedInvoices,
    issuanceDrafts: own.issuanceDrafts,
    enterprises: own.enterprises,
    received: own.received,
    batches: own.batches,
    audit: own.audit,
    afterCommit: (effect) => scope.afterCommit(effect),
    redForms: own.redForms,
    // A commit on the desk's own file answers or fails for certain: TransactionOptions.committed is never needed.
    transaction<T>(body: (tx: LedgerStores) => Promise<T>): Promise<T> {
      let level: TxLevel<Db> | undefined;
      try {
        level = scope.current();
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      if (level) return scope.nested(level, (inner) => body(storesOn(scope.boundTo(inner))));
      if (db.inTransaction && !open) return Promise.reject(new LedgerTransactionError(INSIDE_SYNC));
      const run = turn.then(() => outermost(body));
      turn = run.catch(() => undefined);
      return run;
    },
  };
}
