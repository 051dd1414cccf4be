/**
 * The composition root of the main process: plain Node, no `electron` import. `createCore(config, ports)`
 * opens the history database and the ledger it runs on (ledger/chosen-ledger.ts: the desk's own or the
 * team's), lets settings choose the service (starting the embedded sandbox when no real one is configured),
 * builds the service client, then creates the features in one list (features/list.ts) and hands it to
 * `combineFeatures` (features/combine.ts), which wires their IPC, outbox handlers, event listeners and
 * start/stop. It holds no feature's logic: adding a feature is one line in that list (features/feature.ts
 * describes the contract). The Electron adapter and the browser harness both run this.
 */
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { AppInfo, EventName } from '../shared/ipc/index.js';
import { createRequestLogBuffer } from './audit/audit-fetch.js';
import { createRequestLogRepo, type RequestLogEntry } from './audit/request-log.js';
import { closeDatabase, openDatabase } from './db/open.js';
import { combineFeatures } from './features/combine.js';
import type { FeatureDeps } from './features/feature.js';
import { createFeatureList, type FeatureListDeps } from './features/list.js';
import { createSettingsFeature } from './features/settings/index.js';
import { createIpcRouter } from './ipc/router.js';
import { createOutboxWorker } from './outbox/worker.js';
import type { CorePorts } from './ports.js';
import { guardCore } from './ledger/guarded-core.js';
import { openChosenLedger } from './ledger/chosen-ledger.js';
import { createPgTeamLedgerAdmin } from './ledger/pg/team-admin.js';
import { createOutboxRepo } from './outbox/repo.js';
import { createVault } from './security/vault.js';
import { DEFAULT_ISSUER, DEFAULT_SANDBOX_SEED, HISTORY_DB_FILE, type Core, type CoreConfig } from './core-config.js';
import { DEFAULT_UI_LANGUAGE } from '../shared/i18n/ui-language.js';
import { connectService } from './api/connect.js';

export { DEFAULT_SANDBOX_SEED, HISTORY_DB_FILE } from './core-config.js';
export type { Core, CoreConfig, CoreEvent, CoreEventListener, ServiceConfig } from './core-config.js';

export async function createCore(config: CoreConfig, ports: CorePorts): Promise<Core> {
  // The ledger guard checks history.db first and may hold the app in recovery (main/ledger/guarded-core.ts).
  if (!config.guarded) return guardCore<CoreConfig, Core>(config, ports, (inner) => createCore(inner, ports));
  fs.mkdirSync(config.dataDir, { recursive: true });
  const db = openDatabase(path.join(config.dataDir, HISTORY_DB_FILE));
  const requests = createRequestLogRepo(db);
  const requestLog = createRequestLogBuffer((entries) => requests.recordRequests(entries));
  const vault = createVault(db, ports.cipher);
  const emitter = new EventEmitter();
  const emit: FeatureDeps['emit'] = (event, payload) => emitter.emit('event', event, payload);
  const now = config.clock ?? (() => new Date());
  // The ledger port (team-ledger §2): the desk's own file, or the team's PostgreSQL it chose (chosen-ledger.ts).
  const chosen = await openChosenLedger({ db, vault, now, choice: config.ledger, emit }).catch((error: unknown) => (closeDatabase(db), Promise.reject(error)));
  const { ledger, changes } = chosen;
  // The guard settles the holder (and answers app:setLanguage, even in recovery).
  const uiLanguage = () => config.uiLanguage?.get() ?? DEFAULT_UI_LANGUAGE;
  const settings = createSettingsFeature({
    db,
    ledger,
    deskOutbox: createOutboxRepo(db),
    ports,
    vault,
    uiLanguage,
    changes,
    dataDir: config.dataDir,
    emit,
    log: (entry) => requests.recordRequest(entry),
    info: () => info(),
    now,
    team: { running: chosen.running, ...(config.restart ? { restart: config.restart } : {}) },
    // Settings reaches a team database (test, schema version, moving in) through this port, whichever ledger runs now.
    teamAdmin: createPgTeamLedgerAdmin(),
  });
  // A change of environment in settings takes effect here, on the next start (settings/service.ts).
  const service = config.service ?? settings.api.startupService();

  // The sandbox process or the remote service, and its client (api/connect.ts); nothing stays open if it fails.
  const record = (entry: RequestLogEntry) => requestLog.record(entry);
  const connection = await connectService(service, config, ports, { defaultSeed: DEFAULT_SANDBOX_SEED, record }).catch(async (error: unknown) => {
    await chosen.close();
    closeDatabase(db);
    throw error;
  });
  const { sandbox, client } = connection;
  const environment = service.kind;
  settings.api.setActive({ environment, baseUrl: connection.baseUrl, sandbox: sandbox ? sandbox.credentials : null });
  const shared: FeatureListDeps['shared'] = {
    db,
    ledger,
    environment,
    dataDir: config.dataDir,
    client: () => client,
    ports,
    now,
    uiLanguage,
    kick: () => worker.kick(),
    emit,
    changes,
  };
  const { features, clerks, seller, defaultIssuer } = createFeatureList({ shared, settings, vault, connection, config, defaultIssuerName: DEFAULT_ISSUER });
  const info = (): AppInfo => ({ version: config.appVersion, environment, serviceBaseUrl: connection.baseUrl, seller: { ...seller() }, issuer: defaultIssuer() });

  // Every channel's right is checked here, before its handler (shared/ipc/rights.ts).
  const router = chosen.router((options) => createIpcRouter({ ...options, authorize: clerks.authorize }));
  const subscribe = (listener: (event: EventName, payload: unknown) => void) => {
    emitter.on('event', listener);
    return () => void emitter.off('event', listener);
  };
  const combined = combineFeatures(features, router, subscribe);
  const worker = createOutboxWorker({
    ledger,
    handlers: combined.outboxHandlers,
    ...(config.outboxBaseDelayMs === undefined ? {} : { baseDelayMs: config.outboxBaseDelayMs }),
    ...(config.outboxMaxDelayMs === undefined ? {} : { maxDelayMs: config.outboxMaxDelayMs }),
    ...(config.outboxLog === undefined ? {} : { log: config.outboxLog }),
  });
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await chosen.stopFeed();
      await combined.stop();
      await worker.stop();
      await chosen.close();
      await sandbox?.close();
      requestLog.flush();
      closeDatabase(db);
    })());
  worker.start();
  // A start put off for the team ledger's connection waits for it (chosen-ledger.ts); any other failure closes
  // everything this start opened: no worker, pool or timer outlives a failed start.
  await combined.start(chosen.putOff).catch(async (error: unknown) => {
    await close().catch(() => undefined);
    throw error;
  });
  chosen.follow(combined, () => worker.kick(), config.changeSources ?? []);

  return {
    router,
    authorize: clerks.authorize,
    onEvent: (listener) => subscribe(listener as (event: EventName, payload: unknown) => void),
    actor: () => clerks.current()?.name ?? null,
    close,
  };
}
