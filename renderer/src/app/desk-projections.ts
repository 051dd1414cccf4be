/**
 * What the whole desk keeps true while it is open, whichever view is on screen (docs/architecture.md §12):
 * the stores that hold a projection of the ledger reload from the change feed, the certification summary
 * and its deadline warning follow changes and the clock, and the switch of enterprise resets what belongs
 * to the enterprise on screen (ticked rows, open drawers, filters; the form in progress is put aside per
 * enterprise by the issuance form itself). A restore (`ledger` change) reaches every subscriber.
 */
import { useEffect } from 'react';
import { loadRecent as loadBatches } from '../features/batch/actions.js';
import { watchCertification } from '../features/certification/actions.js';
import { loadLedger as reloadInputLedger } from '../features/collection/actions.js';
import { useCollectionStore } from '../features/collection/store.js';
import { loadChoices, loadEnterprises } from '../features/enterprises/actions.js';
import { useEnterprisesStore } from '../features/enterprises/store.js';
import { useHistoryStore } from '../features/history/store.js';
import { useIntakeStore } from '../features/intake/store.js';
import { loadLedger as reloadLedgerStatus } from '../features/ledger/actions.js';
import { loadTable } from '../features/libraries/actions.js';
import { onEnterpriseSwitch, subscribeChanges } from '../lib/change-feed.js';
import { loadInfo } from './actions.js';

/** Resets what belongs to the enterprise on screen; the new one's rows load through the change feed. */
function resetForEnterprise(): void {
  useHistoryStore.setState({ checked: new Map(), selectedId: null, detail: null, redOpen: false, filter: {} });
  useCollectionStore.setState({ checked: new Map(), filter: {}, totals: null });
  useIntakeStore.getState().setFilter({});
}

export function useDeskProjections(): void {
  useEffect(() => {
    const stops = [
      onEnterpriseSwitch(resetForEnterprise),
      watchCertification(),
      subscribeChanges(['collectedInvoice', 'certification', 'enterprise'], () => reloadInputLedger()),
      subscribeChanges(['receivedInvoice'], () => useIntakeStore.getState().setFilter(useIntakeStore.getState().filter)),
      subscribeChanges(['library', 'enterprise'], () => {
        void loadTable('customers');
        void loadTable('products');
      }),
      subscribeChanges(['enterprise'], () => {
        void loadChoices();
        if (useEnterprisesStore.getState().rows.length > 0) void loadEnterprises();
      }),
      subscribeChanges(['batch', 'enterprise'], () => void loadBatches()),
      // The header's seller and environment; after a restore also the data card (backups, status).
      subscribeChanges(['settings', 'enterprise'], (changes) => {
        void loadInfo();
        if (changes.some((change) => change.aggregate === 'ledger')) void reloadLedgerStatus();
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, []);
}
