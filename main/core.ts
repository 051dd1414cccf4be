/**
 * The composition root of the main process (DESIGN.md §1): plain Node, no `electron` import.
 * `createCore(config, ports)` opens the history database, starts the embedded sandbox service when no
 * real one is configured, builds the service client, wires the features to the IPC router, and resumes
 * unfinished work. The Electron adapter and the browser harness both run exactly this.
 */
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { AppInfo, EventName, EventPayload } from '../shared/ipc/index.js';
import { createServiceClient } from './api/client.js';
import { createHmacSigner } from './api/signer.js';
import { closeDatabase, openDatabase } from './db/open.js';
import { registerHistoryIpc } from './features/history/ipc.js';
import { registerIssuanceIpc } from './features/issuance/ipc.js';
import { createIssuanceRepo } from './features/issuance/repo.js';
import type { Seller } from './features/issuance/request.js';
import { createIssuanceService, ISSUANCE_OUTBOX_KIND } from './features/issuance/service.js';
import { registerSettingsIpc } from './features/settings/ipc.js';
import { createIpcRouter, type IpcRouter } from './ipc/router.js';
import { createOutboxRepo } from './outbox/repo.js';
import { createOutboxWorker } from './outbox/worker.js';
import type { CorePorts } from './ports.js';
import { DEMO_CREDENTIALS, DEMO_ENTERPRISE, startSandbox, type RunningSandbox } from './sandbox/index.js';

export type ServiceConfig =
  | { kind: 'sandbox' }
  | { kind: 'remote'; baseUrl: string; appKey: string; appSecret: string; seller: Seller };

export interface CoreConfig {
  /** Folder for the history database and the embedded sandbox's own state. */
  dataDir: string;
  appVersion: string;
  /** Defaults to the embedded sandbox. */
  service?: ServiceConfig;
  /** How long the embedded sandbox keeps an issuance pending (ms); tests shorten it. */
  sandboxIssueDelayMs?: number;
  /** First retry wait of the outbox (ms); tests shorten it. */
  outboxBaseDelayMs?: number;
  /** Default issuer (kpr) shown in the form. */
  issuer?: string;
}

export type CoreEventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export interface Core {
  router: IpcRouter;
  /** Subscribe to events for the renderer; returns the unsubscribe function. */
  onEvent(listener: CoreEventListener): () => void;
  /** Stops workers, closes the sandbox server and the database. Safe to call twice. */
  close(): Promise<void>;
}

export const HISTORY_DB_FILE = 'history.db';

export async function createCore(config: CoreConfig, ports: CorePorts): Promise<Core> {
  void ports; // the cipher guards stored secrets once settings store them (remote credentials)
  fs.mkdirSync(config.dataDir, { recursive: true });
  const db = openDatabase(path.join(config.dataDir, HISTORY_DB_FILE));
  const service = config.service ?? { kind: 'sandbox' };

  let sandbox: RunningSandbox | undefined;
  let connection: { baseUrl: string; appKey: string; appSecret: string; seller: Seller };
  try {
    if (service.kind === 'sandbox') {
      sandbox = await startSandbox({
        dataDir: path.join(config.dataDir, 'sandbox'),
        port: 0,
        ...(config.sandboxIssueDelayMs === undefined ? {} : { issueDelayMs: config.sandboxIssueDelayMs }),
      });
      connection = { baseUrl: sandbox.baseUrl, ...DEMO_CREDENTIALS, seller: DEMO_ENTERPRISE };
    } else {
      connection = service;
    }
  } catch (error) {
    closeDatabase(db);
    throw error;
  }

  const client = createServiceClient({
    baseUrl: connection.baseUrl,
    signer: createHmacSigner({ appKey: connection.appKey, appSecret: connection.appSecret }),
  });

  const emitter = new EventEmitter();
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) => emitter.emit('event', event, payload);

  const router = createIpcRouter();
  const outbox = createOutboxRepo(db);
  const environment = service.kind;
  const issuance = createIssuanceService({
    db,
    repo: createIssuanceRepo(db),
    outbox,
    environment,
    seller: () => connection.seller,
    now: () => new Date(),
    kick: () => worker.kick(),
    notify: (invoice) => emit('issuance:updated', invoice),
  });
  const worker = createOutboxWorker({
    db,
    repo: outbox,
    handlers: { [ISSUANCE_OUTBOX_KIND]: issuance.outboxHandler(() => client) },
    ...(config.outboxBaseDelayMs === undefined ? {} : { baseDelayMs: config.outboxBaseDelayMs }),
  });

  const info = (): AppInfo => ({
    version: config.appVersion,
    environment,
    serviceBaseUrl: connection.baseUrl,
    seller: connection.seller,
    issuer: config.issuer ?? '开票员',
  });
  registerSettingsIpc(router, info);
  registerIssuanceIpc(router, issuance);
  registerHistoryIpc(router, issuance);
  worker.start();

  let closing: Promise<void> | undefined;
  return {
    router,
    onEvent(listener) {
      const wrapped = (event: EventName, payload: unknown) => (listener as (e: EventName, p: unknown) => void)(event, payload);
      emitter.on('event', wrapped);
      return () => emitter.off('event', wrapped);
    },
    close() {
      closing ??= (async () => {
        await worker.stop();
        await sandbox?.close();
        closeDatabase(db);
      })();
      return closing;
    },
  };
}
