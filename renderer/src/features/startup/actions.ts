/**
 * The start-up screen's calls to main (issue 26 point 3): follow the start (event and first status), and
 * what a clerk can do when it failed — retry, open the data folder, pick another one.
 */
import type { StartupStatus } from '../../../../shared/ipc/channels/startup.js';
import { getApi } from '../../lib/api.js';
import { reportFailure } from '../../lib/messages.js';
import { useStartupStore } from './store.js';

const store = () => useStartupStore.getState();

/** The status main pushes from now on, and the current one; returns the function that stops following. */
export function followStartup(): () => void {
  const stop = getApi().on('startup:status', (status) => store().setStatus(status));
  void getApi()
    .startup.status()
    .then((result) => {
      // A host without the start-up channels (or no host at all) shows the app as before.
      store().setStatus(result.ok ? result.value : { state: 'ready', failure: null, dataDir: '', attempt: 1 });
    });
  return stop;
}

async function run(work: () => ReturnType<ReturnType<typeof getApi>['startup']['retry']>, context: string): Promise<void> {
  useStartupStore.setState({ busy: true });
  try {
    const result = await work();
    if (result.ok) store().setStatus(result.value satisfies StartupStatus);
    else reportFailure(result.error, context);
  } finally {
    useStartupStore.setState({ busy: false });
  }
}

export const retryStartup = () => run(() => getApi().startup.retry(), 'startup:retry');
export const chooseDataFolder = () => run(() => getApi().startup.chooseDataFolder(), 'startup:chooseDataFolder');

export async function openDataFolder(): Promise<void> {
  const result = await getApi().startup.openDataFolder();
  if (!result.ok) reportFailure(result.error, 'startup:openDataFolder');
}
