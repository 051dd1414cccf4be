/**
 * Schemas of the two collection operations (spec endpoints 3 "Collect input invoices with details" and
 * 6 "Collect main information", and "Collected invoice record"). Requests are strict objects so a
 * misspelt member is caught before it is sent; records and answers are loose because they are read from
 * the service. All values are JSON strings except the ones the spec types Int (KSHS, ZHS, BCQQFHHS).
 *
 * Open point 4 (nesting of the special record's detail lines): the lines are an array MXXX[] of objects,
 * exactly like the toll record's, with the special record's line fields (XH, SPMC, SPBM, SPBMJC, GGXH, DW,
 * SPSL, DJ, JE, SL, SE). A flat record cannot carry several lines, and the line SE would collide with the
 * header SE (tax amount) that the flat table also lists.
 */
import { z } from 'zod';
import {
  AGENT_REFUND_FLAGS,
  CERTIFICATION_SOURCES,
  CERTIFICATION_STATUSES,
  CERTIFICATION_TYPES,
  COLLECTED_INVOICE_STATUSES,
  COLLECTION_CONTINUATION_FLAGS,
  COLLECTION_INVOICE_TYPES,
  MANAGEMENT_STATUSES,
  OVERDUE_SELECTABLE_FLAGS,
  SELECTED_FLAGS,
  SPECIAL_RECORD_TYPES,
  TOLL_DEDUCTIBLE_FLAGS,
  ZERO_RATE_FLAGS,
  describeTable,
} from './codes-input.js';
import { codesOf } from './codes.js';
import { e2 } from './envelopes.js';

// ---------------------------------------------------------------------------------------------------
// Request field builders. Messages are Chinese: they reach the clerk through the sandbox's ZTXX.

const present = (field: string) => ({ error: (issue: { input: unknown }) => (issue.input === undefined ? `${field} 不能为空` : `${field} 必须是字符串`) });

/** A 15- or 18-character tax ID (USCC or the older 15-character registration number). */
export const TAX_ID_PATTERN = /^(?:[0-9A-Z]{15}|[0-9A-Z]{18})$/;
/** yyyyMMddHHmmss. */
export const COMPACT_DATE_TIME_PATTERN = /^\d{14}$/;

export const taxId = (field: string) => z.string(present(field)).regex(TAX_ID_PATTERN, `${field} 必须是 15 或 18 位税号`);

/** A 32-character batch number (the spec fixes the length, not the alphabet). */
export const batchNumber = (field = 'PCH') => z.string(present(field)).length(32, `${field} 必须是 32 位`);

/** A real calendar date-time written yyyyMMddHHmmss. */
export const compactDateTime = (field: string) =>
  z
    .string(present(field))
    .regex(COMPACT_DATE_TIME_PATTERN, `${field} 必须是 14 位 yyyyMMddHHmmss`)
    .refine(isCalendarDateTime, `${field} 不是有效的日期时间`);

export function isCalendarDateTime(value: string): boolean {
  const [year, month, day, hour, minute, second] = [0, 4, 6, 8, 10, 12].map((at, index) => Number(value.slice(at, at + (index === 0 ? 4 : 2))));
  if ([year, month, day, hour, minute, second].some((part) => part === undefined || Number.isNaN(part))) return false;
  const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() + 1 === month &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

const startRow = z
  .number({ error: 'KSHS 必须是数字' })
  .int('KSHS 必须是整数')
  .min(1, 'KSHS 从 1 开始')
  .describe(
    'Start row, 1-based; 1 on the first request of a PCH. When the rows returned are fewer than ZHS the next request starts after the rows already returned (KSHS + BCQQFHHS of the previous answer); a lost answer may be asked again with its own KSHS',
  );

const continuationFlag = z
  .enum(codesOf(COLLECTION_CONTINUATION_FLAGS), { error: 'ZTBZ 必须是 1 位：1 继续请求，0 结束请求' })
  .describe(`Status flag: ${describeTable(COLLECTION_CONTINUATION_FLAGS)}; after a request with 0 the PCH is closed`);

const collectionStart = compactDateTime('CJKSRQ').describe(
  'Collection start time, yyyyMMddHHmmss, matched against the date the platform collected each invoice (ignored by the first initial collection)',
);
const collectionEnd = compactDateTime('CJJSRQ').describe('Collection end time, yyyyMMddHHmmss, inclusive');

export const CollectionInvoiceType = z
  .enum(codesOf(COLLECTION_INVOICE_TYPES), { error: `FPLXDM 取值无效，可选 ${Object.keys(COLLECTION_INVOICE_TYPES).join('/')}` })
  .describe(`Invoice type, which also selects the record layout: ${describeTable(COLLECTION_INVOICE_TYPES)}`);

/** Body of POST /input/openApi/invoice (endpoint 3). Keys are in the order the sandbox checks them. */
export const CollectionRequest = z
  .strictObject({
    GMFSBH: taxId('GMFSBH').describe('Buyer tax ID (15 or 18 characters); must be authorised for the caller'),
    PCH: batchNumber().describe(
      'Batch number identifying one logical request: a new value for every new request, the same value for its follow-up requests',
    ),
    CJKSRQ: collectionStart,
    CJJSRQ: collectionEnd,
    KSHS: startRow,
    ZTBZ: continuationFlag,
    FPLXDM: CollectionInvoiceType,
    FHHS: z
      .string({ error: 'FHHS 必须是字符串' })
      .regex(/^[1-9]\d{0,5}$/, 'FHHS 必须是正整数')
      .optional()
      .describe('Number of records (invoices) to return; absent: as many as fit in 1000 detail rows'),
  })
  .describe('Request of the collection with details (POST /input/openApi/invoice)');
export type CollectionRequest = z.infer<typeof CollectionRequest>;

/** Body of POST /input/openApi/mainInvoice (endpoint 6). */
export const MainInformationRequest = z
  .strictObject({
    GMFSBH: taxId('GMFSBH')
      .optional()
      .describe("Buyer tax ID; when absent the caller's only authorised tax number is meant (the sandbox refuses 2014 if it has several)"),
    PCH: batchNumber().describe('Batch number; the same value across the repeated requests of one logical request'),
    CJKSRQ: collectionStart,
    CJJSRQ: collectionEnd,
    KSHS: startRow,
    ZTBZ: continuationFlag,
  })
  .describe('Request of the main-information collection (POST /input/openApi/mainInvoice)');
export type MainInformationRequest = z.infer<typeof MainInformationRequest>;

// ---------------------------------------------------------------------------------------------------
// Records, as read from the service. Optional values may come as '' (the sandbox writes every field of
// a layout, empty when there is no value).

const required = (meaning: string) => z.string().describe(meaning);
const optional = (meaning: string) => z.string().optional().describe(meaning);
const requiredCode = <T extends Record<string, string>>(table: T, meaning: string) =>
  z.enum(codesOf(table)).describe(`${meaning}: ${describeTable(table)}`);
const optionalCode = <T extends Record<string, string>>(table: T, meaning: string) =>
  z
    .union([z.enum(codesOf(table)), z.literal('')])
    .optional()
    .describe(`${meaning}: ${describeTable(table)}; empty when unknown`);

/** Fields every layout starts with: the invoice and the selection window of the current tax period. */
const periodHeader = {
  FPDM: required('Invoice code, 10 or 12 digits (empty for fully digital invoices)'),
  FPHM: required('Invoice number, 8 digits (20 for fully digital invoices)'),
  DQSKSSQ: required('Current tax period, yyyyMM'),
  GXJZR: required('Selection deadline of the current period, yyyyMMdd'),
  GXRQQ: required('Earliest issue date selectable in the current period, yyyyMMdd'),
  GXRQZ: required('Latest issue date selectable in the current period, yyyyMMdd'),
};

/** Certification members shared by all layouts. */
const certificationMembers = {
  RZZT: optionalCode(CERTIFICATION_STATUSES, 'Certification status'),
  RZRQ: optional('Certification date, yyyyMMdd'),
  RZSQ: optional('Certification tax period, yyyyMM'),
  SFDBTS: optionalCode(AGENT_REFUND_FLAGS, 'Refund handled by agent'),
  RZLX: optionalCode(CERTIFICATION_TYPES, 'Certification type'),
};

const tollFields = {
  JYM: optional('Check code (toll-invoice field)'),
  TXFBZ: optionalCode(TOLL_DEDUCTIBLE_FLAGS, 'Toll flag (toll-invoice field)'),
  LSLBZ: optionalCode(ZERO_RATE_FLAGS, 'Zero-rate flag (toll-invoice field)'),
};

const trailingStatus = {
  XXLY: optionalCode(CERTIFICATION_SOURCES, 'Source of the certification information'),
  YXSE: optional('Valid tax amount, 2 decimals; non-empty when RZLX is 1 or 4'),
  YQKGXBZ: optionalCode(OVERDUE_SELECTABLE_FLAGS, 'Overdue-selectable flag'),
  GLZT: requiredCode(MANAGEMENT_STATUSES, 'Management status'),
};

/** The special record from FPDM through GLZT, also the header of the toll record. */
const specialHeader = {
  ...periodHeader,
  GMFMC: optional('Buyer name'),
  GMFSBH: optional('Buyer tax ID'),
  GMFDZDH: optional('Buyer address and phone'),
  GMFYHZH: optional('Buyer bank and account'),
  XHFMC: optional('Seller name'),
  XHFSBH: optional('Seller tax ID'),
  XHFDZDH: optional('Seller address and phone'),
  XHFYHZH: optional('Seller bank and account'),
  KPRQ: optional('Issue date, yyyyMMdd'),
  HJJE: optional('Invoice amount excluding tax, 2 decimals (negative for a red invoice)'),
  SE: optional('Tax amount, 2 decimals'),
  JSHJ: optional('Total including tax, 2 decimals'),
  BZ: optional('Remark'),
  FPZT: optionalCode(COLLECTED_INVOICE_STATUSES, 'Invoice status'),
  ...certificationMembers,
  ...tollFields,
  ...trailingStatus,
};

const lineMembers = {
  XH: optional('Line number, from 1'),
  SPMC: optional('Goods name'),
  SPBM: optional('Product (tax classification) code, 19 digits'),
  SPBMJC: optional('Tax classification short name'),
  GGXH: optional('Specification'),
  DW: optional('Unit'),
  SPSL: optional('Quantity (empty for a service line without quantity)'),
  DJ: optional('Unit price excluding tax'),
  JE: optional('Amount excluding tax, 2 decimals'),
  SL: optional('Rate as a percentage number without a percent sign, e.g. 13'),
  SE: optional('Tax, 2 decimals'),
};

export const SpecialInvoiceLine = z.looseObject(lineMembers).describe('Detail line of a special record (element of MXXX, open point 4)');

export const TollInvoiceLine = z
  .looseObject({
    ...lineMembers,
    CPH: optional('Plate number'),
    LX: optional('Vehicle type'),
    TXSJQ: optional('Pass time from, yyyyMMddHHmmss'),
    TXSJZ: optional('Pass time to, yyyyMMddHHmmss'),
  })
  .describe('Detail line of a toll record (element of MXXX)');

export const SpecialInvoiceRecord = z
  .looseObject({
    ...specialHeader,
    FPLXDM: z.enum(SPECIAL_RECORD_TYPES).describe('Invoice type: 01, 08 or 31'),
    MXXX: z.array(SpecialInvoiceLine).describe('Detail lines (nesting chosen by the sandbox for open point 4)'),
  })
  .describe('Special invoice record (FPLXDM 01, 08 or 31)');
export type SpecialInvoiceRecord = z.infer<typeof SpecialInvoiceRecord>;

export const TollInvoiceRecord = z
  .looseObject({
    ...specialHeader,
    FPLXDM: z.literal('14').describe('Invoice type: 14 toll electronic invoice'),
    MXXX: z.array(TollInvoiceLine).describe('Toll lines'),
  })
  .describe('Toll-fee record (FPLXDM 14)');
export type TollInvoiceRecord = z.infer<typeof TollInvoiceRecord>;

export const MotorVehicleRecord = z
  .looseObject({
    ...periodHeader,
    FPLXDM: z.literal('03').describe('Invoice type: 03 motor-vehicle sale unified invoice'),
    GMFMC: required('Buyer name'),
    KPRQ: required('Issue date, yyyyMMdd'),
    GFSFHM: optional('Buyer identity number or organisation code'),
    GMFSBH: required('Buyer tax ID'),
    CLLX: optional('Vehicle type'),
    CPXH: optional('Model'),
    CD: optional('Origin'),
    HGZS: optional('Conformity certificate number'),
    JKZMSH: optional('Import certificate number'),
    SJDH: optional('Inspection number'),
    FDJHM: optional('Engine number'),
    CLSBH: optional('Frame / vehicle identification number'),
    JSHJ: optional('Total including tax, 2 decimals (open point 5: the sandbox puts the total here)'),
    XHFMC: required('Seller name'),
    XFDH: optional('Seller phone'),
    XHFSBH: required('Seller tax ID'),
    XHFYHZH: optional('Seller account'),
    XHFDZDH: optional('Seller address'),
    XFKHYH: optional('Seller bank'),
    SL: required('Rate as a percentage number'),
    SE: required('Tax, 2 decimals'),
    ZGSWJGDM: optional('Competent tax authority code'),
    ZGSWJGMC: optional('Competent tax authority name'),
    WSPZHM: optional('Tax payment certificate number'),
    DW: optional('Tonnage'),
    XCRS: optional('Passenger limit'),
    SFYGX: requiredCode(SELECTED_FLAGS, 'Selected'),
    FPZT: requiredCode(COLLECTED_INVOICE_STATUSES, 'Invoice status'),
    ...certificationMembers,
    RZZT: requiredCode(CERTIFICATION_STATUSES, 'Certification status'),
    RZRQ: optional('Certification date, yyyyMMdd (open point 5: the sandbox puts the certification date here)'),
    ...trailingStatus,
  })
  .describe('Motor-vehicle record (FPLXDM 03)');
export type MotorVehicleRecord = z.infer<typeof MotorVehicleRecord>;

export const CollectedInvoiceRecord = z
  .discriminatedUnion('FPLXDM', [SpecialInvoiceRecord, MotorVehicleRecord, TollInvoiceRecord])
  .describe('Collected invoice record, laid out by FPLXDM');
export type CollectedInvoiceRecord = z.infer<typeof CollectedInvoiceRecord>;

export const MainInformationRecord = z
  .looseObject({
    ...periodHeader,
    FPLXDM: z.enum(codesOf(COLLECTION_INVOICE_TYPES)).describe(`Invoice type: ${describeTable(COLLECTION_INVOICE_TYPES)}`),
    GMFSBH: optional('Buyer tax ID'),
    XHFMC: optional('Seller name'),
    XHFSBH: optional('Seller tax ID'),
    KPRQ: optional('Issue date, yyyyMMdd'),
    HJJE: optional('Invoice amount, 2 decimals'),
    SE: optional('Tax amount, 2 decimals'),
    FPZT: optionalCode(COLLECTED_INVOICE_STATUSES, 'Invoice status'),
    ...certificationMembers,
    JYM: optional('Check code (toll invoices have it)'),
    ...trailingStatus,
  })
  .describe('Main-information record (an invoice without details)');
export type MainInformationRecord = z.infer<typeof MainInformationRecord>;

const pagingMembers = {
  ZHS: z.number().int().describe('Total rows (invoices) of the logical request identified by PCH'),
  KSHS: z.number().int().describe('Start row of this answer, 1-based'),
  BCQQFHHS: z.number().int().describe('Rows (invoices) returned by this request'),
};

/** Answer of endpoint 3 when ZTDM is 0000 (a refusal carries only ZTDM and ZTXX: see E2Status). */
export const CollectionResponse = e2({
  FPLXDM: CollectionInvoiceType,
  ...pagingMembers,
  FPZHXX: z.array(CollectedInvoiceRecord).describe('Collected invoice records, at most 1000 detail rows in all'),
}).describe('E2 answer of POST /input/openApi/invoice');
export type CollectionResponse = z.infer<typeof CollectionResponse>;

/** Answer of endpoint 6 when ZTDM is 0000. */
export const MainInformationResponse = e2({
  ...pagingMembers,
  FPZHXX: z.array(MainInformationRecord).describe('Main-information records'),
}).describe('E2 answer of POST /input/openApi/mainInvoice');
export type MainInformationResponse = z.infer<typeof MainInformationResponse>;

/** Any E2 answer read for its status only: a refusal (ZTDM other than 0000) carries nothing else. */
export const E2Status = e2({}).describe('E2 status members (ZTDM, ZTXX)');
export type E2Status = z.infer<typeof E2Status>;
