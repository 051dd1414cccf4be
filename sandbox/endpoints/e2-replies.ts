/**
 * E2 answers of the input operations (collection, apply certification, certification result): ZTDM and
 * ZTXX first, then the operation's members. ZTXX is the code's Chinese message, followed by what exactly
 * was wrong. Also the mapping from a failed schema check to its ZTDM code, shared by the three modules.
 */
import type { z } from 'zod';
import type { ZtdmCode } from '../../shared/spec/codes-input.js';
import type { SandboxReply } from '../envelope.js';

export const ZTDM_MESSAGES: Record<ZtdmCode, string> = {
  '0000': '处理成功',
  '9999': '处理失败',
  '2001': '发票不存在',
  '2002': '授权信息错误',
  '2003': '请求报文格式错误',
  '2004': '内容不一致',
  '2005': '接口编码不存在',
  '2006': '批次号必须存在且为32位',
  '2007': '本期开始日期必须存在且为14位',
  '2008': '状态标志必须存在且为1位',
  '2009': '开始行数必须存在且为数字',
  '2010': '本期结束日期必须存在且为14位',
  '2011': '其他异常',
  '2012': '请确认调用地址和税号均已授权',
  '2013': '无此批次',
  '2014': '税号必须存在',
  '2015': '发票代码与号码长度不匹配',
  '2016': '认证所属期必须存在',
  '2017': '无此发票',
  '2018': '确认统计时间必须存在',
  '2019': '确认标志必须存在',
  '2020': '统计标志必须存在',
  '2021': '统计所属期必须存在',
  '2022': '校验码错误',
  '2023': '确认密码必须存在',
  '2024': '确认密码必须为6到20位',
};

export interface InputRefusal {
  ztdm: ZtdmCode;
  detail: string;
}

export function e2Success(message: string, members: Record<string, unknown>): SandboxReply {
  return { httpStatus: 200, body: { ZTDM: '0000', ZTXX: message, ...members } };
}

export function e2Refusal({ ztdm, detail }: InputRefusal): SandboxReply {
  return { httpStatus: 200, body: { ZTDM: ztdm, ZTXX: detail ? `${ZTDM_MESSAGES[ztdm]}：${detail}` : ZTDM_MESSAGES[ztdm] } };
}

export const refuse = (ztdm: ZtdmCode, detail: string): InputRefusal => ({ ztdm, detail });

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An absent or empty member: what "must be present" codes (2006, 2014, 2016…) are about. */
export function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** Which ZTDM a failed field gets: per field name, or a function of the value when presence matters. */
export type FieldCodes = Record<string, ZtdmCode | ((value: unknown) => ZtdmCode)>;

/**
 * The refusal for the first schema issue: the field's own code when the table has one (keyed by the last
 * path segment that is a name), 2003 otherwise. An unknown member is a format error.
 */
export function refusalForIssues(issues: readonly z.core.$ZodIssue[], input: unknown, codes: FieldCodes): InputRefusal {
  const issue = issues[0];
  if (!issue) return refuse('2003', '请求报文不符合规范');
  const field = [...issue.path].reverse().find((segment): segment is string => typeof segment === 'string');
  const rule = issue.code === 'unrecognized_keys' || field === undefined ? undefined : codes[field];
  const ztdm = rule === undefined ? '2003' : typeof rule === 'function' ? rule(valueAt(input, issue.path)) : rule;
  const where = issue.path.length > 1 ? `${issue.path.map(String).join('.')}: ` : '';
  const message = issue.code === 'unrecognized_keys' ? `未知字段 ${issue.keys.join(', ')}` : issue.message;
  return refuse(ztdm, `${where}${message}`);
}
