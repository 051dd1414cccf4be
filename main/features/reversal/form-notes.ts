/**
 * Notes on a red-letter form's progress, stored by key (messages by code): "waiting to retry" while the
 * service cannot be reached, "the red invoice could not be queued automatically" after approval. They sit in
 * the form's `error_message` column as a small JSON object, so no migration is needed; the renderer words
 * them in zh-CN or en (`reversal.note.<key>`). Whatever else that column holds — the service's own refusal,
 * or a note stored as Chinese text by an older version — is data and is shown as it is.
 */
import type { RedLetterFormNote } from '../../../shared/ipc/index.js';
import { IpcFailure } from '../../../shared/ipc/index.js';

const MARK = '{"formNote":';

/** A note as the column keeps it. */
export function encodeFormNote(note: RedLetterFormNote): string {
  return JSON.stringify({ formNote: note });
}

/** A note of the cause of a failure: an IpcFailure keeps its code, key and params for the renderer. */
export function autoIssueFailedNote(error: unknown): RedLetterFormNote {
  if (error instanceof IpcFailure) return { key: 'autoIssueFailed', detail: error.message, cause: { code: error.code, key: error.key, params: { ...error.params } } };
  return { key: 'autoIssueFailed', detail: error instanceof Error ? error.message : String(error), cause: null };
}

/** The stored note, or null when the column holds plain text (a refusal, an old note) or nothing. */
export function decodeFormNote(stored: string | null): RedLetterFormNote | null {
  if (stored === null || !stored.startsWith(MARK)) return null;
  try {
    const note = (JSON.parse(stored) as { formNote?: RedLetterFormNote }).formNote;
    return note && (note.key === 'retrying' || note.key === 'autoIssueFailed') ? note : null;
  } catch {
    return null;
  }
}
