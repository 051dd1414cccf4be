/**
 * The words of a received invoice in the clerk's terms, in both languages: its kind by name (not 08/21/10),
 * its verification state (not 0009) with what explains it, its issue date as a date. One table for the
 * renderer (the review, the queue, the 报销台账) and for main's export of the ledger, so the screen and the
 * file say the same thing. Codes stay codes only in the export's own code columns.
 */
import type { StateOf } from '../rules/verification-state.js';
import { tableText, type UiLanguage } from './ui-language.js';

export const RECEIVED_TEXTS = {
  // Verification kinds of the spec (endpoint 4, fpzl).
  kind_01: { zh: '增值税专用发票', en: 'VAT special invoice' },
  kind_02: { zh: '货物运输业增值税专用发票', en: 'Freight transport special invoice' },
  kind_03: { zh: '机动车销售统一发票', en: 'Motor vehicle sale invoice' },
  kind_04: { zh: '增值税普通发票', en: 'VAT general invoice' },
  kind_08: { zh: '增值税电子专用发票', en: 'Electronic special invoice' },
  kind_10: { zh: '增值税电子普通发票', en: 'Electronic general invoice' },
  kind_11: { zh: '增值税普通发票（卷式）', en: 'Roll invoice' },
  kind_14: { zh: '通行费电子普通发票', en: 'Toll electronic invoice' },
  kind_15: { zh: '二手车销售统一发票', en: 'Used car sale invoice' },
  kind_16: { zh: '区块链电子发票', en: 'Blockchain electronic invoice' },
  kind_21: { zh: '数电专票', en: 'Digital special invoice' },
  kind_22: { zh: '数电普票', en: 'Digital general invoice' },
  // Kinds read from a file that have no verification kind (shared/rules/intake-fields.ts UNVERIFIABLE_KINDS).
  'kind_railway-eticket': { zh: '电子发票（铁路电子客票）', en: 'Railway e-ticket' },
  'kind_air-itinerary': { zh: '电子发票（航空运输电子客票行程单）', en: 'Airline e-ticket itinerary' },
  // One state per received invoice (shared/rules/verification-state.ts).
  state_unverified: { zh: '未查验', en: 'Not verified' },
  state_consistent: { zh: '查验一致', en: 'Consistent' },
  state_inconsistent: { zh: '查验不一致', en: 'Inconsistent' },
  'state_not-found': { zh: '查无此票', en: 'No such invoice' },
  state_voided: { zh: '已作废', en: 'Voided' },
  state_reversed: { zh: '已红冲', en: 'Red-reversed' },
  state_unverifiable: { zh: '不可查验', en: 'Cannot be verified' },
  state_failed: { zh: '查验失败', en: 'Verification failed' },
  // What explains it.
  inconsistentFields: { zh: '{{fields}}与税局记录不一致', en: '{{fields}} differ from the tax record' },
  inconsistentUnspecified: { zh: '税局未指明哪一项：所报的{{fields}}中有与税局记录不符的', en: 'the tax authority did not say which: one of {{fields}} as sent differs' },
  'reason_railway-eticket': { zh: '铁路电子客票不在查验服务的发票种类中，不花查验次数', en: 'railway e-tickets are not a kind the verification service takes; no verification spent' },
  'reason_air-itinerary': { zh: '航空运输电子客票行程单不在查验服务的发票种类中，不花查验次数', en: 'airline itineraries are not a kind the verification service takes; no verification spent' },
  reason_kind: { zh: '发票种类不在查验服务的种类中', en: 'the invoice kind is not one the verification service takes' },
  reason_1015: { zh: '超过 5 年的发票不能查验', en: 'invoices older than 5 years cannot be verified' },
  reason_1020: { zh: '没有查验权限，请联系管理员开通', en: 'no verification permission: ask the administrator' },
  reason_0002: { zh: '今日已查验 5 次，明天再查', en: 'verified 5 times today: try tomorrow' },
  reason_1014: { zh: '当天开具的发票明天才能查验', en: 'issued today: verify it tomorrow' },
  reason_1008: { zh: '有必填字段为空，补全后重查', en: 'a required field is empty: complete it and retry' },
  reason_1009: { zh: '字段长度不对，改正后重查', en: 'a field has the wrong length: correct it and retry' },
  reason_1005: { zh: '字段格式不规范，改正后重查', en: 'a field is not in the expected form: correct it and retry' },
  reason_unreachable: { zh: '查验服务不可达，请稍后重试', en: 'the verification service could not be reached: retry later' },
  reason_other: { zh: '代码 {{code}}，请稍后重试', en: 'code {{code}}: retry later' },
  // Field names, for the fields an inconsistent state names.
  field_fpzl: { zh: '发票种类', en: 'invoice kind' },
  field_fpdm: { zh: '发票代码', en: 'invoice code' },
  field_fphm: { zh: '发票号码', en: 'invoice number' },
  field_kprq: { zh: '开票日期', en: 'issue date' },
  field_fpje: { zh: '金额（不含税）', en: 'amount excl. tax' },
  field_fpse: { zh: '税额', en: 'tax' },
  field_jshj: { zh: '价税合计', en: 'total incl. tax' },
  field_xhfsbh: { zh: '销售方税号', en: 'seller tax ID' },
  field_gmfsbh: { zh: '购买方税号', en: 'buyer tax ID' },
  field_jym: { zh: '校验码', en: 'check code' },
  field_xhfmc: { zh: '销售方名称', en: 'seller name' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type ReceivedTextKey = keyof typeof RECEIVED_TEXTS;

const has = (key: string): key is ReceivedTextKey => Object.hasOwn(RECEIVED_TEXTS, key);
const text = (key: ReceivedTextKey, language: UiLanguage, params: Record<string, string> = {}) => tableText(RECEIVED_TEXTS, key, params, language);

/** The kind by name: the verification kind, else the unverifiable kind read from the file; '' when neither is known. */
export function kindName(fpzl: string | null | undefined, unverifiable: string | null | undefined, language: UiLanguage): string {
  if (fpzl && has(`kind_${fpzl}`)) return text(`kind_${fpzl}` as ReceivedTextKey, language);
  if (unverifiable && has(`kind_${unverifiable}`)) return text(`kind_${unverifiable}` as ReceivedTextKey, language);
  return fpzl ?? '';
}

export function stateWord(state: StateOf['state'], language: UiLanguage): string {
  return text(`state_${state}`, language);
}

/** What explains a state, in a phrase: the fields that differ, or why it cannot be or was not verified. */
export function stateDetail(view: StateOf, language: UiLanguage): string {
  const fields = view.fields.map((field) => (has(`field_${field}`) ? text(`field_${field}` as ReceivedTextKey, language) : field)).join(language === 'zh' ? '、' : ', ');
  if (view.state === 'inconsistent') return text(view.reason === 'unspecified' ? 'inconsistentUnspecified' : 'inconsistentFields', language, { fields });
  if (view.state !== 'unverifiable' && view.state !== 'failed') return '';
  const reason = view.reason ?? '';
  return has(`reason_${reason}`) ? text(`reason_${reason}` as ReceivedTextKey, language) : text('reason_other', language, { code: reason });
}

/** yyyyMMdd → yyyy-MM-dd; anything else as it is. */
export function isoDate(compact: string | null | undefined): string {
  return compact && /^\d{8}$/.test(compact) ? `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6)}` : (compact ?? '');
}
