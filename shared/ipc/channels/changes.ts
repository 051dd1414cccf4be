/** The change feed's one event (schemas/changes.ts): a write to the ledger, from this desk or another. */
import { LedgerChange } from '../schemas/changes.js';

export const changeEvents = {
  /** Records of the ledger changed: the views showing them refresh (docs/architecture.md §12). */
  'ledger:changed': LedgerChange,
} as const;
