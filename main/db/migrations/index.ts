/** Every history-database migration, in order. Add new ones at the end (steps of 10, additive only). */
import type { Migration } from '../migrate.js';
import { issuedInvoices } from './0010-issued-invoices.js';
import { outbox } from './0020-outbox.js';

export const migrations: readonly Migration[] = [issuedInvoices, outbox];
