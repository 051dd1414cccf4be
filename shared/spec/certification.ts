/**
 * Schemas of the certification operations (spec endpoints 10 "Apply for certification" and 7
 * "Certification result", and "Certification request and result"). Requests are strict; answers are loose.
 * Values are JSON strings except FHHS and BCQQFHHS, which the spec types Int.
 */
import { z } from 'zod';
import {
  BATCH_STATUSES,
  CERTIFIABLE_INVOICE_TYPES,
  CERTIFICATION_APPLICATION_TYPES,
  CERTIFICATION_FAILURE_REASONS,
  CERTIFICATION_PROCESSING_STATUSES,
  CERTIFICATION_SOURCES,
  CERTIFICATION_STATUSES,
  CERTIFICATION_TYPES,
  FAILURE_REASON_CODES,
  MANAGEMENT_STATUSES,
  OVERDUE_SELECTABLE_FLAGS,
  describeTable,
} from './codes-input.js';
import { codesOf } from './codes.js';
import { batchNumber, taxId } from './collection.js';
import { e2 } from './envelopes.js';

const text = (field: string) => z.string({ error: (issue) => (issue.input === undefined ? `${field} 不能为空` : `${field} 必须是字符串`) });

/** FPDM: 10 or 12 digits. */
export const INVOICE_CODE_PATTERN = /^(?:\d{10}|\d{12})$/;
/** FPHM: 8 digits. */
export const INVOICE_NUMBER_PATTERN = /^\d{8}$/;
/** A tax period, yyyyMM. */
export const TAX_PERIOD_PATTERN = /^\d{4}(?:0[1-9]|1[0-2])$/;
/** A non-negative amount with at most 2 decimals, as text. */
export const AMOUNT_TEXT_PATTERN = /^\d{1,14}(?:\.\d{1,2})?$/;
/**
 * YXSE may be negative: it defaults to the invoice's tax, which is negative on a red invoice. The service
 * accepts such a batch and answers that item with RZCLZT 5, SBYY 10 (red invoice cannot be certified)
 * instead of refusing the whole batch as malformed.
 */
export const SIGNED_AMOUNT_TEXT_PATTERN = /^-?\d{1,14}(?:\.\d{1,2})?$/;

export const CertificationItem = z
  .strictObject({
    FPDM: text('FPDM').regex(INVOICE_CODE_PATTERN, 'FPDM 必须是 10 或 12 位数字').describe('Invoice code, 10 or 12 digits'),
    FPHM: text('FPHM').regex(INVOICE_NUMBER_PATTERN, 'FPHM 必须是 8 位数字').describe('Invoice number, 8 digits'),
    GMFSBH: taxId('GMFSBH').describe('Buyer tax ID; must be the top-level GMFSBH'),
    SQRZLX: z
      .enum(codesOf(CERTIFICATION_APPLICATION_TYPES), { error: 'SQRZLX 取值无效，可选 1–6' })
      .describe(`Application type: ${describeTable(CERTIFICATION_APPLICATION_TYPES)}`),
    FPLXDM: z
      .enum(codesOf(CERTIFIABLE_INVOICE_TYPES), { error: 'FPLXDM 取值无效，可认证的类型为 01/14/03/08' })
      .describe(`Invoice type: ${describeTable(CERTIFIABLE_INVOICE_TYPES)}`),
    SQSKSSQ: text('SQSKSSQ').regex(TAX_PERIOD_PATTERN, 'SQSKSSQ 必须是 yyyyMM').describe('Tax period applied for, yyyyMM; must be the current tax period'),
    YXSE: text('YXSE')
      .regex(SIGNED_AMOUNT_TEXT_PATTERN, 'YXSE 必须是不超过 2 位小数的金额')
      .or(z.literal(''))
      .optional()
      .describe('Valid tax amount, 2 decimals; absent or empty: the tax amount of the invoice'),
  })
  .describe('Certification request element (element of FPZHXX of apply certification)');
export type CertificationItem = z.infer<typeof CertificationItem>;

/** Body of POST /input/openApi/applyLegalize (endpoint 10). Keys are in the order the sandbox checks them. */
export const CertificationRequest = z
  .strictObject({
    GMFSBH: taxId('GMFSBH').describe('Buyer tax ID; must be authorised for the caller and equal to every element\'s GMFSBH'),
    PCH: batchNumber().describe('Batch number of this request (32 characters); the idempotency key, also used to query the result'),
    FHHS: z.number({ error: 'FHHS 必须是整数' }).int('FHHS 必须是整数').describe('Total number of invoices in this request; must equal the length of FPZHXX'),
    FPZHXX: z
      .array(CertificationItem, { error: 'FPZHXX 必须是数组' })
      .min(1, 'FPZHXX 至少需要一张发票')
      .describe('Invoices to certify (fewer than 500 recommended)'),
  })
  .describe('Request of apply certification (POST /input/openApi/applyLegalize)');
export type CertificationRequest = z.infer<typeof CertificationRequest>;

/** Body of POST /input/openApi/applyLegalizeResult (endpoint 7). */
export const CertificationResultRequest = z
  .strictObject({
    PCH: batchNumber().describe('The batch number used when certification was applied'),
  })
  .describe('Request of the certification result (POST /input/openApi/applyLegalizeResult)');
export type CertificationResultRequest = z.infer<typeof CertificationResultRequest>;

/** Answer of endpoint 10: ZTDM 0000 means the batch was accepted (processing is asynchronous). */
export const CertificationAcceptance = e2({}).describe('E2 answer of POST /input/openApi/applyLegalize');
export type CertificationAcceptance = z.infer<typeof CertificationAcceptance>;

const optionalCode = <T extends Record<string, string>>(table: T, meaning: string) =>
  z
    .union([z.enum(codesOf(table)), z.literal('')])
    .optional()
    .describe(`${meaning}: ${describeTable(table)}; empty when unknown`);

export const CertificationResultElement = z
  .looseObject({
    FPDM: z.string().describe('Invoice code'),
    FPHM: z.string().describe('Invoice number'),
    RZZT: z.enum(codesOf(CERTIFICATION_STATUSES)).describe(`Certification status of the invoice now: ${describeTable(CERTIFICATION_STATUSES)}`),
    RZRQ: z.string().describe('Certification date, yyyy-MM-dd; empty while the invoice is not certified'),
    SBYY: z
      .enum(FAILURE_REASON_CODES)
      .optional()
      .describe(`Failure reason, present only when RZCLZT is 5: ${describeTable(CERTIFICATION_FAILURE_REASONS)}`),
    RZCLZT: z
      .enum(codesOf(CERTIFICATION_PROCESSING_STATUSES))
      .describe(`Processing status: ${describeTable(CERTIFICATION_PROCESSING_STATUSES)}`),
    RZSQ: z.string().describe('Certification tax period, yyyyMM (the period applied for)'),
    PCZT: z.enum(codesOf(BATCH_STATUSES)).describe(`Batch status: ${describeTable(BATCH_STATUSES)}`),
    RZLX: optionalCode(CERTIFICATION_TYPES, 'Certification type'),
    XXLY: optionalCode(CERTIFICATION_SOURCES, 'Source of the certification information'),
    YXSE: z.string().optional().describe('Valid tax amount, 2 decimals; non-empty when RZLX is 1 or 4'),
    YQKGXBZ: optionalCode(OVERDUE_SELECTABLE_FLAGS, 'Overdue-selectable flag'),
    GLZT: z
      .union([z.enum(codesOf(MANAGEMENT_STATUSES)), z.literal('')])
      .describe(`Management status: ${describeTable(MANAGEMENT_STATUSES)}; empty when there is no such invoice`),
  })
  .describe('Certification result element (element of FPZHXX of the result response)');
export type CertificationResultElement = z.infer<typeof CertificationResultElement>;

/** Answer of endpoint 7 when ZTDM is 0000. */
export const CertificationResultResponse = e2({
  PCH: z.string().describe('The batch number asked about'),
  BCQQFHHS: z.number().int().describe('Number of rows returned in this response'),
  FPZHXX: z.array(CertificationResultElement).describe('One element per invoice of the batch, in the order submitted'),
}).describe('E2 answer of POST /input/openApi/applyLegalizeResult');
export type CertificationResultResponse = z.infer<typeof CertificationResultResponse>;
