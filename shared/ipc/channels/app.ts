/** Channels of the app shell and settings. */
import { AppInfo, SetLanguageRequest } from '../schemas/app.js';
import { ConnectionTestResult, SetRemoteRequest, SettingsView } from '../schemas/settings.js';
import { empty, type ChannelSpec } from './common.js';

export const appChannels = {
  'app:info': { request: empty, response: AppInfo },
  // The UI language main remembers (read at start) and sets (on every switch); answered by the ledger guard
  // (main/ledger/guarded-core.ts), so both work in recovery too.
  'app:language': { request: empty, response: SetLanguageRequest },
  'app:setLanguage': { request: SetLanguageRequest, response: SetLanguageRequest },
  'settings:get': { request: empty, response: SettingsView },
  'settings:setRemote': { request: SetRemoteRequest, response: SettingsView },
  'settings:useSandbox': { request: empty, response: SettingsView },
  'settings:testConnection': { request: empty, response: ConnectionTestResult },
} as const satisfies Record<string, ChannelSpec>;
