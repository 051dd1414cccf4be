/**
 * The ledger a core runs on — the desk's own SQLite file or the team's PostgreSQL (docs/team-ledger.md §3) —
 * and what running on the team's adds to the core: its changes told to the other desks and theirs heard
 * (§5), the router's answer while the team ledger is out of reach, features whose start waits for the
 * connection, and the outbox woken when it comes back (§7).
 *
 * Why a module of its own: the choice and the team's wiring touch the composition root (core.ts) at five
 * points — opening, the change feed, the IPC router, starting the features and closing — and written inline
 * they made the core mostly about the team desk. Here they are one object; on the desk's own ledger every
 * team hook is the plain path (no put-off starts, the plain router, nothing to follow or close).
 */
import type { EventName, EventPayload } from '../../shared/ipc/index.js';
import { createChangeFeed, type ChangeFeed, type ChangePublisher, type ChangeSource } from '../changes/feed.js';
import { actorOf } from '../db/actor.js';
import type { Db } from '../db/open.js';
import { createSettingsRepo } from '../features/settings/repo.js';
import { deskName, savedLedgerChoice } from '../features/settings/team-ledger.js';
import type { IpcRouter, RouterOptions } from '../ipc/router.js';
import type { Vault } from '../security/vault.js';
import type { Ledger } from './port.js';
import { createSqliteLedger } from './sqlite/ledger.js';
import { openTeamDesk, type LedgerChoice, type TeamConnectionState, type TeamDesk } from './team-desk.js';
import { teamRouter } from './team-router.js';

export interface ChosenLedgerOptions {
  /** The desk's own file: the SQLite ledger, the saved choice, the desk's name and the signed-in clerk. */
  db: Db;
  vault: Vault;
  now: () => Date;
  /** The core's config.ledger; absent: what settings → 团队账本 saved. */
  choice: LedgerChoice | undefined;
  /** The core's event stream: every change, and a team desk's connection state. */
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
}

/** What the core needs to know of its features once they are wired (features/combine.ts). */
interface StartedFeatures {
  readonly waiting: readonly string[];
  startWaiting(): Promise<void>;
}

export interface ChosenLedger {
  readonly ledger: Ledger;
  /** Tells a change once its write is committed (a write nested in a longer transaction waits for it). */
  readonly changes: ChangePublisher;
  /** The ledger running now and a team desk's connection state (settings → 团队账本). */
  running(): { kind: LedgerChoice['kind']; connection: TeamConnectionState | null };
  /** The IPC router: on a team desk a call that failed for the unreachable ledger says so (team-router.ts). */
  router(make: (options: Pick<RouterOptions, 'logError'>) => IpcRouter): IpcRouter;
  /** Which failures of a feature's start may wait for the connection; undefined on the desk's own ledger. */
  readonly putOff: ((error: unknown) => boolean) | undefined;
  /**
   * Once the features started: lost and back, the header follows, the outbox goes on at once instead of after
   * its backoff and features put off at start start; every change source feeds the change feed.
   */
  follow(features: StartedFeatures, kick: () => void, changeSources: readonly ChangeSource[]): void;
  /** Stops the change feed: first thing on close, before the features stop. */
  stopFeed(): Promise<void>;
  /** Closes the team ledger's pool and listening connection, after the outbox worker stopped. */
  close(): Promise<void>;
}

/**
 * Chooses and opens the ledger. The saved choice is read synchronously, so a failure to read it throws before
 * anything opens; a team ledger that cannot be opened rejects.
 */
export function openChosenLedger(options: ChosenLedgerOptions): Promise<ChosenLedger> {
  const { db, now } = options;
  const choice = options.choice ?? savedLedgerChoice(createSettingsRepo(db), options.vault, now);
  if (choice.kind !== 'team') return Promise.resolve(wire(options, choice, null));
  return openTeamDesk(choice, { now, actor: () => actorOf(db) }).then((team) => wire(options, choice, team));
}

function wire(options: ChosenLedgerOptions, choice: LedgerChoice, team: TeamDesk | null): ChosenLedger {
  const { db, now, emit } = options;
  // Its audit events name the desk as a team ledger would (made once, in its settings, at the first event).
  let desk: string | undefined;
  const ledger = team?.ledger ?? createSqliteLedger(db, { desk: () => (desk ??= deskName(createSettingsRepo(db), now)) });
  // Every write's change, this desk's or another's (config.changeSources), on the same event stream; a team
  // desk also announces its own to the other desks.
  const feed: ChangeFeed = createChangeFeed({ now, deliver: (change) => emit('ledger:changed', change) });
  const publisher = team ? team.publishing(feed) : feed;
  return {
    ledger,
    changes: { publish: (change) => ledger.afterCommit(() => publisher.publish(change)) },
    running: () => ({ kind: choice.kind, connection: team?.connection() ?? null }),
    router: (make) => teamRouter(team, make),
    // A feature whose start needs the ledger while it is out of reach (the server down, starting or shutting
    // down) waits for the connection instead of failing the desk's start (docs/team-ledger.md §7).
    putOff: team ? (error) => team.unreachable(error) : undefined,
    follow(features, kick, changeSources) {
      const startWaiting = () => {
        if (features.waiting.length > 0) features.startWaiting().catch((error: unknown) => console.error('[core] a feature put off at start failed to start', error));
      };
      team?.onConnection((state) => {
        emit('teamLedger:connection', state);
        if (state.state === 'connected') {
          kick();
          startWaiting();
        }
      });
      if (team?.connection().state === 'connected') startWaiting();
      for (const source of [...changeSources, ...(team ? [team.changeSource] : [])]) feed.attach(source);
    },
    stopFeed: () => feed.stop(),
    close: async () => {
      await team?.close();
    },
  };
}
