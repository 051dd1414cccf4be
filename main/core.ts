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
import { createHmacSigner, type RequestSigner } from './api/signer.js';
import { closeDatabase, openDatabase } from './db/open.js';
import { createAuditedFetch, createRequestLogBuffer } from './features/history/audit-fetch.js';
import { registerHistoryIpc } from './features/history/ipc.js';
import { createHistoryRepo } from './features/history/repo.js';
import { createHistoryService } from './features/history/service.js';
import { registerIssuanceIpc } from './features/issuance/ipc.js';
import { createIssuanceRepo } from './features/issuance/repo.js';
import type { Seller } from './features/issuance/request.js';
import { createIssuanceService, ISSUANCE_OUTBOX_KIND } from './features/issuance/service.js';
import { registerSettingsIpc } from './features/settings/ipc.js';
import { createSettingsRepo } from './features/settings/repo.js';
import { createSettingsService } from './features/settings/service.js';
import { createIpcRouter, type IpcRouter } from './ipc/router.js';
import { createOutboxRepo } from './outbox/repo.js';
import { createOutboxWorker } from './outbox/worker.js';
import type { CorePorts } from './ports.js';
import { createVault } from './security/vault.js';
import { DEMO_CREDENTIALS, DEMO_ENTERPRISE, startSandbox, type RunningSandbox } from './sandbox/index.js';

export type ServiceConfig =
  | { kind: 'sandbox' }
  | { kind: 'remote'; baseUrl: string; appKey: string; appSecret: string; seller: Seller };

export interface CoreConfig {
  /** Folder for the history database and the embedded sandbox's own state. */
  dataDir: string;
  appVersion: string;
  /**
   * Overrides the saved settings (tests, the harness). When absent, the environment saved through
   * settings:setRemote / settings:useSandbox is used — the embedded sandbox until a remote one is saved.
   */
  service?: ServiceConfig;
  /** How long the embedded sandbox keeps an issuance pending (ms); tests shorten it. */
  sandboxIssueDelayMs?: number;
  /** First retry wait of the outbox (ms); tests shorten it. */
  outboxBaseDelayMs?: number;
  /** Longest retry wait of the outbox (ms); tests shorten it. */
  outboxMaxDelayMs?: number;
  /** Deadline of one call to the service (ms); crash tests shorten it so dropped answers are noticed soon. */
  serviceTimeoutMs?: number;
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
  fs.mkdirSync(config.dataDir, { recursive: true });
  const db = openDatabase(path.join(config.dataDir, HISTORY_DB_FILE));
  const outbox = createOutboxRepo(db);
  const history = createHistoryRepo(db);
  const requestLog = createRequestLogBuffer((entries) => history.recordRequests(entries));
  const settings = createSettingsService({
    db,
    repo: createSettingsRepo(db),
    vault: createVault(db, ports.cipher),
    cipherBackend: ports.cipher.backend,
    pendingOperations: () => outbox.pendingCount(),
    log: (entry) => history.recordRequest(entry),
  });
  // A change of environment in settings takes effect here, on the next start (settings/service.ts).
  const service = config.service ?? settings.startupService();

  let sandbox: RunningSandbox | undefined;
  let connection: { baseUrl: string; signer: RequestSigner; seller: Seller };
  try {
    if (service.kind === 'sandbox') {
      sandbox = await startSandbox({
        dataDir: path.join(config.dataDir, 'sandbox'),
        port: 0,
        ...(config.sandboxIssueDelayMs === undefined ? {} : { issueDelayMs: config.sandboxIssueDelayMs }),
      });
      connection = { baseUrl: sandbox.baseUrl, signer: createHmacSigner(DEMO_CREDENTIALS), seller: DEMO_ENTERPRISE };
    } else {
      const signer = 'signer' in service ? service.signer : createHmacSigner({ appKey: service.appKey, appSecret: service.appSecret });
      connection = { baseUrl: service.baseUrl, signer, seller: service.seller };
    }
  } catch (error) {
    closeDatabase(db);
    throw error;
  }

  const client = createServiceClient({
    baseUrl: connection.baseUrl,
    signer: connection.signer,
    fetch: createAuditedFetch(service.kind, (entry) => requestLog.record(entry)),
    ...(config.serviceTimeoutMs === undefined ? {} : { timeoutMs: config.serviceTimeoutMs }),
  });

  const emitter = new EventEmitter();
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) => emitter.emit('event', event, payload);

  const router = createIpcRouter();
  const environment = service.kind;
  settings.setActive({ environment, baseUrl: connection.baseUrl, sandbox: sandbox ? DEMO_CREDENTIALS : null });
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
    ...(config.outboxMaxDelayMs === undefined ? {} : { maxDelayMs: config.outboxMaxDelayMs }),
  });

  const info = (): AppInfo => ({
    version: config.appVersion,
    environment,
    serviceBaseUrl: connection.baseUrl,
    seller: connection.seller,
    issuer: config.issuer ?? '开票员',
  });
  registerSettingsIpc(router, info, settings);
  registerIssuanceIpc(router, issuance);
  registerHistoryIpc(router, issuance, createHistoryService({ repo: history, environment, dialog: ports.dialog }));
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
        requestLog.flush();
        closeDatabase(db);
      })();
      return closing;
    },
  };
}
