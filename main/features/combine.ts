/**
 * Wires a list of features (feature.ts) into the running core, after Actual Budget's
 * `createApp().combine()`: every feature's IPC handlers go on the router, its outbox handlers into one
 * table (a row kind has exactly one owner: a second feature claiming it is a programming error, thrown at
 * start-up), its `on` listeners onto the core's event stream, and `start`/`stop` run in list order (stop
 * in reverse, so a feature stops before the ones it builds on).
 *
 * On a team desk (`ledger: 'postgres'`) only features marked `ledger: 'port'` (feature.ts) are wired in
 * full; another feature still works on the desk's SQLite copy of shared tables, so its channels are
 * registered to answer NOT_ON_TEAM_LEDGER (naming the feature) and nothing else of it runs.
 */
import { IpcFailure, type EventName } from '../../shared/ipc/index.js';
import type { IpcRouter } from '../ipc/router.js';
import type { LedgerKind } from '../ledger/port.js';
import type { OutboxHandler } from '../outbox/worker.js';
import type { Feature } from './feature.js';

/** Every event the core emits, as (event, payload): core.ts passes its emitter's subscription. */
export type EventSubscribe = (listener: (event: EventName, payload: unknown) => void) => () => void;

export interface CombineOptions {
  /** Which ledger the core runs on; 'sqlite' (the desk's own) when absent. */
  ledger?: LedgerKind;
}

export interface CombinedFeatures {
  /** Features left out because they are not on the ledger port yet (a team desk only). */
  readonly unported: readonly string[];
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

/** A router on which every channel the feature registers answers that it does not run on the team ledger. */
function refusingRouter(router: IpcRouter, feature: string): IpcRouter {
  return {
    ...router,
    handle: (channel) =>
      router.handle(channel, () => {
        throw new IpcFailure('NOT_ON_TEAM_LEDGER', 'ledger.team.errors.unported', { feature }, { message: `feature ${feature} is not on the ledger port yet` });
      }),
  };
}

export function combineFeatures(features: ReadonlyArray<Feature>, router: IpcRouter, subscribe: EventSubscribe, options: CombineOptions = {}): CombinedFeatures {
  const names = new Set<string>();
  const outboxHandlers: Record<string, OutboxHandler> = {};
  const owners = new Map<string, string>();
  const unsubscribes: Array<() => void> = [];
  const team = (options.ledger ?? 'sqlite') !== 'sqlite';
  const unported: string[] = [];

  for (const feature of features) {
    if (names.has(feature.name)) throw new Error(`feature ${feature.name} is listed twice`);
    names.add(feature.name);
    if (team && feature.ledger !== 'port') {
      unported.push(feature.name);
      feature.registerIpc?.(refusingRouter(router, feature.name));
      continue;
    }
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

  const running = features.filter((feature) => !unported.includes(feature.name));
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
    unported,
    get waiting() {
      return waiting.map((feature) => feature.name);
    },
    async start(putOff) {
      if (putOff) mayPutOff = putOff;
      for (const feature of running) await startOne(feature);
    },
    async startWaiting() {
      for (const feature of waiting.splice(0)) await startOne(feature);
    },
    async stop() {
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
      for (const feature of [...running].reverse()) {
        try {
          await feature.stop?.();
        } catch (error) {
          console.error(`[${feature.name}] stop failed`, error);
        }
      }
    },
  };
}
