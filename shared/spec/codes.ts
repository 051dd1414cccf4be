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

// ---------------------------------------------------------------------------------------------------
// Output side (issuance rules, red-letter forms, print): tables of the spec's remarks and state tables.
// ---------------------------------------------------------------------------------------------------

/** sqly: reason of a red-letter application (buyer-side 0/1, seller-side 2). */
export const RED_LETTER_REASONS = {
  '0': 'buyer side: already deducted',
  '1': 'buyer side: not deducted (cannot be certified, tax ID mismatch, code/number mismatch, or goods outside VAT scope)',
  '2': 'seller side: wrong invoice refused by the buyer, or wrong invoice not yet delivered',
} as const;

/** Invoice types a red-letter information form applies to (spec endpoint 9: special and digital-electronic). */
export const RED_LETTER_FORM_TYPES: readonly InvoiceTypeCode[] = ['004', '028', '81', '82'];

/** Special invoice types (non-digital) whose red invoices need a red-letter form number (xxbbh). */
export const SPECIAL_INVOICE_TYPES: readonly InvoiceTypeCode[] = ['004', '028'];

/**
 * Every special VAT invoice (增值税专用发票: paper 004, electronic 028, the digital-electronic 81): the ones
 * the buyer deducts input tax from, so exempt, non-taxable and zero-rated sales may not go on them
 * (shared/rules/issuance/levy.ts) and the schedule of sales counts them apart.
 */
export const VAT_SPECIAL_INVOICE_TYPES: readonly InvoiceTypeCode[] = ['004', '028', '81'];

/** Paper invoice types: the only ones the print operation serves. */
export const PAPER_INVOICE_TYPES = {
  '004': 'paper special invoice',
  '007': 'paper general invoice',
} as const;

/** cxrzjlx: traveller document type (Document type code table). */
export const TRAVELLER_DOCUMENT_TYPES = {
  '101': 'organisation code certificate',
  '102': 'business licence',
  '103': 'tax registration certificate',
  '199': 'other entity document',
  '201': 'resident identity card',
  '202': 'officer certificate',
  '203': 'armed-police officer certificate',
  '204': 'soldier certificate',
  '205': 'retired military cadre certificate',
  '206': 'disability certificate',
  '207': 'disabled soldier certificate (grades 1-8)',
  '208': 'foreign passport',
  '210': 'Hong Kong/Macao resident mainland travel permit',
  '212': 'mainland resident Hong Kong/Macao travel permit',
  '213': 'Taiwan resident mainland travel permit',
  '214': 'mainland resident Taiwan travel permit',
  '215': 'foreigner residence permit',
  '216': 'diplomat certificate',
  '217': 'embassy/consulate certificate',
  '218': "seaman's book",
  '219': 'Hong Kong permanent resident identity card',
  '220': 'Taiwan identity card',
  '221': 'Macao permanent resident identity card',
  '222': 'foreign identity document',
  '224': 'employment/unemployment registration certificate',
  '225': 'retirement certificate',
  '226': 'retired-from-office certificate',
  '227': 'Chinese passport',
  '228': 'retired urban soldier self-employment certificate',
  '229': 'military dependant identity proof',
  '230': 'army officer transfer certificate',
  '231': 'army conscript discharge certificate',
  '232': 'army non-commissioned officer discharge certificate',
  '233': 'foreigner permanent residence identity card',
  '234': 'employment-entrepreneurship certificate',
  '235': 'Hong Kong passport',
  '236': 'Macao passport',
  '237': 'Hong Kong/Macao resident residence permit',
  '238': 'Taiwan resident residence permit',
  '239': 'foreigner work permit class A',
  '240': 'foreigner work permit class B',
  '241': 'foreigner work permit class C',
  '291': 'medical birth certificate',
  '299': 'other personal document',
} as const;

/** jtgjlx: vehicle type of a passenger transport line (lkysfw). */
export const PASSENGER_VEHICLE_TYPES = {
  '1': 'plane',
  '2': 'train',
  '3': 'long-distance bus',
  '4': 'public transport',
  '5': 'taxi',
  '6': 'car',
  '7': 'ship',
  '9': 'other',
} as const;
export type PassengerVehicleType = keyof typeof PASSENGER_VEHICLE_TYPES;

/** dengj: the classes allowed per vehicle type; dengj is required exactly for these (plane, train, ship). */
export const TRAVEL_CLASSES: Readonly<Partial<Record<PassengerVehicleType, readonly string[]>>> = {
  '1': ['经济舱', '头等舱', '公务舱'],
  '2': ['一等座', '二等座', '软席(软座、软卧)', '硬席(硬座、硬卧)'],
  '7': ['一等舱', '二等舱', '三等舱'],
};

/** ysgjzl: vehicle kind of a freight transport line (hwysfw). */
export const FREIGHT_VEHICLE_KINDS = {
  '0': 'rail',
  '1': 'road',
  '2': 'water',
  '3': 'air',
  '4': 'pipeline',
  '5': 'other',
} as const;

/** mjdw: area unit of real-estate sale and lease. */
export const AREA_UNITS = {
  '0': 'square metre',
  '1': 'mu',
  '2': 'm²',
  '3': 'square kilometre',
  '4': 'hectare',
  '5': 'hm²',
  '6': 'km²',
} as const;

/** kdsbz: cross-city (cross-region) flag of construction and real-estate services. */
export const CROSS_CITY_FLAGS = {
  '0': 'no',
  '1': 'yes',
} as const;

/** dylx: what the print operation prints. */
export const PRINT_KINDS = {
  '0': 'print the invoice',
  '1': 'print the list (销货清单)',
} as const;

/** fpzt: status of a printed invoice (Print result). */
export const PRINT_INVOICE_STATUSES = {
  '00': 'issued positive invoice',
  '01': 'issued negative invoice',
  '02': 'voided never-issued invoice',
  '03': 'voided issued positive invoice',
  '04': 'voided issued negative invoice',
} as const;
export type PrintInvoiceStatus = keyof typeof PRINT_INVOICE_STATUSES;

/** zsfs: levy method of a printed invoice. */
export const LEVY_METHODS = {
  '0': 'ordinary',
  '1': 'reduced-rate',
  '2': 'difference-based',
} as const;

/** tspz as the Print result writes it (2 characters). */
export const PRINT_SPECIAL_KINDS = {
  '00': 'not special',
  '01': 'agricultural product sale',
  '02': 'agricultural product purchase',
  '06': 'deductible toll',
  '07': 'non-deductible toll',
  '08': 'refined oil',
} as const;

/** qdbz: whether a printed invoice has a list (销货清单). */
export const LIST_FLAGS = {
  '0': 'no list',
  '1': 'has list',
} as const;

/** Lines an invoice face holds; more lines go to the list (销货清单) and qdbz becomes 1. */
export const LINES_ON_INVOICE_FACE = 8;

/** fphxz of a red-letter detail line (the discounted line is listed with 0). */
export const RED_LETTER_LINE_NATURES = {
  0: 'normal line (also the discounted line)',
  1: 'discount line',
} as const;

/** fphxz of a printed detail line. */
export const PRINT_LINE_NATURES = {
  '0': 'normal line',
  '1': 'discount line',
  '2': 'discounted line',
} as const;

/** lslbs of red-letter and print lines: zero-rate flag (empty: none). */
export const ZERO_RATE_FLAGS = {
  '1': 'export exemption and other exemption policies',
  '2': 'not subject to VAT',
  '3': 'ordinary zero rate',
} as const;

/** yhzcbs of a red-letter line: preferential policy flag. */
export const PREFERENTIAL_POLICY_FLAGS = {
  '0': 'unused',
  '1': 'used',
} as const;

/**
 * The 2-digit invoice type written in an invoice QR code (docs/architecture.md §9), per fplxdm. 01/04/08/10/11 are
 * the verification table's codes; 31/32 are what digital-electronic invoices carry in their QR codes.
 */
export const QR_INVOICE_TYPES: Readonly<Record<InvoiceTypeCode, string>> = {
  '004': '01',
  '007': '04',
  '025': '11',
  '026': '10',
  '028': '08',
  '81': '31',
  '82': '32',
};
