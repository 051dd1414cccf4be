/**
 * App-wide UI state: which view is open, the interface language, and the app information read once at
 * start (environment, seller, default issuer) that the header and the issuance form both show; app/actions.ts
 * reads it from main.
 */
import { create } from 'zustand';
import type { AppInfo } from '../../../shared/ipc/schemas/app.js';
import { DEFAULT_LANGUAGE, i18n, type Language } from './i18n.js';

interface AppState {
  /**
   * Key of the open view (one of app/views.tsx's VIEWS). A plain string on purpose: typing it from
   * views.tsx made store → views → feature components → store an import cycle; App.tsx, the one writer,
   * takes the key from the Tabs built out of VIEWS.
   */
  view: string;
  language: Language;
  info: AppInfo | null;
  infoState: 'loading' | 'ready' | 'failed';
  setView(view: string): void;
  setLanguage(language: Language): void;
  setInfo(info: AppInfo | null, state: AppState['infoState']): void;
}

export const useAppStore = create<AppState>()((set) => ({
  view: 'dashboard',
  language: DEFAULT_LANGUAGE,
  info: null,
  infoState: 'loading',
  setView: (view) => set({ view }),
  setLanguage: (language) => {
    void i18n.changeLanguage(language);
    document.documentElement.lang = language;
    set({ language });
  },
  setInfo: (info, infoState) => set(info === null ? { infoState } : { info, infoState }),
}));
