/**
 * The change feed's publishing side in main (docs/architecture.md §12). Features announce every write
 * to the ledger through `FeatureDeps.changes.publish` after it committed; the feed stamps it (sequence,
 * time, origin) and delivers it as the `ledger:changed` event — to the renderer and to the other
 * features' `on` listeners alike.
 *
 * A change's origin is the feed's business, not the writer's: this desk's writes are `local`, and a
 * source attached with `attach` (issue 24: another desk's writes arriving through a shared ledger's
 * notifications) delivers `remote` ones into the very same stream. A remote source's changes are
 * untrusted input and are checked against the contract's schema before they go anywhere.
 */
import { LedgerChange, MAX_CHANGE_IDS, type ChangeAction, type ChangeAggregate, type ChangeOrigin } from '../../shared/ipc/schemas/changes.js';

/** What a writer says about its write; the feed adds the rest. */
export interface ChangeInput {
  aggregate: ChangeAggregate;
  action: ChangeAction;
  /** Ids of the written records (row ids, serials…); empty = the whole aggregate. Split into changes of MAX_CHANGE_IDS. */
  ids: ReadonlyArray<string | number>;
  /** Tax number of the enterprise the records belong to; null for the whole desk (settings, a restore). */
  enterprise: string | null;
}

/** What features get in their deps: announce a committed write. */
export interface ChangePublisher {
  publish(change: ChangeInput): void;
}

/**
 * A place other changes come from (another desk's writes). `start` gets the function to deliver them
 * with and returns how to stop; it may deliver at any time until stopped.
 */
export interface ChangeSource {
  readonly name: string;
  start(deliver: (change: ChangeInput & { at?: string }) => void): () => void | Promise<void>;
}

export interface ChangeFeed extends ChangePublisher {
  /** Plugs a source of other desks' changes into the feed; returns how to detach it. */
  attach(source: ChangeSource): () => Promise<void>;
  /** Detaches every source (on close, before the database closes). */
  stop(): Promise<void>;
}

// One sequence for the whole process: the ledger guard's changes (a restore) and those of each core it
// opens share one order, so a listener can tell which came last.
let sequence = 0;

const LOCAL: ChangeOrigin = { kind: 'local', source: 'desk' };

/** Stamps a change and splits it into deliverable events (at most MAX_CHANGE_IDS ids each). */
export function stampChanges(input: ChangeInput, origin: ChangeOrigin, at: string): LedgerChange[] {
  const ids = [...new Set(input.ids.map(String))];
  const chunks: string[][] = [];
  for (let start = 0; start < ids.length; start += MAX_CHANGE_IDS) chunks.push(ids.slice(start, start + MAX_CHANGE_IDS));
  if (chunks.length === 0) chunks.push([]);
  return chunks.map((chunk) => ({ seq: ++sequence, aggregate: input.aggregate, action: input.action, ids: chunk, enterprise: input.enterprise, origin, at }));
}

export function createChangeFeed(options: { now: () => Date; deliver: (change: LedgerChange) => void; log?: (message: string, error?: unknown) => void }): ChangeFeed {
  const log = options.log ?? ((message, error) => console.warn(`[changes] ${message}`, error ?? ''));
  const detachers = new Set<() => Promise<void>>();

  const deliverAll = (changes: LedgerChange[]) => {
    for (const change of changes) {
      // A failing listener must not undo or hide the write that was already committed.
      try {
        options.deliver(change);
      } catch (error) {
        log(`delivering a ${change.aggregate} change failed`, error);
      }
    }
  };

  return {
    publish(change) {
      deliverAll(stampChanges(change, LOCAL, options.now().toISOString()));
    },
    attach(source) {
      const origin: ChangeOrigin = { kind: 'remote', source: source.name };
      let stopped = false;
      const stop = source.start((input) => {
        if (stopped) return;
        const stamped = stampChanges(input, origin, input.at ?? options.now().toISOString());
        const valid = stamped.filter((change) => {
          const parsed = LedgerChange.safeParse(change);
          if (!parsed.success) log(`ignored a malformed change from ${source.name}`, parsed.error.message);
          return parsed.success;
        });
        deliverAll(valid);
      });
      const detach = async () => {
        if (stopped) return;
        stopped = true;
        detachers.delete(detach);
        await stop();
      };
      detachers.add(detach);
      return detach;
    },
    async stop() {
      for (const detach of [...detachers]) await detach();
    },
  };
}
