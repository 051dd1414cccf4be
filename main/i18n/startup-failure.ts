/**
 * What the "cannot start" box says (main/electron/index.ts shows it; Electron's dialog.showErrorBox takes
 * a title and a text). Shown before the renderer is up, so it speaks the last UI language main remembers.
 * A database from a newer app gets its own sentence (upgrade, nothing was opened); anything else is
 * unexpected and shows the error as raised, for the administrator.
 */
import { nativeText } from '../../shared/i18n/native-texts.js';
import type { UiLanguage } from '../../shared/i18n/ui-language.js';
import { DatabaseTooNewError } from '../db/migrate.js';

export function startupFailureText(error: unknown, language: UiLanguage): { title: string; message: string } {
  const title = nativeText('startupFailedTitle', {}, language);
  if (error instanceof DatabaseTooNewError) {
    return { title, message: nativeText('databaseTooNew', { fileVersion: error.fileVersion, codeVersion: error.codeVersion, file: error.file }, language) };
  }
  const detail = error instanceof Error ? error.message : String(error);
  return { title, message: nativeText('startupFailedMessage', { detail }, language) };
}
