/** The service banner's calls to main: load the status, follow its changes, ask to reconnect. */
import { getApi } from '../../lib/api.js';
import { i18n } from '../../app/i18n.js';
import { reportFailure, reportSuccess, reportWarning } from '../../lib/messages.js';
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
    if (!result.ok) return reportFailure(result.error, 'service:reconnect');
    store().setStatus(result.value);
    // Says what it did: the banner itself is gone once the service answers.
    const did = result.value.reconnect?.did;
    if (did) (did === 'failed' || result.value.state !== 'reachable' ? reportWarning : reportSuccess)(i18n.t(`serviceStatus.did.${did}`));
  } finally {
    store().setReconnecting(false);
  }
}
