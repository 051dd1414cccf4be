/**
 * Settings → 团队账本 → 迁入团队账本 (docs/team-ledger.md §3): the clerk confirms in main's own dialog,
 * then this desk's history.db is copied into the saved team ledger (through the team-administration port,
 * main/ledger/team-admin.ts; on PostgreSQL main/ledger/move/move-in.ts) with its progress pushed as
 * `teamLedger:moveProgress`; on success the desk records when and where in its settings.
 * A refusal or a failure answers a message key (`ledger.team.move.errors.<code>`, or the connection test's
 * outcome words) and leaves both ledgers as they were; rights the login lacks are named, each object and
 * privilege (details.missing), never a bare "no rights". One move at a time.
 */
import path from 'node:path';
import { nativeText, type NativeTextKey } from '../../../shared/i18n/native-texts.js';
import type { TextParams, UiLanguage } from '../../../shared/i18n/ui-language.js';
import { IpcFailure } from '../../../shared/ipc/index.js';
import type { TeamLedgerAddress, TeamMoveProgress, TeamMoveResult } from '../../../shared/ipc/schemas/team-ledger.js';
import { HISTORY_DB_FILE } from '../../ledger/health.js';
import type { TeamLedgerAdmin, TeamMoveSession } from '../../ledger/team-admin.js';
import type { DialogPort } from '../../ports.js';
import type { SettingsRepo } from './repo.js';
import { recordTeamMove } from './team-ledger.js';

export interface TeamMoveDeps {
  dataDir: string;
  repo: SettingsRepo;
  /** The team database as settings reaches it (main/ledger/team-admin.ts): the move's connections and its failures. */
  admin: Pick<TeamLedgerAdmin, 'openMove' | 'moveFailure'>;
  /** The saved address and the sealed password, or null when either is missing. */
  saved: () => { address: TeamLedgerAddress; password: string } | null;
  dialog?: DialogPort | undefined;
  uiLanguage?: (() => UiLanguage) | undefined;
  progress: (progress: TeamMoveProgress) => void;
  now?: () => Date;
  /** Who moves it (the signed-in clerk) and this desk's name: the move's event in the team's own trail. */
  actor?: () => string | null;
  desk?: () => string;
}

export function createTeamMove(deps: TeamMoveDeps) {
  let moving = false;
  const now = deps.now ?? (() => new Date());

  async function confirm(address: TeamLedgerAddress): Promise<void> {
    if (!deps.dialog?.confirm) throw new IpcFailure('VALIDATION_FAILED', 'ledger.team.move.errors.noConfirmDialog');
    const language = deps.uiLanguage?.() ?? 'zh';
    const say = (key: NativeTextKey, params: TextParams = {}) => nativeText(key, params, language);
    const yes = await deps.dialog.confirm({
      title: say('teamMoveTitle'),
      message: say('teamMoveMessage'),
      detail: say('teamMoveDetail', { database: address.database, host: address.host, port: address.port, user: address.user }),
      confirmLabel: say('teamMoveConfirm'),
    });
    if (!yes) throw new IpcFailure('CONFIRMATION_DECLINED', 'ledger.team.move.cancelled');
  }

  return {
    async moveIn(): Promise<TeamMoveResult> {
      const saved = deps.saved();
      if (saved === null) throw new IpcFailure('VALIDATION_FAILED', 'ledger.team.errors.saveFirst');
      if (moving) throw new IpcFailure('VALIDATION_FAILED', 'ledger.team.move.errors.running');
      await confirm(saved.address);
      if (moving) throw new IpcFailure('VALIDATION_FAILED', 'ledger.team.move.errors.running');
      moving = true;
      const { address, password } = saved;
      // Opening is inside the try: an address that fails at once (a CA file no longer readable, TLS off for a
      // server off this machine saved by an older version) is a failed move in its own words, and `moving`
      // is reset — otherwise every later move would be refused as already running until a restart.
      let team: TeamMoveSession | undefined;
      try {
        team = deps.admin.openMove(address, password);
        const result = await team.moveDesk({ deskFile: path.join(deps.dataDir, HISTORY_DB_FILE), onProgress: deps.progress });
        const movedIn = { at: now().toISOString(), host: address.host, port: address.port, database: address.database, user: address.user };
        recordTeamMove(deps.repo, movedIn);
        const answer = { total: result.total, enterprises: result.enterprises.length, tables: result.tables, movedIn };
        // The team's trail says it was moved in, and by whom (the desk's trail says so too: settings' auditing).
        // The move itself committed: an event that cannot be written is logged, not a failure of the move.
        await team
          .auditTrail({ actor: deps.actor ?? (() => null), desk: deps.desk?.() ?? 'move-in' })
          .append({ action: 'teamLedger.movedIn', aggregate: 'ledger', detail: { rows: answer.total, enterprises: answer.enterprises, host: address.host, database: address.database } })
          .catch((error: unknown) => console.warn('[settings] recording the move in the team ledger failed', error));
        return answer;
      } catch (error) {
        const failure = deps.admin.moveFailure(error);
        if (failure.kind === 'refused') {
          // A count and a money total are two different sentences; missing rights travel whole for the renderer to name.
          const key = failure.code === 'mismatch' && failure.params.figure === 'rows' ? 'mismatchRows' : failure.code;
          const details = failure.missing.length > 0 ? { details: { missing: failure.missing } } : {};
          throw new IpcFailure('VALIDATION_FAILED', `ledger.team.move.errors.${key}`, failure.params, { message: failure.message, ...details });
        }
        // The answer to the move's COMMIT was lost: moved or not is not known here. Moving in again is safe — a
        // ledger that holds rows is refused — and says which it was.
        if (failure.kind === 'outcomeUnknown') {
          throw new IpcFailure('TEAM_LEDGER_UNREACHABLE', 'ledger.team.move.errors.outcomeUnknown', {}, { message: failure.message });
        }
        const code = failure.key === 'unreachable' || failure.key === 'timeout' ? 'NETWORK_ERROR' : 'VALIDATION_FAILED';
        throw new IpcFailure(code, `ledger.team.outcome.${failure.key}`, failure.params, { message: failure.message });
      } finally {
        moving = false;
        await team?.close().catch(() => undefined);
      }
    },
  };
}

export type TeamMove = ReturnType<typeof createTeamMove>;
