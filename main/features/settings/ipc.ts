/** IPC handlers of settings: what the renderer may know and change about the environment (never a secret). */
import type { AppInfo } from '../../../shared/ipc/index.js';
import type { IpcRouter } from '../../ipc/router.js';
import type { SettingsService } from './service.js';
import type { TeamLedgerSettings } from './team-ledger.js';
import type { TeamMove } from './team-move.js';

export function registerSettingsIpc(router: IpcRouter, info: () => AppInfo, settings: SettingsService, team: TeamLedgerSettings, move: TeamMove): void {
  router.handle('app:info', () => info());
  router.handle('settings:get', () => settings.get());
  router.handle('settings:setRemote', (request) => settings.setRemote(request));
  router.handle('settings:useSandbox', () => settings.useSandbox());
  router.handle('settings:testConnection', () => settings.testConnection());
  router.handle('teamLedger:get', () => team.get());
  router.handle('teamLedger:save', (request) => team.save(request));
  router.handle('teamLedger:test', () => team.testConnection());
  router.handle('teamLedger:moveIn', () => move.moveIn());
  router.handle('teamLedger:switch', (request) => team.switchLedger(request));
}
