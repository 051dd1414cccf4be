/**
 * Wires a list of features (feature.ts) into the running core, after Actual Budget's
 * `createApp().combine()`: every feature's IPC handlers go on the router, its outbox handlers into one
 * table (a row kind has exactly one owner: a second feature claiming it is a programming error, thrown at
 * start-up), its `on` listeners onto the core's event stream, and `start`/`stop` run in list order (stop
 * in reverse, so a feature stops before the ones it builds on).
 *
 * Every feature reads and writes the shared tables only through the ledger port, so the same list is wired
 * the same way on the desk's SQLite ledger and a team's PostgreSQL.
 */
import type { EventName } from '../../shared/ipc/index.js';
import type { IpcRouter } from '../ipc/router.js';
import type { OutboxHandler } from '../outbox/worker.js';
import type { Feature } from './feature.js';

/** Every event the core emits, as (event, payload): core.ts passes its emitter's subscription. */
export type EventSubscribe = (listener: (event: EventName, payload: unknown) => void) => () => void;

export interface CombinedFeatures {
  /** Outbox handlers by row kind, for the one outbox worker. */
  readonly outboxHandlers: Readonly<Record<string, OutboxHandler>>;
  /**
   * Runs each feature's `start`, in list order. A start that fails for a reason `putOff` accepts (a team desk's
   * ledger out of reach) is not fatal: that feature waits, and `startWaiting` tries it again (once connected).
   */
  start(putOff?: (error: unknown) => boolean): Promise<void>;
  /** Starts the features whose start was put off; those that fail for the same reason again keep waiting. */
  startWaiting(): Promise<void>;
  /** The features whose start was put off and has not succeeded yet. */
  readonly waiting: readonly string[];
  /** Runs each feature's `stop` in reverse order and drops the event listeners; a failing stop is logged, the rest still stop. */
  stop(): Promise<void>;
}

export function combineFeatures(features: ReadonlyArray<Feature>, router: IpcRouter, subscribe: EventSubscribe): CombinedFeatures {
  const names = new Set<string>();
  const outboxHandlers: Record<string, OutboxHandler> = {};
  const owners = new Map<string, string>();
  const unsubscribes: Array<() => void> = [];

  for (const feature of features) {
    if (names.has(feature.name)) throw new Error(`feature ${feature.name} is listed twice`);
    names.add(feature.name);
    feature.registerIpc?.(router);
    for (const [kind, handler] of Object.entries(feature.outboxHandlers ?? {})) {
      const owner = owners.get(kind);
      if (owner !== undefined) throw new Error(`outbox kind ${kind} claimed by both ${owner} and ${feature.name}`);
      owners.set(kind, feature.name);
      outboxHandlers[kind] = handler;
    }
    const listeners = feature.on as Partial<Record<EventName, (payload: unknown) => void>> | undefined;
    if (listeners && Object.keys(listeners).length > 0) {
      unsubscribes.push(
        subscribe((event, payload) => {
          const listener = listeners[event];
          if (!listener) return;
          // One feature's failing listener must neither stop the emitter nor the other features' listeners.
          try {
            listener(payload);
          } catch (error) {
            console.error(`[${feature.name}] listener for ${event} failed`, error);
          }
        }),
      );
    }
  }

  const waiting: Feature[] = [];
  let mayPutOff: (error: unknown) => boolean = () => false;
  const startOne = async (feature: Feature) => {
    try {
      await feature.start?.();
    } catch (error) {
      if (!mayPutOff(error)) throw error;
      console.warn(`[${feature.name}] start put off until the ledger is reachable`, error instanceof Error ? error.message : error);
      waiting.push(feature);
    }
  };
  return {
    outboxHandlers,
    get waiting() {
      return waiting.map((feature) => feature.name);
    },
    async start(putOff) {
      if (putOff) mayPutOff = putOff;
      for (const feature of features) await startOne(feature);
    },
    async startWaiting() {
      for (const feature of waiting.splice(0)) await startOne(feature);
    },
    async stop() {
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
      for (const feature of [...features].reverse()) {
        try {
          await feature.stop?.();
        } catch (error) {
          console.error(`[${feature.name}] stop failed`, error);
        }
      }
    },
  };
}
