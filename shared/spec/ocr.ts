/**
 * Schemas of the recognition (OCR) operation: spec endpoint 1 and "Recognition result" with every layout
 * and code table. The result is read from the service, so objects are loose and every data field is an
 * optional string (the spec: "all data values are strings"); lengths are in the descriptions, not
 * enforced, because a recogniser reading a real picture may return more than the printed form holds.
 * Which layout a result has is decided by its FPLXDM, so the result is a union discriminated on it; the
 * layouts themselves are in ./ocr-layouts.ts.
 */
import { z } from 'zod';
import { codesOf } from './codes.js';
import { e3 } from './envelopes.js';
import {
  LayoutAData,
  LayoutBData,
  LayoutCData,
  TaxiData,
  TrainData,
  MachinePrintedData,
  QuotaData,
  TollRoadData,
  BusData,
  AirItineraryData,
  UsedCarData,
  MotorVehicleData,
  InternationalReceiptData,
  RideHailingData,
  TaxPaymentCertificateData,
  ShipData,
  OtherReimbursableData,
  UnshownLayoutData,
} from './ocr-layouts.js';

const describeCodes = (table: Record<string, string>): string =>
  Object.entries(table)
    .map(([code, meaning]) => `${code} ${meaning}`)
    .join(', ');

/** FPLXDM of a recognition result (differs from issuance fplxdm and from the collection FPLXDM). */
export const OCR_INVOICE_TYPES = {
  '01': 'VAT special',
  '04': 'VAT general',
  '10': 'VAT general (electronic)',
  '11': 'VAT general (roll)',
  '14': 'toll-fee',
  '91': 'taxi',
  '92': 'train ticket',
  '93': 'plane ticket',
  '94': 'bus ticket',
  '95': 'quota',
  '96': 'international receipt',
  '97': 'general machine-printed',
  '98': 'toll road/bridge',
  '03': 'motor vehicle sale unified',
  '15': 'used-car sale unified',
  '85': 'other reimbursable',
  '86': 'ride-hailing itinerary',
  '87': 'tax payment certificate',
  '88': 'ship ticket',
  '00': 'other',
  '08': 'VAT electronic',
  '16': 'blockchain electronic',
} as const;
export type OcrInvoiceType = keyof typeof OCR_INVOICE_TYPES;


// ---- The result ---------------------------------------------------------------------------------------

const common = {
  XZJD: z.string().optional().describe('Rotation angle of the invoice in the picture; max 3'),
  region: z.array(z.number()).optional().describe('Diagonal coordinates of the invoice in the picture: a list of four numbers'),
};

const typeCode = <const T extends readonly [OcrInvoiceType, ...OcrInvoiceType[]]>(codes: T) =>
  z.literal(codes).describe(`Invoice type code (FPLXDM): ${codes.map((code) => `${code} ${OCR_INVOICE_TYPES[code]}`).join(', ')}`);

const result = <const T extends readonly [OcrInvoiceType, ...OcrInvoiceType[]], D extends z.ZodType>(codes: T, data: D) =>
  z.looseObject({ FPLXDM: typeCode(codes), ...common, data });

/** Types read with layout A. 08's layout is not shown (open point 9); the sandbox answers it with layout A. */
export const LAYOUT_A_TYPES = ['01', '04', '10', '08'] as const satisfies readonly OcrInvoiceType[];

export const RecognitionResult = z
  .discriminatedUnion('FPLXDM', [
    result(LAYOUT_A_TYPES, LayoutAData),
    result(['11'], LayoutBData),
    result(['14'], LayoutCData),
    result(['91'], TaxiData),
    result(['92'], TrainData),
    result(['93'], AirItineraryData),
    result(['94'], BusData),
    result(['95'], QuotaData),
    result(['96'], InternationalReceiptData),
    result(['97'], MachinePrintedData),
    result(['98'], TollRoadData),
    result(['03'], MotorVehicleData),
    result(['15'], UsedCarData),
    result(['85'], OtherReimbursableData),
    result(['86'], RideHailingData),
    result(['87'], TaxPaymentCertificateData),
    result(['88'], ShipData),
    result(['00', '16'], UnshownLayoutData),
  ])
  .describe(`Recognition result (element of invoice in the OCR response); FPLXDM: ${describeCodes(OCR_INVOICE_TYPES)}`);
export type RecognitionResult = z.infer<typeof RecognitionResult>;
export type LayoutAData = z.infer<typeof LayoutAData>;

/** A PDF, OFD, PNG, JPG or similar file, base64 (standard alphabet, padding optional). */
export const BASE64_PATTERN = /^[A-Za-z0-9+/]+={0,2}$/;

export const OcrRequest = z
  .strictObject({
    uuid: z
      .string({ error: (issue) => (issue.input === undefined ? 'uuid 不能为空' : 'uuid 必须是字符串') })
      .min(1, 'uuid 不能为空')
      .max(32, 'uuid 最长 32 位')
      .describe('Unique identifier of the image, chosen by the client; max 32'),
    picture: z
      .string({ error: (issue) => (issue.input === undefined ? 'picture 不能为空' : 'picture 必须是字符串') })
      .min(1, 'picture 不能为空')
      .describe('Base64 string of a PDF, OFD, PNG, JPG or similar file'),
  })
  .describe('Body of POST /input/openApi/ocr');
export type OcrRequest = z.infer<typeof OcrRequest>;

export const OcrResponse = e3(RecognitionResult).describe('E3 answer of POST /input/openApi/ocr');
export type OcrResponse = z.infer<typeof OcrResponse>;

/** Codes of OCR_INVOICE_TYPES as a zod enum, for forms that let the clerk correct a type. */
export const OcrInvoiceTypeCode = z.enum(codesOf(OCR_INVOICE_TYPES)).describe(`Invoice type code (FPLXDM): ${describeCodes(OCR_INVOICE_TYPES)}`);
