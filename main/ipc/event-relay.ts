/**
 * Event listeners that follow an inner core across swaps. The start-up holder and the ledger guard each wrap
 * a core that comes later or is replaced (a retry, a restore, another data folder); the window's listeners
 * are registered once, on the wrapper, and must reach whichever core is inside now.
 */
interface EventSource<L> {
  onEvent(listener: L): () => void;
}

export interface EventRelay<L> {
  /** Registers a listener on the wrapper, and on the inner core when there is one. */
  onEvent(listener: L): () => void;
  /** A new inner core is in: every registered listener now also hears it. */
  attach(core: EventSource<L>): void;
  /** The inner core is going: its subscriptions end (the listeners stay registered for the next one). */
  detachAll(): void;
  /** Every registered listener, for events the wrapper raises itself. */
  listeners(): Iterable<L>;
}

export function createEventRelay<L>(current: () => EventSource<L> | null): EventRelay<L> {
  const listeners = new Set<L>();
  const detachers = new Map<L, () => void>();
  return {
    onEvent(listener) {
      listeners.add(listener);
      const core = current();
      if (core) detachers.set(listener, core.onEvent(listener));
      return () => {
        listeners.delete(listener);
        detachers.get(listener)?.();
        detachers.delete(listener);
      };
    },
    attach(core) {
      for (const listener of listeners) detachers.set(listener, core.onEvent(listener));
    },
    detachAll() {
      for (const detach of detachers.values()) detach();
      detachers.clear();
    },
    listeners: () => listeners,
  };
}
