/**
 * The desk's pool of connections to the team ledger (docs/team-ledger.md §2): four per desk, so that one
 * desk cannot take a server's connections from its colleagues. An idle connection the server drops must
 * not crash main: node-postgres reports it on the pool, where it is logged; the next query opens a new one.
 */
import pg, { type ClientConfig } from 'pg';
import { clientConfig, type TeamLedgerAddress } from './config.js';

/** A pool, or a client inside the caller's transaction: whatever a store's statement runs on. */
export type Queryable = Pick<pg.ClientBase, 'query'> | pg.Pool;

export const TEAM_POOL_SIZE = 4;

export function createTeamPool(
  address: TeamLedgerAddress,
  password: ClientConfig['password'],
  options: { applicationName?: string; log?: (message: string, error: unknown) => void } = {},
): pg.Pool {
  const pool = new pg.Pool({ ...clientConfig(address, password, options.applicationName), max: TEAM_POOL_SIZE, idleTimeoutMillis: 30_000 });
  const log = options.log ?? ((message, error) => console.warn(`[team-ledger] ${message}`, error));
  pool.on('error', (error) => log('an idle connection to the team ledger failed', error));
  return pool;
}
