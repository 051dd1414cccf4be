/** IPC handlers of settings: what the renderer may know about the environment (never a secret). */
import type { AppInfo } from '../../../shared/ipc/index.js';
import type { IpcRouter } from '../../ipc/router.js';

export function registerSettingsIpc(router: IpcRouter, info: () => AppInfo): void {
  router.handle('app:info', () => info());
}
