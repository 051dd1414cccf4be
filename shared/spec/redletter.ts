/**
 * Schemas of the red-letter operations (spec "Red-letter application request", "Red-letter detail line",
 * "Red-letter application result", "Red-letter information form", endpoints 8 and 9). Application lengths
 * are GBK lengths (spec Conventions). The spec leaves the required flags of these tables blank; the
 * schemas require what the operation cannot do without (lsh, fphm, xhdwsbh, sqly, and each line's spmc,
 * je, sl) and leave the conditionally required fields (fpdm, kpzdbs and chyydm for non-digital/digital
 * originals, xh) to shared/rules/redletter.ts.
 */
import { z } from 'zod';
import {
  INVOICE_DIRECTIONS,
  PREFERENTIAL_POLICY_FLAGS,
  RED_LETTER_LINE_NATURES,
  RED_LETTER_REASONS,
  RED_REVERSAL_REASONS,
  ZERO_RATE_FLAGS,
} from './codes.js';
import { codeText, gbkText, responseAmount } from './fields.js';
import { e1 } from './envelopes.js';
import { boundedDecimal, codeEnum, describeCodes, responseDecimalText } from './output-fields.js';

const zeroRateFlag = (field: string) =>
  z.union([z.literal(''), codeEnum(field, ZERO_RATE_FLAGS)], { error: `${field} 取值无效，可选 空/1/2/3` });

export const RedLetterDetailLine = z
  .strictObject({
    fphxz: z
      .literal([0, 1], { error: 'fphxz 取值无效，可选 0/1' })
      .describe(
        `Line nature: ${describeCodes(RED_LETTER_LINE_NATURES)}. A discount line directly follows its discounted line, with the same name, and has no quantity or unit price`,
      ),
    spmc: gbkText('spmc', 92, true).describe('Product name; identical for a discount line and its discounted line'),
    ggxh: gbkText('ggxh', 40).optional().describe('Specification'),
    dw: gbkText('dw', 14).optional().describe('Unit'),
    spsl: boundedDecimal('spsl', { integerDigits: 10, places: 8, sign: 'negative' })
      .nullable()
      .optional()
      .describe('Quantity, negative; up to 10 integer digits and 8 decimals; null for a discount line'),
    dj: boundedDecimal('dj', { integerDigits: 10, places: 8, sign: 'positive' })
      .nullable()
      .optional()
      .describe('Unit price, positive; up to 10 integer digits and 8 decimals; null for a discount line'),
    je: boundedDecimal('je', { integerDigits: 10, places: 2 }).describe(
      'Amount, negative (a discount line reverses a negative discount, so it is positive); up to 10 integer digits, 2 decimals',
    ),
    sl: boundedDecimal('sl', { integerDigits: 0, places: 2 }).describe('Tax rate as a ratio with 2 decimals'),
    spbm: codeText('spbm', /^\d{19}$/, '必须是 19 位数字').optional().describe('Product tax classification code, 19 digits'),
    yhzcbs: codeEnum('yhzcbs', PREFERENTIAL_POLICY_FLAGS)
      .optional()
      .describe(`Preferential policy flag: ${describeCodes(PREFERENTIAL_POLICY_FLAGS)}`),
    lslbs: zeroRateFlag('lslbs')
      .nullable()
      .optional()
      .describe(`Zero-rate flag: empty none, ${describeCodes(ZERO_RATE_FLAGS)}`),
    zzstsgl: gbkText('zzstsgl', 50).optional().describe('When yhzcbs is 1, the description of the preferential policy'),
    xh: z
      .number({ error: 'xh 必须是整数' })
      .int('xh 必须是整数')
      .positive('xh 必须大于 0')
      .optional()
      .describe('Line serial number of the original blue invoice (from 1); required when applying for a digital-electronic red form'),
  })
  .describe('Red-letter detail line');
export type RedLetterDetailLine = z.infer<typeof RedLetterDetailLine>;

export const RedLetterApplicationRequest = z
  .strictObject({
    lsh: gbkText('lsh', 50, true).describe('Application serial number, unique; the idempotency key of the application'),
    fpdm: gbkText('fpdm', 12).optional().describe('Original invoice code; may be omitted for digital-electronic invoices'),
    fphm: gbkText('fphm', 20, true).describe('Original invoice number'),
    sqly: codeEnum('sqly', RED_LETTER_REASONS).describe(`Application reason: ${describeCodes(RED_LETTER_REASONS)}`),
    kpzdbs: gbkText('kpzdbs', 30).optional().describe('Invoicing terminal identifier; may be omitted for digital-electronic invoices'),
    xhdwsbh: gbkText('xhdwsbh', 20, true).describe('Seller tax ID'),
    xhdwmc: gbkText('xhdwmc', 300).optional().describe('Seller name'),
    chyydm: codeEnum('chyydm', RED_REVERSAL_REASONS)
      .optional()
      .describe(
        `Reversal reason; required for digital-electronic applications: 1 goods returned (only quantity may change, not unit price), 2 invoice error (reversed in full, lines unchanged), 3 service terminated (amount and quantity may change, unit price may not), 4 sales allowance (neither unit price nor quantity may change)`,
      ),
    details: z
      .array(RedLetterDetailLine, { error: 'details 必须是数组' })
      .optional()
      .describe('Red lines; when absent or empty the application uses all lines of the original blue invoice'),
  })
  .describe('Red-letter application request (body of POST /openApi/v4/fp/hzsq)');
export type RedLetterApplicationRequest = z.infer<typeof RedLetterApplicationRequest>;

export const RedLetterApplicationResult = z
  .looseObject({
    sqdh: z
      .string()
      .max(100)
      .nullish()
      .describe('Application number; present for tax-control-server applications, absent for hosted key device and digital-electronic invoices'),
  })
  .describe('Red-letter application result (data of the application response)');
export type RedLetterApplicationResult = z.output<typeof RedLetterApplicationResult>;

export const RedLetterApplicationResponse = e1(RedLetterApplicationResult).describe('E1 answer of POST /openApi/v4/fp/hzsq');

/** Query parameters of GET /openApi/v4/fp/hzcx (strings, as a query string carries them). */
export const RedLetterQuery = z
  .strictObject({
    lsh: z.string().min(1, 'lsh 不能为空').max(50, 'lsh 超过 50 个字符').describe('Serial number of the red-letter form application'),
    kpzdbs: z
      .string()
      .max(30, 'kpzdbs 超过 30 个字符')
      .optional()
      .describe('Invoicing terminal identifier; may be omitted for digital-electronic invoices'),
    xhdwsbh: z.string().min(1, 'xhdwsbh 不能为空').max(20, 'xhdwsbh 超过 20 个字符').describe('Seller tax ID'),
    all: z
      .enum(['0', '1'], { error: 'all 取值无效，可选 0/1' })
      .optional()
      .describe('Return the whole form (hzxxb): 0 no, 1 yes'),
  })
  .describe('Query parameters of GET /openApi/v4/fp/hzcx');
export type RedLetterQuery = z.infer<typeof RedLetterQuery>;

const text = (meaning: string) => z.string().nullish().describe(meaning);

export const RedLetterFormLine = z
  .looseObject({
    fphxz: z.union([z.number(), z.string()]).describe(`Line nature: ${describeCodes(RED_LETTER_LINE_NATURES)}`),
    spmc: z.string().describe('Product name'),
    ggxh: text('Specification'),
    dw: text('Unit'),
    spsl: responseDecimalText('spsl').nullish().describe('Quantity, negative; null for a discount line'),
    dj: responseDecimalText('dj').nullish().describe('Unit price, positive; null for a discount line'),
    je: responseAmount('je').describe('Amount excluding tax, negative, 2 decimals'),
    sl: responseDecimalText('sl').describe('Tax rate as a ratio'),
    se: responseAmount('se').describe('Tax amount, negative, 2 decimals'),
    spbm: text('Product tax classification code'),
    yhzcbs: text(`Preferential policy flag: ${describeCodes(PREFERENTIAL_POLICY_FLAGS)}`),
    lslbs: text(`Zero-rate flag: empty none, ${describeCodes(ZERO_RATE_FLAGS)}`),
    zzstsgl: text('Description of the preferential policy when yhzcbs is 1'),
    xh: z.number().int().nullish().describe('Line serial number of the original blue invoice'),
  })
  .describe('Line of the red-letter information form');

export const RedLetterFormContent = z
  .looseObject({
    fplxdm: z.string().describe('Invoice type of the original (and of the red invoice to issue)'),
    kplx: z.string().nullish().describe(`Direction: ${describeCodes(INVOICE_DIRECTIONS)}; a red-letter form is for a red invoice (1)`),
    hsslbs: text('Meaning not shown by the spec (open point 2)'),
    xhdwsbh: z.string().describe('Seller tax ID'),
    xhdwmc: text('Seller name'),
    xhdwdzdh: text('Seller address and phone'),
    xhdwyhzh: text('Seller bank and account'),
    ghdwsbh: text('Buyer tax ID'),
    ghdwmc: text('Buyer name'),
    ghdwdzdh: text('Buyer address and phone'),
    ghdwyhzh: text('Buyer bank and account'),
    hjje: responseAmount('hjje').describe('Total amount excluding tax, negative'),
    hjse: responseAmount('hjse').describe('Total tax, negative'),
    jshj: responseAmount('jshj').describe('Total including tax, negative'),
    kce: responseAmount('kce').nullish().describe('Meaning not shown by the spec (open point 2); nullable'),
    skr: text('Payee'),
    fhr: text('Reviewer'),
    kpr: text('Issuer'),
    yfpdm: text('Original invoice code; absent for digital-electronic invoices'),
    yfphm: z.string().describe('Original invoice number'),
    xxbbh: z.string().describe('Form number'),
    xxbid: text('Form ID; has a value for digital-electronic invoices'),
    kpzdbs: text('Invoicing terminal identifier'),
    details: z.array(RedLetterFormLine).describe('Lines of the form'),
  })
  .describe('hzxxb: the red-letter information form');

export const RedLetterForm = z
  .looseObject({
    xxbbh: z.string().max(50).nullish().describe('Form number; absent while the application is still being processed'),
    xxbid: z.string().max(32).nullish().describe('Form ID; has a value for digital-electronic invoices'),
    hzxxb: RedLetterFormContent.nullish().describe('The form; returned only when the query parameter all is 1'),
  })
  .describe('Red-letter information form (data of the query response)');
export type RedLetterForm = z.output<typeof RedLetterForm>;
export type RedLetterFormWire = z.input<typeof RedLetterForm>;

export const RedLetterQueryResponse = e1(RedLetterForm).describe('E1 answer of GET /openApi/v4/fp/hzcx');
