/**
 * The one IPC contract (DESIGN.md §1): every channel `feature:verb` with its zod request and response
 * schemas, and the events main pushes to the renderer. Main parses requests with it, the renderer's
 * `window.api` is generated from it, and the browser harness uses the very same object.
 *
 * Names here are the app's own (English); wire names of the invoice service live in `shared/spec`.
 */
import { z } from 'zod';
import { InvoiceDraft, InvoiceSummary } from './schemas/issuance.js';
import { AppInfo } from './schemas/app.js';
import { HistoryExportRequest, HistoryExportResult, HistoryFilter, HistorySearchResult } from './schemas/history.js';
import { ConnectionTestResult, SetRemoteRequest, SettingsView } from './schemas/settings.js';

export interface ChannelSpec<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  request: Req;
  response: Res;
  /** Largest accepted request in bytes (UTF-16 estimate); defaults to DEFAULT_MAX_REQUEST_BYTES. */
  maxRequestBytes?: number;
}

export const DEFAULT_MAX_REQUEST_BYTES = 256 * 1024;

const empty = z.strictObject({}).describe('No parameters');

export const contract = {
  'app:info': { request: empty, response: AppInfo },
  'issuance:submit': { request: InvoiceDraft, response: InvoiceSummary },
  'history:list': {
    request: z.strictObject({
      limit: z.number().int().min(1).max(500).optional().describe('Rows per page'),
      offset: z.number().int().min(0).optional().describe('Rows to skip'),
    }),
    response: z.array(InvoiceSummary),
  },
  'history:search': { request: HistoryFilter, response: HistorySearchResult },
  'history:export': { request: HistoryExportRequest, response: HistoryExportResult },
  'settings:get': { request: empty, response: SettingsView },
  'settings:setRemote': { request: SetRemoteRequest, response: SettingsView },
  'settings:useSandbox': { request: empty, response: SettingsView },
  'settings:testConnection': { request: empty, response: ConnectionTestResult },
} as const satisfies Record<string, ChannelSpec>;

/**
 * The one Electron channel main pushes events on: `webContents.send(EVENT_CHANNEL, name, payload)`.
 * Not a `feature:verb` name, so it can never collide with an invoke channel.
 */
export const EVENT_CHANNEL = 'fapiao-desk/event';

/** Events main pushes to the renderer (no reply expected). */
export const events = {
  'issuance:updated': InvoiceSummary,
} as const satisfies Record<string, z.ZodType>;

export type Contract = typeof contract;
export type Channel = keyof Contract;
export type EventName = keyof typeof events;
export type RequestOf<C extends Channel> = z.input<Contract[C]['request']>;
export type ParsedRequestOf<C extends Channel> = z.output<Contract[C]['request']>;
export type ResponseOf<C extends Channel> = z.output<Contract[C]['response']>;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.hasOwn(contract, name);
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(events, name);
}
