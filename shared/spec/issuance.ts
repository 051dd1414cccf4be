/**
 * Schemas of the issue-invoice operation (spec "Issuance request", "Issuance detail line", "Issued invoice
 * record", endpoint 2). Request lengths are GBK lengths (spec Conventions). Requests are strict objects so
 * a misspelt field is caught before it reaches the service; the record is loose because it is read from
 * the service, which may add members.
 *
 * Cross-field rules (conditionally required fields, amounts adding up, red invoices) are in shared/rules/issuance/,
 * not here, so these objects stay plain and can be picked, extended and reused by forms.
 */
import { z } from 'zod';
import {
  AUTO_ISSUE_MODES,
  INVOICE_DIRECTIONS,
  INVOICE_TYPES,
  LINE_NATURES,
  PREFERENTIAL_POLICIES,
  RED_REVERSAL_REASONS,
  SHOW_FLAGS,
  SPECIAL_INVOICE_KINDS,
  SPECIAL_LEVY_METHODS,
  VOIDING_TYPES,
  codesOf,
} from './codes.js';
import { codeText, gbkText, responseAmount, wireDecimal } from './fields.js';
import { e1 } from './envelopes.js';
import { SpecificBusinessInfo } from './specific-business.js';

const describeCodes = (table: Record<string | number, string>): string =>
  Object.entries(table)
    .map(([code, meaning]) => `${code} ${meaning}`)
    .join(', ');

const codeEnum = <T extends Record<string, string>>(field: string, table: T) =>
  z.enum(codesOf(table), { error: `${field} 取值无效，可选 ${Object.keys(table).join('/')}` });

const showFlag = (field: string, what: string) =>
  codeEnum(field, SHOW_FLAGS)
    .optional()
    .describe(`${what} in the remark area of the layout file; only effective for digital-electronic invoices: ${describeCodes(SHOW_FLAGS)}`);

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const InvoiceTypeCode = codeEnum('fplxdm', INVOICE_TYPES).describe(`Invoice type: ${describeCodes(INVOICE_TYPES)}`);

export const IssuanceDetailLine = z
  .strictObject({
    mxbh: gbkText('mxbh', 100).optional().describe('Line number'),
    fphxz: z
      .literal([0, 1, 2, 3], { error: 'fphxz 取值无效，可选 0/1/2/3' })
      .describe(`Line nature: ${describeCodes(LINE_NATURES)}`),
    spbh: gbkText('spbh', 100)
      .optional()
      .describe('Product number; required when an offset is involved, and the offset line and the normal line must carry the same value'),
    spmc: gbkText('spmc', 100, true).describe(
      "Product name; for a discount line it must equal the discounted line's name; a discounted line cannot be discounted over several lines",
    ),
    ggxh: gbkText('ggxh', 40).optional().describe('Specification'),
    dw: gbkText('dw', 22).optional().describe('Unit; when tspz is 08 it is required and must be 吨 or 升'),
    spsl: wireDecimal('spsl', 6)
      .optional()
      .describe('Quantity, 6 decimals; required except on a discount line; when tspz is 08 it is required and non-zero'),
    dj: wireDecimal('dj', 6)
      .refine((value) => value !== 0, 'dj 不能为 0')
      .optional()
      .describe('Unit price including tax, 6 decimals, not 0; required except on a discount line'),
    je: wireDecimal('je', 2).describe('Amount including tax, yuan, 2 decimals'),
    sl: wireDecimal('sl', 2).describe('Tax rate as a ratio with 2 decimals (1% is 0.01, 13% is 0.13)'),
    spbm: codeText('spbm', /^\d{19}$/, '必须是 19 位数字')
      .optional()
      .describe("Tax classification code of the product, 19 digits (the tax authority's code governs); required except on a discount line"),
    lslbs: codeEnum('lslbs', SPECIAL_LEVY_METHODS)
      .nullable()
      .optional()
      .describe(`Special levy method: null normal rate, ${describeCodes(SPECIAL_LEVY_METHODS)}`),
    zzstsgl: codeEnum('zzstsgl', PREFERENTIAL_POLICIES)
      .optional()
      .describe('Preferential policy code from the Preferential policy code table'),
    yhzcbs: z.string().optional().describe('Present in the payload shape; meaning not shown by the spec (open point 1)'),
  })
  .describe('Issuance detail line (element of details)');
export type IssuanceDetailLine = z.infer<typeof IssuanceDetailLine>;

export { SpecificBusinessInfo } from './specific-business.js';

export const IssuanceRequest = z
  .strictObject({
    kpzdbs: gbkText('kpzdbs', 30)
      .optional()
      .describe('Invoicing terminal identifier; required when the enterprise has several invoicing terminals'),
    yfpdm: gbkText('yfpdm', 12)
      .optional()
      .describe('Original invoice code; required when a red invoice is issued automatically (may be omitted for digital-electronic invoices)'),
    yfphm: gbkText('yfphm', 20).optional().describe('Original invoice number; required for automatic red invoice'),
    ykprq: codeText('ykprq', DATE, '格式必须是 yyyy-MM-dd')
      .optional()
      .describe('Original issue date, yyyy-MM-dd; required for automatic red invoice'),
    chyydm: codeEnum('chyydm', RED_REVERSAL_REASONS)
      .optional()
      .describe(
        `Red-reversal reason code; required for automatic red invoice; when absent the platform's configured default applies: ${describeCodes(RED_REVERSAL_REASONS)}`,
      ),
    xxbbh: gbkText('xxbbh', 50)
      .optional()
      .describe('Red-letter information form number; required when a red special invoice is issued automatically'),
    xxbid: gbkText('xxbid', 32)
      .optional()
      .describe('Red-letter information form ID; required when a red digital-electronic invoice is issued automatically'),
    lsh: gbkText('lsh', 50, true).describe('Issuance serial number; must be unique; the idempotency key of the issuance'),
    tspz: codeEnum('tspz', SPECIAL_INVOICE_KINDS).describe(`Special invoice kind: ${describeCodes(SPECIAL_INVOICE_KINDS)}`),
    isAuto: z
      .literal([0, 1], { error: 'isAuto 取值无效，可选 0/1' })
      .describe(`Issuing mode: ${describeCodes(AUTO_ISSUE_MODES)}`),
    fplxdm: InvoiceTypeCode,
    ghdwsbh: gbkText('ghdwsbh', 20).optional().describe('Buyer tax ID; required when fplxdm is 004, 028 or 81'),
    ghdwmc: gbkText('ghdwmc', 100, true).describe('Buyer name'),
    ghdwdz: gbkText('ghdwdz', 100).optional().describe('Buyer address; required for 004 and 028'),
    ghdwdh: gbkText('ghdwdh', 100).optional().describe('Buyer phone; required for 004 and 028'),
    ghdwyh: gbkText('ghdwyh', 100).optional().describe('Buyer bank; required for 004 and 028'),
    ghdwzh: gbkText('ghdwzh', 100).optional().describe('Buyer bank account; required for 004 and 028'),
    sfzsghdwyhzh: showFlag('sfzsghdwyhzh', 'Show the buyer bank account'),
    sfzsghdwdzdh: showFlag('sfzsghdwdzdh', 'Show the buyer address and phone'),
    xhdwsbh: gbkText('xhdwsbh', 20, true).describe('Seller tax ID'),
    xhdwmc: gbkText('xhdwmc', 100, true).describe('Seller name'),
    xhdwdz: gbkText('xhdwdz', 100).optional().describe("Seller address; when omitted the system's initialised data is used"),
    xhdwdh: gbkText('xhdwdh', 100).optional().describe("Seller phone; when omitted the system's initialised data is used"),
    xhdwyh: gbkText('xhdwyh', 100).optional().describe("Seller bank; when omitted the system's initialised data is used"),
    xhdwzh: gbkText('xhdwzh', 60).optional().describe("Seller bank account; when omitted the system's initialised data is used"),
    sfzsxhdwyhzh: showFlag('sfzsxhdwyhzh', 'Show the seller bank account'),
    sfzsxhdwdzdh: showFlag('sfzsxhdwdzdh', 'Show the seller address and phone'),
    phone: gbkText('phone', 11).optional().describe('Recipient mobile number; SMS push needs a prepaid balance'),
    skr: gbkText('skr', 16).optional().describe('Payee'),
    kpr: gbkText('kpr', 16, true).describe('Issuer'),
    fhr: gbkText('fhr', 16).optional().describe('Reviewer'),
    email: gbkText('email', 50).optional().describe('Recipient e-mail; required when e-mail push is wanted'),
    jshj: wireDecimal('jshj', 2).describe('Total including tax, yuan, 2 decimals'),
    zkje: wireDecimal('zkje', 2).optional().describe('Discount amount, yuan, 2 decimals'),
    kce: wireDecimal('kce', 2)
      .optional()
      .describe(
        "Deduction (扣除额) of a 差额征税 invoice (a line with lslbs 4), yuan, 2 decimals: that line's tax is (je − kce) × sl / (1 + sl). Not in the spec's issuance table; the red-letter form's hzxxb carries kce with the meaning of the issuance field (docs/service-interface.md)",
      ),
    bz: gbkText('bz', 230).optional().describe('Remark'),
    ywy: gbkText('ywy', 10).optional().describe('Salesperson'),
    ywbm: gbkText('ywbm', 10).optional().describe('Business department'),
    details: z
      .array(IssuanceDetailLine, { error: (issue) => (issue.input === undefined ? 'details 不能为空' : 'details 必须是数组') })
      .min(1, 'details 至少需要一行')
      .describe('Invoice lines'),
    tdywxx: SpecificBusinessInfo.optional().describe(
      'Specific business information; required for digital-electronic invoices whose tspz is 53, 54, 55, 56 or 59',
    ),
  })
  .describe('Issuance request (body of the issue-invoice operation)');
export type IssuanceRequest = z.infer<typeof IssuanceRequest>;

export const IssuedInvoiceRecord = z
  .looseObject({
    fplxdm: z.string().max(3).describe('Invoice type, same codes as the request'),
    fpdm: z.string().max(12).nullish().describe('Invoice code (10 or 12 digits); absent for digital-electronic invoices'),
    fphm: z.string().min(1).max(20).describe('Invoice number'),
    kprq: z.string().min(1).describe("Issue time, format yyyy-MM-dd'T'HH:mm:ss.SSSZ"),
    skm: z.string().nullish().describe('Tax-control code'),
    jym: z.string().nullish().describe('Check code'),
    pdf: z.string().max(300).nullish().describe('Download address of the PDF'),
    ofd: z.string().max(300).nullish().describe('Download address of the OFD file'),
    xml: z.string().max(300).nullish().describe('Download address of the XML file'),
    qr: z.string().nullish().describe('QR code address'),
    lsh: z.string().max(50).nullish().describe('The request serial number (order number)'),
    kplx: z
      .enum(codesOf(INVOICE_DIRECTIONS))
      .nullish()
      .describe(`Direction: ${describeCodes(INVOICE_DIRECTIONS)}`),
    zflx: z
      .enum(codesOf(VOIDING_TYPES))
      .nullish()
      .describe(`Voiding type: null not voided, ${describeCodes(VOIDING_TYPES)}`),
    jshj: responseAmount('jshj').describe('Total including tax, 2 decimals (handed on as a 2-dp decimal string)'),
  })
  .describe('Issued invoice record (element of data in the issuance response)');
/** A record as read by the client (jshj normalised to a 2-dp string). */
export type IssuedInvoiceRecord = z.output<typeof IssuedInvoiceRecord>;
/** A record as the service writes it on the wire. */
export type IssuedInvoiceRecordWire = z.input<typeof IssuedInvoiceRecord>;

/** Response of the issue-invoice operation: E1 whose data is an array of issued invoice records. */
export const IssuanceResponse = e1(z.array(IssuedInvoiceRecord)).describe('E1 answer of POST /openApi/v4/fp/fpkj');
export type IssuanceResponse = z.output<typeof IssuanceResponse>;
