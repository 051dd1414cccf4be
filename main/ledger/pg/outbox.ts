/**
 * The team outbox is written once for both databases now (main/ledger/stores/outbox.ts, its lease in
 * stores/dialects/outbox.ts). `Queryable` lives in pool.ts; it is named here too only so that the team stores
 * still importing it from this file (several are being moved into main/ledger/stores/ at the same time) need
 * no change — once they have moved, this file goes.
 */
export type { Queryable } from './pool.js';
