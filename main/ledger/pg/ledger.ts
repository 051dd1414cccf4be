/**
 * The PostgreSQL adapter of the ledger port (main/ledger/port.ts): a team's shared ledger through the
 * desk's pool (pool.ts). A transaction is BEGIN … COMMIT on one pooled client (READ COMMITTED); its body
 * may await anything, and the stores it uses — its `tx`, or the ledger's own, followed through the async
 * context — run on that client. Outside a transaction every call takes a pooled connection of its own.
 * A `ledger.transaction` inside a body is a savepoint on the same client (tx-scope.ts). A transaction that
 * loses its connection rejects with the port's LedgerNotCommittedError or, when the answer to its COMMIT was
 * lost, is settled as the port describes (transaction.ts: `settleLostCommit`). Every connection carries the
 * signed-in clerk's session (session.ts): what the database lets this desk do is what that clerk may (pg
 * migration 0650); `ledger.clerks.signIn` opens it and `signOut` ends it.
 */
import type { Pool, PoolClient } from 'pg';
import { DEFAULT_OUTBOX_LEASE_MS, LedgerCommitUnknownError, LedgerNotCommittedError, type Ledger, type LedgerStores, type TransactionOptions } from '../port.js';
import { createTxScope, runCommitted, type TxLevel } from '../tx-scope.js';
import { postgresHistorySearch } from '../stores/dialects/history.js';
import { createHistoryStore } from '../stores/history.js';
import { sharedStores } from '../stores/index.js';
import { pgStoreSql } from '../stores/sql.js';
import { classifyTeamFailure } from './connection-test.js';
import { createPgSession } from './session.js';
import { inTeamTransaction, settleLostCommit, TeamCommitUnknownError } from './transaction.js';
import type { Queryable } from './pool.js';
import { databaseRefusal } from './refusals.js';

export interface PgLedgerOptions {
  /** This desk's name on its leases (unique per desk). */
  desk: string;
  /** How long an outbox claim holds before another desk may take the row over; DEFAULT_OUTBOX_LEASE_MS unless told. */
  leaseSeconds?: number;
  /**
   * Who signs the rows this desk writes (`created_by` / `updated_by`): the desk's signed-in clerk, read at each
   * write — the desk passes `() => actorOf(db)` of its own connection (main/db/actor.ts). Nobody by default.
   */
  actor?: () => string | null;
}

/** Whether an error is the connection to the team ledger failing (not the server refusing a statement). */
const lostConnection = (error: unknown) => {
  const key = classifyTeamFailure(error).key;
  return key === 'unreachable' || key === 'timeout';
};

export function createPgLedger(pool: Pool, options: PgLedgerOptions): Ledger {
  const leaseMs = options.leaseSeconds === undefined ? DEFAULT_OUTBOX_LEASE_MS : options.leaseSeconds * 1000;
  const scope = createTxScope<PoolClient>((client, sql) => client.query(sql));
  const actor = options.actor ?? (() => null);
  // The signed-in clerk's session, set on every connection this ledger uses (session.ts).
  const session = createPgSession(pool);
  const storesOn = (connection: () => Queryable): LedgerStores => {
    const q = pgStoreSql(connection);
    return {
      ...sharedStores(q, { actor, desk: () => options.desk, session, outbox: { leaseMs } }),
      history: createHistoryStore(q, postgresHistorySearch(connection)),
    };
  };
  const own = storesOn(() => scope.current()?.connection ?? session.pool);

  /** What became of a transaction whose COMMIT's answer was lost: its result when it committed; otherwise it rejects. */
  async function settle<T>(lost: TeamCommitUnknownError, how: TransactionOptions<T>): Promise<T> {
    const committed = how.committed;
    if (!committed || !(await settleLostCommit(pool, lost.backendPid))) throw new LedgerCommitUnknownError({ cause: lost });
    const result = lost.result as T;
    // Settled: what is read now is final. The reading itself may meet a dropped connection; it is tried again.
    let failure: unknown = lost;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        if (await committed(own, result)) return result;
        throw new LedgerNotCommittedError({ cause: lost, afterCommitSent: true });
      } catch (error) {
        if (error instanceof LedgerNotCommittedError || !lostConnection(error)) throw error;
        failure = error;
      }
    }
    throw new LedgerCommitUnknownError({ cause: failure });
  }

  return {
    kind: 'postgres',
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
    async transaction<T>(body: (tx: LedgerStores) => Promise<T>, options: TransactionOptions<T> = {}): Promise<T> {
      const parent = scope.current();
      if (parent) return scope.nested(parent, (inner) => body(storesOn(scope.boundTo(inner))));
      const opened: Array<TxLevel<PoolClient>> = [];
      let result: T;
      try {
        result = await inTeamTransaction(pool, async (client) => {
          const level: TxLevel<PoolClient> = { connection: client, open: true, childOpen: false };
          opened.push(level);
          try {
            return await scope.enter(level, () => body(storesOn(scope.boundTo(level))));
          } finally {
            level.open = false; // before COMMIT or ROLLBACK: a call the body left running is refused
          }
        }, session.bind);
      } catch (error) {
        if (error instanceof TeamCommitUnknownError) result = await settle(error, options);
        else if (lostConnection(error)) throw new LedgerNotCommittedError({ cause: error });
        else throw databaseRefusal(error) ?? error;
      }
      // Committed (COMMIT went through, or the lost answer was found to be a commit).
      for (const level of opened) runCommitted(level);
      return result;
    },
  };
}
