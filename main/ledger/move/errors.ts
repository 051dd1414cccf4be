/**
 * Why a move into or out of the team ledger stopped: a stable code and the facts that name what is wrong
 * (table, row, column, enterprise, figure). The command prints them; settings sends the code as a message
 * key (`ledger.team.move.errors.<code>`) with these params, worded in the renderer.
 */
import type { TeamMissingRight } from '../../../shared/ipc/schemas/team-ledger.js';

export const TEAM_MOVE_ERRORS = [
  /** The team ledger already holds rows (params.tables names the tables). */
  'notEmpty',
  /** A shared table is missing from the team ledger's schema. */
  'schemaMissing',
  /** A desk column has no column in the team ledger (nothing is dropped silently). */
  'columnMissing',
  /** A desk value the team ledger cannot hold (table, row, column, value). */
  'unconvertible',
  /** The team ledger refused a batch of rows (table, rows, reason). */
  'insertFailed',
  /** After copying, a count or money total differs (table, enterprise, figure, desk, team). */
  'mismatch',
  /** The archive file already exists. */
  'outExists',
  /** The team ledger holds no rows of that enterprise. */
  'enterpriseMissing',
  /** The login lacks rights the move needs (params: the first object, name and right, and how many; the error's `missing`: all). */
  'missingRights',
] as const;
export type TeamMoveErrorCode = (typeof TEAM_MOVE_ERRORS)[number];

export class TeamMoveError extends Error {
  constructor(
    readonly code: TeamMoveErrorCode,
    readonly params: Record<string, string | number>,
    /** missingRights: every right the login lacks (main/ledger/move/rights.ts). */
    readonly missing: readonly TeamMissingRight[] = [],
  ) {
    super(`${code}: ${Object.entries(params).map(([k, v]) => `${k}=${v}`).join(' ')}`);
    this.name = 'TeamMoveError';
  }
}

/** The login lacks `missing` (at least one): the move stops, naming them, before it writes or while it writes. */
export function missingRightsError(missing: readonly TeamMissingRight[]): TeamMoveError {
  const [first] = missing;
  return new TeamMoveError('missingRights', { object: first?.object ?? '', name: first?.name ?? '', right: first?.right ?? '', count: missing.length }, missing);
}
