/**
 * Code tables of the input side (collection and certification), as `{code: meaning}` maps taken from the
 * spec ("Collected invoice record", "Certification request and result", "Code and list tables used by
 * several operations", "States and transitions", "Certification application status codes"). The zod enums
 * of collection.ts and certification.ts are built from the keys, so a code is listed in one place only.
 */

/** FPLXDM of the collection operations: which invoices are collected, and which record layout answers. */
export const COLLECTION_INVOICE_TYPES = {
  '01': 'special invoice',
  '03': 'motor-vehicle sale unified invoice',
  '08': 'electronic special invoice',
  '14': 'toll electronic general invoice',
  '31': 'electronic invoice (special)',
} as const;
export type CollectionInvoiceType = keyof typeof COLLECTION_INVOICE_TYPES;

/** The collected types answered in the special-invoice record layout (the others have their own). */
export const SPECIAL_RECORD_TYPES = ['01', '08', '31'] as const satisfies readonly CollectionInvoiceType[];

/** FPLXDM of an invoice submitted for certification (endpoint 10 lists only these four). */
export const CERTIFIABLE_INVOICE_TYPES = {
  '01': 'special invoice',
  '14': 'toll electronic general invoice',
  '03': 'motor-vehicle sale unified invoice',
  '08': 'electronic special invoice',
} as const;
export type CertifiableInvoiceType = keyof typeof CERTIFIABLE_INVOICE_TYPES;

/** FPZT: status of a collected invoice. */
export const COLLECTED_INVOICE_STATUSES = {
  '0': 'normal',
  '1': 'out of control',
  '2': 'voided',
  '3': 'red-reversed',
  '4': 'abnormal',
} as const;
export type CollectedInvoiceStatus = keyof typeof COLLECTED_INVOICE_STATUSES;

/** RZZT: certification status. */
export const CERTIFICATION_STATUSES = {
  '0': 'not certified',
  '1': 'certified',
} as const;
export type CertificationStatus = keyof typeof CERTIFICATION_STATUSES;

/** RZCLZT: processing status of one invoice of a certification batch. */
export const CERTIFICATION_PROCESSING_STATUSES = {
  '0': 'not certified',
  '1': 'awaiting certification',
  '2': 'certifying in the system',
  '3': 'certifying at a third party',
  '4': 'certification succeeded',
  '5': 'certification failed',
} as const;
export type CertificationProcessingStatus = keyof typeof CERTIFICATION_PROCESSING_STATUSES;

/** RZCLZT values after which an invoice's processing no longer changes. */
export const FINAL_PROCESSING_STATUSES = ['4', '5'] as const satisfies readonly CertificationProcessingStatus[];

/** GLZT: management status. */
export const MANAGEMENT_STATUSES = {
  '0': 'normal',
  '1': 'abnormal',
  '2': 'suspected irregular',
} as const;
export type ManagementStatus = keyof typeof MANAGEMENT_STATUSES;

/** PCZT: batch status of a certification result (beyond Y and N the meaning is open point 10). */
export const BATCH_STATUSES = {
  Y: 'the whole batch is finished',
  N: 'the batch is still being processed',
} as const;
export type BatchStatus = keyof typeof BATCH_STATUSES;

/** SQRZLX: what a certification application asks for. */
export const CERTIFICATION_APPLICATION_TYPES = {
  '1': 'deduct',
  '2': 'refund',
  '3': 'agent refund',
  '4': 'not deduct',
  '5': 'cancel deduction',
  '6': 'cancel non-deduction',
} as const;
export type CertificationApplicationType = keyof typeof CERTIFICATION_APPLICATION_TYPES;

/** The application types that undo an earlier certification rather than make one. */
export const CANCELLING_APPLICATION_TYPES = ['5', '6'] as const satisfies readonly CertificationApplicationType[];

/** RZLX: certification (use) type of a certified invoice. */
export const CERTIFICATION_TYPES = {
  '0': 'not deducted',
  '1': 'deducted',
  '2': 'refund',
  '3': 'agent refund',
  '4': 'not deductible',
} as const;
export type CertificationType = keyof typeof CERTIFICATION_TYPES;

/** The RZLX values for which YXSE (valid tax amount) is non-empty. */
export const TYPES_WITH_VALID_TAX = ['1', '4'] as const satisfies readonly CertificationType[];

/** XXLY: where the certification information came from. */
export const CERTIFICATION_SOURCES = {
  '0': 'scan certification',
  '1': 'system push',
  '2': 'export converted to domestic sale',
} as const;
export type CertificationSource = keyof typeof CERTIFICATION_SOURCES;

/** YQKGXBZ: overdue-selectable flag. */
export const OVERDUE_SELECTABLE_FLAGS = {
  '0': 'default',
  '1': 'overdue selectable',
} as const;

/** SFDBTS: refund handled by an agent. */
export const AGENT_REFUND_FLAGS = {
  '0': 'no',
  '1': 'yes',
} as const;

/** SFYGX (motor-vehicle record): whether the invoice has been selected. */
export const SELECTED_FLAGS = {
  '0': 'not selected',
  '1': 'selected',
} as const;

/** TXFBZ (toll invoices): whether the toll is deductible. */
export const TOLL_DEDUCTIBLE_FLAGS = {
  N: 'non-deductible',
  Y: 'deductible',
} as const;

/** LSLBZ (toll invoices): zero-rate flag; empty means a non-zero rate. */
export const ZERO_RATE_FLAGS = {
  '': 'non-zero rate',
  '1': 'exempt',
  '2': 'not levied',
  '3': 'zero rate',
} as const;

/** ZTBZ of a collection request. */
export const COLLECTION_CONTINUATION_FLAGS = {
  '1': 'continue requesting',
  '0': 'end requesting',
} as const;
export type CollectionContinuationFlag = keyof typeof COLLECTION_CONTINUATION_FLAGS;

export interface FailureReason {
  meaning: string;
  /** The spec's "whether the certification may be requested again". */
  mayRequestAgain: boolean;
}

/** SBYY: certification failure reasons, each with whether the invoice may be submitted again. */
export const CERTIFICATION_FAILURE_REASONS = {
  '1': { meaning: 'success', mayRequestAgain: false },
  '2': { meaning: 'no such invoice', mayRequestAgain: true },
  '3': { meaning: 'invoice abnormal and cannot be certified', mayRequestAgain: false },
  '4': { meaning: 'already certified', mayRequestAgain: false },
  '5': { meaning: 'overdue and cannot be certified', mayRequestAgain: false },
  '6': { meaning: 'already applied', mayRequestAgain: false },
  '7': { meaning: 'application month mismatch', mayRequestAgain: true },
  '8': { meaning: 'other exception', mayRequestAgain: true },
  '9': { meaning: 'invoice not yet due', mayRequestAgain: true },
  '10': { meaning: 'red invoice cannot be certified', mayRequestAgain: false },
  '11': { meaning: 'certification type mismatch', mayRequestAgain: true },
  '12': { meaning: 'credit rating abnormal', mayRequestAgain: false },
  '13': { meaning: 'token not fetched for over five days', mayRequestAgain: true },
  '14': { meaning: 'invoice cannot be selected as overdue', mayRequestAgain: true },
  '15': { meaning: 'valid tax amount abnormal (greater than actual tax)', mayRequestAgain: true },
  '16': { meaning: 'current period locked', mayRequestAgain: false },
  '17': { meaning: 'overdue cannot be selected', mayRequestAgain: false },
  '18': { meaning: 'invoice not ticked (confirmed)', mayRequestAgain: true },
  '19': { meaning: 'cancel operation mismatch', mayRequestAgain: true },
  '98': { meaning: 'management status abnormal', mayRequestAgain: false },
} as const satisfies Record<string, FailureReason>;
export type CertificationFailureReason = keyof typeof CERTIFICATION_FAILURE_REASONS;
/** The SBYY codes as the non-empty tuple `z.enum` wants. */
export const FAILURE_REASON_CODES = Object.keys(CERTIFICATION_FAILURE_REASONS) as [CertificationFailureReason, ...CertificationFailureReason[]];

/** ZTDM: status codes of the E2 operations (collection, apply certification, certification result). */
export const ZTDM_CODES = {
  '0000': 'processed successfully',
  '9999': 'processing failed',
  '2001': 'invoice does not exist',
  '2002': 'authorisation information error',
  '2003': 'request message format error',
  '2004': 'content differs (for example a count sent differs from the actual count)',
  '2005': 'interface code does not exist',
  '2006': 'batch number must be present and 32 characters',
  '2007': 'current-period start date must be present and 14 characters',
  '2008': 'status flag must be present and 1 character',
  '2009': 'start row must be present and numeric',
  '2010': 'current-period end date must be present and 14 characters',
  '2011': 'other exception',
  '2012': 'confirm that the address and the tax number are authorised',
  '2013': 'no such group',
  '2014': 'tax number must be present',
  '2015': 'code and number lengths do not match',
  '2016': 'certification tax period must be present',
  '2017': 'no such invoice',
  '2018': 'confirmation statistics time must be present',
  '2019': 'confirmation flag must be present',
  '2020': 'statistics flag must be present',
  '2021': 'statistics period must be present',
  '2022': 'check code error',
  '2023': 'confirmation password must be present',
  '2024': 'confirmation password must be 6 to 20 characters',
} as const;
export type ZtdmCode = keyof typeof ZTDM_CODES;

/** ZTDM of an accepted or successfully answered E2 request. */
export const ZTDM_OK: ZtdmCode = '0000';

/** The spec's limit on one full-collection response: its invoices carry at most this many detail rows. */
export const MAX_DETAIL_ROWS_PER_RESPONSE = 1000;

/** The recommended (not enforced) maximum of invoices in one certification request. */
export const RECOMMENDED_CERTIFICATION_BATCH = 500;

/** Earliest issue date of the uncertified invoices returned by a buyer's first initial collection. */
export const INITIAL_COLLECTION_EARLIEST_ISSUE_DATE = '20170101';

/** "meaning" lines for `.describe()`: `01 special invoice, 03 …`. */
export function describeTable(table: Record<string, string | FailureReason>): string {
  return Object.entries(table)
    .map(([code, meaning]) => `${code === '' ? '(empty)' : code} ${typeof meaning === 'string' ? meaning : meaning.meaning}`)
    .join(', ');
}
