/**
 * The clerk's UI language as main knows it: the renderer tells it at start and on every switch
 * (`app:setLanguage`), and main uses it for the few texts it must produce itself — native dialogs and
 * exported workbooks (shared/i18n/). It is kept in a small JSON file so that what main shows before the
 * renderer is up (the "cannot start" box, a newer-database refusal, the recovery dialogs) speaks the last
 * language the clerk used. The file sits outside the history database on purpose: those dialogs appear
 * exactly when the database cannot be opened.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_UI_LANGUAGE, isUiLanguage, type UiLanguage } from '../../shared/i18n/ui-language.js';

/** The file's name; the Electron host keeps it in userData, the harness and tests in the data folder. */
export const UI_LANGUAGE_FILE = 'ui-language.json';

export interface UiLanguageHolder {
  get(): UiLanguage;
  /** Remembers the language (in memory at once, on disk when it can; a failed write is logged, never thrown). */
  set(language: UiLanguage): void;
  /** Called after each change (the Electron host retitles the window); returns the unsubscribe function. */
  onChange(listener: (language: UiLanguage) => void): () => void;
}

/** Reads the remembered language; a missing, unreadable or foreign file means the default (Chinese). */
export function readUiLanguage(file: string): UiLanguage {
  try {
    const stored: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    const language = typeof stored === 'object' && stored !== null ? (stored as { language?: unknown }).language : undefined;
    return isUiLanguage(language) ? language : DEFAULT_UI_LANGUAGE;
  } catch {
    return DEFAULT_UI_LANGUAGE;
  }
}

export function createUiLanguageHolder(file: string, log: (message: string, error?: unknown) => void = (m, e) => console.warn(`[ui-language] ${m}`, e ?? '')): UiLanguageHolder {
  let current = readUiLanguage(file);
  const listeners = new Set<(language: UiLanguage) => void>();
  return {
    get: () => current,
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(language) {
      if (language === current && readUiLanguage(file) === language) return;
      const changed = language !== current;
      current = language;
      if (changed) for (const listener of listeners) listener(language);
      // Written aside and renamed: a crash mid-write leaves the old file, never half a one. The folder is
      // not created here — a data folder that is gone (an unplugged drive) must stay gone (ledger guard).
      const partial = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);
      try {
        fs.writeFileSync(partial, `${JSON.stringify({ language })}\n`);
        fs.renameSync(partial, file);
      } catch (error) {
        fs.rmSync(partial, { force: true });
        log(`could not remember the UI language in ${file}`, error);
      }
    },
  };
}
