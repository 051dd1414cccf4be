/**
 * The renderer's side of the change feed (docs/architecture.md §12). Each view is a projection of the
 * ledger: it names the aggregates it shows and reloads what it shows when a change to one of them
 * arrives — whoever made it (this desk, or later another desk through a shared ledger). No view needs a
 * 刷新 button to see the truth.
 *
 * Changes arriving in one burst (a batch issuing hundreds of invoices) reach a subscriber as one call
 * with all of them, so a view reloads once per burst, not once per row. Changes of another enterprise
 * than the active one are not delivered (a view shows the active enterprise's records); a `ledger`
 * change (the history was replaced by a restore) reaches every subscriber.
 */
import { useEffect, useRef } from 'react';
import type { ChangeAggregate, LedgerChange } from '../../../shared/ipc/schemas/changes.js';
import { getApi } from './api.js';

type Listener = (changes: LedgerChange[]) => void;

interface Subscription {
  aggregates: ReadonlySet<ChangeAggregate>;
  listener: Listener;
}

/** How long a burst of changes is gathered before subscribers hear of it. */
const BURST_MS = 40;

const subscriptions = new Set<Subscription>();
let attached = false;
let activeEnterprise: string | null = null;
let pending: LedgerChange[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

function flush(): void {
  timer = null;
  const changes = pending;
  pending = [];
  for (const subscription of [...subscriptions]) {
    const matching = changes.filter((change) => matches(subscription, change));
    if (matching.length === 0) continue;
    try {
      subscription.listener(matching);
    } catch (error) {
      console.error('a change-feed listener failed', error);
    }
  }
}

function matches(subscription: Subscription, change: LedgerChange): boolean {
  if (change.aggregate === 'ledger') return true;
  if (!subscription.aggregates.has(change.aggregate)) return false;
  // The list of enterprises is the desk's, whichever enterprise an entry names (a new one is not the active one).
  if (change.aggregate === 'enterprise') return true;
  return change.enterprise === null || activeEnterprise === null || change.enterprise === activeEnterprise;
}

function attach(): void {
  if (attached) return;
  attached = true;
  getApi().on('enterprises:activeChanged', (active) => {
    activeEnterprise = active.taxNumber;
  });
  getApi().on('ledger:changed', (change) => {
    pending.push(change);
    timer ??= setTimeout(flush, BURST_MS);
  });
}

/** The enterprise the page shows (set from app:info at start and on every switch): other enterprises' changes are not delivered. */
export function setFeedEnterprise(taxNumber: string | null): void {
  activeEnterprise = taxNumber;
}

/** Calls `listener` with each burst of changes to one of `aggregates` (and every `ledger` change); returns how to stop. */
export function subscribeChanges(aggregates: readonly ChangeAggregate[], listener: Listener): () => void {
  attach();
  const subscription: Subscription = { aggregates: new Set(aggregates), listener };
  subscriptions.add(subscription);
  return () => {
    subscriptions.delete(subscription);
  };
}

/**
 * The hook every view uses: while the component is mounted, `onChange` runs for each burst of changes to
 * the aggregates it shows. `onChange` may change between renders; the latest one is called.
 */
export function useChanges(aggregates: readonly ChangeAggregate[], onChange: Listener): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  const key = [...aggregates].sort().join(',');
  useEffect(() => subscribeChanges(key.split(',') as ChangeAggregate[], (changes) => latest.current(changes)), [key]);
}

/** True when the changes include the whole history being replaced (a restore): the view reloads everything. */
export function ledgerReplaced(changes: readonly LedgerChange[]): boolean {
  return changes.some((change) => change.aggregate === 'ledger');
}

/**
 * Calls `listener` when the clerk switches the active enterprise (at once, not gathered in a burst): what
 * belongs to the enterprise on screen — ticked rows, open drawers, filters — is reset by it.
 */
export function onEnterpriseSwitch(listener: (taxNumber: string) => void): () => void {
  return getApi().on('enterprises:activeChanged', (active) => {
    activeEnterprise = active.taxNumber;
    listener(active.taxNumber);
  });
}

/** onEnterpriseSwitch while the component is mounted (for state a component holds itself: an open drawer). */
export function useEnterpriseSwitch(listener: (taxNumber: string) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => onEnterpriseSwitch((taxNumber) => latest.current(taxNumber)), []);
}
