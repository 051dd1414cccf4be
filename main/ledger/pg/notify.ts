/**
 * Live across desks (docs/team-ledger.md §5): every write to the team ledger runs
 * `pg_notify('ledger_changed', json)` in its own transaction (so a rolled-back write announces nothing),
 * and each desk LISTENs on one dedicated connection and feeds what it hears into its change feed
 * (main/changes/feed.ts) as a remote source — the views refresh exactly as for a local write.
 *
 * A desk hears its own notifications too; they carry the writing desk's name and are dropped here, since
 * the desk already announced them locally. A lost connection is reopened with backoff; the notifications
 * missed meanwhile are gone, so once it listens again the bridge announces the whole ledger changed.
 */
import pg from 'pg';
import { z } from 'zod';
import { ChangeAction, ChangeAggregate, MAX_CHANGE_IDS } from '../../../shared/ipc/schemas/changes.js';
import type { ChangeInput, ChangeSource } from '../../changes/feed.js';
import { clientConfig, type TeamLedgerAddress } from './config.js';
import type { Queryable } from './pool.js';

export const LEDGER_CHANNEL = 'ledger_changed';

/** PostgreSQL's limit on a payload is 8000 bytes; above this the change names the whole aggregate instead. */
const MAX_PAYLOAD_BYTES = 7000;

/** What travels in a notification: the change (as the feed takes it) and the desk that wrote it. */
const Payload = z.object({
  desk: z.string().max(200),
  aggregate: ChangeAggregate,
  action: ChangeAction,
  ids: z.array(z.string().max(200)).max(MAX_CHANGE_IDS),
  enterprise: z.string().max(40).nullable(),
  at: z.string().max(40).optional(),
});

/** Announces a write to every desk; call it inside the write's transaction. */
export async function notifyLedgerChanged(q: Queryable, desk: string, change: ChangeInput): Promise<void> {
  const ids = change.ids.map(String);
  let payload = JSON.stringify({ desk, ...change, ids: ids.slice(0, MAX_CHANGE_IDS) });
  // Too many or too long ids for one payload: the other desks reload the whole aggregate instead.
  if (ids.length > MAX_CHANGE_IDS || Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) payload = JSON.stringify({ desk, ...change, ids: [] });
  await q.query('SELECT pg_notify($1, $2)', [LEDGER_CHANNEL, payload]);
}

export interface TeamChangeSourceOptions {
  address: TeamLedgerAddress;
  password: string;
  /** This desk's name (the one its writes put in their payloads). */
  desk: string;
  /** Waits between reconnection attempts, in ms; the last one repeats. */
  backoffMs?: readonly number[];
  log?: (message: string, error?: unknown) => void;
  /** Told each time the listening connection is up (true) or lost (false): the desk's "connected" state. */
  onConnection?: (connected: boolean) => void;
}

const WHOLE_LEDGER: ChangeInput = { aggregate: 'ledger', action: 'replaced', ids: [], enterprise: null };

export function createTeamChangeSource(options: TeamChangeSourceOptions): ChangeSource {
  const backoff = options.backoffMs ?? [500, 1000, 2000, 5000, 10_000, 30_000];
  const log = options.log ?? ((message, error) => console.warn(`[team-ledger] ${message}`, error ?? ''));

  return {
    name: 'team-ledger',
    start(deliver) {
      let stopped = false;
      let client: pg.Client | null = null;
      let timer: NodeJS.Timeout | undefined;
      let failures = 0;

      const hear = (message: pg.Notification) => {
        if (message.channel !== LEDGER_CHANNEL) return;
        let parsed;
        try {
          parsed = Payload.safeParse(JSON.parse(message.payload ?? ''));
        } catch (error) {
          log('ignored a notification that is not JSON', error);
          return;
        }
        if (!parsed.success) return log('ignored a malformed notification', parsed.error.message);
        const { desk, at, ...change } = parsed.data;
        if (desk === options.desk) return;
        deliver(at === undefined ? change : { ...change, at });
      };

      const reconnectLater = () => {
        if (stopped || timer) return;
        const wait = backoff[Math.min(failures, backoff.length - 1)]!;
        failures += 1;
        timer = setTimeout(() => {
          timer = undefined;
          void listen(true);
        }, wait);
      };

      const listen = async (again: boolean) => {
        const next = new pg.Client(clientConfig(options.address, options.password, 'fapiao-desk listen'));
        next.on('notification', hear);
        next.on('error', (error) => log('the listening connection failed', error));
        next.on('end', () => {
          if (client !== next) return;
          client = null;
          if (!stopped) options.onConnection?.(false);
          reconnectLater();
        });
        try {
          await next.connect();
          await next.query(`LISTEN ${LEDGER_CHANNEL}`);
        } catch (error) {
          log('cannot listen on the team ledger', error);
          if (!again && failures === 0) options.onConnection?.(false);
          await next.end().catch(() => undefined);
          reconnectLater();
          return;
        }
        if (stopped) return void (await next.end().catch(() => undefined));
        client = next;
        failures = 0;
        options.onConnection?.(true);
        // What was written while this desk was not listening is not replayed: every view reloads.
        if (again) deliver(WHOLE_LEDGER);
      };

      void listen(false);
      return async () => {
        stopped = true;
        clearTimeout(timer);
        await client?.end().catch(() => undefined);
      };
    },
  };
}
