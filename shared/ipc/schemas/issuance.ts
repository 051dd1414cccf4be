/**
 * IPC shapes of the issuance feature: what the form (and a batch row, and a saved draft) sends, what the
 * history shows. Names are the app's own; each field's `.describe()` names the wire field it becomes
 * (spec "Issuance request" / "Issuance detail line"). Cross-field rules (required by type, amounts,
 * discounts, tdywxx) are NOT here: they live in shared/rules/issuance-form/ so the form can show each one
 * on its field and main can run the same book again before sending.
 */
import { z } from 'zod';
import { DECIMAL_PATTERN, TAX_RATES } from '../../rules/money.js';
import { PREFERENTIAL_POLICIES, SPECIAL_INVOICE_KINDS, SPECIAL_LEVY_METHODS, codesOf } from '../../spec/codes.js';
import { SpecificBusinessInfo } from '../../spec/specific-business.js';
import { Environment } from './app.js';
import { plainText, type TextLines } from './plain-text.js';

const decimal = (what: string) =>
  z.string().max(32).regex(DECIMAL_PATTERN, `${what}必须是数字`).describe(`${what} (decimal as text)`);

/**
 * Optional free text: the GBK length is a rule (shared/rules/gbk.ts) so the message can name the form field.
 * Control characters are refused here (./plain-text.ts); only the remark may hold line breaks.
 */
const text = (max: number, label: string, lines: TextLines = 'single') => plainText(z.string().max(max), label, lines);

export const InvoiceType = z
  .enum(['004', '007', '025', '026', '028', '81', '82'])
  .describe('fplxdm: 004 paper special, 007 paper general, 025 roll, 026 e-general, 028 e-special, 81/82 digital-electronic');
export type InvoiceType = z.infer<typeof InvoiceType>;

export const SpecialKind = z
  .enum(codesOf(SPECIAL_INVOICE_KINDS))
  .describe('tspz: 00 normal, 01/02 agricultural sale/purchase, 08 refined oil, 53 construction, 54 freight, 55 real-estate sale, 56 lease, 59 passenger');
export type SpecialKind = z.infer<typeof SpecialKind>;

export const LineKind = z
  .enum(['normal', 'discount', 'discounted'])
  .describe('fphxz: normal 0, discount 1 (the discount of the line above), discounted 2 (the line a discount follows)');
export type LineKind = z.infer<typeof LineKind>;

export const DraftLine = z.strictObject({
  kind: LineKind.optional().describe('fphxz; absent means normal'),
  name: plainText(z.string().trim().min(1, '商品名称不能为空').max(100), '商品名称').describe('spmc: goods or service name; a discount line repeats its line\'s name'),
  // Optional in the shape because a discount line carries none of them; the rules require them elsewhere.
  taxCode: z.string().regex(/^\d{19}$/, '税收分类编码必须是19位数字').optional().describe('spbm: tax classification code, 19 digits'),
  specification: text(40, '规格型号').optional().describe('ggxh: specification'),
  unit: text(22, '单位').optional().describe('dw: unit; 吨 or 升 for refined oil (tspz 08)'),
  quantity: decimal('数量').optional().describe('spsl: quantity, up to 6 decimals; not on a discount line'),
  unitPrice: decimal('单价').optional().describe('dj: unit price INCLUDING tax, up to 6 decimals; not on a discount line'),
  amount: decimal('金额')
    .optional()
    .describe(
      'je. On a discount line (required): the discount including tax as a positive number, sent as je with the opposite sign. On other lines (optional, e.g. a batch row): the stated amount including tax, held to quantity × unitPrice within 0.01',
    ),
  tax: decimal('税额').optional().describe('Tax as the source states it (e.g. a batch row); held to the computed tax within 0.06'),
  rate: z.enum(TAX_RATES, { error: '税率无效' }).describe('sl: tax rate as a ratio'),
  specialLevy: z.enum(codesOf(SPECIAL_LEVY_METHODS)).optional().describe('lslbs: special levy method; absent = normal rate'),
  preferentialPolicy: z.enum(codesOf(PREFERENTIAL_POLICIES)).optional().describe('zzstsgl: preferential policy code'),
});
export type DraftLine = z.infer<typeof DraftLine>;

export const PushTarget = z
  .strictObject({
    email: text(50, '推送邮箱').optional().describe('email: send the issued invoice to this address'),
    phone: text(11, '推送手机号').optional().describe('phone: send an SMS to this mobile number'),
  })
  .describe('Push of the issued invoice');

export const InvoiceDraft = z.strictObject({
  invoiceType: InvoiceType,
  specialKind: SpecialKind.optional().describe('tspz; absent means 00 normal'),
  isAuto: z.literal([0, 1]).optional().describe('isAuto: 1 issue at once after validation (default), 0 hold for human review'),
  terminal: text(30, '开票终端').optional().describe('kpzdbs: invoicing terminal, when the enterprise has several'),
  buyerName: plainText(z.string().trim().min(1, '购买方名称不能为空').max(100), '购买方名称').describe('ghdwmc: buyer name'),
  buyerTaxNumber: plainText(z.string().max(20), '购买方纳税人识别号').optional().describe('ghdwsbh: buyer tax ID (USCC); required for 004, 028, 81'),
  buyerAddress: text(100, '购买方地址').optional().describe('ghdwdz: buyer address; required for 004, 028'),
  buyerPhone: text(100, '购买方电话').optional().describe('ghdwdh: buyer phone; required for 004, 028'),
  buyerBank: text(100, '购买方开户行').optional().describe('ghdwyh: buyer bank; required for 004, 028'),
  buyerAccount: text(100, '购买方银行账号').optional().describe('ghdwzh: buyer bank account; required for 004, 028'),
  showBuyerBankAccount: z.boolean().optional().describe('sfzsghdwyhzh: show buyer bank/account in the remark (81/82 only)'),
  showBuyerAddressPhone: z.boolean().optional().describe('sfzsghdwdzdh: show buyer address/phone in the remark (81/82 only)'),
  showSellerBankAccount: z.boolean().optional().describe('sfzsxhdwyhzh: show seller bank/account in the remark (81/82 only)'),
  showSellerAddressPhone: z.boolean().optional().describe('sfzsxhdwdzdh: show seller address/phone in the remark (81/82 only)'),
  issuer: plainText(z.string().trim().min(1, '开票人不能为空').max(16), '开票人').describe('kpr: issuer'),
  payee: text(16, '收款人').optional().describe('skr: payee'),
  reviewer: text(16, '复核人').optional().describe('fhr: reviewer'),
  remark: text(230, '备注', 'multi').optional().describe('bz: remark'),
  deduction: decimal('扣除额').optional().describe('kce: deduction of a 差额征税 invoice (a line with specialLevy 4), yuan'),
  push: PushTarget.optional(),
  lines: z.array(DraftLine).min(1, '至少需要一行商品').max(200).describe('Invoice lines (details), in order'),
  specificBusiness: SpecificBusinessInfo.optional().describe(
    'tdywxx with its wire member names (jzfw, hwysfw, bdcxsfw, bdcjyzlfw, lkysfw); for 81/82 with tspz 53/54/55/56/59',
  ),
});
export type InvoiceDraft = z.infer<typeof InvoiceDraft>;

export const InvoiceStatus = z
  .enum(['queued', 'issuing', 'issued', 'failed'])
  .describe('Local state: queued (saved, not yet sent), issuing (sent, outcome pending), issued, failed');
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;

export const InvoiceSummary = z.strictObject({
  id: z.number().int().describe('Local row id'),
  lsh: z.string().describe('Issuance serial number sent to the service'),
  environment: Environment,
  invoiceType: InvoiceType,
  buyerName: z.string(),
  total: z.string().describe('jshj: total including tax, 2 dp'),
  status: InvoiceStatus,
  invoiceCode: z.string().nullable().describe('fpdm'),
  invoiceNumber: z.string().nullable().describe('fphm'),
  issuedAt: z.string().nullable().describe('kprq as returned by the service'),
  error: z.string().nullable().describe('Why it failed, in the words of the service'),
  createdAt: z.string().describe('When the clerk submitted it (ISO-8601)'),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

/** `issuance:submit`'s answer: the stored invoice, and whether the desk had to find out that it was stored. */
export const SubmittedInvoice = InvoiceSummary.extend({
  answerLost: z
    .literal(true)
    .optional()
    .describe("The connection to the team ledger dropped after the invoice was sent to it; the desk looked it up by its serial and found it saved (docs/team-ledger.md §7)"),
});
export type SubmittedInvoice = z.infer<typeof SubmittedInvoice>;

/**
 * A saved draft is whatever the clerk had typed, complete or not, so its content is free JSON (the form
 * reads it back leniently); the summary columns let the list show it without parsing the content.
 */
export const DraftId = z.strictObject({ id: z.number().int().positive().describe('Local draft id') });

export const SaveDraftRequest = z.strictObject({
  id: z.number().int().positive().optional().describe('Absent: a new draft; present: overwrite that draft'),
  invoiceType: InvoiceType,
  buyerName: z.string().max(200).describe('For the list; may be empty'),
  total: z.string().max(32).describe('Total as the form showed it, for the list'),
  content: z.json().describe('The form values as JSON'),
});

/** Where a draft is in its 复核 (docs/team-ledger.md §6): never sent (or changed since), waiting, approved, returned. */
export const DraftReviewState = z.enum(['none', 'pending', 'approved', 'returned']).describe('none: not sent for review (or changed since); pending: waiting for a 复核; approved; returned with a reason');
export type DraftReviewState = z.infer<typeof DraftReviewState>;

/** The most characters of a return's reason. */
export const REVIEW_NOTE_MAX = 200;

export const DraftReview = z.strictObject({
  state: DraftReviewState,
  requestedBy: z.string().nullable().describe('The clerk who sent it for review (null: a desk without clerks never sends)'),
  requestedAt: z.string().nullable().describe('When it was sent for review (ISO-8601); names the request a reviewer decides'),
  reviewedBy: z.string().nullable().describe('The reviewer who approved or returned it'),
  reviewedAt: z.string().nullable().describe('When it was approved or returned (ISO-8601)'),
  note: z.string().nullable().describe("A return's reason"),
});
export type DraftReview = z.infer<typeof DraftReview>;

export const DraftSummary = z.strictObject({
  id: z.number().int(),
  invoiceType: InvoiceType,
  buyerName: z.string(),
  total: z.string(),
  updatedAt: z.string().describe('ISO-8601'),
  review: DraftReview,
});
export type DraftSummary = z.infer<typeof DraftSummary>;

export const ListDraftsRequest = z.strictObject({
  reviewState: DraftReviewState.optional().describe('Only drafts in this review state (pending: 待复核, for reviewers)'),
});

export const SavedDraftAnswer = DraftSummary.extend({
  reviewReset: z.boolean().describe('The save changed a draft that was sent for review: it is back to none and needs a new review'),
});

/** A reviewer's decision names the request they saw (its requestedAt): a draft sent again since is another request. */
export const ReviewDecision = z.strictObject({
  id: z.number().int().positive().describe('Local draft id'),
  requestedAt: z.iso.datetime().describe('The requestedAt of the review request decided'),
});

export const ReturnDraftRequest = ReviewDecision.extend({
  note: plainText(z.string().trim().min(1, '请填写退回原因').max(REVIEW_NOTE_MAX), '退回原因', 'multi').describe('Why it is returned (required)'),
});

/** issuance:submit: the form's invoice, and the draft it was issued from (checked against its review, then deleted). */
export const SubmitInvoiceRequest = InvoiceDraft.extend({
  draftId: z.number().int().positive().optional().describe('The draft the form was opened from; one waiting for review is refused'),
});

export const SavedDraft = DraftSummary.extend({ content: z.json() });
export type SavedDraft = z.infer<typeof SavedDraft>;

export const InvoiceFileFormat = z.enum(['pdf', 'ofd', 'xml']).describe('Which file of an issued invoice');
export type InvoiceFileFormat = z.infer<typeof InvoiceFileFormat>;

export const OpenFileRequest = z.strictObject({ id: z.number().int().positive().describe('Issued invoice row id'), format: InvoiceFileFormat });
export const OpenFileResult = z.strictObject({
  path: z.string().describe('Where the downloaded file was stored'),
  bytes: z.number().int().describe('Size of the file'),
});
