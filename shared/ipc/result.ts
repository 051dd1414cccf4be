/**
 * What every IPC call returns. Errors never cross the process boundary as bare throws (docs/architecture.md §1):
 * the renderer always gets a value it can show, with a stable code it can branch on.
 */
export const IPC_ERROR_CODES = [
  'UNKNOWN_CHANNEL', // no such `feature:verb`
  'INVALID_PAYLOAD', // the request did not match the contract (wrong type, extra field, too long…)
  'PAYLOAD_TOO_LARGE', // the request is bigger than the channel accepts
  'FORBIDDEN_SENDER', // the call did not come from the app's own page
  'VALIDATION_FAILED', // well-formed, but a business rule refuses it
  'NOT_FOUND', // the thing asked for does not exist
  'SERVICE_ERROR', // the invoice service answered with an error code
  'NETWORK_ERROR', // the invoice service could not be reached
  'BAD_RESPONSE', // an answer (from main or the service) did not have the expected shape
  'DISK_FULL', // SQLITE_FULL / ENOSPC: nothing was saved; free space and the outbox carries on by itself
  'DATA_FOLDER_READ_ONLY', // the data folder (or its disk) cannot be written
  'DATA_FOLDER_MISSING', // the data folder is gone (moved, deleted, a removable disk unplugged)
  'DATABASE_LOCKED', // SQLITE_BUSY: another program holds the history database
  'DATABASE_DAMAGED', // the history database failed its integrity check: writes refused, restore offered
  'DATABASE_RECOVERY', // the core started in recovery (history missing/empty/damaged): only recovery calls work
  'SECRET_UNREADABLE', // a stored secret cannot be decrypted any more (keychain changed): type it again
  'CONFIRMATION_DECLINED', // the clerk said no in a main-process confirmation dialog
  'INTERNAL', // a bug: logged in main, shown as a generic message
] as const;

export type IpcErrorCode = (typeof IPC_ERROR_CODES)[number];

export interface IpcError {
  code: IpcErrorCode;
  message: string;
  details?: unknown;
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export function ok<T>(value: T): IpcResult<T> {
  return { ok: true, value };
}

export function fail(code: IpcErrorCode, message: string, details?: unknown): IpcResult<never> {
  return details === undefined ? { ok: false, error: { code, message } } : { ok: false, error: { code, message, details } };
}

/** Thrown inside main-side handlers to produce a specific `IpcResult` error instead of INTERNAL. */
export class IpcFailure extends Error {
  constructor(
    readonly code: IpcErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'IpcFailure';
  }
}
