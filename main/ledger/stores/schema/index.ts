/**
 * The ledger's tables as the stores of main/ledger/stores/ see them: one declaration a table, in the one
 * spelling both databases give their columns (lower snake case; the desk's since SQLite 0670), with values as
 * a store reads and writes them — times as ISO 8601 text, ids as numbers, money as decimal text. Each store's
 * tables are in a file of schema/ named after it (one line below per file); the migrations that make them, for
 * both databases under one number, are main/ledger/migrations/.
 */
import type { AuditTables } from './audit.js';
import type { BatchTables } from './batches.js';
import type { CertificationTables } from './certification.js';
import type { ClerkTables } from './clerks.js';
import type { CollectionTables } from './collection.js';
import type { EnterpriseTables } from './enterprises.js';
import type { IssuanceDraftTables } from './issuance-drafts.js';
import type { IssuedInvoiceTables } from './issued-invoices.js';
import type { LibraryTables } from './libraries.js';
import type { OutboxTables } from './outbox.js';
import type { PrintTables } from './print.js';
import type { ReceivedTables } from './received.js';
import type { RedFormTables } from './red-forms.js';
import type { StatisticsTables } from './statistics.js';
import type { TemplateTables } from './templates.js';

export interface LedgerSchema
  extends AuditTables,
    BatchTables,
    CertificationTables,
    ClerkTables,
    CollectionTables,
    EnterpriseTables,
    IssuanceDraftTables,
    IssuedInvoiceTables,
    LibraryTables,
    OutboxTables,
    PrintTables,
    ReceivedTables,
    RedFormTables,
    StatisticsTables,
    TemplateTables {}
