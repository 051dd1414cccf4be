/**
 * The PostgreSQL side of the team-administration port (main/ledger/team-admin.ts): settings → 团队账本's
 * address rule, 测试连接, schema version and 迁入团队账本, by the modules that do them — config.ts,
 * connection-test.ts, migrate.ts, pool.ts and main/ledger/move/ — with their errors turned into the port's
 * results, so the settings feature never sees a pg or move class.
 */
import type { TeamLedgerAddress } from '../../../shared/ipc/schemas/team-ledger.js';
import { missingRightsError, TeamMoveError } from '../move/errors.js';
import { moveDeskToTeam } from '../move/move-in.js';
import { refusedObject } from '../move/rights.js';
import type { TeamLedgerAdmin, TeamMoveFailure, TeamMoveSession } from '../team-admin.js';
import { checkTlsOffMachine, TlsRequiredOffMachineError } from './config.js';
import { classifyTeamFailure, testTeamConnection } from './connection-test.js';
import { latestPgVersion } from './migrate.js';
import { createTeamPool } from './pool.js';
import { createAuditStore } from '../stores/audit.js';
import { pgStoreSql } from '../stores/sql.js';
import { TeamCommitUnknownError } from './transaction.js';

function openMove(address: TeamLedgerAddress, password: string): TeamMoveSession {
  const pool = createTeamPool(address, password, { applicationName: 'fapiao-desk move-in', log: () => {} });
  return {
    moveDesk: ({ deskFile, onProgress }) => moveDeskToTeam({ deskFile, pool, onProgress }),
    auditTrail: (who) => createAuditStore(pgStoreSql(() => pool), { actor: who.actor, desk: () => who.desk }),
    close: () => pool.end(),
  };
}

function moveFailure(error: unknown): TeamMoveFailure {
  // A right the move's own check did not foresee, refused by the server while writing, is named from its refusal.
  const refused = refusedObject(error);
  const moveError = error instanceof TeamMoveError ? error : refused ? missingRightsError([{ ...refused, right: null }]) : null;
  if (moveError) return { kind: 'refused', code: moveError.code, params: moveError.params, missing: moveError.missing, message: moveError.message };
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof TeamCommitUnknownError) return { kind: 'outcomeUnknown', message };
  return { kind: 'failed', ...classifyTeamFailure(error), message };
}

export function createPgTeamLedgerAdmin(): TeamLedgerAdmin {
  return {
    addressRefusal(address) {
      try {
        checkTlsOffMachine(address);
        return null;
      } catch (error) {
        if (!(error instanceof TlsRequiredOffMachineError)) throw error;
        return { reason: 'tlsOffMachine', host: error.host, message: error.message };
      }
    },
    testConnection: testTeamConnection,
    expectedSchemaVersion: () => latestPgVersion(),
    openMove,
    moveFailure,
  };
}
