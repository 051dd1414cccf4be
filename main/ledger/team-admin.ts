/**
 * The port through which settings → 团队账本 reaches a team database (docs/team-ledger.md §3): the address
 * rule checked before an address is kept, 测试连接, the schema version this desk's code works with, and
 * 迁入团队账本 (moving the desk's own ledger in). This is administration of a team database, apart from the
 * ledger port (port.ts), which is the ledger a desk runs on: settings asks these of a team database whichever
 * ledger the desk keeps now.
 *
 * Why a port: the settings feature decides what the clerk is told and what the desk records; how a
 * PostgreSQL server is signed in to, classified and copied into is the ledger layer's (main/ledger/pg/,
 * main/ledger/move/), which features may not import (eslint.config.js). The composition root (core.ts)
 * hands settings the PostgreSQL implementation, main/ledger/pg/team-admin.ts. What the feature must tell
 * apart comes back as the results below, never as node-postgres' or the move's error classes.
 */
import type { TeamConnectionTestResult, TeamLedgerAddress, TeamMissingRight, TeamMoveProgress, TeamTestOutcome } from '../../shared/ipc/schemas/team-ledger.js';
import type { AuditStore } from '../features/audit/store.js';
import type { TeamMoveErrorCode } from './move/errors.js';

export type { TeamMoveErrorCode };

/** Why an address may not be used at all: TLS off for a server that is not on this machine (docs/team-ledger.md §7). */
export interface TeamAddressRefusal {
  reason: 'tlsOffMachine';
  host: string;
  /** What was refused, in English for the log (the clerk reads the key the feature words it with). */
  message: string;
}

/** What moving a desk in copied: rows per table, their total and the enterprises they belong to. */
export interface TeamMoveInResult {
  tables: Array<{ table: string; rows: number }>;
  total: number;
  enterprises: string[];
}

/**
 * A failed move (or a failure around it) as the feature tells it apart:
 * - `refused`: the move stopped and says why (`ledger.team.move.errors.<code>`), rights the login lacks named
 *   one by one in `missing`; nothing was written;
 * - `outcomeUnknown`: the answer to the move's COMMIT was lost, so whether it moved is not known here;
 * - `failed`: the connection or the server failed, put into the connection test's outcome words.
 * `message` is for the log, in English.
 */
export type TeamMoveFailure =
  | { kind: 'refused'; code: TeamMoveErrorCode; params: Record<string, string | number>; missing: readonly TeamMissingRight[]; message: string }
  | { kind: 'outcomeUnknown'; message: string }
  | { kind: 'failed'; key: Exclude<TeamTestOutcome, 'ok' | 'empty'>; params: TeamConnectionTestResult['params']; message: string };

/** One move's connections to the team database, open from `openMove` until `close`. */
export interface TeamMoveSession {
  /** Copies the desk's ledger file into the team ledger in one transaction, reporting progress as it goes. */
  moveDesk(options: { deskFile: string; onProgress: (progress: TeamMoveProgress) => void }): Promise<TeamMoveInResult>;
  /** The team ledger's own audit trail over this session's connections, its events signed by `who`. */
  auditTrail(who: { actor: () => string | null; desk: string }): Pick<AuditStore, 'append'>;
  close(): Promise<void>;
}

export interface TeamLedgerAdmin {
  /** The address's refusal, checked before anything is kept or sent; null when it may be used. */
  addressRefusal(address: Pick<TeamLedgerAddress, 'host' | 'tls'>): TeamAddressRefusal | null;
  /** Signs in once with the address and password and answers one outcome key (never throws for the server's failures). */
  testConnection(address: TeamLedgerAddress, password: string): Promise<TeamConnectionTestResult>;
  /** The team ledger schema version this desk's code works with: a desk switches only onto exactly this one. */
  expectedSchemaVersion(): number;
  /** Opens the connections of one move; an address that may not be used throws here, before any connection. */
  openMove(address: TeamLedgerAddress, password: string): TeamMoveSession;
  /** What a failure thrown while moving (or while recording the move) was, in the port's words. */
  moveFailure(error: unknown): TeamMoveFailure;
}
