/**
 * What `createCore` (core.ts) takes and returns: the run's configuration (data folder, which service,
 * the knobs tests shorten) and the running core the Electron adapter and the harness talk to.
 */
import type { Channel, EventName, EventPayload, IpcResult } from '../shared/ipc/index.js';
import type { Seller } from '../shared/rules/issuance-form/index.js';
import type { UiLanguageHolder } from './i18n/ui-language.js';
import type { IpcRouter } from './ipc/router.js';
import type { ChangeSource } from './changes/feed.js';
import type { LedgerChoice } from './ledger/team-desk.js';

export type ServiceConfig =
  | { kind: 'sandbox' }
  | { kind: 'remote'; baseUrl: string; appKey: string; appSecret: string; seller: Seller };

export interface CoreConfig {
  /** Folder for the history database and the embedded sandbox's own state. */
  dataDir: string;
  /**
   * The clerk chose dataDir (the host remembers it outside the folder): when it is gone — a drive
   * unplugged — the app holds in recovery instead of creating a new, empty history there.
   */
  dataDirChosen?: boolean;
  appVersion: string;
  /**
   * Overrides the saved settings (tests, the harness). When absent, the environment saved through
   * settings:setRemote / settings:useSandbox is used — the embedded sandbox until a remote one is saved.
   */
  service?: ServiceConfig;
  /** Seed of the embedded sandbox's tax authority; DEFAULT_SANDBOX_SEED when absent. */
  sandboxSeed?: number;
  /** Test-only: the embedded sandbox serves its control API (faults, voiding an invoice). */
  sandboxControlApi?: boolean;
  /** How long the embedded sandbox keeps an issuance pending (ms); tests shorten it. */
  sandboxIssueDelayMs?: number;
  /** First retry wait of the outbox (ms); tests shorten it. */
  outboxBaseDelayMs?: number;
  /** Longest retry wait of the outbox (ms); tests shorten it. */
  outboxMaxDelayMs?: number;
  /** Deadline of one call to the service (ms); crash tests shorten it so dropped answers are noticed soon. */
  serviceTimeoutMs?: number;
  /** Test-only: the features' clock (dates of collection, the certification deadline); the wall clock when absent. */
  clock?: () => Date;
  /** How often the deadline clock looks (ms); tests and the harness shorten the hour. */
  deadlineCheckMs?: number;
  /** FHHS of collection pages (invoices per page); crash tests make pages small. Default: the service's. */
  collectionPageSize?: number;
  /** Default issuer (kpr) shown in the form. */
  issuer?: string;
  /** Where the outbox worker logs (console.warn when absent); tests watch it for the worker's backoff. */
  outboxLog?: (message: string, error?: unknown) => void;
  /** Daily backups of the history database (main/ledger/); on unless false. */
  dailyBackups?: boolean;
  /** Set by the ledger guard when it builds the core inside it; hosts never set it. */
  guarded?: true;
  /**
   * The clerk's UI language, remembered across starts (main/i18n/ui-language.ts). The Electron host keeps it
   * in userData, so the start-up error box can speak it even when the data folder is gone; when absent, it
   * is kept in `ui-language.json` of the data folder.
   */
  uiLanguage?: UiLanguageHolder;
  /**
   * Other places changes come from, plugged into the change feed (main/changes/feed.ts): another desk's
   * writes through a shared ledger (issue 24). Their changes reach the views as this desk's own do.
   */
  changeSources?: ReadonlyArray<ChangeSource>;
  /** Data shipped with the app (the tax-code table); `resources/` under the working folder when absent. */
  resourcesDir?: string;
  /**
   * Which ledger the core runs on (main/ledger/team-desk.ts): the desk's own SQLite file or a team's
   * PostgreSQL. When absent, what the desk chose in settings → 团队账本 (its own file until it switched).
   * The desk's SQLite file stays open either way for what stays on the desk (settings, the vault).
   */
  ledger?: LedgerChoice;
  /** Set by the ledger guard: closes this core and opens it again (a switch of ledger); hosts never set it. */
  restart?: () => Promise<void>;
}

/** [event, payload] pairs: checking `event` narrows `payload` in a listener written as (event, payload) => …. */
export type CoreEvent = { [E in EventName]: [event: E, payload: EventPayload<E>] }[EventName];
export type CoreEventListener = (...args: CoreEvent) => void;

export interface Core {
  router: IpcRouter;
  /**
   * The rights check of the core's router (main/features/clerks/authorize.ts), for the channels a host
   * answers before they reach it (the ledger guard's `ledger:*`): null lets the call through.
   */
  authorize?: (channel: Channel) => IpcResult<never> | null;
  /** Subscribe to events for the renderer; returns the unsubscribe function. */
  onEvent(listener: CoreEventListener): () => void;
  /** The signed-in clerk's name (null: nobody, or a desk without clerks): who acted on what the host does below the core. */
  actor?: () => string | null;
  /** Stops workers, closes the sandbox server and the database. Safe to call twice. */
  close(): Promise<void>;
}

export { HISTORY_DB_FILE } from './ledger/health.js';
/** kpr (开票人) of invoices whose form names none: invoice content, hence Chinese. */
export const DEFAULT_ISSUER = '开票员';
/** Seed of the embedded sandbox's tax authority (received invoices of the demo enterprise). */
export const DEFAULT_SANDBOX_SEED = 2026;
