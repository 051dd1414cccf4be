/**
 * Settings → 团队账本 → 迁入团队账本 (docs/team-ledger.md §3): the clerk confirms in main's own dialog,
 * then this desk's history.db is copied into the saved team ledger (main/ledger/move/move-in.ts) with its
 * progress pushed as `teamLedger:moveProgress`; on success the desk records when and where in its settings.
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
import { missingRightsError, TeamMoveError } from '../../ledger/move/errors.js';
import { moveDeskToTeam } from '../../ledger/move/move-in.js';
import { refusedObject } from '../../ledger/move/rights.js';
import { classifyTeamFailure } from '../../ledger/pg/connection-test.js';
import { createTeamPool } from '../../ledger/pg/pool.js';
import { TeamCommitUnknownError } from '../../ledger/pg/transaction.js';
import { createAuditStore } from '../../ledger/stores/audit.js';
import { pgStoreSql } from '../../ledger/stores/sql.js';
import type { DialogPort } from '../../ports.js';
import type { SettingsRepo } from './repo.js';
import { recordTeamMove } from './team-ledger.js';

export interface TeamMoveDeps {
  dataDir: string;
  repo: SettingsRepo;
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
      const pool = createTeamPool(address, password, { applicationName: 'fapiao-desk move-in', log: () => {} });
      try {
        const result = await moveDeskToTeam({ deskFile: path.join(deps.dataDir, HISTORY_DB_FILE), pool, onProgress: deps.progress });
        const movedIn = { at: now().toISOString(), host: address.host, port: address.port, database: address.database, user: address.user };
        recordTeamMove(deps.repo, movedIn);
        const answer = { total: result.total, enterprises: result.enterprises.length, tables: result.tables, movedIn };
        // The team's trail says it was moved in, and by whom (the desk's trail says so too: settings' auditing).
        // The move itself committed: an event that cannot be written is logged, not a failure of the move.
        const desk = deps.desk?.() ?? 'move-in';
        const team = createAuditStore(pgStoreSql(() => pool), { actor: deps.actor ?? (() => null), desk: () => desk });
        await team
          .append({ action: 'teamLedger.movedIn', aggregate: 'ledger', detail: { rows: answer.total, enterprises: answer.enterprises, host: address.host, database: address.database } })
          .catch((error: unknown) => console.warn('[settings] recording the move in the team ledger failed', error));
        return answer;
      } catch (error) {
        const refused = refusedObject(error);
        const moveError = error instanceof TeamMoveError ? error : refused ? missingRightsError([{ ...refused, right: null }]) : null;
        if (moveError) {
          // A count and a money total are two different sentences; missing rights travel whole for the renderer to name.
          const key = moveError.code === 'mismatch' && moveError.params.figure === 'rows' ? 'mismatchRows' : moveError.code;
          const details = moveError.missing.length > 0 ? { details: { missing: moveError.missing } } : {};
          throw new IpcFailure('VALIDATION_FAILED', `ledger.team.move.errors.${key}`, moveError.params, { message: moveError.message, ...details });
        }
        // The answer to the move's COMMIT was lost: moved or not is not known here. Moving in again is safe — a
        // ledger that holds rows is refused — and says which it was.
        if (error instanceof TeamCommitUnknownError) {
          throw new IpcFailure('TEAM_LEDGER_UNREACHABLE', 'ledger.team.move.errors.outcomeUnknown', {}, { message: error.message });
        }
        const failure = classifyTeamFailure(error);
        const code = failure.key === 'unreachable' || failure.key === 'timeout' ? 'NETWORK_ERROR' : 'VALIDATION_FAILED';
        throw new IpcFailure(code, `ledger.team.outcome.${failure.key}`, failure.params, { message: error instanceof Error ? error.message : String(error) });
      } finally {
        moving = false;
        await pool.end().catch(() => undefined);
      }
    },
  };
}

export type TeamMove = ReturnType<typeof createTeamMove>;
