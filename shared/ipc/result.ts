/**
 * What every IPC call returns. Errors never cross the process boundary as bare throws: the renderer
 * always gets a value it can show, with a stable code it can branch on.
 *
 * MESSAGES BY CODE — the convention (read this before writing an error in main):
 * - main never sends text a clerk reads. A failure is `new IpcFailure(code, key, params)`:
 *   `code` is one of IPC_ERROR_CODES (what kind of failure; the renderer's title), `key` names the
 *   sentence (e.g. 'issuance.sellerMissing') and `params` fills its placeholders ({ id: 42 }).
 * - the renderer looks the key up under `errors.` in its locales (zh-CN and en) in ONE place,
 *   `renderer/src/lib/messages.ts` (`describeFailure`); a feature contributes its sentences as the
 *   `errors.<feature>` section of its own locale file (renderer/src/features/<f>/locale.ts).
 * - `message` is English for logs and developers only (never shown); it defaults to the key.
 * - words that come from outside (the service's own answer, a file name) travel as params, never glued
 *   into a sentence in main.
 */
export const IPC_ERROR_CODES = [
  'UNKNOWN_CHANNEL', // no such `feature:verb`
  'INVALID_PAYLOAD', // the request did not match the contract (wrong type, extra field, too long…)
  'PAYLOAD_TOO_LARGE', // the request is bigger than the channel accepts
  'FORBIDDEN_SENDER', // the call did not come from the app's own page
  'SIGNED_OUT', // the desk has clerks and nobody is signed in: only the sign-in and start-up calls answer
  'FORBIDDEN', // the signed-in clerk's role lacks the right the channel needs (params.right)
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
  'APP_STARTING', // the app is still starting (or its start failed): only start-up calls work
  'TEAM_LEDGER_UNREACHABLE', // the desk runs on the team ledger and cannot reach its PostgreSQL now: nothing was written
  'DRAFT_AWAITING_REVIEW', // issuing from a draft that waits for its 复核 (params.id, params.buyer)
  'DRAFT_REVIEW_CHANGED', // the draft's review is no longer where the step found it (decided at another desk, changed, sent again)
  'REVIEW_NOT_AVAILABLE', // a desk without clerks has no 复核
  'INTERNAL', // a bug: logged in main, shown as a generic message
] as const;

export type IpcErrorCode = (typeof IPC_ERROR_CODES)[number];

/** Placeholder values of a message key; only plain values, so they survive structured clone and JSON. */
export type MessageParams = Record<string, string | number>;

export interface IpcError {
  code: IpcErrorCode;
  /** Message key, looked up as `errors.<key>` in the renderer's locales. */
  key: string;
  params: MessageParams;
  /** Developer-facing English for logs; never shown to the clerk. */
  message: string;
  details?: unknown;
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export interface FailureOptions {
  /** English for logs (defaults to the key). */
  message?: string;
  /** Structured extras the UI may use (e.g. per-field issues of a form). */
  details?: unknown;
}

export function ok<T>(value: T): IpcResult<T> {
  return { ok: true, value };
}

export function fail(code: IpcErrorCode, key: string, params: MessageParams = {}, options: FailureOptions = {}): IpcResult<never> {
  const error: IpcError = { code, key, params, message: options.message ?? key };
  if (options.details !== undefined) error.details = options.details;
  return { ok: false, error };
}

/** Thrown inside main-side handlers to produce a specific `IpcResult` error instead of INTERNAL. */
export class IpcFailure extends Error {
  readonly details?: unknown;

  constructor(
    readonly code: IpcErrorCode,
    readonly key: string,
    readonly params: MessageParams = {},
    options: FailureOptions = {},
  ) {
    super(options.message ?? key);
    this.name = 'IpcFailure';
    if (options.details !== undefined) this.details = options.details;
  }

  /** The failure as it crosses IPC. */
  toError(): IpcError {
    const error: IpcError = { code: this.code, key: this.key, params: this.params, message: this.message };
    if (this.details !== undefined) error.details = this.details;
    return error;
  }
}
