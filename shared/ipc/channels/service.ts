/**
 * Channels of the service's reachability (the app shell's 服务不可达 banner): main watches the invoice
 * service — the sandbox process's exits and restarts, and a light poll of its address — and pushes every
 * change; the clerk can ask it to reconnect (which starts the sandbox process again when that is what died).
 */
import { z } from 'zod';
import { Environment } from '../schemas/app.js';
import { empty, type ChannelSpec } from './common.js';

export const ServiceStatus = z
  .strictObject({
    environment: Environment,
    /** reachable: answering; unreachable: no answer (process ended, connection refused, timed out); restarting: the sandbox process is starting again. */
    state: z.enum(['reachable', 'unreachable', 'restarting']),
    /** Why it is unreachable: the sandbox process ended, or the address did not answer. */
    cause: z.enum(['sandbox-exited', 'no-answer']).nullable(),
    /** When the state last changed (ISO 8601). */
    since: z.string(),
    /** True when 'service:reconnect' can start the service again (the embedded sandbox), not only check it. */
    canRestart: z.boolean(),
    /**
     * What the last 重新启动服务 / 重新连接 did: checked (a live service, asked again), answering (it already
     * answered), started (the sandbox process had ended), ended (it ran but answered nothing: asked to end,
     * SIGTERM, and started again), killed (it ran, answered nothing and did not end on SIGTERM: killed and
     * started again), failed (it could not be started again). null until asked.
     */
    reconnect: z
      .strictObject({ at: z.string(), did: z.enum(['checked', 'answering', 'started', 'ended', 'killed', 'failed']) })
      .nullable(),
  })
  .describe('Whether the invoice service answers');
export type ServiceStatus = z.infer<typeof ServiceStatus>;

export const serviceChannels = {
  'service:status': { request: empty, response: ServiceStatus },
  'service:reconnect': { request: empty, response: ServiceStatus },
} as const satisfies Record<string, ChannelSpec>;

export const serviceEvents = {
  'service:statusChanged': ServiceStatus,
} as const;
