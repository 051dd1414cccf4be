/**
 * The language main speaks when it must produce text itself — native dialogs and the clerk's exported
 * workbooks (messages by code, docs/architecture.md §Conventions). Everything else main says crosses IPC as
 * a code and a key that the renderer words. The tables (native-texts.ts, export-texts.ts) have the shape of
 * shared/rules/rule-messages.ts: `{ key: { zh, en } }` with i18next's `{{param}}` placeholders, so the
 * renderer can load the same sentences into i18next when it needs them.
 */
import { fillTemplate, type RuleParams } from '../rules/rule-messages.js';

/** The two languages of the UI, as main's tables name them. */
export type UiLanguage = 'zh' | 'en';
export const UI_LANGUAGES = ['zh', 'en'] as const satisfies readonly UiLanguage[];
/** Until the renderer says otherwise (and on a first start), Chinese. */
export const DEFAULT_UI_LANGUAGE: UiLanguage = 'zh';

/** The renderer's i18next language codes (renderer/src/app/i18n.ts), as the IPC contract carries them. */
export const LOCALE_CODES = ['zh-CN', 'en'] as const;
export type LocaleCode = (typeof LOCALE_CODES)[number];

export function uiLanguageOf(locale: LocaleCode): UiLanguage {
  return locale === 'en' ? 'en' : 'zh';
}

export function localeOf(language: UiLanguage): LocaleCode {
  return language === 'en' ? 'en' : 'zh-CN';
}

export function isUiLanguage(value: unknown): value is UiLanguage {
  return value === 'zh' || value === 'en';
}

export type TextTable = Readonly<Record<string, { readonly zh: string; readonly en: string }>>;
export type TextParams = RuleParams;

/** One sentence of a table in one language, its `{{param}}`s filled. */
export function tableText<T extends TextTable>(table: T, key: keyof T, params: TextParams, language: UiLanguage): string {
  const entry = table[key];
  if (!entry) throw new Error(`no text ${String(key)}`);
  return fillTemplate(entry[language], params);
}

/** A table as i18next resources for one language. */
export function tableResources<T extends TextTable>(table: T, language: UiLanguage): Record<keyof T, string> {
  return Object.fromEntries(Object.entries(table).map(([key, text]) => [key, text[language]])) as Record<keyof T, string>;
}
