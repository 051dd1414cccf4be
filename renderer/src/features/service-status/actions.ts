/** The service banner's calls to main: load the status, follow its changes, ask to reconnect. */
import { getApi } from '../../lib/api.js';
import { reportFailure } from '../../lib/messages.js';
import { useServiceStatusStore } from './store.js';

const store = () => useServiceStatusStore.getState();

/** Loads the current status and follows every change; returns the function that stops following. */
export function followServiceStatus(): () => void {
  const stop = getApi().on('service:statusChanged', (status) => store().setStatus(status));
  void getApi()
    .service.status()
    .then((result) => {
      if (result.ok) store().setStatus(result.value);
    });
  return stop;
}

export async function reconnect(): Promise<void> {
  store().setReconnecting(true);
  try {
    const result = await getApi().service.reconnect();
    if (result.ok) store().setStatus(result.value);
    else reportFailure(result.error, 'service:reconnect');
  } finally {
    store().setReconnecting(false);
  }
}
