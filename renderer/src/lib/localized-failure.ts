/**
 * A failure from main told in the clerk's language: when main named a message key (and its params) in
 * the failure's details, the description is that key translated; otherwise main's own text is kept.
 */
import type { IpcError } from '../../../shared/ipc/result.js';
import { i18n } from '../app/i18n.js';

export function localized(error: IpcError): IpcError {
  const details = error.details as { key?: unknown; params?: unknown } | undefined;
  if (typeof details?.key !== 'string' || !i18n.exists(details.key)) return error;
  const params = typeof details.params === 'object' && details.params !== null ? (details.params as Record<string, unknown>) : {};
  return { ...error, message: String(i18n.t(details.key as never, params as never)) };
}
