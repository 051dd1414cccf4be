/**
 * The ledger guard around the core (issue 10 points 1 and 2). Before the core opens history.db, the
 * guard looks at it (health.ts): a missing, emptied or damaged database where one existed puts the app
 * in RECOVERY — no core, no sandbox, no outbox, nothing issues or writes; every channel but `ledger:*`
 * answers DATABASE_RECOVERY, and the renderer shows the recovery screen: restore a backup, open another
 * data folder, or start fresh after typing a confirmation word. A healthy database is backed up before
 * migrations and daily; the `ledger:*` channels back up now, check integrity, restore (keeping the
 * current file aside, never deleting it) and change the backup folder.
 *
 * The guard owns the `Core` the hosts see: its router answers `ledger:*` itself and passes every other
 * channel to the inner core, which it can close and open again (after a restore) without the host
 * noticing; event listeners follow the inner core across such swaps.
 */
import fs from 'node:fs';
import path from 'node:path';
import { contract, fail, IpcFailure, isChannel, type Channel, type EventName, type IpcResult } from '../../shared/ipc/index.js';
import { START_FRESH_WORDS, type BackupView, type IntegrityResult, type LedgerStatus } from '../../shared/ipc/schemas/ledger.js';
import { nativeText, type NativeTextKey } from '../../shared/i18n/native-texts.js';
import { localeOf, uiLanguageOf, type TextParams } from '../../shared/i18n/ui-language.js';
import { latestVersion } from '../db/migrate.js';
import { createUiLanguageHolder, UI_LANGUAGE_FILE, type UiLanguageHolder } from '../i18n/ui-language.js';
import { deskMigrations } from './migrations/index.js';
import { createEventRelay } from '../ipc/event-relay.js';
import { createIpcRouter, type IpcRouter } from '../ipc/router.js';
import type { CorePorts } from '../ports.js';
import { listBackups, newestGoodBackup, removeLeftoverParts, takeBackup, type BackupEntry } from './backups.js';
import { addPendingAudit, restoredEvent } from './pending-audit.js';
import { classifyError } from '../errors/storage.js';
import { checkFileOffThread } from './check-off-thread.js';
import { stampChanges } from '../changes/feed.js';
import {
  forgetCleanClose,
  HISTORY_DB_FILE,
  inspectLedger,
  defaultBackupDir,
  markCreated,
  readMarker,
  recordCleanClose,
  RETRYABLE_PROBLEMS,
  setAside,
  writeMarker,
  type LedgerProblem,
} from './health.js';

/** The part of core.ts's Core the guard wraps (kept structural so this module does not import core.ts). */
export interface InnerCore {
  router: IpcRouter;
  /** The core's rights check (core-config.ts), held against the `ledger:*` channels answered here. */
  authorize?: (channel: Channel) => IpcResult<never> | null;
  onEvent(listener: (event: EventName, payload: never) => void): () => void;
  actor?: () => string | null; // the signed-in clerk's name: who restored (pending-audit.ts)
  close(): Promise<void>;
}

export interface GuardOptions {
  dataDir: string;
  ports: CorePorts;
  /** Builds the real core on a data folder whose database passed the guard. */
  build(dataDir: string): Promise<InnerCore>;
  /** Daily backups on (default); tests of other things may turn them off. */
  dailyBackups?: boolean;
  /** The clerk chose the data folder (CoreConfig.dataDirChosen): if it is gone, it is not created afresh. */
  dataDirChosen?: boolean;
  now?: () => Date;
  log?: (message: string, error?: unknown) => void;
  /** The clerk's UI language: the guard's own dialogs speak it, and `app:setLanguage` sets it (also in recovery). */
  uiLanguage: UiLanguageHolder;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Which storage failures at open hold the app in recovery, and as which problem. */
const HELD_BY: Partial<Record<string, LedgerProblem>> = {
  DATA_FOLDER_READ_ONLY: 'read-only',
  DATA_FOLDER_MISSING: 'folder-missing',
  DISK_FULL: 'disk-full',
  DATABASE_LOCKED: 'locked',
};
const DAILY_CHECK_MS = 60 * 60 * 1000;
const FIRST_DAILY_CHECK_MS = 5_000;

function view(entry: BackupEntry): BackupView {
  return { name: entry.name, kind: entry.kind, createdAt: entry.createdAt, bytes: entry.bytes };
}

export interface GuardedCore extends InnerCore {
  /** Closes the inner core and opens it again on the same folder (a switch of ledger); calls wait for it. */
  restart(): Promise<void>;
}

export async function createGuardedCore(options: GuardOptions): Promise<GuardedCore> {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message, error) => console.warn(`[ledger] ${message}`, error ?? ''));
  const { ports } = options;
  const say = (key: NativeTextKey, params: TextParams = {}) => nativeText(key, params, options.uiLanguage.get());
  let dataDir = options.dataDir;
  let chosen = options.dataDirChosen === true;
  let inner: InnerCore | null = null;
  let problem: { problem: LedgerProblem; detail: string } | null = null;
  const events = createEventRelay(() => inner);
  let busy: Promise<unknown> = Promise.resolve();
  let closed = false;

  const dbFile = () => path.join(dataDir, HISTORY_DB_FILE);
  const backupDir = () => readMarker(dataDir).backupDir ?? defaultBackupDir(dataDir);

  function status(): LedgerStatus {
    const newest = listBackups(backupDir())[0] ?? null;
    const good = problem ? newestGoodBackup(backupDir()) : null;
    return {
      mode: problem ? 'recovery' : 'normal',
      problem: problem?.problem ?? null,
      detail: problem?.detail ?? null,
      dataDir,
      backupDir: backupDir(),
      newestGoodBackup: good ? view(good) : null,
      lastBackupAt: newest?.createdAt ?? null,
    };
  }

  /** One guard action at a time: a restore must not race a backup or another restore. */
  function serial<T>(work: () => Promise<T>): Promise<T> {
    const next = busy.then(work, work);
    busy = next.catch(() => undefined);
    return next;
  }

  function attach(core: InnerCore): void {
    events.attach(core);
  }

  /**
   * The whole history was replaced (a restore, a fresh start, another folder): one `ledger` change on the
   * change feed, so every view reloads and the page can confirm it (docs/architecture.md §12).
   */
  function announceReplaced(): void {
    if (!inner) return;
    for (const change of stampChanges({ aggregate: 'ledger', action: 'replaced', ids: [], enterprise: null }, { kind: 'local', source: 'desk' }, now().toISOString())) {
      for (const listener of events.listeners()) {
        try {
          listener('ledger:changed', change as never);
        } catch (error) {
          log('a listener of the restore change failed', error);
        }
      }
    }
  }

  async function closeInner(): Promise<void> {
    const current = inner;
    inner = null;
    events.detachAll();
    if (!current) return;
    await current.close();
    // Closed without a problem: the next start may skip quick_check while the file stays as it is now.
    if (!problem) recordCleanClose(dataDir);
  }

  /** Opens the core if the database is healthy; otherwise stays in recovery. */
  async function open(): Promise<void> {
    const health = inspectLedger(dataDir, { chosen });
    if (health.state === 'recovery') {
      problem = { problem: health.problem, detail: health.detail };
      log(`history database refused (${health.problem}): ${health.detail}`);
      return;
    }
    problem = null;
    if (health.state === 'ok' && health.userVersion > 0 && health.userVersion < latestVersion(deskMigrations)) {
      // Before every migration: a copy of the database as the older version left it.
      await takeBackup(dbFile(), backupDir(), 'pre-migration', now());
    }
    forgetCleanClose(dataDir);
    try {
      inner = await options.build(dataDir);
    } catch (error) {
      // A folder that fails between the check and the open (unplugged, remounted, full, held by another
      // program) is held in recovery with its cause and retried from the screen; anything else is a bug.
      const cause = HELD_BY[classifyError(error) ?? ''];
      if (!cause) throw error;
      problem = { problem: cause, detail: error instanceof Error ? error.message : String(error) };
      log(`history database could not be opened (${cause})`, error);
      return;
    }
    markCreated(dataDir, now());
    attach(inner);
  }

  async function enterRecovery(found: LedgerProblem, detail: string): Promise<void> {
    problem = { problem: found, detail };
    log(`history database now in recovery (${found}): ${detail}`);
    await closeInner();
  }

  async function dailyBackup(): Promise<void> {
    if (!inner || problem || closed) return;
    const newestDaily = listBackups(backupDir()).find((entry) => entry.kind === 'daily');
    if (newestDaily && now().getTime() - new Date(newestDaily.createdAt).getTime() < DAY_MS) return;
    await takeBackup(dbFile(), backupDir(), 'daily', now());
  }

  const runDaily = () => {
    serial(dailyBackup).catch((error: unknown) => log('daily backup failed', error));
  };
  const dailyTimers: NodeJS.Timeout[] = [];

  const own = createIpcRouter();
  own.handle('ledger:status', () => status());
  own.handle('app:language', () => ({ language: localeOf(options.uiLanguage.get()) }));
  own.handle('app:setLanguage', ({ language }) => {
    options.uiLanguage.set(uiLanguageOf(language));
    return { language };
  });
  own.handle('ledger:listBackups', () => listBackups(backupDir()).map(view));
  own.handle('ledger:backupNow', () =>
    serial(async () => {
      if (problem) throw new IpcFailure('DATABASE_RECOVERY', 'ledger.noBackupInRecovery');
      return view(await takeBackup(dbFile(), backupDir(), 'manual', now()));
    }),
  );
  own.handle('ledger:checkIntegrity', () =>
    serial(async (): Promise<IntegrityResult> => {
      if (problem) return { ok: false, detail: problem.detail, status: status() };
      const check = await checkFileOffThread(dbFile(), true);
      if (check.ok) return { ok: true, detail: null, status: status() };
      await enterRecovery('damaged', check.detail);
      return { ok: false, detail: check.detail, status: status() };
    }),
  );
  own.handle('ledger:retry', () =>
    serial(async () => {
      // After the clerk reconnected the drive, fixed the permissions or freed space: look again.
      if (problem) await open();
      return status();
    }),
  );
  own.handle('ledger:restore', ({ name }) =>
    serial(async () => {
      if (problem && RETRYABLE_PROBLEMS.has(problem.problem)) throw new IpcFailure('VALIDATION_FAILED', 'ledger.recovery.retryFirst', { problem: problem.problem });
      const entry = listBackups(backupDir()).find((candidate) => candidate.name === name);
      if (!entry) throw new IpcFailure('NOT_FOUND', 'ledger.backupNotFound');
      const check = await checkFileOffThread(entry.file);
      if (!check.ok) throw new IpcFailure('VALIDATION_FAILED', 'ledger.backupDamaged', {}, { details: { detail: check.detail } });
      if (!problem) {
        // Replacing a working history is the clerk's decision, asked by main, not by the page.
        const yes = ports.dialog?.confirm
          ? await ports.dialog.confirm({
              title: say('restoreTitle'),
              message: say('restoreMessage'),
              detail: say('restoreDetail', { name: entry.name, createdAt: entry.createdAt }),
              confirmLabel: say('restoreConfirm'),
            })
          : false;
        if (!yes) throw new IpcFailure('CONFIRMATION_DECLINED', 'ledger.restoreCancelled');
      }
      const by = inner?.actor?.() ?? null; // the clerk, known only until the core closes
      await closeInner();
      const aside = setAside(dataDir, problem ? problem.problem : 'replaced', now());
      if (aside) log(`current history database kept aside as ${aside}`);
      const partial = `${dbFile()}.${process.pid}.restore`;
      fs.copyFileSync(entry.file, partial);
      fs.renameSync(partial, dbFile());
      addPendingAudit(dataDir, restoredEvent(entry, problem?.problem ?? null, by, now())); // the restored ledger records it once open
      await open();
      announceReplaced();
      return status();
    }),
  );
  own.handle('ledger:startFresh', ({ confirmation }) =>
    serial(async () => {
      if (!problem) throw new IpcFailure('VALIDATION_FAILED', 'ledger.databaseHealthy');
      // Starting over in a folder that is gone or read-only would lose the real history or fail half-way.
      if (RETRYABLE_PROBLEMS.has(problem.problem)) throw new IpcFailure('VALIDATION_FAILED', 'ledger.recovery.retryFirst', { problem: problem.problem });
      if (!(START_FRESH_WORDS as readonly string[]).includes(confirmation.trim())) {
        throw new IpcFailure('VALIDATION_FAILED', 'ledger.typeConfirmation', { zh: START_FRESH_WORDS[0], en: START_FRESH_WORDS[1] }, { details: { field: 'confirmation' } });
      }
      const aside = setAside(dataDir, problem.problem, now());
      if (aside) log(`history database kept aside as ${aside} before starting fresh`);
      writeMarker(dataDir, { ...readMarker(dataDir), databaseCreatedAt: null });
      addPendingAudit(dataDir, { action: 'ledger.startedFresh', aggregate: 'ledger', at: now().toISOString(), detail: { problem: problem.problem } });
      await open();
      announceReplaced();
      return status();
    }),
  );
  own.handle('ledger:openFolder', () =>
    serial(async () => {
      if (!ports.dialog?.chooseFolder) throw new IpcFailure('VALIDATION_FAILED', 'ledger.noFolderDialog');
      const picked = await ports.dialog.chooseFolder(say('chooseDataFolder'));
      if (picked === null) return status();
      const health = inspectLedger(picked, { chosen: true });
      if (health.state === 'new') throw new IpcFailure('NOT_FOUND', 'ledger.folderHasNoData');
      if (health.state === 'recovery') throw new IpcFailure('DATABASE_DAMAGED', 'ledger.folderNeedsRecovery', {}, { details: { problem: health.problem } });
      await closeInner();
      dataDir = picked;
      chosen = true;
      await open();
      announceReplaced();
      ports.dataFolder?.remember(picked);
      return status();
    }),
  );
  own.handle('ledger:chooseBackupFolder', () =>
    serial(async () => {
      if (!ports.dialog?.chooseFolder) throw new IpcFailure('VALIDATION_FAILED', 'ledger.noFolderDialog');
      const chosen = await ports.dialog.chooseFolder(say('chooseBackupFolder'));
      if (chosen === null) return status();
      fs.mkdirSync(chosen, { recursive: true });
      fs.accessSync(chosen, fs.constants.W_OK);
      writeMarker(dataDir, { ...readMarker(dataDir), backupDir: chosen });
      return status();
    }),
  );

  removeLeftoverParts(backupDir(), log); // half-written backups of a desk ended mid-copy (docs/recovery.md)
  await open();
  // Counted from the open: a first check before a slow open (a busy machine) found no core and left the backup an hour.
  if (options.dailyBackups !== false) dailyTimers.push(setTimeout(runDaily, FIRST_DAILY_CHECK_MS).unref(), setInterval(runDaily, DAILY_CHECK_MS).unref());

  /** A restart under way: calls wait for the core it opens instead of finding none. */
  let restarting: Promise<void> | null = null;
  function restart(): Promise<void> {
    restarting ??= serial(async () => {
      await closeInner();
      await open();
      announceReplaced();
    }).finally(() => {
      restarting = null;
    });
    return restarting;
  }

  const router: IpcRouter = {
    handle: (channel, handler) => (inner ? inner.router.handle(channel, handler) : own.handle(channel, handler)),
    // Every contract channel: a host registers them once, whichever core is inside now or later.
    channels: () => Object.keys(contract) as Channel[],
    async dispatch(channel, payload) {
      if (restarting) await restarting.catch(() => undefined);
      if (typeof channel === 'string' && (channel.startsWith('ledger:') || channel === 'app:language' || channel === 'app:setLanguage')) {
        // In recovery no clerk can be read, so recovery works for whoever is at the desk; with the ledger open,
        // restoring or starting afresh needs the right the table names (shared/ipc/rights.ts).
        const refused = inner && isChannel(channel) ? inner.authorize?.(channel) : null;
        return refused ?? own.dispatch(channel, payload);
      }
      if (!inner) {
        if (!isChannel(channel)) return own.dispatch(channel, payload);
        return fail('DATABASE_RECOVERY', 'ledger.inRecovery', {}, { details: { problem: problem?.problem ?? null } });
      }
      const result = await inner.router.dispatch(channel, payload);
      // Damage found while working: stop writing at once, as the start-up check would have.
      if (!result.ok && result.error.code === 'DATABASE_DAMAGED' && !problem) {
        await serial(() => enterRecovery('damaged', result.error.message));
      }
      return result;
    },
  };

  let closing: Promise<void> | undefined;
  return {
    router,
    onEvent: events.onEvent,
    restart,
    close() {
      closing ??= (async () => {
        closed = true;
        for (const timer of dailyTimers) clearTimeout(timer);
        await busy;
        await closeInner();
      })();
      return closing;
    },
  };
}

/**
 * The core as the hosts get it: `build` (core.ts's createCore with `guarded: true`) runs inside the ledger
 * guard, on the data folder the guard settled on. Generic over the core type so this module does not
 * import core.ts (which calls it).
 */
export async function guardCore<C extends { guarded?: true; dataDir: string; dailyBackups?: boolean; dataDirChosen?: boolean; uiLanguage?: UiLanguageHolder; restart?: () => Promise<void> }, Core>(
  config: C,
  ports: CorePorts,
  build: (config: C) => Promise<Core>,
): Promise<Core> {
  // Hosts without their own (the harness, tests) remember the UI language in the data folder.
  const uiLanguage = config.uiLanguage ?? createUiLanguageHolder(path.join(config.dataDir, UI_LANGUAGE_FILE));
  // The inner core may ask to be opened again (settings → 团队账本's switch); the guard is built after it.
  const holder: { guarded?: GuardedCore } = {};
  const restart = () => (holder.guarded ? holder.guarded.restart() : Promise.reject(new Error('the core is still starting')));
  const guarded = await createGuardedCore({
    dataDir: config.dataDir,
    ports,
    uiLanguage,
    ...(config.dailyBackups === undefined ? {} : { dailyBackups: config.dailyBackups }),
    ...(config.dataDirChosen ? { dataDirChosen: true } : {}),
    build: async (dataDir) => (await build({ ...config, dataDir, uiLanguage, guarded: true, restart })) as unknown as InnerCore,
  });
  holder.guarded = guarded;
  return guarded as unknown as Core;
}
