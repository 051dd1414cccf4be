/**
 * IPC shapes of red reversals: reversing a blue output invoice in full or in part, directly (general
 * invoices 007/025/026: yfpdm/yfphm/ykprq/chyydm, spec endpoint 2 rule 3) or through a red-letter
 * information form (special 004/028 with xxbbh, digital-electronic 81/82 with xxbid; endpoints 9 and 8).
 * Amounts cross as positive decimal text ("how much is taken off the blue invoice"); main negates them
 * for the wire.
 */
import { z } from 'zod';
import { DECIMAL_PATTERN } from '../../rules/money.js';
import { InvoiceStatus, InvoiceSummary, InvoiceType } from './issuance.js';

const positiveDecimal = (what: string) =>
  z
    .string()
    .max(32)
    .regex(DECIMAL_PATTERN, `${what}必须是数字`)
    .refine((text) => !text.startsWith('-') && !/^0+(\.0+)?$/.test(text), `${what}必须大于 0`)
    .describe(`${what} (positive decimal as text)`);

/** chyydm: 1 goods returned, 2 invoice error, 3 service terminated, 4 sales allowance. */
export const RedReason = z.enum(['1', '2', '3', '4'], { error: '请选择冲红原因' }).describe('chyydm: red-reversal reason');
export type RedReason = z.infer<typeof RedReason>;

/** sqly: 0 buyer, already deducted; 1 buyer, not deducted; 2 seller. */
export const RedLetterReason = z.enum(['0', '1', '2'], { error: '请选择申请原因' }).describe('sqly: red-letter application reason');
export type RedLetterReason = z.infer<typeof RedLetterReason>;

/**
 * The sub-reasons the spec lists under sqly 1 and 2. The wire carries only sqly; the clerk's pick is kept
 * with the form so the record says why it was applied for.
 */
export const RedLetterSubReason = z
  .enum(['deducted', 'cannot-certify', 'tax-id-mismatch', 'code-number-mismatch', 'outside-vat-scope', 'buyer-refused', 'not-delivered'])
  .describe('Sub-reason of sqly (0: deducted; 1: cannot-certify…outside-vat-scope; 2: buyer-refused, not-delivered)');
export type RedLetterSubReason = z.infer<typeof RedLetterSubReason>;

export const SUB_REASONS: Readonly<Record<RedLetterReason, readonly RedLetterSubReason[]>> = {
  '0': ['deducted'],
  '1': ['cannot-certify', 'tax-id-mismatch', 'code-number-mismatch', 'outside-vat-scope'],
  '2': ['buyer-refused', 'not-delivered'],
};

/** How a blue invoice of a type is reversed. */
export type RedRoute = 'direct' | 'form';
export const FORM_TYPES: readonly InvoiceType[] = ['004', '028', '81', '82'];
export const redRouteOf = (type: InvoiceType): RedRoute => (FORM_TYPES.includes(type) ? 'form' : 'direct');

export const RedLineChange = z
  .strictObject({
    xh: z.number().int().positive().describe('Line of the blue invoice, from 1'),
    quantity: positiveDecimal('冲红数量').optional().describe('Quantity to reverse (reasons 1 and 3)'),
    amount: positiveDecimal('冲红金额').optional().describe('Amount including tax to reverse (reasons 3 and 4)'),
  })
  .describe('What to reverse of one blue line; a blue line not listed is not reversed');
export type RedLineChange = z.infer<typeof RedLineChange>;

export const RedRequest = z
  .strictObject({
    blueInvoiceId: z.number().int().positive().describe('Local id of the blue invoice'),
    reason: RedReason,
    lines: z.array(RedLineChange).max(200).optional().describe('Absent: every line in full'),
    letterReason: RedLetterReason.optional().describe('sqly; required for 004/028/81/82'),
    letterSubReason: RedLetterSubReason.optional(),
    terminal: z.string().trim().max(30).optional().describe('kpzdbs of the application; required for 004/028'),
    autoIssue: z.boolean().optional().describe('Issue the red invoice as soon as the form has its number (default true)'),
  })
  .describe('Reverse a blue invoice (in full or in part)');
export type RedRequest = z.infer<typeof RedRequest>;

export const RedPreviewLine = z.strictObject({
  xh: z.number().int(),
  name: z.string(),
  rate: z.string(),
  unitPrice: z.string().nullable().describe('Blue dj (kept by reasons 1 and 3)'),
  blueQuantity: z.string().nullable(),
  blueAmount: z.string().describe('Blue je including tax'),
  quantity: z.string().nullable().describe('Quantity reversed (positive), null when only the amount is'),
  amount: z.string().describe('Amount reversed including tax (positive), 0.00 when the line is not reversed'),
  quantityEditable: z.boolean(),
  amountEditable: z.boolean(),
});
export type RedPreviewLine = z.infer<typeof RedPreviewLine>;

export const RedIssue = z.strictObject({
  field: z.string().describe('What the message is about: reason, letterReason, terminal, lines.<xh>.quantity…'),
  key: z.string().max(80).describe('Message key, translated by the renderer as errors.<key> (shared/ipc/result.ts)'),
  params: z.record(z.string(), z.union([z.string(), z.number()])).describe('Placeholder values of the message'),
});
export type RedIssue = z.infer<typeof RedIssue>;

export const RedPreview = z
  .strictObject({
    route: z.enum(['direct', 'form']),
    lines: z.array(RedPreviewLine),
    total: z.string().describe('Amount reversed including tax (positive)'),
    tax: z.string(),
    remaining: z.string().describe('What is left of the blue invoice before this reversal'),
    remainingAfter: z.string(),
    issues: z.array(RedIssue).describe('Empty when the request may be started'),
  })
  .describe('What a red request would do, checked before anything is stored');
export type RedPreview = z.infer<typeof RedPreview>;

export const RedLetterFormStatus = z
  .enum(['queued', 'applying', 'approved', 'rejected', 'failed'])
  .describe('queued (stored, not yet accepted), applying (accepted, no number yet), approved (has xxbbh/xxbid), rejected (refused by the service), failed');
export type RedLetterFormStatus = z.infer<typeof RedLetterFormStatus>;

/** A note on a form's progress, by key (main/features/reversal/form-notes.ts); the renderer words it. */
export const RedLetterFormNote = z.strictObject({
  key: z.enum(['retrying', 'autoIssueFailed']).describe('retrying: the service could not be reached, asked again; autoIssueFailed: the red invoice was not queued'),
  detail: z.string().describe('The technical detail (a transport error), shown as is when there is no cause'),
  cause: z
    .strictObject({ code: z.string(), key: z.string().max(80), params: z.record(z.string(), z.union([z.string(), z.number()])) })
    .nullable()
    .describe('The failure behind the note, translated like any IPC failure'),
});
export type RedLetterFormNote = z.infer<typeof RedLetterFormNote>;

export const RedLetterFormSummary = z
  .strictObject({
    id: z.number().int(),
    lsh: z.string().describe('Application serial number'),
    blueInvoiceId: z.number().int().nullable(),
    invoiceType: z.string().nullable(),
    status: RedLetterFormStatus,
    letterReason: RedLetterReason,
    letterSubReason: RedLetterSubReason.nullable(),
    reason: RedReason.nullable(),
    amount: z.string().describe('Amount the form reverses including tax (positive)'),
    xxbbh: z.string().nullable(),
    xxbid: z.string().nullable(),
    sqdh: z.string().nullable(),
    error: z.string().nullable().describe("The service's own refusal, or a note an older version stored as text: data, shown as is"),
    note: RedLetterFormNote.nullable(),
    autoIssue: z.boolean(),
    redInvoiceId: z.number().int().nullable(),
    redInvoiceLsh: z.string().nullable(),
    redInvoiceStatus: InvoiceStatus.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('A red-letter information form application and where it stands');
export type RedLetterFormSummary = z.infer<typeof RedLetterFormSummary>;

export const RedStarted = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('invoice'), invoice: InvoiceSummary }),
  z.strictObject({ kind: z.literal('form'), form: RedLetterFormSummary }),
]);
export type RedStarted = z.infer<typeof RedStarted>;

export const IssueFromFormRequest = z.strictObject({ formId: z.number().int().positive().describe('Local id of an approved form') });

export const RedInvoiceRef = z.strictObject({
  id: z.number().int(),
  lsh: z.string(),
  invoiceType: InvoiceType,
  status: InvoiceStatus,
  amount: z.string().describe('Amount taken off the blue invoice (positive)'),
  reason: RedReason,
  invoiceCode: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  createdAt: z.string(),
  failure: z
    .strictObject({ code: z.string(), message: z.string() })
    .nullable()
    .describe("A failed red invoice: the service's refusal code and its own message (worded by the renderer as errors.service.refused)"),
});
export type RedInvoiceRef = z.infer<typeof RedInvoiceRef>;

/** The 红字信息表 list: this desk's forms, found by serial, form number or buyer. */
export const RedLetterFormQuery = z.strictObject({
  query: z.string().trim().max(50).regex(/^[^\p{Cc}]*$/u, 'query has control characters').default(''),
  limit: z.number().int().min(1).max(200).default(100),
});

/** Look a form up at the service by its application serial (hzcx with all 1: the whole form). */
export const RedLetterLookupRequest = z.strictObject({
  lsh: z.string().trim().min(1).max(50).regex(/^[0-9A-Za-z_-]+$/, 'serial: letters, digits, - and _'),
});

export const RedLetterLookupLine = z.strictObject({
  name: z.string(),
  quantity: z.string().nullable(),
  unitPrice: z.string().nullable(),
  amount: z.string(),
  rate: z.string(),
  tax: z.string(),
});

export const RedLetterLookup = z.strictObject({
  lsh: z.string(),
  status: z.enum(['pending', 'approved']).describe('pending: still processed, no number yet'),
  message: z.string().describe("The service's own words"),
  /** The form as this desk holds it, when it was applied for here. */
  local: RedLetterFormSummary.nullable(),
  form: z
    .strictObject({
      number: z.string().nullable().describe('xxbbh'),
      id: z.string().nullable().describe('xxbid (digital-electronic)'),
      invoiceType: z.string(),
      buyerName: z.string().nullable(),
      buyerTaxNumber: z.string().nullable(),
      sellerName: z.string().nullable(),
      originalCode: z.string().nullable(),
      originalNumber: z.string(),
      amount: z.string().describe('hjje, negative'),
      tax: z.string().describe('hjse, negative'),
      total: z.string().describe('jshj, negative'),
      lines: z.array(RedLetterLookupLine),
    })
    .nullable()
    .describe('The whole form (hzxxb) when the service returned it'),
});
export type RedLetterLookup = z.infer<typeof RedLetterLookup>;
