/**
 * Errors a clerk can act on (issue 10 point 4): a full disk, a read-only or missing data folder, a locked
 * database, a damaged database, a secret that can no longer be decrypted. Each is recognised here from
 * the raw error (better-sqlite3's SqliteError codes, Node's errno codes) and turned into its own
 * IpcErrorCode, so the router (main/ipc/router.ts) and the outbox worker's log name the real cause
 * instead of INTERNAL. The renderer translates the code into what to do.
 */
import { IpcFailure, type IpcErrorCode } from '../../shared/ipc/index.js';
import { SecretUnreadableError } from '../security/vault.js';

export type ActionableCode = Extract<
  IpcErrorCode,
  'DISK_FULL' | 'DATA_FOLDER_READ_ONLY' | 'DATA_FOLDER_MISSING' | 'DATABASE_LOCKED' | 'DATABASE_DAMAGED' | 'SECRET_UNREADABLE'
>;

/** English for logs; the clerk reads the renderer's `errorHelp.<code>` (what to do), in the UI's language. */
const LOG_MESSAGES: Record<ActionableCode, string> = {
  DISK_FULL: 'the disk is full; nothing was saved',
  DATA_FOLDER_READ_ONLY: 'the data folder is read-only',
  DATA_FOLDER_MISSING: 'the data folder is missing',
  DATABASE_LOCKED: 'another program holds the history database',
  DATABASE_DAMAGED: 'the history database is damaged; writes refused',
  SECRET_UNREADABLE: 'a stored secret cannot be decrypted',
};

interface CodedError {
  code?: unknown;
  errno?: unknown;
  message?: unknown;
}

function codeOf(error: unknown): string {
  if (typeof error !== 'object' || error === null) return '';
  const code = (error as CodedError).code;
  return typeof code === 'string' ? code : '';
}

/** The actionable code behind an error, or null when it is none of them (a bug: INTERNAL). */
export function classifyError(error: unknown): ActionableCode | null {
  if (error instanceof SecretUnreadableError) return 'SECRET_UNREADABLE';
  const code = codeOf(error);
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT') return 'DISK_FULL';
  if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED' || code.startsWith('SQLITE_LOCKED_')) return 'DATABASE_LOCKED';
  if (code === 'SQLITE_READONLY_DBMOVED' || code === 'SQLITE_CANTOPEN' || code.startsWith('SQLITE_CANTOPEN_')) return 'DATA_FOLDER_MISSING';
  if (code === 'SQLITE_READONLY' || code.startsWith('SQLITE_READONLY_') || code === 'EROFS' || code === 'EACCES' || code === 'EPERM') {
    return 'DATA_FOLDER_READ_ONLY';
  }
  // better-sqlite3 checks the folder itself before SQLite does, with a TypeError and no code.
  if (error instanceof TypeError && /directory does not exist/i.test(error.message)) return 'DATA_FOLDER_MISSING';
  if (code === 'SQLITE_CORRUPT' || code.startsWith('SQLITE_CORRUPT_') || code === 'SQLITE_NOTADB') return 'DATABASE_DAMAGED';
  // SQLite reports a failed write on a full disk sometimes as an I/O error; the message keeps the OS reason.
  if (code.startsWith('SQLITE_IOERR')) {
    const message = error instanceof Error ? error.message : '';
    if (/no space|disk is full|ENOSPC/i.test(message)) return 'DISK_FULL';
    if (code === 'SQLITE_IOERR_DELETE_NOENT') return 'DATA_FOLDER_MISSING';
  }
  return null;
}

/** The IpcFailure for an actionable error, or null. */
export function toActionableFailure(error: unknown): IpcFailure | null {
  const code = classifyError(error);
  if (code === null) return null;
  return new IpcFailure(code, `errorHelp.${code}`, { cause: codeOf(error) || (error instanceof Error ? error.name : 'unknown') }, { message: LOG_MESSAGES[code] });
}
