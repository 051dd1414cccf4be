/**
 * The settings feature: which service this desk talks to (the embedded sandbox or a live one, its
 * credentials kept in the vault), the connection test, the team ledger's connection (team-ledger.ts) and
 * moving this desk's ledger into it (team-move.ts), and
 * `app:info`. Created before the others: its
 * `api.startupService()` decides which service core.ts connects to, so it takes only what exists before
 * that choice (no environment, no client).
 */
import type { AppInfo } from '../../../shared/ipc/index.js';
import type { RequestLogEntry } from '../../audit/request-log.js';
import type { Vault } from '../../security/vault.js';
import { announcing } from '../../changes/announce.js';
import { auditing } from '../audit/record.js';
import type { Feature, FeatureDeps } from '../feature.js';
import { registerSettingsIpc } from './ipc.js';
import { createSettingsRepo } from './repo.js';
import { createSettingsService, type SettingsService } from './service.js';
import { createTeamLedgerSettings, type TeamLedgerSettingsDeps } from './team-ledger.js';
import { createTeamMove } from './team-move.js';

export type SettingsApi = Pick<SettingsService, 'startupService' | 'setActive'>;

export interface SettingsFeatureDeps extends Pick<FeatureDeps, 'db' | 'ledger' | 'outbox' | 'ports' | 'uiLanguage' | 'changes' | 'dataDir' | 'emit'> {
  /** Records the connection test's request in the audit log. */
  log: (entry: RequestLogEntry) => void;
  /** What `app:info` answers; known once the service is connected. */
  info: () => AppInfo;
  /** The secrets vault (shared with the enterprises feature, which seals tax-bureau passwords in it). */
  vault: Vault;
  /** Settings → 团队账本's switch (team-ledger.ts): the ledger running now, and how to restart on the other. */
  team?: Pick<TeamLedgerSettingsDeps, 'running' | 'restart'>;
}

export function createSettingsFeature(deps: SettingsFeatureDeps): Feature<SettingsApi> & { api: SettingsApi } {
  const repo = createSettingsRepo(deps.db);
  const service = createSettingsService({
    db: deps.db,
    repo,
    vault: deps.vault,
    cipherBackend: deps.ports.cipher.backend,
    pendingOperations: () => deps.outbox.pendingCount(),
    log: deps.log,
    uiLanguage: deps.uiLanguage,
    // Address and AppKey changes are confirmed in a main-process dialog (docs/security.md).
    ...(deps.ports.dialog ? { dialog: deps.ports.dialog } : {}),
  });
  const team = createTeamLedgerSettings({ db: deps.db, repo, vault: deps.vault, ...deps.team, pendingOnDesk: () => deps.outbox.pendingCount(), log: (message, error) => console.warn(`[settings] ${message}`, error ?? '') });
  const move = createTeamMove({
    dataDir: deps.dataDir,
    repo,
    saved: team.saved,
    dialog: deps.ports.dialog,
    uiLanguage: deps.uiLanguage,
    progress: (progress) => deps.emit('teamLedger:moveProgress', progress),
  });
  const saved = () => ({ aggregate: 'settings' as const, action: 'updated' as const, ids: [], enterprise: null });
  return {
    name: 'settings',
    // Its tables are the desk's own (settings, the vault); the team address is what a team desk starts from.
    ledger: 'port',
    registerIpc: (router) => {
      const announced = announcing(router, deps.changes, { 'settings:setRemote': saved, 'settings:useSandbox': saved, 'teamLedger:save': saved, 'teamLedger:moveIn': saved, 'teamLedger:switch': saved });
      // An admin's changes of the desk's settings go in the audit trail of the ledger it runs on (secrets never).
      const audited = auditing(announced, { ledger: deps.ledger, changes: deps.changes }, {
        'settings:setRemote': (_answer, request) => ({ action: 'service.changed', aggregate: 'settings', detail: { baseUrl: request.baseUrl, appKey: request.appKey } }),
        'settings:useSandbox': () => ({ action: 'service.sandboxChosen', aggregate: 'settings' }),
        'teamLedger:save': (_answer, request) => ({ action: 'teamLedger.saved', aggregate: 'settings', detail: { host: request.host, port: request.port, database: request.database, user: request.user, tls: request.tls } }),
        'teamLedger:moveIn': (answer) => ({ action: 'teamLedger.movedIn', aggregate: 'ledger', detail: { rows: answer.total, enterprises: answer.enterprises, host: answer.movedIn.host, database: answer.movedIn.database } }),
        'teamLedger:switch': (_answer, request) => ({ action: 'teamLedger.switched', aggregate: 'ledger', detail: { to: request.to } }),
      });
      registerSettingsIpc(audited, deps.info, service, team, move);
    },
    api: service,
  };
}
