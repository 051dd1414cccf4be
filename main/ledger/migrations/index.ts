/**
 * Every step of the ledger's schema, both databases' halves in one list and one order (migration.ts). Add new
 * ones at the end, additive only; a step that changes both databases has both halves in one file.
 */
import type { Migration } from '../../db/migrate.js';
import type { LedgerMigration, TeamMigration } from './migration.js';
import { issuedInvoices } from './0010-issued-invoices.js';
import { outbox } from './0020-outbox.js';
import { settingsAndSecrets } from './0030-settings-and-secrets.js';
import { requestLog } from './0040-request-log.js';
import { redLetterForms } from './0050-red-letter-forms.js';
import { printJobs } from './0060-print-jobs.js';
import { receivedInvoices } from './0070-received-invoices.js';
import { verifications } from './0080-verifications.js';
import { collectedInvoices } from './0090-collected-invoices.js';
import { certification } from './0100-certification.js';
import { enterprises } from './0110-enterprises.js';
import { customersAndProducts } from './0120-customers-and-products.js';
import { historySearch } from './0130-history-search.js';
import { issuanceDrafts } from './0140-issuance-drafts.js';
import { librariesAndBatches } from './0150-libraries-and-batches.js';
import { redReversals } from './0160-red-reversals.js';
import { printJobsDetail } from './0200-print-jobs-detail.js';
import { intakeQueue } from './0230-intake-queue.js';
import { collectionRuns } from './0260-collection-runs.js';
import { invoiceTemplates } from './0300-invoice-templates.js';
import { historyBigram } from './0330-history-bigram.js';
import { enterpriseScoping } from './0340-enterprise-scoping.js';
import { historyGramPostings } from './0350-history-gram-postings.js';
import { libraryMerged } from './0390-library-merged.js';
import { ledgerKeysetIndexes } from './0410-ledger-keyset-indexes.js';
import { printerFormEdition } from './0420-printer-form-edition.js';
import { receivedPerEnterprise } from './0430-received-per-enterprise.js';
import { librariesPerEnterprise } from './0460-libraries-per-enterprise.js';
import { sharedLedger } from './0470-shared-ledger.js';
import { inputAndLibraries } from './0471-input-and-libraries.js';
import { historyTrigramSearch } from './0472-history-trigram-search.js';
import { historyFragmentSearch } from './0473-history-fragment-search.js';
import { historyDateBounds } from './0474-history-date-bounds.js';
import { monthEndStatistics } from './0480-month-end-statistics.js';
import { issuedInvoiceVoiding } from './0490-issued-invoice-voiding.js';
import { clerks } from './0500-clerks.js';
import { certificationItemOptionalValidTax } from './0510-certification-item-optional-valid-tax.js';
import { outputMonth } from './0515-output-month.js';
import { issuanceDraftTotalText } from './0520-issuance-draft-total-text.js';
import { receivedOneOriginal } from './0530-received-one-original.js';
import { batches } from './0540-batches.js';
import { auditEvent } from './0590-audit-event.js';
import { draftReview } from './0600-draft-review.js';
import { historyPairPostings } from './0605-history-pair-postings.js';
import { lineLevy } from './0610-line-levy.js';
import { discountLineQuantity } from './0615-discount-line-quantity.js';
import { salesBeforeTax } from './0620-sales-before-tax.js';
import { clerkLockout } from './0630-clerk-lockout.js';
import { clerkEnterprises } from './0640-clerk-enterprises.js';
import { databaseRights } from './0650-database-rights.js';
import { clerkSignInGuard } from './0660-clerk-sign-in-guard.js';
import { oneIdentifierCase } from './0670-one-identifier-case.js';

export const ledgerMigrations: readonly LedgerMigration[] = [
  issuedInvoices,
  outbox,
  settingsAndSecrets,
  requestLog,
  redLetterForms,
  printJobs,
  receivedInvoices,
  verifications,
  collectedInvoices,
  certification,
  enterprises,
  customersAndProducts,
  historySearch,
  issuanceDrafts,
  librariesAndBatches,
  redReversals,
  printJobsDetail,
  intakeQueue,
  collectionRuns,
  invoiceTemplates,
  historyBigram,
  enterpriseScoping,
  historyGramPostings,
  libraryMerged,
  ledgerKeysetIndexes,
  printerFormEdition,
  receivedPerEnterprise,
  librariesPerEnterprise,
  sharedLedger,
  inputAndLibraries,
  historyTrigramSearch,
  historyFragmentSearch,
  historyDateBounds,
  monthEndStatistics,
  issuedInvoiceVoiding,
  clerks,
  certificationItemOptionalValidTax,
  outputMonth,
  issuanceDraftTotalText,
  receivedOneOriginal,
  batches,
  auditEvent,
  draftReview,
  historyPairPostings,
  lineLevy,
  discountLineQuantity,
  salesBeforeTax,
  clerkLockout,
  clerkEnterprises,
  databaseRights,
  clerkSignInGuard,
  oneIdentifierCase,
];

/** The desk's SQLite halves, for its runner (main/db/migrate.ts). */
export const deskMigrations: readonly Migration[] = ledgerMigrations.flatMap(({ version, name, desk }) => (desk ? [{ version, name, up: desk }] : []));

/** The team's PostgreSQL halves, for its runner (main/ledger/pg/migrate.ts). */
export const teamMigrations: readonly TeamMigration[] = ledgerMigrations.flatMap(({ version, name, team }) => (team ? [{ version, name, sql: team }] : []));
