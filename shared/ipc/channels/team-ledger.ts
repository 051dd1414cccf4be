/** Channels of settings → 团队账本: the team ledger's connection, saved and tested (docs/team-ledger.md §3). */
import { SaveTeamLedgerRequest, TeamConnectionTestResult, TeamLedgerView } from '../schemas/team-ledger.js';
import { empty, type ChannelSpec } from './common.js';

export const teamLedgerChannels = {
  'teamLedger:get': { request: empty, response: TeamLedgerView },
  'teamLedger:save': { request: SaveTeamLedgerRequest, response: TeamLedgerView },
  'teamLedger:test': { request: empty, response: TeamConnectionTestResult },
} as const satisfies Record<string, ChannelSpec>;
