/**
 * IPC shapes of enterprise management (代账: the enterprises a clerk serves). The tax-bureau passwords
 * (taxUser.identityPwd, taxPwd) go one way only: the renderer may send a new value, main answers only
 * whether one is set. An empty password on modify means "keep the one sealed in the vault".
 */
import { z } from 'zod';
import { plainText } from './plain-text.js';

// Names and addresses are printed on invoices: no control, bidi or zero-width characters (./plain-text.ts).
const text = (max: number, label: string) => plainText(z.string().trim().max(max, `最多 ${max} 个字符`), label);
const required = (max: number, label: string) => text(max, label).min(1, '必填');

export const LoginIdentity = z.enum(['1', '2', '7']).describe('1 finance head, 2 legal representative, 7 invoicing clerk');

export const EnterpriseListQuery = z.strictObject({
  query: text(100, '搜索内容').optional().describe('Tax number or name (a tax-number-like text searches by tax number)'),
  pageNum: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(10).max(20).default(10).describe('10 to 20 (spec Limits)'),
});

/** What the renderer sends to initialise or modify. Passwords: a new value, or '' to keep the stored one. */
export const EnterpriseInput = z.strictObject({
  taxNumber: z
    .string()
    .trim()
    .regex(/^[0-9A-Z]{15}$|^[0-9A-Z]{18}$|^[0-9A-Z]{20}$/, '税号应为 15、18 或 20 位数字或大写字母'),
  agencyName: required(100, '企业名称'),
  address: text(100, '经营地址'),
  phone: text(15, '联系电话'),
  bank: text(30, '开户银行'),
  account: text(30, '银行账号'),
  taxUser: z.strictObject({
    idCard: text(20, '办税人员身份证号'),
    name: text(100, '办税人员姓名'),
    phone: text(15, '办税人员手机号'),
    loginIdentity: LoginIdentity.optional(),
    email: text(40, '邮箱'),
    identityPwd: z.string().max(100, '最多 100 个字符').describe('New enterprise password at the tax bureau, or empty to keep'),
    taxPwd: z.string().max(30, '最多 30 个字符').describe("New tax clerk's login password, or empty to keep"),
  }),
});
export type EnterpriseInput = z.infer<typeof EnterpriseInput>;

export const EnterpriseView = z.strictObject({
  taxNumber: z.string(),
  agencyName: z.string(),
  address: z.string(),
  phone: z.string(),
  bank: z.string(),
  account: z.string(),
  taxUser: z.strictObject({
    idCard: z.string(),
    name: z.string(),
    phone: z.string(),
    loginIdentity: LoginIdentity.nullable(),
    email: z.string(),
    identityPwdSet: z.boolean().describe('A password is sealed in the vault (never the password itself)'),
    taxPwdSet: z.boolean(),
  }),
  active: z.boolean().describe('The enterprise this desk acts for'),
});
export type EnterpriseView = z.infer<typeof EnterpriseView>;

export const EnterprisePageView = z.strictObject({
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  list: z.array(EnterpriseView),
});

export const ActiveEnterprise = z.strictObject({
  taxNumber: z.string(),
  name: z.string(),
});
export type ActiveEnterprise = z.infer<typeof ActiveEnterprise>;

export const EnterpriseChoices = z.strictObject({
  active: ActiveEnterprise,
  choices: z.array(ActiveEnterprise).describe('Enterprises known locally, the default one first'),
});
export type EnterpriseChoices = z.infer<typeof EnterpriseChoices>;
