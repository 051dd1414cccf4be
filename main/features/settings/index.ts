/**
 * The settings feature: which service this desk talks to (the embedded sandbox or a live one, its
 * credentials kept in the vault), the connection test, the team ledger's connection (team-ledger.ts) and
 * moving this desk's ledger into it (team-move.ts) — a team database reached only through the port
 * main/ledger/team-admin.ts — and `app:info`. Created before the others: its
 * `api.startupService()` decides which service core.ts connects to, so it takes only what exists before
 * that choice (no environment, no client).
 */
import type { AppInfo } from '../../../shared/ipc/index.js';
import type { RequestLogEntry } from '../../audit/request-log.js';
import type { OutboxRepo } from '../../outbox/repo.js';
import type { Vault } from '../../security/vault.js';
import { announcing } from '../../changes/announce.js';
import { actorOf } from '../../db/actor.js';
import { addPendingAudit } from '../../ledger/pending-audit.js';
import type { TeamLedgerAdmin } from '../../ledger/team-admin.js';
import { auditing, recordAudit } from '../audit/record.js';
import type { Feature, FeatureDeps } from '../feature.js';
import { registerSettingsIpc } from './ipc.js';
import { createSettingsRepo } from './repo.js';
import { createSettingsService, type SettingsService } from './service.js';
import { createTeamLedgerSettings, deskName, type TeamLedgerSettingsDeps } from './team-ledger.js';
import { createTeamMove } from './team-move.js';

export type SettingsApi = Pick<SettingsService, 'startupService' | 'setActive'>;

export interface SettingsFeatureDeps extends Pick<FeatureDeps, 'db' | 'ledger' | 'ports' | 'uiLanguage' | 'changes' | 'dataDir' | 'emit'> {
  /** Records the connection test's request in the audit log. */
  log: (entry: RequestLogEntry) => void;
  /** What `app:info` answers; known once the service is connected. */
  info: () => AppInfo;
  /**
   * The outbox of the desk's own SQLite file, counted synchronously: while rows there are unfinished, the
   * desk may neither point its next start at another service nor switch onto the team ledger.
   */
  deskOutbox: Pick<OutboxRepo, 'pendingCount'>;
  /** The secrets vault (shared with the enterprises feature, which seals tax-bureau passwords in it). */
  vault: Vault;
  /**
   * A team database as settings reaches it — the connection test, the schema version, moving in — through the
   * port (main/ledger/team-admin.ts), never main/ledger/pg or main/ledger/move: core.ts hands it PostgreSQL's.
   */
  teamAdmin: TeamLedgerAdmin;
  /** Settings → 团队账本's switch (team-ledger.ts): the ledger running now, and how to restart on the other. */
  team?: Pick<TeamLedgerSettingsDeps, 'running' | 'restart'>;
  now?: () => Date;
}

export function createSettingsFeature(deps: SettingsFeatureDeps): Feature<SettingsApi> & { api: SettingsApi } {
  const repo = createSettingsRepo(deps.db);
  const service = createSettingsService({
    db: deps.db,
    repo,
    vault: deps.vault,
    cipherBackend: deps.ports.cipher.backend,
    pendingOperations: () => deps.deskOutbox.pendingCount(),
    log: deps.log,
    uiLanguage: deps.uiLanguage,
    // Address and AppKey changes are confirmed in a main-process dialog (docs/security.md).
    ...(deps.ports.dialog ? { dialog: deps.ports.dialog } : {}),
  });
  const now = deps.now ?? (() => new Date());
  const log = (message: string, error?: unknown) => console.warn(`[settings] ${message}`, error ?? '');
  /**
   * A switch is recorded on both ledgers: on the one being left, now, and on the one the core restarts on, once
   * it is open (pending-audit.ts) — the trail a clerk reads after the switch is that ledger's. `by` names the clerk,
   * who is signed out by the restart.
   */
  const beforeSwitch = async (to: 'team' | 'desk') => {
    const detail = { from: to === 'team' ? 'desk' : 'team', to, ...(actorOf(deps.db) ? { by: actorOf(deps.db)! } : {}) };
    await recordAudit({ ledger: deps.ledger, changes: deps.changes }, { action: 'teamLedger.switched', aggregate: 'ledger', detail }).catch((error: unknown) => log('recording the switch on the ledger left failed', error));
    addPendingAudit(deps.dataDir, { action: 'teamLedger.switched', aggregate: 'ledger', at: now().toISOString(), detail });
  };
  const team = createTeamLedgerSettings({ db: deps.db, repo, vault: deps.vault, admin: deps.teamAdmin, ...deps.team, beforeSwitch, pendingOnDesk: () => deps.deskOutbox.pendingCount(), log });
  const move = createTeamMove({
    dataDir: deps.dataDir,
    repo,
    admin: deps.teamAdmin,
    actor: () => actorOf(deps.db),
    desk: () => deskName(repo, now),
    saved: team.saved,
    dialog: deps.ports.dialog,
    uiLanguage: deps.uiLanguage,
    progress: (progress) => deps.emit('teamLedger:moveProgress', progress),
  });
  const saved = () => ({ aggregate: 'settings' as const, action: 'updated' as const, ids: [], enterprise: null });
  return {
    name: 'settings',
    registerIpc: (router) => {
      const announced = announcing(router, deps.changes, { 'settings:setRemote': saved, 'settings:useSandbox': saved, 'teamLedger:save': saved, 'teamLedger:moveIn': saved, 'teamLedger:switch': saved });
      // An admin's changes of the desk's settings go in the audit trail of the ledger it runs on (secrets never).
      const audited = auditing(announced, { ledger: deps.ledger, changes: deps.changes }, {
        'settings:setRemote': (_answer, request) => ({ action: 'service.changed', aggregate: 'settings', detail: { baseUrl: request.baseUrl, appKey: request.appKey } }),
        'settings:useSandbox': () => ({ action: 'service.sandboxChosen', aggregate: 'settings' }),
        'teamLedger:save': (_answer, request) => ({ action: 'teamLedger.saved', aggregate: 'settings', detail: { host: request.host, port: request.port, database: request.database, user: request.user, tls: request.tls } }),
        'teamLedger:moveIn': (answer) => ({ action: 'teamLedger.movedIn', aggregate: 'ledger', detail: { rows: answer.total, enterprises: answer.enterprises, host: answer.movedIn.host, database: answer.movedIn.database } }),
      });
      registerSettingsIpc(audited, deps.info, service, team, move);
    },
    api: service,
  };
}
