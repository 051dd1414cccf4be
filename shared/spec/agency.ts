/**
 * Schemas of the enterprise (agency) operations: spec "Enterprise (agency) record", taxUser members and
 * endpoints 11 (page through), 12 (initialise), 13 (modify). Lengths are counted in characters: the spec
 * counts GBK bytes only for the issuance and red-letter payloads (Conventions).
 *
 * Open point 8 (taxNumber in the payload shapes, ttaxNumber in the field tables): requests may spell it
 * either way but not both at once; `withOneTaxNumberSpelling` folds ttaxNumber into taxNumber before the
 * strict request schemas run, and answers always say taxNumber.
 */
import { z } from 'zod';
import { codesOf } from './codes.js';
import { e1 } from './envelopes.js';

/** loginIdentity: identity used at the electronic tax bureau. */
export const LOGIN_IDENTITIES = {
  '1': 'finance head',
  '2': 'legal representative',
  '7': 'invoicing clerk',
} as const;
export type LoginIdentity = keyof typeof LOGIN_IDENTITIES;

/** Limits of endpoint 11 (spec Limits: page size 10 to 20, default 10; page number from 1, default 1). */
export const ENTERPRISE_PAGE = { minSize: 10, maxSize: 20, defaultSize: 10, firstPage: 1 } as const;

/** The spelling of the tax number the field tables use (open point 8). */
export const ALTERNATIVE_TAX_NUMBER_KEY = 'ttaxNumber';

/** Text of at most `max` characters (code points); `required` texts must not be empty either. */
function text(field: string, max: number, required: boolean) {
  const base = z.string({ error: (issue) => (issue.input === undefined ? `${field} 不能为空` : `${field} 必须是字符串`) });
  const withMin = required ? base.min(1, `${field} 不能为空`) : base;
  return withMin.refine((value) => [...value].length <= max, { message: `${field} 超过 ${max} 个字符`, params: { rule: 'length', field, max } });
}

const loginIdentity = z.enum(codesOf(LOGIN_IDENTITIES), {
  error: (issue) => (issue.input === undefined ? 'loginIdentity 不能为空' : `loginIdentity 取值无效，可选 ${Object.keys(LOGIN_IDENTITIES).join('/')}`),
});
const LOGIN_IDENTITY_MEANING = `Identity used at the electronic tax bureau: ${Object.entries(LOGIN_IDENTITIES)
  .map(([code, meaning]) => `${code} ${meaning}`)
  .join(', ')}`;

/** taxUser as endpoint 13 requires it: every member except email. */
export const TaxUserComplete = z
  .strictObject({
    idCard: text('taxUser.idCard', 20, true).describe("Tax clerk's identity number"),
    name: text('taxUser.name', 100, true).describe("Tax clerk's name"),
    identityPwd: text('taxUser.identityPwd', 100, true).describe('Enterprise password at the tax bureau (secret: stored, never answered back)'),
    phone: text('taxUser.phone', 15, true).describe("Tax clerk's mobile number"),
    taxPwd: text('taxUser.taxPwd', 30, true).describe("Tax clerk's login password (secret: stored, never answered back)"),
    loginIdentity: loginIdentity.describe(LOGIN_IDENTITY_MEANING),
    email: text('taxUser.email', 40, false).optional().describe('E-mail address; optional'),
  })
  .describe('Tax-bureau user of the enterprise, every member required except email (modify)');
export type TaxUserComplete = z.infer<typeof TaxUserComplete>;

/** taxUser as endpoint 12 takes it: the spec's required flags are blank there, so every member is optional. */
export const TaxUser = TaxUserComplete.partial().describe('Tax-bureau user of the enterprise (initialise: every member optional)');
export type TaxUser = z.infer<typeof TaxUser>;

const ENTERPRISE_FIELDS = {
  taxNumber: text('taxNumber', 20, true).describe('Enterprise tax number; identifies the enterprise'),
  agencyName: text('agencyName', 100, true).describe('Enterprise name'),
  address: text('address', 100, true).describe('Business address'),
  phone: text('phone', 15, true).describe('Contact phone'),
  bank: text('bank', 30, true).describe('Bank'),
  account: text('account', 30, true).describe('Bank account'),
};

/**
 * Body of endpoint 12. The required flags of this operation are blank in the field tables (spec
 * "Endpoints"); taxNumber and agencyName are required here because an enterprise without them cannot be
 * listed (they are required in the query result).
 */
export const InitialiseEnterpriseRequest = z
  .strictObject({
    taxNumber: ENTERPRISE_FIELDS.taxNumber,
    agencyName: ENTERPRISE_FIELDS.agencyName,
    address: text('address', 100, false).optional().describe('Business address'),
    phone: text('phone', 15, false).optional().describe('Contact phone'),
    bank: text('bank', 30, false).optional().describe('Bank'),
    account: text('account', 30, false).optional().describe('Bank account'),
    taxUser: TaxUser.optional(),
  })
  .describe('Enterprise record to initialise (endpoint 12)');
export type InitialiseEnterpriseRequest = z.infer<typeof InitialiseEnterpriseRequest>;

/** Body of endpoint 13: every member required, and within taxUser every member except email. */
export const ModifyEnterpriseRequest = z
  .strictObject({ ...ENTERPRISE_FIELDS, taxUser: TaxUserComplete })
  .describe('Enterprise record as modified (endpoint 13); the enterprise is found by taxNumber');
export type ModifyEnterpriseRequest = z.infer<typeof ModifyEnterpriseRequest>;

/** taxUser as answered: the passwords are never sent back (the client keeps its own, encrypted). */
export const TaxUserRecord = z
  .looseObject({
    idCard: z.string().optional().describe("Tax clerk's identity number"),
    name: z.string().optional().describe("Tax clerk's name"),
    identityPwd: z.string().optional().describe('Enterprise password at the tax bureau; the sandbox never answers it'),
    phone: z.string().optional().describe("Tax clerk's mobile number"),
    taxPwd: z.string().optional().describe("Tax clerk's login password; the sandbox never answers it"),
    loginIdentity: z.string().optional().describe(LOGIN_IDENTITY_MEANING),
    email: z.string().optional().describe('E-mail address'),
  })
  .describe('Tax-bureau user of the enterprise, as answered');
export type TaxUserRecord = z.infer<typeof TaxUserRecord>;

/** Enterprise record as answered (loose: read from the service, which may add members). */
export const EnterpriseRecord = z
  .looseObject({
    taxNumber: z.string().describe('Enterprise tax number; required in the query result'),
    agencyName: z.string().describe('Enterprise name; required in the query result'),
    address: z.string().optional().describe('Business address'),
    phone: z.string().optional().describe('Contact phone'),
    bank: z.string().optional().describe('Bank'),
    account: z.string().optional().describe('Bank account'),
    taxUser: TaxUserRecord.optional(),
  })
  .describe('Enterprise (agency) record');
export type EnterpriseRecord = z.infer<typeof EnterpriseRecord>;

/** A query parameter holding a whole number (parameters arrive as text). */
function pageNumber(field: string, min: number, max: number | undefined, fallback: number) {
  const range = max === undefined ? `不小于 ${min}` : `在 ${min} 到 ${max} 之间`;
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const number = /^-?\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isInteger(number) || number < min || (max !== undefined && number > max)) {
        ctx.addIssue({ code: 'custom', message: `${field} 必须是整数且${range}（收到 ${value}）`, params: { rule: 'page', field } });
        return z.NEVER;
      }
      return number;
    });
}

/** An optional text filter; an empty parameter (as forms send it) is no filter. */
const filter = (field: string, max: number) =>
  text(field, max, false)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** Query parameters of endpoint 11, as text (from the query string) in, numbers and filters out. */
export const EnterpriseQuery = z
  .object({
    taxNumber: filter('taxNumber', 20).describe('Filter: enterprises whose tax number contains this text'),
    agencyName: filter('agencyName', 100).describe('Filter: enterprises whose name contains this text'),
    pageNum: pageNumber('pageNum', ENTERPRISE_PAGE.firstPage, undefined, ENTERPRISE_PAGE.firstPage).describe('Page number, from 1, default 1'),
    pageSize: pageNumber('pageSize', ENTERPRISE_PAGE.minSize, ENTERPRISE_PAGE.maxSize, ENTERPRISE_PAGE.defaultSize).describe(
      'Page size, 10 to 20, default 10',
    ),
  })
  .describe('Query parameters of the enterprise query (endpoint 11)');
export type EnterpriseQuery = z.output<typeof EnterpriseQuery>;

export const EnterprisePage = z
  .looseObject({
    pageNum: z.number().int().describe('Page number of this response'),
    pageSize: z.number().int().describe('Page size of this response'),
    size: z.number().int().describe('Count of records returned in this response'),
    total: z.number().int().describe('Total count of matching records'),
    list: z.array(EnterpriseRecord).describe('The enterprises of this page'),
  })
  .describe('Page of the enterprise query (data of endpoint 11)');
export type EnterprisePage = z.infer<typeof EnterprisePage>;

export const EnterprisePageResponse = e1(EnterprisePage);
export const EnterpriseResponse = e1(EnterpriseRecord);

export type TaxNumberSpelling = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Open point 8: accepts `ttaxNumber` as another spelling of `taxNumber` (moved into taxNumber, so the
 * strict schemas see one shape) and refuses both at once, whose meaning would be ambiguous.
 */
export function withOneTaxNumberSpelling(input: unknown): TaxNumberSpelling {
  if (typeof input !== 'object' || input === null || Array.isArray(input) || !(ALTERNATIVE_TAX_NUMBER_KEY in input)) return { ok: true, value: input };
  const { [ALTERNATIVE_TAX_NUMBER_KEY]: alternative, ...rest } = input as Record<string, unknown>;
  if ('taxNumber' in rest) return { ok: false, message: 'taxNumber 与 ttaxNumber 只能给出一个' };
  return { ok: true, value: { ...rest, taxNumber: alternative } };
}
