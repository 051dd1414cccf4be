/**
 * The signed-in clerk's session on a team ledger (docs/team-ledger.md §6, pg migration 0650): the token
 * `fapiao_sign_in` answered, held by this desk's ledger and set on each of its connections as `fapiao.session`
 * before the connection is used — outside a transaction, so a rollback never takes it back — which is how every
 * trigger, policy and function of the database knows which clerk acts. A connection handed out with another
 * session than the one it carries is switched first, with `DISCARD PLANS`: row-level security folds a clerk's
 * enterprise scope into a statement's plan (migrations/rights/scope.ts), so no plan of one session may serve
 * another. A connection that never carried one needs nothing. While signed in, the session is renewed at most
 * every few minutes (it lapses after 12 hours without).
 */
import type { ClientBase, Pool, PoolClient } from 'pg';
import type { Queryable } from './pool.js';

const RENEW_EVERY_MS = 5 * 60_000;

export interface PgSession {
  /** The token of the clerk signed in through this ledger; null when nobody is. */
  token(): string | null;
  set(token: string | null): void;
  /** Brings a client taken from the pool to the current session; call before BEGIN. */
  bind(client: PoolClient): Promise<void>;
  /** The pool, each query on a client bound to the current session. */
  readonly pool: Queryable;
}

export function createPgSession(pool: Pool, options: { now?: () => number } = {}): PgSession {
  const now = options.now ?? Date.now;
  const carried = new WeakMap<PoolClient, string>();
  let token: string | null = null;
  let renewedAt = 0;

  async function bind(client: PoolClient): Promise<void> {
    const wanted = token ?? '';
    const carries = carried.get(client) ?? '';
    if (carries !== wanted) {
      await client.query(`SELECT set_config('fapiao.session', ${client.escapeLiteral(wanted)}, false); DISCARD PLANS`);
      carried.set(client, wanted);
    }
    if (token !== null && now() - renewedAt > RENEW_EVERY_MS) {
      renewedAt = now();
      await client.query('SELECT fapiao_session_renew()');
    }
  }

  const query = async (...args: unknown[]) => {
    const client = await pool.connect();
    // A connection dropping while checked out here is an 'error' event as well as this query's failure:
    // handled as the failure, never left to crash main as an unhandled event (as inTeamTransaction does).
    const ignore = () => undefined;
    client.on('error', ignore);
    let failure: Error | undefined;
    try {
      await bind(client);
      return await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      // As pool.query does: a client whose query failed is not handed out again.
      client.off('error', ignore);
      client.release(failure);
    }
  };

  return {
    token: () => token,
    set(next) {
      token = next;
      renewedAt = now();
    },
    bind,
    pool: { query: query as ClientBase['query'] },
  };
}
