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
};
