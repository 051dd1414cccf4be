/**
 * Where a wire field lives on the clerk's form, and what the clerk calls it. The rule book of
 * shared/rules/issuance/ speaks the wire (ghdwsbh, details.2.spsl); the form speaks the draft (buyerTaxNumber,
 * lines.2.quantity) and Chinese. Both directions are here so that a message can never name a field the
 * clerk cannot find.
 */
import { DRAFT_LABELS_EN, SPECIFIC_BUSINESS_LABELS_EN } from './labels-en.js';

/** Chinese names of the draft's fields (the form's labels), by draft key. */
export const DRAFT_LABELS: Readonly<Record<string, string>> = {
  invoiceType: '发票类型',
  specialKind: '特殊票种',
  isAuto: '开具方式',
  terminal: '开票终端标识',
  buyerName: '购买方名称',
  buyerTaxNumber: '购买方纳税人识别号',
  buyerAddress: '购买方地址',
  buyerPhone: '购买方电话',
  buyerBank: '购买方开户行',
  buyerAccount: '购买方账号',
  showBuyerBankAccount: '展示购买方开户行及账号',
  showBuyerAddressPhone: '展示购买方地址电话',
  showSellerBankAccount: '展示销售方开户行及账号',
  showSellerAddressPhone: '展示销售方地址电话',
  issuer: '开票人',
  payee: '收款人',
  reviewer: '复核人',
  remark: '备注',
  deduction: '扣除额',
  'push.email': '推送邮箱',
  'push.phone': '推送手机号',
  lines: '商品明细',
  name: '商品名称',
  taxCode: '税收分类编码',
  specification: '规格型号',
  unit: '单位',
  quantity: '数量',
  unitPrice: '含税单价',
  amount: '金额',
  tax: '税额',
  rate: '税率',
  kind: '行性质',
  specialLevy: '特殊征税方式',
  preferentialPolicy: '优惠政策',
};

/** Chinese names of the tdywxx members' fields (wire names are kept on the draft for these). */
export const SPECIFIC_BUSINESS_LABELS: Readonly<Record<string, string>> = {
  jzfw: '建筑服务',
  hwysfw: '货物运输服务',
  bdcxsfw: '不动产销售',
  bdcjyzlfw: '不动产经营租赁',
  lkysfw: '旅客运输服务',
  jzfwfsd: '建筑服务发生地',
  fsdxxdz: '发生地详细地址',
  jzxmmc: '建筑项目名称',
  kdsbz: '跨地市标志',
  tdzzsxmbh: '土地增值税项目编号',
  kqysssxbgglbm: '跨区域涉税事项报验管理编号',
  ddd: '到达地',
  qyd: '起运地',
  ysgjhp: '运输工具牌号',
  ysgjzl: '运输工具种类',
  yshwmc: '运输货物名称',
  bdcdz: '不动产地址',
  bdcxxdz: '不动产详细地址',
  fwcqzshm: '房屋产权证书号',
  mjdw: '面积单位',
  wqhtbabh: '网签合同备案编号',
  hdjsjg: '核定计税价格',
  sjcjhsje: '实际成交含税金额',
  zlqq: '租赁期起',
  zlqz: '租赁期止',
  cph: '车牌号',
  cfd: '出发地',
  cxr: '出行人',
  cxrq: '出行日期',
  cxrzjhm: '出行人证件号码',
  cxrzjlx: '出行人证件类型',
  dengj: '等级',
  jtgjlx: '交通工具类型',
};

/** Top-level wire field → draft path. */
const REQUEST_TO_DRAFT: Readonly<Record<string, string>> = {
  kpzdbs: 'terminal',
  tspz: 'specialKind',
  isAuto: 'isAuto',
  fplxdm: 'invoiceType',
  ghdwsbh: 'buyerTaxNumber',
  ghdwmc: 'buyerName',
  ghdwdz: 'buyerAddress',
  ghdwdh: 'buyerPhone',
  ghdwyh: 'buyerBank',
  ghdwzh: 'buyerAccount',
  sfzsghdwyhzh: 'showBuyerBankAccount',
  sfzsghdwdzdh: 'showBuyerAddressPhone',
  sfzsxhdwyhzh: 'showSellerBankAccount',
  sfzsxhdwdzdh: 'showSellerAddressPhone',
  phone: 'push.phone',
  email: 'push.email',
  kpr: 'issuer',
  skr: 'payee',
  fhr: 'reviewer',
  bz: 'remark',
  kce: 'deduction',
  // Totals are computed from the lines: a wrong total is a problem of the lines.
  jshj: 'lines',
  zkje: 'lines',
  details: 'lines',
};

/** Detail-line wire field → draft line field; je depends on the line (see wirePathToDraftPath). */
const LINE_TO_DRAFT: Readonly<Record<string, string>> = {
  fphxz: 'kind',
  spmc: 'name',
  spbm: 'taxCode',
  ggxh: 'specification',
  dw: 'unit',
  spsl: 'quantity',
  dj: 'unitPrice',
  sl: 'rate',
  lslbs: 'specialLevy',
  zzstsgl: 'preferentialPolicy',
};

/** Every wire name that may appear in a rule's message, with the label that replaces it, in each language. */
function wireLabels(draft: Readonly<Record<string, string>>, specific: Readonly<Record<string, string>>, totals: Record<string, string>) {
  return {
    ...Object.fromEntries(
      Object.entries(REQUEST_TO_DRAFT)
        .filter(([, field]) => draft[field] !== undefined && field !== 'lines')
        .map(([wire, field]) => [wire, draft[field] ?? wire]),
    ),
    ...Object.fromEntries(Object.entries(LINE_TO_DRAFT).map(([wire, field]) => [wire, draft[field] ?? wire])),
    ...totals,
    ...specific,
  } as Readonly<Record<string, string>>;
}

export const WIRE_LABELS = wireLabels(DRAFT_LABELS, SPECIFIC_BUSINESS_LABELS, { je: '金额', jshj: '价税合计', zkje: '折扣金额', details: '商品明细', tdywxx: '特定业务信息' });
export const WIRE_LABELS_EN = wireLabels(DRAFT_LABELS_EN, SPECIFIC_BUSINESS_LABELS_EN, {
  je: 'Amount',
  jshj: 'Total',
  zkje: 'Discount',
  details: 'Lines',
  tdywxx: 'Specific business information',
});

/** The label of a wire field (or a draft field) in one language; the name itself when it has none. */
export function fieldLabel(name: string, language: 'zh' | 'en'): string {
  const wire = language === 'zh' ? WIRE_LABELS : WIRE_LABELS_EN;
  const draft = language === 'zh' ? DRAFT_LABELS : DRAFT_LABELS_EN;
  return wire[name] ?? draft[name] ?? (language === 'zh' ? SPECIFIC_BUSINESS_LABELS : SPECIFIC_BUSINESS_LABELS_EN)[name] ?? name;
}

/**
 * A dotted wire path (as RuleIssue.path or a zod path joined) → the dotted draft path of the field the
 * clerk edits. `discountLines` says which line indexes are discount lines: their je is the clerk's
 * amount, on any other line je follows from the unit price.
 */
export function wirePathToDraftPath(wirePath: string, discountLines: ReadonlySet<number>): string {
  const parts = wirePath.split('.');
  const [top, second, third] = parts;
  if (top === undefined || top === '') return 'lines';
  if (top === 'tdywxx') return ['specificBusiness', ...parts.slice(1)].join('.');
  if (top === 'details') {
    if (second === undefined || !/^\d+$/.test(second)) return 'lines';
    const index = Number(second);
    if (third === undefined) return `lines.${index}`;
    if (third === 'je') return `lines.${index}.${discountLines.has(index) ? 'amount' : 'unitPrice'}`;
    const field = LINE_TO_DRAFT[third];
    return field ? `lines.${index}.${field}` : `lines.${index}`;
  }
  return REQUEST_TO_DRAFT[top] ?? top;
}

/**
 * Replaces wire names in a rule's message with the clerk's words ("ghdwsbh 不能为空" → "购买方纳税人识别号
 * 不能为空"). Only whole ASCII words are replaced, so Chinese text and numbers are never touched.
 */
export function toClerkWords(message: string): string {
  return message.replace(/\b[a-z]{2,14}\b/g, (word) => WIRE_LABELS[word] ?? word);
}
