/**
 * The feature-module contract (after Actual Budget's `createApp().combine()`): every clerk-visible
 * capability lives in `main/features/<f>/` and exports exactly one `create<F>Feature(deps)` from its
 * `index.ts`, returning a `Feature`. `core.ts` builds the shared dependencies once, creates the features in
 * a list, and `combineFeatures` wires what they return — IPC handlers, outbox handlers, event listeners,
 * start/stop — so the composition root holds no feature's logic and adding a feature is one line there.
 *
 * A feature that others build on (issuance is used by reversal and batch) exposes a typed `api`; the
 * features that need it take that api in their own deps, never the other feature's internals.
 */
import type { ServiceClient } from '../api/client.js';
import type { ChangePublisher } from '../changes/feed.js';
import type { Db } from '../db/open.js';
import type { IpcRouter } from '../ipc/router.js';
import type { Ledger } from '../ledger/port.js';
import type { OutboxHandler } from '../outbox/worker.js';
import type { CorePorts } from '../ports.js';
import type { Environment, EventName, EventPayload } from '../../shared/ipc/index.js';
import type { UiLanguage } from '../../shared/i18n/ui-language.js';
import type { Seller } from './issuance/request.js';

/** What every feature may use; built once by core.ts. Features take a `Pick` of it plus their own needs. */
export interface FeatureDeps {
  /**
   * The desk's own SQLite file (history.db), for what belongs to this PC and never to a team (docs/team-ledger.md
   * §1, "stays on the desk"): settings and the vault, which enterprise the desk acts for, collection and printer
   * preferences, intake's watched folder, the signed-in clerk's key (db/actor.ts) and SQLite's search upkeep.
   * The same file on a team desk; the shared tables are never read or written through it, only through `ledger`.
   */
  db: Db;
  /**
   * The ledger port (main/ledger/port.ts; docs/team-ledger.md §2): asynchronous stores and
   * `ledger.transaction`, the same on the desk's SQLite file and a team's PostgreSQL. Every shared table is
   * read and written through it.
   */
  ledger: Ledger;
  /** Which service this run talks to: the embedded sandbox or a live one. Data is kept apart per environment. */
  environment: Environment;
  /** The app's data folder (history.db lives here; features keep their files in a subfolder of their own). */
  dataDir: string;
  /** The invoice-service client; a function because it is built after the features' handlers are known. */
  client: () => ServiceClient;
  ports: CorePorts;
  /** The enterprise this desk acts for: seller of issuance, buyer of collection and certification. */
  seller: () => Seller;
  now: () => Date;
  /**
   * The clerk's UI language, for the few texts main produces itself: native dialogs (titles, buttons, filter
   * names) and exported workbooks (headers, state words). Everything else crosses IPC as code + key + params.
   */
  uiLanguage: () => UiLanguage;
  /** Wakes the outbox worker after an enqueue. */
  kick: () => void;
  /**
   * Pushes an event to the renderer (and to the other features' `on` listeners): progress of work in
   * flight (a batch, a print run, a collection). What a write changed goes through `changes` instead.
   */
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
  /**
   * The change feed (main/changes/feed.ts, docs/architecture.md §12): every write to the ledger announces,
   * after it committed, what it changed (aggregate, ids, enterprise) — the views refresh from it.
   */
  changes: ChangePublisher;
}

/** An event listener of one feature for events any feature emits (batch progress follows issuance). */
export type FeatureListeners = { [E in EventName]?: (payload: EventPayload<E>) => void };

export interface Feature<Api = unknown> {
  /** Short English name, used in logs: 'issuance', 'reversal', 'print'… */
  readonly name: string;
  /** Registers the feature's IPC handlers (its fragment of the contract) on the router. */
  registerIpc?(router: IpcRouter): void;
  /** Outbox handlers by row kind; each kind belongs to exactly one feature. */
  readonly outboxHandlers?: Readonly<Record<string, OutboxHandler>>;
  /** Listeners for events emitted by any feature. */
  readonly on?: FeatureListeners;
  /** Runs once after every feature is wired and the outbox worker started (resume unfinished work). */
  start?(): void | Promise<void>;
  /** Runs on close before the database closes; must settle work in flight. */
  stop?(): void | Promise<void>;
  /** What other features may call (typed by the feature); never its repos. */
  readonly api?: Api;
}
