/**
 * The app frame's calls to main: `app:info`, read once at start; `app:language`, the UI language main
 * remembers, applied at start (the page opens in the clerk's last language); and `app:setLanguage` on every
 * switch (main words its native dialogs and exports in it). The only `window.api` caller in app/.
 */
import { getApi } from '../lib/api.js';
import { setFeedEnterprise } from '../lib/change-feed.js';
import { reportFailure } from '../lib/messages.js';
import type { Language } from './i18n.js';
import { useAppStore } from './store.js';
import { callOrder } from '../lib/call-order.js';

const infoCalls = callOrder();

export async function loadInfo(): Promise<void> {
  const answered = infoCalls.begin();
  const store = useAppStore.getState();
  store.setInfo(null, 'loading');
  const result = await getApi().app.info();
  if (!answered(result.ok)) return;
  if (result.ok) {
    store.setInfo(result.value, 'ready');
    setFeedEnterprise(result.value.seller.taxNumber);
  } else {
    store.setInfo(null, 'failed');
    reportFailure(result.error, 'app:info');
  }
}

/** At start: the language main remembers becomes the page's (Chinese on a first start). */
export async function restoreLanguage(): Promise<void> {
  const result = await getApi().app.language();
  if (!result.ok) return reportFailure(result.error, 'app:language');
  const store = useAppStore.getState();
  if (result.value.language !== store.language) store.setLanguage(result.value.language);
}

/** The clerk switched: the page and main follow; a failure is shown, and main keeps the language it had. */
export async function switchLanguage(language: Language): Promise<void> {
  useAppStore.getState().setLanguage(language);
  const result = await getApi().app.setLanguage({ language });
  if (!result.ok) reportFailure(result.error, 'app:setLanguage');
}
