/**
 * i18next set up synchronously with bundled resources: the page never fetches translations (the CSP
 * forbids it and the app must work offline), and the first render already has its text.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { zhCN, type Messages } from './locales/zh-CN.js';
import { en } from './locales/en.js';

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

void i18next.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  // React already escapes what it renders; escaping twice would show "&amp;" in buyer names.
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const i18n = i18next;
