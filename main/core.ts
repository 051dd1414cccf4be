/**
 * The composition root of the main process: plain Node, no `electron` import. `createCore(config, ports)`
 * opens the history database, lets settings choose the service (starting the embedded sandbox when no
 * real one is configured), builds the service client, then creates the features in one list and hands
 * it to `combineFeatures` (features/combine.ts), which wires their IPC, outbox handlers, event listeners
 * and start/stop. It holds no feature's logic: adding a feature is one line in `features` below
 * (features/feature.ts describes the contract). The Electron adapter and the browser harness both run this.
 */
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { AppInfo, EventName } from '../shared/ipc/index.js';
import { createRequestLogBuffer } from './audit/audit-fetch.js';
import { createRequestLogRepo, type RequestLogEntry } from './audit/request-log.js';
import { createChangeFeed, type ChangePublisher } from './changes/feed.js';
import { closeDatabase, openDatabase } from './db/open.js';
import { createBatchFeature } from './features/batch/index.js';
import { createCertificationFeature } from './features/certification/index.js';
import { createClerksFeature } from './features/clerks/index.js';
import { createCollectionFeature } from './features/collection/index.js';
import { combineFeatures } from './features/combine.js';
import type { FeatureDeps } from './features/feature.js';
import { createEnterprisesFeature } from './features/enterprises/index.js';
import { createHistoryFeature } from './features/history/index.js';
import { createIssuanceFeature } from './features/issuance/index.js';
import { createLibrariesFeature } from './features/libraries/index.js';
import { createReversalFeature } from './features/reversal/index.js';
import { createSettingsFeature } from './features/settings/index.js';
import { createTaxCodesFeature } from './features/tax-codes/index.js';
import { createTemplatesFeature } from './features/templates/index.js';
import { createIntakeFeature } from './features/intake/index.js';
import { createPrintFeature } from './features/print/index.js';
import { createIpcRouter } from './ipc/router.js';
import { createOutboxRepo } from './outbox/repo.js';
import { createSqliteLedger } from './ledger/sqlite/ledger.js';
import { createOutboxWorker } from './outbox/worker.js';
import type { CorePorts } from './ports.js';
import { guardCore } from './ledger/guarded-core.js';
import { openTeamDesk } from './ledger/team-desk.js';
import { actorOf } from './db/actor.js';
import { teamRouter } from './ledger/team-router.js';
import { createSettingsRepo } from './features/settings/repo.js';
import { deskName, savedLedgerChoice } from './features/settings/team-ledger.js';
import { createAuditFeature } from './features/audit/index.js';
import { createVault } from './security/vault.js';
import { DEFAULT_ISSUER, DEFAULT_SANDBOX_SEED, HISTORY_DB_FILE, type Core, type CoreConfig } from './core-config.js';
import type { Seller } from '../shared/rules/issuance-form/index.js';
import { DEFAULT_UI_LANGUAGE } from '../shared/i18n/ui-language.js';
import { connectService } from './api/connect.js';
import { createServiceStatusFeature } from './features/service-status/index.js';
import { createStatisticsFeature } from './features/statistics/index.js';

export { DEFAULT_SANDBOX_SEED, HISTORY_DB_FILE } from './core-config.js';
export type { Core, CoreConfig, CoreEvent, CoreEventListener, ServiceConfig } from './core-config.js';

export async function createCore(config: CoreConfig, ports: CorePorts): Promise<Core> {
  // The ledger guard checks history.db first and may hold the app in recovery (main/ledger/guarded-core.ts).
  if (!config.guarded) return guardCore<CoreConfig, Core>(config, ports, (inner) => createCore(inner, ports));
  fs.mkdirSync(config.dataDir, { recursive: true });
  const db = openDatabase(path.join(config.dataDir, HISTORY_DB_FILE));
  const outbox = createOutboxRepo(db);
  const requests = createRequestLogRepo(db);
  const requestLog = createRequestLogBuffer((entries) => requests.recordRequests(entries));
  const vault = createVault(db, ports.cipher);
  const emitter = new EventEmitter();
  const now = config.clock ?? (() => new Date());
  // The ledger port (team-ledger §2): the desk's own file, or the team's PostgreSQL it chose (team-desk.ts).
  const choice = config.ledger ?? savedLedgerChoice(createSettingsRepo(db), vault, now);
  const team = choice.kind === 'team' ? await openTeamDesk(choice, { now, actor: () => actorOf(db) }).catch((error: unknown) => (closeDatabase(db), Promise.reject(error))) : null;
  // Its audit events name the desk as a team ledger would (made once, in its settings, at the first event).
  let desk: string | undefined;
  const ledger = team?.ledger ?? createSqliteLedger(db, { desk: () => (desk ??= deskName(createSettingsRepo(db), now)) });
  // Every write's change, this desk's or another's (config.changeSources), on the same event stream; a team
  // desk also announces its own to the other desks.
  const feed = createChangeFeed({ now, deliver: (change) => emitter.emit('event', 'ledger:changed', change) });
  // A change is told once its write is committed (a write nested in a longer transaction waits for it).
  const publisher = team ? team.publishing(feed) : feed;
  const changes: ChangePublisher = { publish: (change) => ledger.afterCommit(() => publisher.publish(change)) };
  // The guard settles the holder (and answers app:setLanguage, even in recovery).
  const uiLanguage = () => config.uiLanguage?.get() ?? DEFAULT_UI_LANGUAGE;
  const settings = createSettingsFeature({
    db,
    ledger,
    outbox,
    ports,
    vault,
    uiLanguage,
    changes,
    dataDir: config.dataDir,
    emit: (event, payload) => emitter.emit('event', event, payload),
    log: (entry) => requests.recordRequest(entry),
    info: () => info(),
    now,
    team: {
      running: () => ({ kind: choice.kind, connection: team?.connection() ?? null }),
      ...(config.restart ? { restart: config.restart } : {}),
    },
  });
  // A change of environment in settings takes effect here, on the next start (settings/service.ts).
  const service = config.service ?? settings.api.startupService();

  // The sandbox process or the remote service, and its client (api/connect.ts); nothing stays open if it fails.
  const record = (entry: RequestLogEntry) => requestLog.record(entry);
  const connection = await connectService(service, config, ports, { defaultSeed: DEFAULT_SANDBOX_SEED, record }).catch(async (error: unknown) => {
    await team?.close();
    closeDatabase(db);
    throw error;
  });
  const { sandbox, client } = connection;
  const environment = service.kind;
  settings.api.setActive({ environment, baseUrl: connection.baseUrl, sandbox: sandbox ? sandbox.credentials : null });
  // 开票人 defaults to the signed-in clerk (issue 24 point 5); without clerks, to the configured name as before.
  // A clerk an admin kept to some enterprises is held to the one the desk acts for (seller(), below).
  const clerks = createClerksFeature({ db, ledger, now, changes, activeEnterprise: () => seller().taxNumber });
  const defaultIssuer = () => clerks.api.current()?.name ?? config.issuer ?? DEFAULT_ISSUER;
  const info = (): AppInfo => ({ version: config.appVersion, environment, serviceBaseUrl: connection.baseUrl, seller: { ...seller() }, issuer: defaultIssuer() });

  const deps: FeatureDeps = {
    db,
    ledger,
    environment,
    dataDir: config.dataDir,
    client: () => client,
    outbox,
    ports,
    seller: () => seller(),
    now,
    uiLanguage,
    kick: () => worker.kick(),
    emit: (event, payload) => emitter.emit('event', event, payload),
    changes,
  };
  const enterprises = createEnterprisesFeature({
    ...deps,
    vault,
    defaultSeller: { taxNumber: connection.seller.taxNumber, name: connection.seller.name },
    mayActFor: clerks.api.mayActFor,
  });
  // The active enterprise is the seller of issuance and the buyer of collection and certification.
  const seller = (): Seller => ({ ...connection.seller, ...enterprises.api.active() });
  // Libraries, templates and print logs are kept per enterprise (main/db/enterprise-scope.ts).
  const ownEnterprise = () => connection.seller.taxNumber;
  const scoped = { ownEnterprise, scope: () => ({ enterprise: seller().taxNumber, own: seller().taxNumber === ownEnterprise() }) };
  const collection = createCollectionFeature({
    ...deps,
    enterprise: () => seller().taxNumber,
    dialog: () => ports.dialog,
    ...(config.collectionPageSize === undefined ? {} : { pageSize: config.collectionPageSize }),
  });
  const issuance = createIssuanceFeature({ ...deps, clerk: clerks.api.current });
  const reversal = createReversalFeature({ ...deps, issuance: issuance.api });
  const intake = createIntakeFeature(deps);
  const print = createPrintFeature({
    ...deps,
    ...scoped,
    findInvoice: async (id) => issuance.api.findById(id),
    invoicePdf: (id) => issuance.api.invoicePdf(id),
    invoiceEnterprise: async (id) => (await issuance.api.invoices.invoice(id, environment))?.xhdwsbh ?? null,
    noteVoided: (id, zflx) => issuance.api.markVoided(id, zflx),
  });
  // The feature list: one line per feature, in start order (stop runs in reverse).
  const features = [
    clerks,
    // The audit trail's view (操作日志); the features record their own events.
    createAuditFeature(deps),
    settings,
    // Reachability of the service, and restarting the sandbox process when it died (the 服务不可达 banner).
    createServiceStatusFeature({ ...deps, baseUrl: connection.baseUrl, sandbox }),
    enterprises,
    collection,
    issuance,
    reversal,
    createHistoryFeature({ ...deps, issuance: issuance.api, reversal: reversal.api }),
    createCertificationFeature({ ...deps, collection: collection.api }),
    createLibrariesFeature({ ...deps, ...scoped }),
    createBatchFeature({ ...deps, issuance: issuance.api, defaultIssuer }),
    createTaxCodesFeature({ ...deps, resourcesDir: config.resourcesDir ?? path.resolve('resources') }),
    createTemplatesFeature({ ...deps, ...scoped }),
    intake,
    print,
    createStatisticsFeature({
      ...deps,
      collection: collection.api,
      intake: intake.api,
      issuance: issuance.api,
      print: print.api,
      ...(config.deadlineCheckMs === undefined ? {} : { deadlineCheckMs: config.deadlineCheckMs }),
    }),
  ];

  // Every channel's right is checked here, before its handler (shared/ipc/rights.ts).
  const router = teamRouter(team, (options) => createIpcRouter({ ...options, authorize: clerks.api.authorize }));
  const subscribe = (listener: (event: EventName, payload: unknown) => void) => {
    emitter.on('event', listener);
    return () => void emitter.off('event', listener);
  };
  const combined = combineFeatures(features, router, subscribe, { ledger: ledger.kind });
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
      await feed.stop();
      await combined.stop();
      await worker.stop();
      await team?.close();
      await sandbox?.close();
      requestLog.flush();
      closeDatabase(db);
    })());
  worker.start();
  // On a team desk a feature whose start needs the ledger while it is out of reach (the server down, starting
  // or shutting down) waits for the connection instead of failing the desk's start (docs/team-ledger.md §7).
  // Any other failure closes everything this start opened: no worker, pool or timer outlives a failed start.
  await combined.start(team ? (error) => team.unreachable(error) : undefined).catch(async (error: unknown) => {
    await close().catch(() => undefined);
    throw error;
  });
  const startWaiting = () => {
    if (combined.waiting.length > 0) combined.startWaiting().catch((error: unknown) => console.error('[core] a feature put off at start failed to start', error));
  };
  // Lost and back: the header follows, and the outbox goes on at once instead of after its backoff.
  team?.onConnection((state) => {
    emitter.emit('event', 'teamLedger:connection', state);
    if (state.state === 'connected') {
      worker.kick();
      startWaiting();
    }
  });
  if (team?.connection().state === 'connected') startWaiting();
  for (const source of [...(config.changeSources ?? []), ...(team ? [team.changeSource] : [])]) feed.attach(source);

  return {
    router,
    authorize: clerks.api.authorize,
    onEvent: (listener) => subscribe(listener as (event: EventName, payload: unknown) => void),
    actor: () => clerks.api.current()?.name ?? null,
    close,
  };
}
