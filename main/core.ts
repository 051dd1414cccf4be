/**
 * The composition root of the main process (DESIGN.md §1): plain Node, no `electron` import.
 * `createCore(config, ports)` opens the history database, starts the embedded sandbox service when no
 * real one is configured, builds the service client, wires the features to the IPC router, and resumes
 * unfinished work. The Electron adapter and the browser harness both run exactly this.
 */
import type { EventName, EventPayload } from '../shared/ipc/index.js';
import type { IpcRouter } from './ipc/router.js';
import type { CorePorts } from './ports.js';

export type ServiceConfig =
  | { kind: 'sandbox' }
  | { kind: 'remote'; baseUrl: string; appKey: string; appSecret: string };

export interface CoreConfig {
  /** Folder for the history database and the embedded sandbox's own state. */
  dataDir: string;
  appVersion: string;
  /** Defaults to the embedded sandbox. */
  service?: ServiceConfig;
  /** Test-only knob: how long the embedded sandbox keeps an issuance pending (ms). */
  sandboxIssueDelayMs?: number;
}

export type CoreEventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export interface Core {
  router: IpcRouter;
  /** Subscribe to events for the renderer; returns the unsubscribe function. */
  onEvent(listener: CoreEventListener): () => void;
  /** Stops workers, closes the sandbox server and the database. Safe to call twice. */
  close(): Promise<void>;
}

export declare function createCore(config: CoreConfig, ports: CorePorts): Promise<Core>;
