/**
 * The sandbox's E1 failure codes. The spec gives E1 only "status true, code 0 is success" and ties
 * 2002/2012 to authorisation; the rest are the sandbox's choice, reusing the spec's tables where a
 * meaning fits (2003, 2005, 2011 from the ZTDM table; 1008, 1009 from the verification table) and a
 * 3xxx range for issuance rules. docs/sandbox.md lists them.
 */
export const SANDBOX_CODES = {
  ok: 0,
  fieldMissing: 1008,
  fieldLength: 1009,
  authorisation: 2002,
  format: 2003,
  unknownInterface: 2005,
  internal: 2011,
  taxNumberNotAuthorised: 2012,
  serialReused: 3001,
  totalMismatch: 3002,
  lineAmountMismatch: 3003,
  invalidValue: 3004,
  /** Output: the invoice named (print target, red invoice's or red-letter application's original) is not one this sandbox issued to this seller. */
  invoiceNotFound: 2001,
  /** Output: a red invoice or red-letter application exceeds what is left of its blue invoice. */
  exceedsRemaining: 3005,
  /** Output: the red-letter form (xxbbh/xxbid) is unknown, still pending, of another original, already used, or of another amount. */
  redLetterFormUnusable: 3006,
  /** Output: no red-letter application with this lsh (for this seller and terminal). */
  redLetterApplicationUnknown: 3007,
  /** Output: the original cannot be reversed or printed that way (a red original, another type, no list to print). */
  invoiceStateConflict: 3008,
  /** Agency (endpoints 11–13): a pageNum/pageSize outside the spec's Limits. */
  pageOutOfRange: 4001,
  /** Agency: initialising an enterprise this AppKey already has. */
  enterpriseExists: 4002,
  /** Agency: modifying an enterprise this sandbox does not know. */
  enterpriseUnknown: 4003,
} as const;

export type SandboxCode = (typeof SANDBOX_CODES)[keyof typeof SANDBOX_CODES];

export const SANDBOX_MESSAGES: Record<SandboxCode, string> = {
  0: '成功',
  1008: '字段不能为空',
  1009: '参数长度不正确',
  2002: '授权信息错误',
  2003: '请求报文格式错误',
  2005: '接口不存在',
  2011: '其他异常',
  2012: '请确认调用地址和税号均已授权',
  3001: '流水号已使用且内容不同',
  3002: '价税合计与明细金额不符',
  3003: '明细金额与数量×单价不符',
  3004: '字段取值不符合规则',
  2001: '发票不存在',
  3005: '超过蓝字发票剩余可冲红金额',
  3006: '红字信息表不可用',
  3007: '红字信息表申请不存在',
  3008: '发票状态不允许该操作',
  4001: '分页参数不正确',
  4002: '企业已存在',
  4003: '企业不存在',
};
