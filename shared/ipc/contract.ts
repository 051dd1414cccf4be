/**
 * The one IPC contract (docs/architecture.md §1): every channel `feature:verb` with its zod request and response
 * schemas, and the events main pushes to the renderer. Main parses requests with it, the renderer's
 * `window.api` is generated from it, and the browser harness uses the very same object.
 *
 * Names here are the app's own (English); wire names of the invoice service live in `shared/spec`.
 */
import type { z } from 'zod';
import { appChannels } from './channels/app.js';
import { batchChannels, batchEvents } from './channels/batch.js';
import { certificationChannels, certificationEvents } from './channels/certification.js';
import { clerkChannels } from './channels/clerks.js';
import { auditChannels } from './channels/audit.js';
import { changeEvents } from './channels/changes.js';
import { collectionChannels, collectionEvents } from './channels/collection.js';
import { enterpriseChannels, enterpriseEvents } from './channels/enterprises.js';
import type { ChannelSpec } from './channels/common.js';
import { historyChannels } from './channels/history.js';
import { intakeChannels, intakeEvents } from './channels/intake.js';
import { issuanceChannels, issuanceEvents } from './channels/issuance.js';
import { ledgerChannels } from './channels/ledger.js';
import { libraryChannels } from './channels/libraries.js';
import { reversalChannels, reversalEvents } from './channels/reversal.js';
import { taxCodeChannels } from './channels/tax-codes.js';
import { templateChannels } from './channels/templates.js';
import { printChannels, printEvents } from './channels/print.js';
import { serviceChannels, serviceEvents } from './channels/service.js';
import { startupChannels, startupEvents } from './channels/startup.js';
import { statisticsChannels, statisticsEvents } from './channels/statistics.js';
import { teamLedgerChannels, teamLedgerEvents } from './channels/team-ledger.js';

export { DEFAULT_MAX_REQUEST_BYTES, type ChannelSpec } from './channels/common.js';

/**
 * Every channel, composed from one fragment per feature (shared/ipc/channels/<feature>.ts), so a feature's
 * channels live next to each other and features can grow without touching one another's lines.
 */
export const contract = {
  ...appChannels,
  ...issuanceChannels,
  ...historyChannels,
  ...libraryChannels,
  ...batchChannels,
  ...reversalChannels,
  ...certificationChannels,
  ...intakeChannels,
  ...printChannels,
  ...ledgerChannels,
  ...taxCodeChannels,
  ...templateChannels,
  ...enterpriseChannels,
  ...collectionChannels,
  ...serviceChannels,
  ...startupChannels,
  ...statisticsChannels,
  ...teamLedgerChannels,
  ...clerkChannels,
  ...auditChannels,
} as const satisfies Record<string, ChannelSpec>;

/**
 * The one Electron channel main pushes events on: `webContents.send(EVENT_CHANNEL, name, payload)`.
 * Not a `feature:verb` name, so it can never collide with an invoke channel.
 */
export const EVENT_CHANNEL = 'fapiao-desk/event';

/** Events main pushes to the renderer (no reply expected). */
export const events = {
  ...changeEvents,
  ...issuanceEvents,
  ...reversalEvents,
  ...certificationEvents,
  ...batchEvents,
  ...intakeEvents,
  ...printEvents,
  ...enterpriseEvents,
  ...collectionEvents,
  ...serviceEvents,
  ...startupEvents,
  ...statisticsEvents,
  ...teamLedgerEvents,
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
