/**
 * Schemas of single verification: spec endpoint 4, "Verification request and result" and the single
 * verification codes table under Errors. The request schema holds the members and their types only; which
 * fields a kind needs, lengths and formats are in shared/rules/verification-checks.ts, each violation with
 * the verification code it earns, so the client (before spending one of the five daily verifications) and
 * the sandbox give the same answer.
 */
import { z } from 'zod';
import { e4 } from './envelopes.js';

const describeCodes = (table: Record<string, string>): string =>
  Object.entries(table)
    .map(([code, meaning]) => `${code} ${meaning}`)
    .join(', ');

/** fpzl of the verification request. */
export const VERIFICATION_INVOICE_KINDS = {
  '01': 'special',
  '02': 'freight transport special',
  '03': 'motor vehicle sale unified',
  '04': 'general',
  '10': 'general electronic',
  '11': 'general roll',
  '14': 'toll',
  '15': 'used car',
  '08': 'electronic special',
  '16': 'blockchain electronic (supported for one city region only)',
  '21': 'full-electronic special',
  '22': 'full-electronic general',
} as const;
export type VerificationInvoiceKind = keyof typeof VERIFICATION_INVOICE_KINDS;

/** Single verification codes (code of E4; cyjg carries the same family). */
export const VERIFICATION_CODES = {
  '0001': 'verification succeeded, invoice consistent',
  '9999': 'verification failed',
  '0002': 'daily verification count for this invoice reached (5); retry on the next day',
  '0005': 'request illegal; invoice information wrong',
  '0006': 'invoice information inconsistent',
  '0009': 'invoice does not exist',
  '1004': 'maximum verification quota exceeded; contact the administrator',
  '1005': 'invoice query not standard',
  '1006': 'verification exception',
  '1007': 'batch expired; change the batch number',
  '1008': 'field cannot be empty',
  '1009': 'parameter length incorrect',
  '1010': 'verification not yet complete (batch verification in progress)',
  '1011': 'batch already verified (fetch through invoice retrieval)',
  '1012': 'number of invoices exceeds the limit (batch default 200)',
  '1013': 'batch number does not exist; request again with another batch number',
  '1014': 'invoices dated today cannot be verified; retry the next day',
  '1015': 'invoices older than 5 years cannot be verified',
  '1020': 'no verification permission; contact the administrator',
  '1021': 'network timeout (tax-bureau maintenance or upgrade)',
} as const;
export type VerificationCode = keyof typeof VERIFICATION_CODES;

/** zfbz of the verification result. */
export const VOID_FLAGS = {
  Y: 'voided',
  H: 'red-reversed',
  N: 'not voided',
} as const;

/** qdbz of the verification result. */
export const LIST_FLAGS = {
  Y: 'with list',
  N: 'without list',
} as const;

/** Limits of single verification (spec Limits). */
export const VERIFICATION_LIMITS = {
  /** Verifications of one invoice per day; the next one gets 0002. */
  perInvoicePerDay: 5,
  /** Invoices older than this many years get 1015. */
  maxAgeYears: 5,
} as const;

const requestText = (field: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `${field} 不能为空` : `${field} 必须是字符串`) });

/** The request members and their types; conditional presence, lengths and formats are the rules' job. */
export const VerificationRequest = z
  .strictObject({
    jym: requestText('jym').optional().describe('Last 6 digits of the check code; length 6; required when fpzl is 04, 10, 11, 14 or 16'),
    fpje: requestText('fpje')
      .optional()
      .describe(
        'Amount; required when fpzl is 01, 02, 03, 15, 08, 16, 21 or 22: the amount excluding tax for 01, 02, 03, 16 (and 08); the total vehicle price for 15; the total including tax for 21 and 22',
      ),
    fpdm: requestText('fpdm').optional().describe('Invoice code, 10 or 12 digits; may be empty for full-electronic (21, 22) invoices'),
    kprq: requestText('kprq').optional().describe('Issue date, yyyyMMdd; required'),
    fphm: requestText('fphm').optional().describe('Invoice number, 8 digits (20 for full-electronic invoices); required'),
    fpzl: requestText('fpzl').optional().describe(`Invoice kind; required: ${describeCodes(VERIFICATION_INVOICE_KINDS)}`),
  })
  .describe('Body of POST /input/openApi/checkInvoiceSingle (member types; the rules check the values)');
export type VerificationRequest = z.infer<typeof VerificationRequest>;

const text = (length: number, meaning: string) => z.string().optional().describe(`${meaning}; max ${length}`);

export const VerificationLine = z
  .looseObject({
    mxbh: text(90, 'Line number'),
    hwmc: text(40, 'Goods name'),
    je: text(22, 'Amount'),
    spsl: text(22, 'Quantity'),
    sl: text(24, 'Tax rate'),
    se: text(24, 'Tax'),
    hsdj: text(24, 'Unit price including tax'),
    hsje: text(24, 'Amount including tax'),
    bhsdj: text(24, 'Unit price excluding tax'),
    ggxh: text(100, 'Specification'),
    jldw: text(100, 'Unit of measure'),
    fyxm: text(100, 'Fee item (freight invoice)'),
    cph: text(100, 'Plate (toll)'),
    lx: text(100, 'Type (toll)'),
    txrqq: text(100, 'Pass date from (toll)'),
    txrqz: text(100, 'Pass date to (toll)'),
    ssflbm: text(100, 'Tax classification code'),
  })
  .describe('Verified invoice line (element of detailList)');

/** Members of the payload shape the spec lists without meaning (open point 7). */
export const UNDESCRIBED_RESULT_FIELDS = [
  'cd', 'cllx', 'sjdh', 'fdjhm', 'hgzs', 'clshb', 'jkzmsh', 'mfdwgr', 'khyh', 'fhrsbh', 'khyhjzh', 'mfdh', 'escscdz', 'jypmdwdz', 'spfshb',
  'zrdcgsmc', 'escsckhyhzh', 'escsc', 'xhfdz', 'cpzh', 'mfdwdmsfzh', 'xcrs', 'txfbz', 'jypmdwdh', 'cyrsbh', 'jypmdw', 'cjhj', 'escscdh', 'sl',
  'dw', 'fhrmc', 'skph', 'smfdwgrzz', 'djzh', 'khzh', 'lslbs', 'jypmdwdzsbh', 'shrmc', 'yshwxx', 'smfdwdmsfzh', 'zgswjgmc', 'mfdwgrdz', 'smfdwgr',
  'smfdh', 'shrsbh', 'ccdw', 'escscsbh', 'wspzhm', 'qydjyddd', 'czch', 'cyrmc', 'zgswjgdm', 'spfmc', 'cpxh', 'sfzh',
] as const;

const undescribed = Object.fromEntries(
  UNDESCRIBED_RESULT_FIELDS.map((name) => [name, z.string().optional().describe('Present in the payload shape; meaning not shown (open point 7)')]),
) as Record<(typeof UNDESCRIBED_RESULT_FIELDS)[number], z.ZodOptional<z.ZodString>>;

export const VerificationResult = z
  .looseObject({
    ...undescribed,
    cyjg: text(10, `Verification result code: ${describeCodes(VERIFICATION_CODES)}`),
    cyjgxx: text(100, 'Result message'),
    fpzl: text(2, 'Invoice kind (same codes as the request)'),
    fpdm: text(20, 'Invoice code'),
    fphm: text(8, 'Invoice number (20 digits for full-electronic invoices)'),
    cycs: text(100, 'Number of verifications (of this invoice today, this one included)'),
    xhfmc: text(100, 'Seller name'),
    xhfsbh: text(20, 'Seller tax ID'),
    xhfdzdh: text(100, 'Seller address and phone'),
    xhfyhzh: text(100, 'Seller bank and account'),
    gmfsbh: text(20, 'Buyer tax ID'),
    gmfmc: text(100, 'Buyer name'),
    gmfdzdh: text(100, 'Buyer address and phone'),
    gmfyhzh: text(100, 'Buyer bank and account'),
    kprq: text(8, 'Issue date, yyyyMMdd'),
    fpje: text(20, 'Invoice amount'),
    fpse: text(20, 'Invoice tax'),
    jshj: text(16, 'Total including tax'),
    bz: text(200, 'Remark'),
    jqbh: text(20, 'Machine number'),
    kpr: text(8, 'Issuer'),
    skr: text(8, 'Payee'),
    fhr: text(8, 'Reviewer'),
    jym: text(32, 'Check code; 5 digits for a blockchain electronic invoice'),
    zfbz: z
      .enum(['Y', 'H', 'N'])
      .optional()
      .describe(`Void flag: ${describeCodes(VOID_FLAGS)}`),
    qdbz: z
      .enum(['Y', 'N'])
      .optional()
      .describe(`List flag: ${describeCodes(LIST_FLAGS)}; returned only for special, electronic special, electronic and general invoices`),
    bswjurl: text(100, 'Layout-file URL; returned for OFD files'),
    detailList: z.array(VerificationLine).optional().describe('Invoice lines'),
  })
  .describe('Verification result (data of E4)');
export type VerificationResult = z.infer<typeof VerificationResult>;

export const VerificationResponse = e4(VerificationResult.nullable()).describe('E4 answer of POST /input/openApi/checkInvoiceSingle');
export type VerificationResponse = z.infer<typeof VerificationResponse>;
