/**
 * Channels of the app's start-up (issue 26 point 3): the window opens at once and asks main how the start
 * is going; a start that failed shows what failed and what the clerk can do. Answered by the start-up
 * holder around the core (main/startup/starting-core.ts) before, during and after the core's start.
 */
import { z } from 'zod';
import { empty, type ChannelSpec } from './common.js';

export const StartupFailure = z.strictObject({
  what: z.enum(['sandbox', 'database', 'core']).describe('sandbox: the embedded test service did not start; database: a history database from a newer version; core: anything else'),
  detail: z.string().describe('The error as raised, for the administrator (English, technical)'),
  fileVersion: z.number().int().nullable().describe('database: the schema version of the file'),
});
export type StartupFailure = z.infer<typeof StartupFailure>;

export const StartupStatus = z.strictObject({
  state: z.enum(['starting', 'ready', 'failed']),
  failure: StartupFailure.nullable(),
  dataDir: z.string().describe('The data folder the app starts on'),
  attempt: z.number().int().describe('1 for the first start, +1 for each retry'),
});
export type StartupStatus = z.infer<typeof StartupStatus>;

export const startupChannels = {
  'startup:status': { request: empty, response: StartupStatus },
  /** Starts again after a failure (no effect while starting or once ready); answers at once, the state follows by event. */
  'startup:retry': { request: empty, response: StartupStatus },
  /** Opens the data folder in the system's file manager. */
  'startup:openDataFolder': { request: empty, response: empty },
  /** Lets the clerk pick another data folder, remembered for the next start, and starts on it. */
  'startup:chooseDataFolder': { request: empty, response: StartupStatus },
} as const satisfies Record<string, ChannelSpec>;

export const startupEvents = {
  'startup:status': StartupStatus,
} as const;
