/** Every history-database migration, in order. Add new ones at the end (steps of 10, additive only). */
import type { Migration } from '../migrate.js';
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
import { monthEndStatistics } from './0480-month-end-statistics.js';
import { clerks } from './0500-clerks.js';
import { receivedOneOriginal } from './0530-received-one-original.js';
import { auditEvent } from './0590-audit-event.js';
import { draftReview } from './0600-draft-review.js';
import { lineLevy } from './0610-line-levy.js';
import { salesBeforeTax } from './0620-sales-before-tax.js';
import { clerkLockout } from './0630-clerk-lockout.js';
import { clerkEnterprises } from './0640-clerk-enterprises.js';

export const migrations: readonly Migration[] = [
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
  monthEndStatistics,
  clerks,
  receivedOneOriginal,
  auditEvent,
  draftReview,
  lineLevy,
  salesBeforeTax,
  clerkLockout,
  clerkEnterprises,
];
