/**
 * Code tables of the issuance operation, as `{code: meaning}` maps taken from the spec. The zod enums in
 * the schemas are built from the keys, so a code and its meaning can never be listed in two places.
 */

/** Keys of a code map as the non-empty tuple `z.enum` wants. */
export function codesOf<T extends Record<string, string>>(table: T): [keyof T & string, ...(keyof T & string)[]] {
  const keys = Object.keys(table) as (keyof T & string)[];
  const [first, ...rest] = keys;
  if (first === undefined) throw new Error('A code table must not be empty');
  return [first, ...rest];
}

/** fplxdm: invoice type. */
export const INVOICE_TYPES = {
  '004': 'paper special invoice',
  '007': 'paper general invoice',
  '025': 'roll invoice',
  '026': 'electronic general invoice',
  '028': 'electronic special invoice',
  '81': 'digital-electronic special invoice',
  '82': 'digital-electronic general invoice',
} as const;
export type InvoiceTypeCode = keyof typeof INVOICE_TYPES;

/** Digital-electronic types: no invoice code (fpdm), 20-digit numbers, xxbid instead of xxbbh for red ones. */
export const DIGITAL_INVOICE_TYPES: readonly InvoiceTypeCode[] = ['81', '82'];

/** Types for which the buyer's tax ID is required (ghdwsbh). */
export const BUYER_TAX_ID_REQUIRED_TYPES: readonly InvoiceTypeCode[] = ['004', '028', '81'];

/** Types for which the buyer's address, phone, bank and account are required. */
export const BUYER_DETAILS_REQUIRED_TYPES: readonly InvoiceTypeCode[] = ['004', '028'];

/** tspz: special invoice kind. */
export const SPECIAL_INVOICE_KINDS = {
  '00': 'normal',
  '01': 'agricultural product sale',
  '02': 'agricultural product purchase',
  '08': 'refined oil sale',
  '53': 'construction service',
  '54': 'freight transport service',
  '55': 'real-estate sale service',
  '56': 'real-estate lease service',
  '59': 'passenger transport service',
} as const;
export type SpecialInvoiceKind = keyof typeof SPECIAL_INVOICE_KINDS;

/** Kinds whose digital-electronic invoices need tdywxx, with the member each one needs. */
export const SPECIFIC_BUSINESS_MEMBERS = {
  '53': 'jzfw',
  '54': 'hwysfw',
  '55': 'bdcxsfw',
  '56': 'bdcjyzlfw',
  '59': 'lkysfw',
} as const satisfies Partial<Record<SpecialInvoiceKind, string>>;

/** kplx: direction of an issued invoice. */
export const INVOICE_DIRECTIONS = {
  '0': 'blue (positive) invoice',
  '1': 'red (negative) invoice',
} as const;
export type InvoiceDirection = keyof typeof INVOICE_DIRECTIONS;

/** zflx: voiding type of an issued invoice (absent or null: not voided). */
export const VOIDING_TYPES = {
  '0': 'blank invoice voided',
  '1': 'issued invoice voided',
} as const;

/** chyydm: red-reversal reason. */
export const RED_REVERSAL_REASONS = {
  '1': 'goods returned',
  '2': 'invoice error',
  '3': 'service terminated',
  '4': 'sales allowance',
} as const;

/** isAuto: how the service proceeds after validation. */
export const AUTO_ISSUE_MODES = {
  0: 'submit for issuing manually after human review',
  1: 'issue automatically once data validation passes',
} as const;

/** fphxz: nature of a detail line. */
export const LINE_NATURES = {
  0: 'normal line',
  1: 'discount line (needs only spmc, je and sl)',
  2: 'discounted line',
  3: 'offset/supplement line (non-standard)',
} as const;

/** lslbs: special levy method (absent: normal rate). */
export const SPECIAL_LEVY_METHODS = {
  '1': 'export exemption and other exemption policies',
  '2': 'not subject to VAT',
  '3': 'ordinary zero rate',
  '4': 'difference-based levy',
  '5': 'simplified levy',
  '6': 'reduced-rate levy',
} as const;

/** zzstsgl: preferential policy code. */
export const PREFERENTIAL_POLICIES = {
  '01': 'simplified levy',
  '02': 'rare-earth products',
  '03': 'tax exempt',
  '04': 'not taxed',
  '05': 'levy then refund',
  '06': '100% levy then refund',
  '07': '50% levy then refund',
  '08': 'simplified levy at 3%',
  '09': 'simplified levy at 5%',
  '10': 'simplified levy at 5% reduced to 1.5%',
  '11': 'immediate refund 30%',
  '12': 'immediate refund 50%',
  '13': 'immediate refund 70%',
  '14': 'immediate refund 100%',
  '15': 'immediate refund above 3% burden',
  '16': 'immediate refund above 8% burden',
  '17': 'immediate refund above 12% burden',
  '18': 'immediate refund above 6% burden',
} as const;

/** The show-in-remark flags (sfzs…): only effective for digital-electronic invoices. */
export const SHOW_FLAGS = {
  '0': 'do not show (default)',
  '1': 'show',
} as const;

/**
 * Status codes of the service's ZTDM table. The spec ties 2002 and 2012 to authorisation for every
 * operation, so a client may use this table to explain an E1 failure code too; it says nothing else
 * about E1 failure codes.
 */
export const SERVICE_STATUS_CODES: Readonly<Record<string, string>> = {
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
};
