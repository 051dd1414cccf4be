/**
 * Channels of intake (收票): files in by drop, paste, pick, scan folder or scanner → one queue → review →
 * verification → the ledger of received invoices. Failures and per-file problems cross as codes; the
 * renderer's intake locale explains them.
 */
import { z } from 'zod';
import { INTAKE_FIELDS, UNVERIFIABLE_KINDS } from '../../rules/intake-fields.js';
import { VERIFICATION_STATES } from '../../rules/verification-state.js';
import { PageCursor, PageRequestFields } from '../schemas/page.js';
import { plainText } from '../schemas/plain-text.js';
import { empty, type ChannelSpec } from './common.js';

const fieldShape = Object.fromEntries(INTAKE_FIELDS.map((field) => [field, z.string().max(40).optional()])) as Record<(typeof INTAKE_FIELDS)[number], z.ZodOptional<z.ZodString>>;
export const IntakeFieldsSchema = z.strictObject(fieldShape).describe('Received-invoice fields in the verification result names');
export const FieldSourceSchema = z.enum(['qr', 'xml', 'ofd', 'pdf-text', 'ocr', 'typed', 'authority']).describe('Where a field came from (authority: filled from a consistent verification)');
export const IntakeSources = z.partialRecord(z.enum(INTAKE_FIELDS), FieldSourceSchema);
export const IntakeOrigin = z.enum(['drop', 'paste', 'pick', 'folder', 'scanner']).describe('How the file came in');

export const VerificationStateSchema = z.enum(VERIFICATION_STATES).describe('The invoice as the last verification left it (shared/rules/verification-state.ts)');
export const VerificationStateView = z.strictObject({
  state: VerificationStateSchema,
  reason: z.string().nullable().describe("inconsistent: 'fields' or 'unspecified'; unverifiable / failed: the code or the kind that says why"),
  fields: z.array(z.string()).describe('inconsistent: the fields that differ (or, unspecified, the ones sent that can)'),
});
export type VerificationStateView = z.infer<typeof VerificationStateView>;

/** An invoice whose buyer is not the enterprise it came in for: flagged at review, accepted only with a reason. */
export const BuyerMismatch = z.strictObject({
  expected: z.string().describe('Tax number of the enterprise the invoice belongs to'),
  expectedName: z.string().nullable().describe('Its name, when it is the active enterprise'),
  found: z.string().describe("The invoice's buyer tax ID"),
  reason: z.string().nullable().describe('Why the clerk accepted it anyway (stored), null until then'),
});
export type BuyerMismatch = z.infer<typeof BuyerMismatch>;

export const IntakeItem = z.strictObject({
  id: z.string().describe('Queue id of this file in this run'),
  fileName: z.string(),
  origin: IntakeOrigin,
  status: z.enum(['reading', 'recognising', 'ready', 'failed', 'duplicate', 'accepted', 'verified']),
  receivedId: z.number().int().nullable().describe('The saved received invoice, once saved'),
  fileType: z.string().nullable(),
  fields: IntakeFieldsSchema,
  sources: IntakeSources,
  names: z.strictObject({ xhfmc: z.string().optional(), gmfmc: z.string().optional() }),
  complete: z.boolean().describe('Enough to verify without typing'),
  unverifiable: z.enum(UNVERIFIABLE_KINDS).optional().describe('The file holds a kind the service cannot verify (no fpzl in the verification table): say so, spend no call'),
  recognised: z.boolean().describe('Recognition (OCR) was asked'),
  rotation: z.number().describe('XZJD: degrees to rotate the picture to show it upright'),
  error: z.strictObject({ code: z.string(), detail: z.string().optional() }).nullable().describe('Why the file was not taken (code)'),
  duplicate: z.strictObject({ of: z.number().int(), fileName: z.string().nullable(), reason: z.enum(['file', 'invoice']) }).nullable(),
  verification: VerificationStateView,
  enterprise: z.string().nullable().describe('Tax number of the enterprise the invoice came in for (once saved)'),
  buyerMismatch: BuyerMismatch.nullable(),
});
export type IntakeItem = z.infer<typeof IntakeItem>;

export const VerificationView = z.strictObject({
  receivedId: z.number().int(),
  code: z.string().describe('Verification code (spec table), or the local limit code (1014/1015/0002) with local true'),
  verification: VerificationStateView,
  local: z.boolean().describe('Refused locally before a call was spent'),
  zfbz: z.string().nullable().describe('Y voided, H red-reversed, N not voided'),
  cycs: z.string().nullable(),
  comparison: z
    .array(z.strictObject({ field: z.string(), ours: z.string().nullable(), theirs: z.string().nullable(), same: z.boolean().nullable().describe('null: not read locally, only the tax authority has it') }))
    .describe('Empty when the authority returned no record of the invoice (0009, an unspecified 0006, a refusal)'),
  verifiedAt: z.string(),
  usedToday: z.number().int().describe('Verifications of this invoice spent today'),
});
export type VerificationView = z.infer<typeof VerificationView>;

export const IntakeLedgerFilter = z.strictObject({
  from: z.string().regex(/^\d{8}$/).optional().describe('kprq from, yyyyMMdd'),
  to: z.string().regex(/^\d{8}$/).optional(),
  seller: z.string().max(100).optional().describe('Seller name or tax ID, part of it'),
  fpzl: z.string().regex(/^\d{2}$/).optional(),
  state: VerificationStateSchema.optional(),
  duplicatesOnly: z.boolean().optional(),
});
export type IntakeLedgerFilter = z.infer<typeof IntakeLedgerFilter>;

export const IntakeLedgerRow = z.strictObject({
  id: z.number().int(),
  fileName: z.string().nullable(),
  fileType: z.string(),
  fields: IntakeFieldsSchema,
  xhfmc: z.string().nullable(),
  gmfmc: z.string().nullable(),
  status: z.string(),
  lastCode: z.string().nullable(),
  zfbz: z.string().nullable(),
  verification: VerificationStateView,
  unverifiable: z.enum(UNVERIFIABLE_KINDS).nullable().describe('A kind the service cannot verify, read from the file (railway e-ticket, airline itinerary)'),
  buyerMismatch: z.boolean().describe("The buyer tax ID is not the enterprise's"),
  buyerReason: z.string().nullable(),
  duplicateOf: z.number().int().nullable(),
  createdAt: z.string(),
});
export type IntakeLedgerRow = z.infer<typeof IntakeLedgerRow>;

/** A keyset page of the received ledger (schemas/page.ts): the first page without cursor, then each `next`. */
export const IntakeLedgerQuery = IntakeLedgerFilter.extend(PageRequestFields);
export type IntakeLedgerQuery = z.infer<typeof IntakeLedgerQuery>;

export const IntakeLedger = z.strictObject({
  rows: z.array(IntakeLedgerRow),
  next: PageCursor.nullable().describe('Cursor of the following page; null when this is the last'),
  enterprise: z.strictObject({ taxNumber: z.string(), name: z.string() }).describe('Whose ledger this is: the active enterprise'),
  totals: z
    .strictObject({
      count: z.number().int().describe('Invoices counted: duplicates once'),
      rows: z.number().int().describe('Rows listed, duplicates included'),
      incomplete: z.number().int().describe('Invoices counted but not in the sums: one of their amounts is unknown (a QR carries one)'),
      fpje: z.string().describe('金额 of the invoices whose three amounts are known'),
      fpse: z.string().describe('税额 of the same invoices'),
      jshj: z.string().describe('价税合计 of the same invoices'),
    })
    .nullable()
    .describe('Count and sums of the whole filtered ledger (accepted invoices; duplicates not counted twice), with the first page only'),
});
export type IntakeLedger = z.infer<typeof IntakeLedger>;

const ReceivedId = z.strictObject({ receivedId: z.number().int().positive() });
const Accepted = z.strictObject({ accepted: z.number().int() });

export const intakeChannels = {
  // Only paths main handed out itself: granted by the preload for a drop (intake:grantPaths), refused otherwise.
  'intake:addPaths': { request: z.strictObject({ paths: z.array(z.string().min(1).max(4096)).min(1).max(1000), origin: IntakeOrigin }), response: Accepted },
  // Preload only: the paths of files dropped on the page (webUtils.getPathForFile). The preload does not
  // expose it to the page and the browser harness's bridge refuses it (docs/security.md, dropped paths).
  'intake:grantPaths': { request: z.strictObject({ paths: z.array(z.string().min(1).max(4096)).min(1).max(1000) }), response: z.strictObject({ granted: z.number().int() }) },
  // A pasted picture or a harness drop carries its bytes: ~20 MB of file as base64 in UTF-16.
  'intake:addFile': {
    request: z.strictObject({ name: z.string().min(1).max(255), base64: z.string().max(28 * 1024 * 1024), origin: IntakeOrigin }),
    response: Accepted,
    maxRequestBytes: 60 * 1024 * 1024,
  },
  'intake:pick': { request: empty, response: Accepted },
  'intake:queue': { request: empty, response: z.array(IntakeItem) },
  // Pictures come as their bytes (shown rotated by XZJD); PDF and OFD as their first pages drawn by main (PNG).
  'intake:preview': {
    request: ReceivedId,
    response: z.strictObject({
      mime: z.string(),
      base64: z.string().nullable(),
      pages: z.array(z.strictObject({ base64: z.string(), width: z.number().int().positive(), height: z.number().int().positive() })).max(3),
      pageCount: z.number().int().min(0),
    }),
  },
  'intake:review': {
    request: z.strictObject({
      receivedId: z.number().int().positive(),
      fields: IntakeFieldsSchema,
      buyerReason: plainText(z.string().trim().min(1).max(200), '接受理由').optional().describe('Why an invoice made out to another buyer is accepted'),
    }),
    response: IntakeItem,
  },
  'intake:verify': { request: ReceivedId, response: VerificationView },
  'intake:ledger': { request: IntakeLedgerQuery, response: IntakeLedger },
  'intake:export': { request: IntakeLedgerFilter, response: z.strictObject({ path: z.string().nullable() }) },
  'intake:openOriginal': { request: ReceivedId, response: empty },
  'intake:settings': { request: empty, response: z.strictObject({ scanFolder: z.string().nullable() }) },
  // The folder is chosen in main's own folder dialog (paths only from the clerk, docs/security.md); the page
  // may only stop the watching, never name a folder.
  'intake:chooseScanFolder': { request: empty, response: z.strictObject({ scanFolder: z.string().nullable() }) },
  'intake:setScanFolder': { request: z.strictObject({ scanFolder: z.null() }), response: z.strictObject({ scanFolder: z.string().nullable() }) },
  'intake:scanners': { request: empty, response: z.strictObject({ kind: z.string(), devices: z.array(z.strictObject({ id: z.string(), name: z.string() })) }) },
  'intake:scan': { request: z.strictObject({ device: z.string().min(1).max(200), feeder: z.boolean() }), response: Accepted },
} as const satisfies Record<string, ChannelSpec>;

export const intakeEvents = {
  'intake:item': IntakeItem,
} as const;
