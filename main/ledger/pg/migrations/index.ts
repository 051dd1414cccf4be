/** Every team-ledger (PostgreSQL) migration, in order; numbered 1, 2, 3… apart from the desk's SQLite ones. */
import type { PgMigration } from './migration.js';
import { sharedLedger } from './0001-shared-ledger.js';
import { inputAndLibraries } from './0002-input-and-libraries.js';
import { historyTrigramSearch } from './0003-history-trigram-search.js';
import { historyFragmentSearch } from './0004-history-fragment-search.js';
import { historyDateBounds } from './0005-history-date-bounds.js';
import { issuedInvoiceVoiding } from './0006-issued-invoice-voiding.js';
import { clerks } from './0007-clerks.js';
import { certificationItemOptionalValidTax } from './0008-certification-item-optional-valid-tax.js';
import { outputMonth } from './0009-output-month.js';
import { issuanceDraftTotalText } from './0010-issuance-draft-total-text.js';
import { receivedOneOriginal } from './0011-received-one-original.js';
import { batches } from './0012-batches.js';
import { draftReview } from './0013-draft-review.js';
import { historyPairPostings } from './0014-history-pair-postings.js';
import { lineLevy } from './0015-line-levy.js';
import { discountLineQuantity } from './0016-discount-line-quantity.js';
import { databaseRights } from './0017-database-rights.js';

export const pgMigrations: readonly PgMigration[] = [sharedLedger, inputAndLibraries, historyTrigramSearch, historyFragmentSearch, historyDateBounds, issuedInvoiceVoiding, clerks, certificationItemOptionalValidTax, outputMonth, issuanceDraftTotalText, receivedOneOriginal, batches, draftReview, historyPairPostings, lineLevy, discountLineQuantity, databaseRights];
