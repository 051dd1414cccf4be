/**
 * Settings of the service environment (docs/architecture.md §6, §7): the embedded sandbox (default) or a remote
 * service with AppKey/AppSecret. Saved in the history database; the AppSecret only in the vault. A
 * change takes effect on the next start of the core: the running outbox worker, client and issuance
 * service stay bound to the environment they started with, so sandbox and real data never mix.
 */
import { nativeText, type NativeTextKey } from '../../../shared/i18n/native-texts.js';
import type { TextParams, UiLanguage } from '../../../shared/i18n/ui-language.js';
import { IpcFailure, type ConnectionTestResult, type Environment, type SetRemoteRequest, type SettingsView } from '../../../shared/ipc/index.js';
import { createHmacSigner, type RequestSigner } from '../../api/signer.js';
import type { Db } from '../../db/open.js';
import type { DialogPort } from '../../ports.js';
import { SECRET_NAMES, secretUnreadable, type Vault } from '../../security/vault.js';
import type { Seller } from '../issuance/request.js';
import type { SettingsRepo } from './repo.js';
import { testServiceConnection, type ConnectionTarget, type RequestLogger } from './connection-test.js';

const KEYS = {
  environment: 'service.environment',
  /** The environment the core last started with: pending outbox rows belong to it. */
  lastStarted: 'service.lastStarted',
  baseUrl: 'remote.baseUrl',
  appKey: 'remote.appKey',
  seller: 'remote.seller',
} as const;

export interface SavedRemote {
  baseUrl: string;
  appKey: string;
  seller: Seller | null;
}

/** What the core should start with when its config does not say. */
export type StartupService =
  | { kind: 'sandbox'; deferredBecausePending: boolean }
  | { kind: 'remote'; baseUrl: string; appKey: string; seller: Seller; signer: RequestSigner; deferredBecausePending: boolean };

export interface ActiveService {
  environment: Environment;
  baseUrl: string;
  /** Demo credentials of the embedded sandbox when that is what runs. */
  sandbox: { appKey: string; appSecret: string } | null;
}

export interface SettingsServiceDeps {
  db: Db;
  repo: SettingsRepo;
  vault: Vault;
  cipherBackend: string;
  /** Outbox rows not yet finished (they belong to the active environment). */
  pendingOperations: () => number;
  log?: RequestLogger;
  now?: () => Date;
  /** Asks the clerk, from main, to confirm a new address or AppKey; without it such a change is refused. */
  dialog?: DialogPort;
  /** The clerk's UI language, for that confirmation; Chinese when absent. */
  uiLanguage?: () => UiLanguage;
}

const NO_SELLER: Seller = { taxNumber: '', name: '' };

export function createSettingsService(deps: SettingsServiceDeps) {
  const { db, repo, vault } = deps;
  const now = deps.now ?? (() => new Date());
  let active: ActiveService | null = null;

  const savedEnvironment = (): Environment => (repo.get(KEYS.environment) === 'remote' ? 'remote' : 'sandbox');

  function savedRemote(): SavedRemote | null {
    const baseUrl = repo.get(KEYS.baseUrl);
    const appKey = repo.get(KEYS.appKey);
    if (baseUrl === null || appKey === null) return null;
    const sellerJson = repo.get(KEYS.seller);
    return { baseUrl, appKey, seller: sellerJson === null ? null : (JSON.parse(sellerJson) as Seller) };
  }

  function view(): SettingsView {
    const environment = savedEnvironment();
    const remote = savedRemote();
    const activeEnvironment = active?.environment ?? environment;
    const restartRequired =
      environment !== activeEnvironment || (environment === 'remote' && remote !== null && active !== null && remote.baseUrl !== active.baseUrl);
    return {
      environment,
      activeEnvironment,
      restartRequired,
      remote: remote === null ? null : { ...remote, hasAppSecret: vault.has(SECRET_NAMES.remoteAppSecret), appSecretUnreadable: secretUnreadable(vault, SECRET_NAMES.remoteAppSecret) },
      secretBackend: deps.cipherBackend,
    };
  }

  /** Pending operations must end where they started: refuse to point the next start elsewhere. */
  function assertSwitchAllowed(next: { environment: Environment; baseUrl: string | null }): void {
    if (active === null) return;
    const elsewhere = next.environment !== active.environment || (next.environment === 'remote' && next.baseUrl !== active.baseUrl);
    const pending = deps.pendingOperations();
    if (elsewhere && pending > 0) {
      throw new IpcFailure('VALIDATION_FAILED', 'settings.pendingOperations', { pending }, { details: { pending } });
    }
  }

  return {
    get: view,

    async setRemote(request: SetRemoteRequest): Promise<SettingsView> {
      assertSwitchAllowed({ environment: 'remote', baseUrl: request.baseUrl });
      if (request.appSecret === undefined && !vault.has(SECRET_NAMES.remoteAppSecret)) {
        throw new IpcFailure('VALIDATION_FAILED', 'settings.appSecretRequired');
      }
      // The stored secret goes only where it was typed for: a new address or AppKey needs it typed again
      // (a hostile page calling this channel cannot know it), and the clerk confirms in main's own dialog.
      const saved = savedRemote();
      const moved = saved === null || saved.baseUrl !== request.baseUrl || saved.appKey !== request.appKey;
      if (moved && request.appSecret === undefined) {
        throw new IpcFailure('VALIDATION_FAILED', 'settings.secretRequiredOnMove', {}, { details: { field: 'appSecret', reason: 'secret-required' } });
      }
      if (moved) {
        if (!deps.dialog?.confirm) throw new IpcFailure('VALIDATION_FAILED', 'settings.noConfirmDialog');
        const language = deps.uiLanguage?.() ?? 'zh';
        const say = (key: NativeTextKey, params: TextParams = {}) => nativeText(key, params, language);
        const yes = await deps.dialog.confirm({
          title: say('serviceChangeTitle'),
          message: say('serviceChangeMessage'),
          detail: say('serviceChangeDetail', { oldAddress: saved?.baseUrl ?? say('serviceChangeSandbox'), newAddress: request.baseUrl, appKey: request.appKey }),
          confirmLabel: say('serviceChangeConfirm'),
        });
        if (!yes) throw new IpcFailure('CONFIRMATION_DECLINED', 'settings.moveCancelled');
        // The dialog waited on the clerk: pending work may have started meanwhile.
        assertSwitchAllowed({ environment: 'remote', baseUrl: request.baseUrl });
      }
      const at = now().toISOString();
      db.transaction(() => {
        if (request.appSecret !== undefined) vault.set(SECRET_NAMES.remoteAppSecret, request.appSecret);
        repo.set(KEYS.baseUrl, request.baseUrl, at);
        repo.set(KEYS.appKey, request.appKey, at);
        if (request.seller) repo.set(KEYS.seller, JSON.stringify(request.seller), at);
        repo.set(KEYS.environment, 'remote', at);
      })();
      return view();
    },

    useSandbox(): SettingsView {
      assertSwitchAllowed({ environment: 'sandbox', baseUrl: null });
      repo.set(KEYS.environment, 'sandbox', now().toISOString());
      return view();
    },

    /** A harmless signed call to the saved service (the one the next start will use). */
    async testConnection(): Promise<ConnectionTestResult> {
      const environment = savedEnvironment();
      let target: ConnectionTarget;
      if (environment === 'sandbox') {
        if (active?.sandbox == null) {
          throw new IpcFailure('VALIDATION_FAILED', 'settings.sandboxNeedsNoTest');
        }
        target = { environment, baseUrl: active.baseUrl, signer: createHmacSigner(active.sandbox) };
      } else {
        const remote = savedRemote();
        const appSecret = vault.reveal(SECRET_NAMES.remoteAppSecret);
        if (remote === null || appSecret === null) throw new IpcFailure('VALIDATION_FAILED', 'settings.saveRemoteFirst');
        target = { environment, baseUrl: remote.baseUrl, signer: createHmacSigner({ appKey: remote.appKey, appSecret }) };
      }
      return testServiceConnection(target, deps.log);
    },

    /**
     * Which service this start uses. The saved choice, unless outbox rows of the previous start's
     * environment are still pending: those are finished first, under the environment they began in.
     */
    startupService(): StartupService {
      const saved = savedEnvironment();
      const last = repo.get(KEYS.lastStarted);
      const deferred = last !== null && last !== saved && deps.pendingOperations() > 0;
      const environment: Environment = deferred ? (last === 'remote' ? 'remote' : 'sandbox') : saved;
      repo.set(KEYS.lastStarted, environment, now().toISOString());
      const remote = savedRemote();
      if (environment === 'sandbox' || remote === null) return { kind: 'sandbox', deferredBecausePending: deferred };
      return {
        kind: 'remote',
        baseUrl: remote.baseUrl,
        appKey: remote.appKey,
        seller: remote.seller ?? NO_SELLER,
        signer: createVaultSigner(remote.appKey, () => vault.reveal(SECRET_NAMES.remoteAppSecret)),
        deferredBecausePending: deferred,
      };
    },

    /** Called once by the core after it started, so views can say whether a restart is needed. */
    setActive(service: ActiveService): void {
      active = service;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;

/**
 * A signer that reads the AppSecret from the vault on first use. If the vault cannot (keyring locked,
 * secret missing) signing throws: the client reports a transport error and the outbox keeps the
 * operation pending with its serial number, instead of sending an unsigned request the service would
 * refuse for good.
 */
export function createVaultSigner(appKey: string, reveal: () => string | null): RequestSigner {
  let inner: RequestSigner | undefined;
  const load = (): RequestSigner => {
    if (inner) return inner;
    const appSecret = reveal();
    // Reaches the log and the outbox row's last error, not a clerk: the settings view says the secret is missing.
    if (appSecret === null) throw new Error('no AppSecret saved: requests cannot be signed until it is entered in the settings');
    inner = createHmacSigner({ appKey, appSecret });
    return inner;
  };
  return {
    sensitiveHeaders: ['Sign', 'AppSecret'],
    redact: (text) => (inner?.redact ? inner.redact(text) : text),
    sign: (request) => load().sign(request),
  };
}
