/**
 * A desk on the team ledger (docs/team-ledger.md §3, §5, §7): what `createCore` (core.ts) builds instead of
 * the SQLite ledger when its config chooses the team's PostgreSQL. One pool (pool.ts) behind the port's
 * PostgreSQL adapter, with this desk's name on its outbox leases; the schema checked before anything is
 * written (a database without a team ledger, or with a schema this desk's code does not match, is refused);
 * every change this desk publishes after a commit also NOTIFYed to the other desks, and one LISTEN
 * connection feeding theirs into the change feed. That connection is also the desk's "connected" state:
 * lost, the header says so and calls that fail for it answer TEAM_LEDGER_UNREACHABLE; back again, the
 * views reload (what was missed is not replayed) and the outbox worker is woken.
 */
import type { Pool } from 'pg';
import type { TeamLedgerAddress } from '../../shared/ipc/schemas/team-ledger.js';
import type { ChangeInput, ChangePublisher, ChangeSource } from '../changes/feed.js';
import { classifyTeamFailure } from './pg/connection-test.js';
import { createPgLedger } from './pg/ledger.js';
import { checkSchemaVersion, latestPgVersion } from './pg/migrate.js';
import { createTeamChangeSource, notifyLedgerChanged } from './pg/notify.js';
import { createTeamPool } from './pg/pool.js';
import type { Ledger } from './port.js';

/** Which ledger a core runs on (CoreConfig.ledger); the desk's own SQLite file when absent. */
export type LedgerChoice =
  | { kind: 'sqlite' }
  | {
      kind: 'team';
      address: TeamLedgerAddress;
      password: string;
      /** This desk's name on leases and notifications: unique per desk, the same across its restarts. */
      desk: string;
      /** Outbox lease (s); the port's default when absent. Tests shorten it so a killed desk's rows come back soon. */
      leaseSeconds?: number;
      /** Waits between reconnection attempts of the listening connection (ms). */
      backoffMs?: readonly number[];
    };

export type TeamChoice = Extract<LedgerChoice, { kind: 'team' }>;

/** The desk's connection to the team ledger as the header shows it. */
export interface TeamConnectionState {
  state: 'connecting' | 'connected' | 'unreachable';
  /** When it last changed (ISO 8601). */
  since: string;
  /** When the desk last heard from the team ledger (connected or reconnected); null before the first time. */
  lastContact: string | null;
  database: string;
  host: string;
  desk: string;
}

/** The team ledger cannot be used by this desk: no ledger in the database, or a schema of another version. */
export class TeamLedgerRefusedError extends Error {
  constructor(
    readonly reason: 'missing' | 'older',
    readonly found: number | null,
    readonly code: number,
  ) {
    super(
      reason === 'missing'
        ? 'no team ledger was created in this database (npm run ledger -- create-team)'
        : `the team ledger schema is ${found}, this desk needs ${code}: an administrator runs the migrations first`,
    );
    this.name = 'TeamLedgerRefusedError';
  }
}

/** Changes that stay on the desk: its settings and tax-code table are its own, never the team's. */
const DESK_ONLY = new Set<ChangeInput['aggregate']>(['settings', 'taxCodes']);

export interface TeamDesk {
  readonly ledger: Ledger;
  readonly pool: Pool;
  /** The other desks' changes, for the change feed (CoreConfig.changeSources). */
  readonly changeSource: ChangeSource;
  /** The feed's publisher, also announcing each change to the other desks (after the commit it follows). */
  publishing(local: ChangePublisher): ChangePublisher;
  connection(): TeamConnectionState;
  /** Called on every change of the connection state; returns how to stop. */
  onConnection(listener: (state: TeamConnectionState) => void): () => void;
  /** Whether an error is the team ledger being out of reach (network, closed connection, timeout). */
  unreachable(error: unknown): boolean;
  close(): Promise<void>;
}

export interface TeamDeskOptions {
  now?: () => Date;
  log?: (message: string, error?: unknown) => void;
  /** Who signs the team ledger's rows: the desk's signed-in clerk (`() => actorOf(db)`, main/db/actor.ts). */
  actor?: () => string | null;
}

/** Opens the pool and checks the schema. Unreachable at start is not fatal: the desk starts unconnected and keeps trying. */
export async function openTeamDesk(choice: TeamChoice, options: TeamDeskOptions = {}): Promise<TeamDesk> {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message, error) => console.warn(`[team-ledger] ${message}`, error ?? ''));
  const pool = createTeamPool(choice.address, choice.password, { applicationName: `fapiao-desk ${choice.desk}`.slice(0, 63), log });
  // Out of reach, or there but taking no work now (starting, shutting down, full): either way a passing state
  // the desk starts in, or falls into, and leaves by itself once the listening connection is back.
  const unreachable = (error: unknown) => {
    const key = classifyTeamFailure(error).key;
    return key === 'unreachable' || key === 'timeout' || key === 'serverUnavailable';
  };
  try {
    const client = await pool.connect();
    try {
      const found = await checkSchemaVersion(client);
      const code = latestPgVersion();
      if (found === null) throw new TeamLedgerRefusedError('missing', null, code);
      if (found < code) throw new TeamLedgerRefusedError('older', found, code);
    } finally {
      client.release();
    }
  } catch (error) {
    if (!unreachable(error)) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    log('the team ledger is unreachable at start; the desk keeps trying', error);
  }

  const listeners = new Set<(state: TeamConnectionState) => void>();
  let state: TeamConnectionState = {
    state: 'connecting',
    since: now().toISOString(),
    lastContact: null,
    database: choice.address.database,
    host: choice.address.host,
    desk: choice.desk,
  };
  const setConnected = (connected: boolean) => {
    const at = now().toISOString();
    const next = connected ? 'connected' : 'unreachable';
    if (state.state === next) return;
    state = { ...state, state: next, since: at, lastContact: connected ? at : state.lastContact };
    for (const listener of listeners) {
      try {
        listener(state);
      } catch (error) {
        log('a listener of the connection state failed', error);
      }
    }
  };
  const changeSource = createTeamChangeSource({
    address: choice.address,
    password: choice.password,
    desk: choice.desk,
    backoffMs: choice.backoffMs ?? [250, 500, 1000, 2000, 5000],
    log,
    onConnection: setConnected,
  });

  return {
    ledger: createPgLedger(pool, {
      desk: choice.desk,
      ...(choice.leaseSeconds === undefined ? {} : { leaseSeconds: choice.leaseSeconds }),
      ...(options.actor ? { actor: options.actor } : {}),
    }),
    pool,
    changeSource,
    publishing: (local) => ({
      publish(change) {
        local.publish(change);
        if (DESK_ONLY.has(change.aggregate)) return;
        // After the commit the publisher follows: the other desks read committed rows when they hear it.
        notifyLedgerChanged(pool, choice.desk, change).catch((error: unknown) => log(`could not announce a ${change.aggregate} change to the other desks`, error));
      },
    }),
    connection: () => state,
    onConnection(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    unreachable,
    close: () => pool.end().catch((error: unknown) => log('closing the pool failed', error)),
  };
}
