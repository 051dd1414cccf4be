/**
 * One transaction on the team ledger: BEGIN on a pooled client, COMMIT when `body` resolves, ROLLBACK when
 * it throws — so a write, its outbox outcome and its `pg_notify` commit or vanish together. `prepare` runs on
 * the client before BEGIN: the desk binds it to the signed-in clerk's session there (session.ts), where no
 * rollback can undo it.
 *
 * The connection can drop at any point (docs/team-ledger.md §7). Before COMMIT is sent nothing can commit, and
 * the error comes out as it came. Once COMMIT is sent, an answer that never comes (the connection cut, the
 * server's process ended) leaves the transaction committed or not — `TeamCommitUnknownError`, naming the
 * server process that held it, so that `settleLostCommit` can wait until that process is done with it and
 * what is read next is final. An error the server answers the COMMIT with (a serialization failure, a
 * deferred constraint) is a definite rollback and comes out as it came.
 */
import type { Pool, PoolClient, QueryConfig } from 'pg';

/** The answer to COMMIT was lost: the transaction may or may not have committed. */
export class TeamCommitUnknownError extends Error {
  constructor(
    /** The server process that held the transaction (node-postgres' BackendKeyData); null if never known. */
    readonly backendPid: number | null,
    /** What the body returned, for when it turns out to have committed. */
    readonly result: unknown,
    cause: unknown,
  ) {
    super(`the answer to COMMIT was lost (server process ${backendPid ?? '?'}): ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'TeamCommitUnknownError';
  }
}

/** SQLSTATE classes that mean the connection itself failed: 08 (connection exception), 57P01–57P03 (the server ended it or is going away). */
const CONNECTION_STATES = /^(08...|57P0[123])$/;

/** Whether the server answered with an error (its SQLSTATE), as opposed to the answer never coming. */
function answeredByServer(error: unknown): boolean {
  const found = error as { code?: unknown; severity?: unknown } | null;
  return typeof found?.severity === 'string' && typeof found.code === 'string' && /^[0-9A-Z]{5}$/.test(found.code) && !CONNECTION_STATES.test(found.code);
}

export async function inTeamTransaction<T>(pool: Pool, body: (client: PoolClient) => Promise<T>, prepare?: (client: PoolClient) => Promise<void>): Promise<T> {
  const client = await pool.connect();
  // A connection that drops while none of its queries runs is reported as an 'error' event: the next query
  // fails with it, so it is handled there — never left to crash main as an unhandled event.
  const ignore = () => undefined;
  client.on('error', ignore);
  let broken: Error | undefined;
  let committing = false;
  try {
    await prepare?.(client);
    await client.query('BEGIN');
    const result = await body(client);
    committing = true;
    try {
      await client.query('COMMIT');
    } catch (error) {
      if (answeredByServer(error)) throw error;
      broken = error instanceof Error ? error : new Error(String(error));
      throw new TeamCommitUnknownError((client as { processID?: number | null }).processID ?? null, result, error);
    }
    return result;
  } catch (error) {
    if (!committing) {
      await client.query('ROLLBACK').catch((failed: unknown) => {
        // The connection is gone or in a state no one should inherit: the pool drops it.
        broken = failed instanceof Error ? failed : new Error(String(failed));
      });
    }
    throw error;
  } finally {
    client.off('error', ignore);
    client.release(broken);
  }
}

/** How long a desk tries to find out what became of a COMMIT whose answer was lost before it says it does not know yet. */
export const SETTLE_TIMEOUT_MS = 10_000;
/** A process still running a COMMIT this long is ended (a commit waiting on a lost standby would never answer). */
const COMMIT_WAIT_MS = 3000;

/**
 * After the answer to a COMMIT was lost: waits until the server is done with the transaction the process `pid`
 * held, so that what is read next is final. Done is the process gone, or idle outside any transaction. A
 * process still inside the transaction (its COMMIT never arrived, or is not read yet) is ended, so that the
 * COMMIT cannot land later; one still running its COMMIT is waited for, then ended — PostgreSQL ends a process
 * only outside the commit's critical section, so the transaction is then committed or not, for good. Another
 * process cannot hold the same pid meanwhile: the operating system hands out pids in turn, and the old one
 * ended at most seconds ago. The desk's own login may see and end its own processes (pg_stat_activity,
 * pg_terminate_backend) without any grant. Connections that fail meanwhile are tried again until the time is
 * up. Resolves true once settled, false when it could not find out in time.
 */
export async function settleLostCommit(pool: Pool, pid: number | null, options: { timeoutMs?: number; pauseMs?: number } = {}): Promise<boolean> {
  if (pid === null) return false;
  const started = Date.now();
  const until = started + (options.timeoutMs ?? SETTLE_TIMEOUT_MS);
  const pause = options.pauseMs ?? 100;
  while (Date.now() < until) {
    try {
      // query_timeout: node-postgres gives up on an answer that does not come (a connection gone half-open).
      const query: QueryConfig & { query_timeout: number } = {
        text: `SELECT a.state,
                      CASE WHEN a.state LIKE 'idle in transaction%' OR (a.state = 'active' AND $2) THEN pg_terminate_backend(a.pid) END AS ended
                 FROM pg_stat_activity a
                WHERE a.pid = $1`,
        values: [pid, Date.now() - started > COMMIT_WAIT_MS],
        query_timeout: Math.max(1000, until - Date.now()),
      };
      const found = await pool.query<{ state: string | null; ended: boolean | null }>(query);
      const row = found.rows[0];
      if (row === undefined || row.state === 'idle') return true;
    } catch {
      // The connection failed again: try again while there is time.
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  return false;
}
