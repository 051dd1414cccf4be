/**
 * The change feed's event (docs/architecture.md §12): every write to the ledger is announced as one typed
 * change naming what changed — the aggregate, the ids of its rows, the enterprise they belong to — so each
 * view refreshes what it shows by itself. The change says nothing of how it came about: today every change
 * is this desk's own (`origin.kind: 'local'`); a later source (other desks' writes through a shared ledger,
 * issue 24) feeds the same event with `origin.kind: 'remote'`, and no view needs to know the difference.
 */
import { z } from 'zod';

/**
 * What changed, one name per kind of row a clerk sees (not per table): a view names the aggregates it
 * shows. `ledger` is the whole history replaced (a restore, another data folder): every view refreshes.
 */
export const CHANGE_AGGREGATES = [
  'invoice',
  'draft',
  'print',
  'redForm',
  'receivedInvoice',
  'collectedInvoice',
  'certification',
  'library',
  'template',
  'enterprise',
  'settings',
  'taxCodes',
  'batch',
  'clerk',
  // The audit trail (操作日志): events appended with no other change to announce them (a sign-in, a setting).
  'audit',
  'ledger',
] as const;
export const ChangeAggregate = z.enum(CHANGE_AGGREGATES).describe('Kind of record that changed; ledger = the whole history was replaced');
export type ChangeAggregate = z.infer<typeof ChangeAggregate>;

export const ChangeAction = z.enum(['created', 'updated', 'deleted', 'replaced', 'activated']).describe('What happened to the records (activated: the active enterprise switched)');
export type ChangeAction = z.infer<typeof ChangeAction>;

/** The most ids one change carries; the publisher splits a larger write into several changes. */
export const MAX_CHANGE_IDS = 500;

export const ChangeOrigin = z.strictObject({
  kind: z.enum(['local', 'remote']).describe('local: this desk wrote it; remote: another desk, through a shared ledger'),
  source: z.string().max(100).describe("Which source delivered it: 'desk' for this desk's own writes, a remote source's name otherwise"),
});
export type ChangeOrigin = z.infer<typeof ChangeOrigin>;

export const LedgerChange = z.strictObject({
  seq: z.number().int().nonnegative().describe("Order of delivery on this desk's feed (grows by one per change)"),
  aggregate: ChangeAggregate,
  action: ChangeAction,
  ids: z.array(z.string().max(200)).max(MAX_CHANGE_IDS).describe('Ids of the changed records as text (row ids, serials, numbers); empty = the whole aggregate'),
  enterprise: z.string().max(40).nullable().describe('Tax number of the enterprise the records belong to; null = the whole desk (settings, a restore)'),
  origin: ChangeOrigin,
  at: z.string().max(40).describe('When the change was made (ISO 8601)'),
});
export type LedgerChange = z.infer<typeof LedgerChange>;
