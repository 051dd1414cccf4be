/** Channels of settings → 团队账本: the team ledger's connection, saved and tested, and moving this desk's ledger in (docs/team-ledger.md §3). */
import { SaveTeamLedgerRequest, SwitchLedgerRequest, TeamConnection, TeamConnectionTestResult, TeamLedgerView, TeamMoveProgress, TeamMoveResult } from '../schemas/team-ledger.js';
import { empty, type ChannelSpec } from './common.js';

export const teamLedgerChannels = {
  'teamLedger:get': { request: empty, response: TeamLedgerView },
  'teamLedger:save': { request: SaveTeamLedgerRequest, response: TeamLedgerView },
  'teamLedger:test': { request: empty, response: TeamConnectionTestResult },
  /** Copies this desk's ledger into the saved (empty) team ledger, after a confirmation in main. */
  'teamLedger:moveIn': { request: empty, response: TeamMoveResult },
  /**
   * Switches the desk to the saved team ledger (after a connection and schema check) or back to its own, and
   * restarts the core on it; the answer comes before the restart, which ends with a `ledger` replaced change.
   */
  'teamLedger:switch': { request: SwitchLedgerRequest, response: TeamLedgerView },
} as const satisfies Record<string, ChannelSpec>;

export const teamLedgerEvents = {
  'teamLedger:moveProgress': TeamMoveProgress,
  /** A team desk's connection to its ledger changed (lost, back). */
  'teamLedger:connection': TeamConnection,
} as const;
