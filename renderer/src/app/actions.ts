/** The app frame's one call to main (`app:info`), read once at start; the only `window.api` caller in app/. */
import { getApi } from '../lib/api.js';
import { reportFailure } from '../lib/messages.js';
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
