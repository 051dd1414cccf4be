/**
 * One transaction on the team ledger: BEGIN on a pooled client, COMMIT when `body` resolves, ROLLBACK when
 * it throws — so a write, its outbox outcome and its `pg_notify` commit or vanish together. `prepare` runs on
 * the client before BEGIN: the desk binds it to the signed-in clerk's session there (session.ts), where no
 * rollback can undo it.
 */
import type { Pool, PoolClient } from 'pg';

export async function inTeamTransaction<T>(pool: Pool, body: (client: PoolClient) => Promise<T>, prepare?: (client: PoolClient) => Promise<void>): Promise<T> {
  const client = await pool.connect();
  try {
    await prepare?.(client);
    await client.query('BEGIN');
    const result = await body(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
