/**
 * The app frame's calls to main: `app:info`, read once at start, and `app:setLanguage`, which tells main the
 * UI language at start and on every switch (main words its native dialogs and exports in it). The only
 * `window.api` caller in app/.
 */
import { getApi } from '../lib/api.js';
import { reportFailure } from '../lib/messages.js';
import type { Language } from './i18n.js';
import { useAppStore } from './store.js';

export async function loadInfo(): Promise<void> {
  const store = useAppStore.getState();
  store.setInfo(null, 'loading');
  const result = await getApi().app.info();
  if (result.ok) {
    store.setInfo(result.value, 'ready');
  } else {
    store.setInfo(null, 'failed');
    reportFailure(result.error, 'app:info');
  }
}

/** Tells main the UI language; a failure is shown, and main keeps speaking the language it had. */
export async function tellMainLanguage(language: Language): Promise<void> {
  const result = await getApi().app.setLanguage({ language });
  if (!result.ok) reportFailure(result.error, 'app:setLanguage');
}
