/**
 * The composition root of the main process (docs/architecture.md §1): plain Node, no `electron` import.
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
import { registerCertificationIpc, toView as toCertificationView } from './features/certification/ipc.js';
import { createCertificationRepo } from './features/certification/repo.js';
import { createSelectionService } from './features/certification/selection-service.js';
import { CERTIFICATION_OUTBOX_KIND, createCertificationService } from './features/certification/service.js';
import { registerHistoryIpc } from './features/history/ipc.js';
import { createHistoryRepo } from './features/history/repo.js';
import { createHistoryService } from './features/history/service.js';
import { createCollectionFeature } from './features/collection/index.js';
import { createEnterprisesFeature } from './features/enterprises/index.js';
import { createDraftService } from './features/issuance/drafts.js';
import { createRedFeature, REDLETTER_OUTBOX_KIND } from './features/red/feature.js';
import { registerRedIpc } from './features/red/ipc.js';
import { createInvoiceFiles } from './features/issuance/files.js';
import { registerIssuanceIpc } from './features/issuance/ipc.js';
import { registerBatchIpc } from './features/batch/ipc.js';
import { createBatchRepo } from './features/batch/repo.js';
import { createBatchService } from './features/batch/service.js';
import { registerLibrariesIpc } from './features/libraries/ipc.js';
import { createLibrariesRepo } from './features/libraries/repo.js';
import { createLibrariesService } from './features/libraries/service.js';
import { createDraftRepo, createInvoiceFileRepo, createIssuanceRepo } from './features/issuance/repo.js';
import type { Seller } from './features/issuance/request.js';
import { createIssuanceService, ISSUANCE_OUTBOX_KIND } from './features/issuance/service.js';
import { registerSettingsIpc } from './features/settings/ipc.js';
import { createSettingsRepo } from './features/settings/repo.js';
import { createSettingsService } from './features/settings/service.js';
import { createIpcRouter, type IpcRouter } from './ipc/router.js';
import { createOutboxRepo } from './outbox/repo.js';
import { createOutboxWorker } from './outbox/worker.js';
import type { CorePorts } from './ports.js';
import { createGuardedCore, type InnerCore } from './ledger/guarded-core.js';
import { HISTORY_DB_FILE } from './ledger/health.js';
import { createVault } from './security/vault.js';
import { DEMO_CREDENTIALS, DEMO_ENTERPRISE, startSandbox, type RunningSandbox } from '../sandbox/index.js';

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
  /** Seed of the embedded sandbox's tax authority; DEFAULT_SANDBOX_SEED when absent. */
  sandboxSeed?: number;
  /** How long the embedded sandbox keeps an issuance pending (ms); tests shorten it. */
  sandboxIssueDelayMs?: number;
  /** First retry wait of the outbox (ms); tests shorten it. */
  outboxBaseDelayMs?: number;
  /** Longest retry wait of the outbox (ms); tests shorten it. */
  outboxMaxDelayMs?: number;
  /** Where the outbox worker logs (console.warn when absent); tests watch it for the worker's backoff. */
  outboxLog?: (message: string, error?: unknown) => void;
  /** Deadline of one call to the service (ms); crash tests shorten it so dropped answers are noticed soon. */
  serviceTimeoutMs?: number;
  /** FHHS of collection pages (invoices per page); crash tests make pages small. Default: the service's. */
  collectionPageSize?: number;
  /** Default issuer (kpr) shown in the form. */
  issuer?: string;
  /** Daily backups of the history database (main/ledger/); on unless false. */
  dailyBackups?: boolean;
  /** Set by the ledger guard when it builds the core inside it; hosts never set it. */
  guarded?: true;
}

/** [event, payload] pairs: checking `event` narrows `payload` in a listener written as (event, payload) => …. */
export type CoreEvent = { [E in EventName]: [event: E, payload: EventPayload<E>] }[EventName];
export type CoreEventListener = (...args: CoreEvent) => void;

export interface Core {
  router: IpcRouter;
  /** Subscribe to events for the renderer; returns the unsubscribe function. */
  onEvent(listener: CoreEventListener): () => void;
  /** Stops workers, closes the sandbox server and the database. Safe to call twice. */
  close(): Promise<void>;
}

export { HISTORY_DB_FILE } from './ledger/health.js';
/** Seed of the embedded sandbox's tax authority (received invoices of the demo enterprise). */
export const DEFAULT_SANDBOX_SEED = 2026;

export async function createCore(config: CoreConfig, ports: CorePorts): Promise<Core> {
  // The ledger guard checks history.db first and may hold the app in recovery (main/ledger/guarded-core.ts).
  if (!config.guarded) return (await guardCore(config, ports)) as unknown as Core;
  fs.mkdirSync(config.dataDir, { recursive: true });
  const db = openDatabase(path.join(config.dataDir, HISTORY_DB_FILE));
  const outbox = createOutboxRepo(db);
  const history = createHistoryRepo(db);
  const requestLog = createRequestLogBuffer((entries) => history.recordRequests(entries));
  const vault = createVault(db, ports.cipher);
  const settings = createSettingsService({
    db,
    repo: createSettingsRepo(db),
    vault,
    cipherBackend: ports.cipher.backend,
    pendingOperations: () => outbox.pendingCount(),
    log: (entry) => history.recordRequest(entry),
    ...(ports.dialog ? { dialog: ports.dialog } : {}),
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
        // A seeded tax authority, so a clerk without an account can collect, verify and certify in 测试环境.
        seed: config.sandboxSeed ?? DEFAULT_SANDBOX_SEED,
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
  const enterprises = createEnterprisesFeature({
    db,
    environment,
    client: () => client,
    now: () => new Date(),
    emit,
    vault,
    defaultSeller: { taxNumber: connection.seller.taxNumber, name: connection.seller.name },
  });
  // The active enterprise is the seller of issuance and the buyer of collection and certification.
  const seller = (): Seller => ({ ...connection.seller, ...enterprises.api.active() });
  const collection = createCollectionFeature({
    db,
    environment,
    client: () => client,
    now: () => new Date(),
    emit,
    enterprise: () => seller().taxNumber,
    dialog: () => ports.dialog,
    ...(config.collectionPageSize === undefined ? {} : { pageSize: config.collectionPageSize }),
  });
  settings.setActive({ environment, baseUrl: connection.baseUrl, sandbox: sandbox ? DEMO_CREDENTIALS : null });
  const issuance = createIssuanceService({
    db,
    repo: createIssuanceRepo(db),
    outbox,
    environment,
    seller,
    now: () => new Date(),
    kick: () => worker.kick(),
    notify: (invoice) => emit('issuance:updated', invoice),
  });
  const red = createRedFeature({
    db,
    environment,
    outbox,
    issuance,
    client: () => client,
    now: () => new Date(),
    kick: () => worker.kick(),
    notifyForm: (form) => emit('redletter:updated', form),
    notifyInvoice: (invoice) => emit('issuance:updated', invoice),
  });
  const certificationRepo = createCertificationRepo(db);
  const certification = createCertificationService({
    db,
    repo: certificationRepo,
    outbox,
    environment,
    buyerTaxNumber: () => seller().taxNumber,
    now: () => new Date(),
    kick: () => worker.kick(),
    notify: (pch) => {
      const batch = certification.view(pch);
      if (batch) emit('certification:updated', toCertificationView(batch, selection.retryable));
    },
    onResults: (batch, results) => selection.takeResults(batch, results),
  });
  const selection = createSelectionService({
    repo: certificationRepo,
    service: certification,
    collection: collection.api,
    environment,
    buyer: () => seller().taxNumber,
    now: () => new Date(),
  });
  const worker = createOutboxWorker({
    db,
    repo: outbox,
    handlers: {
      [ISSUANCE_OUTBOX_KIND]: issuance.outboxHandler(() => client),
      [CERTIFICATION_OUTBOX_KIND]: certification.outboxHandler(() => client),
      [REDLETTER_OUTBOX_KIND]: red.outboxHandler,
    },
    ...(config.outboxBaseDelayMs === undefined ? {} : { baseDelayMs: config.outboxBaseDelayMs }),
    ...(config.outboxMaxDelayMs === undefined ? {} : { maxDelayMs: config.outboxMaxDelayMs }),
    ...(config.outboxLog === undefined ? {} : { log: config.outboxLog }),
  });

  const defaultIssuer = config.issuer ?? '开票员';
  const info = (): AppInfo => ({
    version: config.appVersion,
    environment,
    serviceBaseUrl: connection.baseUrl,
    seller: { taxNumber: seller().taxNumber, name: seller().name },
    issuer: defaultIssuer,
  });
  registerSettingsIpc(router, info, settings);
  enterprises.registerIpc?.(router);
  collection.registerIpc?.(router);
  const invoiceFileRepo = createInvoiceFileRepo(db);
  registerIssuanceIpc(
    router,
    issuance,
    createDraftService(createDraftRepo(db, environment, () => seller().taxNumber), () => new Date()),
    createInvoiceFiles({
      find: (id, env, format) => invoiceFileRepo.find(id, env, format),
      environment,
      dir: path.join(config.dataDir, 'invoice-files'),
      opener: ports.opener,
    }),
  );
  registerCertificationIpc(router, certification, selection, () => seller().taxNumber);
  registerHistoryIpc(router, issuance, createHistoryService({ repo: history, environment, dialog: ports.dialog, red: red.repo, forms: red.forms }));
  registerRedIpc(router, red.service);
  registerLibrariesIpc(router, createLibrariesService({ repo: createLibrariesRepo(db), environment, dialog: ports.dialog }));
  const batch = createBatchService({
    repo: createBatchRepo(db),
    environment,
    dialog: ports.dialog,
    seller,
    defaultIssuer,
    submitInvoice: (draft) => issuance.submit(draft),
    progress: (progress) => emit('batch:progress', progress),
  });
  registerBatchIpc(router, batch);
  // A batch's progress is computed from its invoices' states, so it moves whenever one of them does.
  emitter.on('event', (event: EventName, payload: unknown) => {
    if (event !== 'issuance:updated') return;
    try {
      batch.invoiceUpdated(payload as EventPayload<'issuance:updated'>);
    } catch (error) {
      console.error('[batch] progress update failed', error);
    }
  });
  worker.start();
  // Submissions cut short by a crash or a quit continue where they stopped (rows without an lsh only).
  batch.resume().catch((error: unknown) => console.error('[batch] resume failed', error));
  void collection.start?.();

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
        await batch.stop();
        await collection.stop?.();
        await worker.stop();
        await sandbox?.close();
        requestLog.flush();
        closeDatabase(db);
      })();
      return closing;
    },
  };
}

function guardCore(config: CoreConfig, ports: CorePorts): Promise<InnerCore> {
  return createGuardedCore({
    dataDir: config.dataDir,
    ports,
    ...(config.dailyBackups === undefined ? {} : { dailyBackups: config.dailyBackups }),
    build: async (dataDir) => (await createCore({ ...config, dataDir, guarded: true }, ports)) as unknown as InnerCore,
  });
}
