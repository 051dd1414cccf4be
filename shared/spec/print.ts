/**
 * Schemas of the print operation (spec endpoint 5 and "Print result"). The request is short and not
 * GBK-counted (only issuance and red-letter payloads are); the result is read from the service, so it is
 * loose, and its amounts (String in the spec) are handed on as decimal text.
 */
import { z } from 'zod';
import { LEVY_METHODS, LIST_FLAGS, PAPER_INVOICE_TYPES, PRINT_INVOICE_STATUSES, PRINT_KINDS, PRINT_LINE_NATURES, PRINT_SPECIAL_KINDS, ZERO_RATE_FLAGS } from './codes.js';
import { codeText } from './fields.js';
import { e1 } from './envelopes.js';
import { codeEnum, describeCodes, responseDecimalText } from './output-fields.js';

export const PrintRequest = z
  .strictObject({
    fpdm: codeText('fpdm', /^(?:\d{10}|\d{12})$/, '必须是 10 或 12 位数字').describe('Invoice code (10 or 12 digits)'),
    fphm: codeText('fphm', /^\d{8}$/, '必须是 8 位数字').describe('Invoice number, 8 digits'),
    dylx: codeEnum('dylx', PRINT_KINDS)
      .optional()
      .describe(`What to print: ${describeCodes(PRINT_KINDS)}; absent means the invoice (0)`),
    kpzdbs: z.string().max(30, 'kpzdbs 超过 30 个字符').optional().describe('Invoicing terminal identifier'),
    fplxdm: codeEnum('fplxdm', PAPER_INVOICE_TYPES).describe(`Invoice type: ${describeCodes(PAPER_INVOICE_TYPES)}`),
    xhdwsbh: z.string().min(1, 'xhdwsbh 不能为空').max(20, 'xhdwsbh 超过 20 个字符').describe('Seller tax ID'),
  })
  .describe('Print request (body of POST /openApi/v4/fp/fpdy)');
export type PrintRequest = z.infer<typeof PrintRequest>;

const text = (meaning: string) => z.string().nullish().describe(meaning);

export const PrintLine = z
  .looseObject({
    fphxz: z.string().describe(`Line nature: ${describeCodes(PRINT_LINE_NATURES)}`),
    spmc: z.string().describe('Product name'),
    ggxh: text('Specification'),
    dw: text('Unit'),
    spsl: responseDecimalText('spsl').nullish().describe('Quantity; empty for a discount line'),
    dj: responseDecimalText('dj').nullish().describe('Unit price excluding tax; empty for a discount line'),
    je: responseDecimalText('je').describe('Amount excluding tax, 2 decimals'),
    sl: responseDecimalText('sl').describe('Tax rate as a ratio'),
    se: responseDecimalText('se').describe('Tax amount, 2 decimals'),
    lslbs: text(`Zero-rate flag: empty none, ${describeCodes(ZERO_RATE_FLAGS)}`),
  })
  .describe('Line of the print result');
export type PrintLine = z.output<typeof PrintLine>;

export const PrintResult = z
  .looseObject({
    fpdm: z.string().max(12).describe('Invoice code (10 or 12 digits)'),
    fphm: z.string().max(8).describe('Invoice number'),
    kprq: z.string().regex(/^\d{14}$/).describe('Issue time, yyyyMMddHHmmss'),
    jqbh: text('Machine number (4 characters)'),
    xhdwsbh: z.string().describe('Seller tax ID'),
    xhdwmc: z.string().describe('Seller name'),
    xhdwdzdh: text('Seller address and phone'),
    xhdwyhzh: text('Seller bank account'),
    ghdwsbh: text('Buyer tax ID'),
    ghdwmc: z.string().describe('Buyer name'),
    ghdwdzdh: text('Buyer address and phone'),
    ghdwyhzh: text('Buyer bank account'),
    zsfs: text(`Levy method: ${describeCodes(LEVY_METHODS)}`),
    tspz: text(`Special kind: ${describeCodes(PRINT_SPECIAL_KINDS)}`),
    hjje: responseDecimalText('hjje').describe('Total amount excluding tax'),
    hjse: responseDecimalText('hjse').describe('Total tax'),
    jshj: responseDecimalText('jshj').describe('Total including tax'),
    bz: text('Remark'),
    skr: text('Payee'),
    fhr: text('Reviewer'),
    kpr: text('Issuer'),
    qdbz: text(`List flag: ${describeCodes(LIST_FLAGS)}`),
    skm: text('Tax-control code'),
    jym: text('Check code'),
    ewm: text('QR code content'),
    fpzt: codeEnum('fpzt', PRINT_INVOICE_STATUSES).describe(`Invoice status: ${describeCodes(PRINT_INVOICE_STATUSES)}`),
    details: z.array(PrintLine).describe('All lines of the invoice'),
  })
  .describe('Print result (data of the print response)');
export type PrintResult = z.output<typeof PrintResult>;
export type PrintResultWire = z.input<typeof PrintResult>;

export const PrintResponse = e1(PrintResult).describe('E1 answer of POST /openApi/v4/fp/fpdy');
