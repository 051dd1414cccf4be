/**
 * The core as the hosts hold it from the first moment (issue 26 point 3): the window opens at once and
 * talks to this holder while the real core (ledger guard, database, sandbox process, features) starts
 * behind it. It answers the `startup:*` channels and the UI language itself; every other channel waits
 * for the core and is refused with APP_STARTING until then. A start that fails is kept with what failed
 * (the sandbox, a database from a newer version, anything else) and can be retried, on the same data
 * folder or another one the clerk picks; nothing else runs meanwhile.
 */
import { contract, fail, isChannel, type Channel, type EventName } from '../../shared/ipc/index.js';
import type { StartupFailure, StartupStatus } from '../../shared/ipc/channels/startup.js';
import { localeOf, uiLanguageOf } from '../../shared/i18n/ui-language.js';
import { nativeText } from '../../shared/i18n/native-texts.js';
import type { Core } from '../core-config.js';
import { DatabaseTooNewError } from '../db/migrate.js';
import type { UiLanguageHolder } from '../i18n/ui-language.js';
import { createEventRelay } from '../ipc/event-relay.js';
import { createIpcRouter, type IpcRouter } from '../ipc/router.js';
import type { CorePorts } from '../ports.js';
import { SandboxStartError } from '../sandbox-service/service.js';

export interface StartingCoreOptions {
  /** Builds the real core on a data folder; `chosen` when the clerk picked it here. */
  build(dataDir: string, chosen: boolean): Promise<Core>;
  dataDir: string;
  uiLanguage: UiLanguageHolder;
  ports: Pick<CorePorts, 'opener' | 'dialog' | 'dataFolder'>;
  log?: (message: string, error?: unknown) => void;
}

export interface StartingCore extends Core {
  /** Resolves when the current start attempt has ended, ready or failed. */
  settled(): Promise<StartupStatus>;
}

/** What failed, in the terms the failure screen explains. */
export function describeFailure(error: unknown): StartupFailure {
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof DatabaseTooNewError) return { what: 'database', detail, fileVersion: error.fileVersion };
  if (error instanceof SandboxStartError) return { what: 'sandbox', detail, fileVersion: null };
  return { what: 'core', detail, fileVersion: null };
}

const OWN_PREFIX = 'startup:';
const LANGUAGE_CHANNELS = new Set(['app:language', 'app:setLanguage']);

export function createStartingCore(options: StartingCoreOptions): StartingCore {
  const log = options.log ?? ((message, error) => console.error(`[startup] ${message}`, error ?? ''));
  let dataDir = options.dataDir;
  let chosen = false;
  let inner: Core | null = null;
  let state: StartupStatus['state'] = 'starting';
  let failure: StartupFailure | null = null;
  let attempt = 0;
  let attemptDone: Promise<void> = Promise.resolve();
  let closing: Promise<void> | undefined;
  const events = createEventRelay(() => inner);

  const status = (): StartupStatus => ({ state, failure, dataDir, attempt });
  const announce = () => {
    const payload = status();
    for (const listener of events.listeners()) listener('startup:status' as EventName, payload as never);
  };

  function start(): void {
    attempt += 1;
    state = 'starting';
    failure = null;
    announce();
    attemptDone = options.build(dataDir, chosen).then(
      async (core) => {
        if (closing) {
          await core.close();
          return;
        }
        inner = core;
        events.attach(core);
        state = 'ready';
        announce();
      },
      (error: unknown) => {
        log('the app could not start', error);
        state = 'failed';
        failure = describeFailure(error);
        announce();
      },
    );
  }

  const own = createIpcRouter();
  own.handle('startup:status', () => status());
  own.handle('startup:retry', () => {
    if (state === 'failed' && !closing) start();
    return status();
  });
  own.handle('startup:openDataFolder', async () => {
    await options.ports.opener?.open(dataDir);
    return {};
  });
  own.handle('startup:chooseDataFolder', async () => {
    if (state !== 'failed' || !options.ports.dialog?.chooseFolder) return status();
    const picked = await options.ports.dialog.chooseFolder(nativeText('chooseDataFolder', {}, options.uiLanguage.get()));
    if (picked === null || state !== 'failed') return status();
    dataDir = picked;
    chosen = true;
    options.ports.dataFolder?.remember(picked);
    start();
    return status();
  });
  own.handle('app:language', () => ({ language: localeOf(options.uiLanguage.get()) }));
  own.handle('app:setLanguage', ({ language }) => {
    options.uiLanguage.set(uiLanguageOf(language));
    return { language };
  });

  const router: IpcRouter = {
    handle: (channel, handler) => (inner ? inner.router.handle(channel, handler) : own.handle(channel, handler)),
    // Every contract channel: a host registers them once, before the core is there.
    channels: () => Object.keys(contract) as Channel[],
    async dispatch(channel, payload) {
      if (typeof channel === 'string' && (channel.startsWith(OWN_PREFIX) || LANGUAGE_CHANNELS.has(channel))) return own.dispatch(channel, payload);
      if (inner) return inner.router.dispatch(channel, payload);
      if (!isChannel(channel)) return own.dispatch(channel, payload);
      return fail('APP_STARTING', 'APP_STARTING', {}, { details: { state } });
    },
  };

  start();
  return {
    router,
    onEvent: events.onEvent,
    async settled() {
      await attemptDone;
      return status();
    },
    close() {
      closing ??= (async () => {
        await attemptDone;
        await inner?.close();
      })();
      return closing;
    },
  };
}
