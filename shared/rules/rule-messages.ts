/**
 * The sentences of the rule book, by key, in both languages (messages by code, docs/architecture.md
 * §Conventions). A rule returns a key and its params (a line number, a wire field name, amounts); who
 * shows it picks the language: the renderer loads this table into i18next under `rules.` (zh-CN and en),
 * the sandbox answers the service's E1 errors in Chinese as the real service does with `ruleText(…, 'zh')`.
 * The zh sentences are the service's own wording, so the sandbox's answers stay what they were.
 *
 * Params: `line` counts from 1; `field`, `field2` and `member` are wire names (ghdwsbh, spsl, jzfw) that the
 * form turns into the clerk's words in either language (issuance-form/labels.ts); the rest are plain values.
 */
const TAX_ID = {
  taxIdCharacters: { zh: '统一社会信用代码只能包含数字和大写字母（不含 I、O、Z、S、V）', en: 'A unified social credit code has only digits and capital letters (no I, O, Z, S, V)' },
  taxIdCheckCharacter: { zh: '统一社会信用代码校验位不正确（应为 {{expected}}）', en: 'The check character of the unified social credit code is wrong (should be {{expected}})' },
  taxIdLegacy: { zh: '{{length}} 位旧税号无法校验，请核对后再开具', en: 'A {{length}}-character legacy tax ID cannot be checked; verify it before issuing' },
  taxIdLength: { zh: '纳税人识别号应为 18 位统一社会信用代码（或 15、17、20 位旧税号）', en: 'A tax ID is an 18-character unified social credit code (or a 15, 17 or 20-character legacy ID)' },
} as const;
/** The form names the buyer's field before a tax-ID sentence. */
const buyer = (text: { zh: string; en: string }) => ({ zh: `购买方纳税人识别号：${text.zh}`, en: `Buyer tax ID: ${text.en}` });

export const RULE_MESSAGES = {
  // Parties (issuance/parties.ts)
  buyerTaxIdRequired: { zh: '{{field}} 不能为空（发票类型 {{type}} 必须填写购方税号）', en: '{{field}} is required (invoice type {{type}} needs the buyer tax ID)' },
  buyerDetailRequired: {
    zh: '{{field}} 不能为空（发票类型 {{type}} 必须填写购方地址、电话、开户行及账号）',
    en: '{{field}} is required (invoice type {{type}} needs the buyer address, phone, bank and account)',
  },
  // Lines (issuance/lines.ts)
  lineFieldRequired: { zh: '第 {{line}} 行 {{field}} 不能为空', en: 'Line {{line}}: {{field}} is required' },
  refinedOilUnit: { zh: '第 {{line}} 行 成品油单位必须是 吨 或 升', en: 'Line {{line}}: the unit of refined oil must be tonnes or litres' },
  refinedOilQuantity: { zh: '第 {{line}} 行 成品油数量不能为 0', en: 'Line {{line}}: the quantity of refined oil cannot be 0' },
  discountedNeedsDiscount: { zh: '第 {{line}} 行 是被折扣行，其下一行必须是它的折扣行', en: 'Line {{line}} is a discounted line: the next line must be its discount line' },
  discountFollows: {
    zh: '第 {{line}} 行 折扣行必须紧跟在被折扣行（fphxz 2）之后，且一行只能被一个折扣行折扣',
    en: 'Line {{line}}: a discount line must directly follow the line it discounts, and a line takes only one discount line',
  },
  discountName: { zh: '第 {{line}} 行 折扣行的商品名称必须与被折扣行相同（{{name}}）', en: 'Line {{line}}: a discount line must have the name of the line it discounts ({{name}})' },
  discountRate: { zh: '第 {{line}} 行 折扣行的税率必须与被折扣行相同', en: 'Line {{line}}: a discount line must have the rate of the line it discounts' },
  discountAmount: {
    zh: '第 {{line}} 行 折扣金额必须与被折扣行金额符号相反且绝对值不超过它',
    en: 'Line {{line}}: the discount must have the opposite sign of the discounted amount and not exceed it',
  },
  lineAmountMismatch: { zh: '第 {{line}} 行 金额 {{amount}} 与数量×单价 {{expected}} 不符', en: 'Line {{line}}: amount {{amount}} does not match quantity × unit price {{expected}}' },
  totalMismatch: { zh: '价税合计 {{total}} 与明细金额合计减折扣 {{expected}} 不符', en: 'Total {{total}} does not match the sum of the lines less discounts {{expected}}' },
  // Direction and red invoices (issuance/red-invoice.ts)
  totalZero: { zh: '价税合计不能为 0', en: 'The total cannot be 0' },
  blueTotalNegative: {
    zh: '蓝字发票的价税合计必须大于 0；红字发票请在开票历史中对原发票冲红',
    en: 'A blue invoice must total more than 0; to issue a red invoice, reverse the original in the history',
  },
  lineAmountNegative: { zh: '第 {{line}} 行 金额必须是负数（红字发票）', en: 'Line {{line}}: the amount must be negative (red invoice)' },
  lineAmountPositive: { zh: '第 {{line}} 行 金额必须是正数（蓝字发票）', en: 'Line {{line}}: the amount must be positive (blue invoice)' },
  redQuantityNegative: { zh: '第 {{line}} 行 红字发票数量必须是负数', en: 'Line {{line}}: a red invoice quantity must be negative' },
  unitPricePositive: { zh: '第 {{line}} 行 单价必须是正数', en: 'Line {{line}}: the unit price must be positive' },
  redOriginalCode: { zh: '{{field}} 不能为空（红字发票必须填写原发票代码）', en: '{{field}} is required (a red invoice names the original invoice code)' },
  redOriginalNumber: { zh: '{{field}} 不能为空（红字发票必须填写原发票号码）', en: '{{field}} is required (a red invoice names the original invoice number)' },
  redOriginalDate: { zh: '{{field}} 不能为空（红字发票必须填写原开票日期）', en: '{{field}} is required (a red invoice names the original issue date)' },
  redReason: { zh: '{{field}} 不能为空（红字发票必须填写冲红原因）', en: '{{field}} is required (a red invoice gives the reversal reason)' },
  redFormNumber: { zh: '{{field}} 不能为空（红字专用发票必须填写红字信息表编号）', en: '{{field}} is required (a red special invoice names its red-letter form number)' },
  redFormId: { zh: '{{field}} 不能为空（红字数电发票必须填写红字信息表 ID）', en: '{{field}} is required (a red digital invoice names its red-letter form ID)' },
  invalidDate: { zh: '{{field}} {{value}} 不是有效的日期', en: '{{field}} {{value}} is not a valid date' },
  invalidDateTime: { zh: '{{field}} {{value}} 不是有效的日期时间', en: '{{field}} {{value}} is not a valid date and time' },
  redOnlyField: { zh: '{{field}} 只用于红字发票（价税合计为负数）', en: '{{field}} is only for red invoices (negative total)' },
  // Levy of a line and the deduction (issuance/levy.ts)
  levyExemptOnSpecial: {
    zh: '第 {{line}} 行 为免税项目：免税销售不得开具增值税专用发票（{{type}}），请改开普通发票',
    en: 'Line {{line}} is exempt: exempt sales may not go on a special VAT invoice ({{type}}); issue a general invoice',
  },
  levyNotTaxedOnSpecial: {
    zh: '第 {{line}} 行 为不征税项目：不征税项目不得开具增值税专用发票（{{type}}），请改开普通发票',
    en: 'Line {{line}} is not subject to VAT: it may not go on a special VAT invoice ({{type}}); issue a general invoice',
  },
  levyZeroRateOnSpecial: {
    zh: '第 {{line}} 行 为零税率销售：零税率销售不得开具增值税专用发票（{{type}}），请改开普通发票',
    en: 'Line {{line}} is zero-rated: zero-rated sales may not go on a special VAT invoice ({{type}}); issue a general invoice',
  },
  levyReducedOnSpecial: {
    zh: '第 {{line}} 行 依 3% 征收率减按 2% 征收：不得开具增值税专用发票（{{type}}），请改开普通发票',
    en: 'Line {{line}} is levied at 3% reduced to 2%: it may not go on a special VAT invoice ({{type}}); issue a general invoice',
  },
  zeroLevyNeedsZeroRate: {
    zh: '第 {{line}} 行 特殊征税方式为免税、不征税或零税率时，税率必须为 0%',
    en: 'Line {{line}}: an exempt, non-taxable or zero-rated line must have a 0% rate',
  },
  zeroRateNeedsLevy: {
    zh: '第 {{line}} 行 税率为 0% 时必须选择特殊征税方式：免税、不征税或零税率',
    en: 'Line {{line}}: a 0% rate needs a levy kind: exempt, not subject to VAT or zero rate',
  },
  simpleLevyRate: { zh: '第 {{line}} 行 简易征收只能按征收率 3% 或 5% 开具（现为 {{rate}}）', en: 'Line {{line}}: a simplified levy is at a levy rate of 3% or 5% (not {{rate}})' },
  reducedLevyRate: {
    zh: '第 {{line}} 行 减按征收只能按 1% 或 2% 开具（现为 {{rate}}；减按 1.5%、0.5% 无法通过接口开具）',
    en: 'Line {{line}}: a reduced levy is at 1% or 2% (not {{rate}}; 1.5% and 0.5% cannot be sent)',
  },
  reducedRateNeedsLevy: {
    zh: '第 {{line}} 行 2% 只用于减按征收（依 3% 征收率减按 2%），请选择特殊征税方式“减按征收”',
    en: 'Line {{line}}: 2% is only a reduced levy (3% reduced to 2%); choose the reduced-rate levy',
  },
  differenceLevyOneLine: {
    zh: '第 {{line}} 行 为差额征税：差额征税发票只能有这一行明细，不能有其他商品行或折扣行（现有 {{count}} 行），其他商品请另开发票',
    en: 'Line {{line}} is levied on the difference: such an invoice has this one line only, no other goods and no discount (now {{count}} lines); invoice the rest separately',
  },
  differenceLevyNeedsDeduction: { zh: '{{field}} 不能为空（第 {{line}} 行为差额征税，须填写扣除额）', en: '{{field}} is required (line {{line}} is levied on the difference)' },
  deductionRange: {
    zh: '扣除额 {{deduction}} 必须不小于 0 且小于第 {{line}} 行的含税金额 {{amount}}',
    en: 'The deduction {{deduction}} must be at least 0 and less than the amount of line {{line}} ({{amount}})',
  },
  redDeductionRange: {
    zh: '红字发票的扣除额 {{deduction}} 必须不大于 0，且绝对值不超过第 {{line}} 行金额 {{amount}} 的绝对值',
    en: 'A red invoice’s deduction {{deduction}} must be 0 or negative and no larger than the amount of line {{line}} ({{amount}})',
  },
  deductionWithoutDifferenceLevy: {
    zh: '扣除额 {{deduction}} 只用于差额征税：没有一行的特殊征税方式为差额征税',
    en: 'A deduction ({{deduction}}) goes only with a difference-based levy, and no line is levied so',
  },
  // Specific business (issuance/specific-business.ts)
  memberRequired: { zh: 'tdywxx.{{member}} 不能为空（数电发票特殊票种 {{kind}}）', en: '{{member}} is required (digital invoice special kind {{kind}})' },
  memberMismatch: {
    zh: 'tdywxx.{{member}} 与发票类型 {{type}}、特殊票种 {{kind}} 不匹配',
    en: '{{member}} does not belong to invoice type {{type}} with special kind {{kind}}',
  },
  areaAddress: {
    zh: '{{field}} 必须以省、自治区、特别行政区或北京市/天津市/上海市/重庆市开头，并以市、盟、自治州、地区或区结尾',
    en: '{{field}} must start with a province, autonomous region, SAR or municipality and end with a city, league, prefecture or district',
  },
  detailedAddress: { zh: '{{field}} 必须包含 街、路、村、乡、镇、道、巷 或 号', en: '{{field}} must contain a street, road, village, town, lane or number' },
  addressTooLong: { zh: '{{field}} 与 {{field2}} 合计不能超过 {{max}}（当前 {{length}}）', en: '{{field}} and {{field2}} together cannot exceed {{max}} characters (now {{length}})' },
  crossCityNumber: {
    zh: '{{field}} 不能为空（跨地市标志为 1 时必须填写跨区域涉税事项报验管理编号）',
    en: '{{field}} is required when the work is in another city',
  },
  actualPrice: { zh: '{{field}} 不能为空（按核定计税价格征税时必须填写实际成交含税金额）', en: '{{field}} is required when taxed on an approved price' },
  positiveValue: { zh: '{{field}} 必须大于 0', en: '{{field}} must be more than 0' },
  leaseEndsBeforeStart: { zh: '租赁期止不能早于租赁期起', en: 'The lease cannot end before it starts' },
  travelClassRequired: { zh: '{{field}} 不能为空（交通工具类型 {{vehicle}} 为飞机、火车或船舶）', en: '{{field}} is required for a plane, train or ship (vehicle type {{vehicle}})' },
  travelClassInvalid: { zh: '{{field}} {{value}} 无效，可选 {{choices}}', en: '{{field}} {{value}} is not valid; choose one of {{choices}}' },
  // Red-letter applications (redletter.ts)
  redReasonDigital: { zh: '{{field}} 不能为空（数电发票申请红字信息表必须填写冲红原因）', en: '{{field}} is required (a digital invoice red-letter form gives the reversal reason)' },
  nonDigitalField: { zh: '{{field}} 不能为空（仅数电发票可以省略）', en: '{{field}} is required (only digital invoices may leave it out)' },
  lineSerialRequired: { zh: '第 {{line}} 行 {{field}} 不能为空（数电发票须填写蓝字发票明细序号）', en: 'Line {{line}}: {{field}} is required (the line number on the blue invoice)' },
  redDiscountPositive: { zh: '第 {{line}} 行 红字折扣行金额必须是正数（冲回原折扣）', en: 'Line {{line}}: a red discount line must be positive (it reverses the discount)' },
  redDiscountNoQuantity: { zh: '第 {{line}} 行 折扣行不填数量和单价', en: 'Line {{line}}: a discount line has no quantity or unit price' },
  redLineNegative: { zh: '第 {{line}} 行 红字明细金额必须是负数', en: 'Line {{line}}: a red line amount must be negative' },
  redLineAmountMismatch: { zh: '第 {{line}} 行 金额与数量×单价 {{expected}} 不符', en: 'Line {{line}}: the amount does not match quantity × unit price {{expected}}' },
  redDiscountFollows: { zh: '第 {{line}} 行 折扣行必须紧跟在被折扣行之后', en: 'Line {{line}}: a discount line must directly follow the line it discounts' },
  redDiscountName: { zh: '第 {{line}} 行 折扣行名称必须与被折扣行相同（{{name}}）', en: 'Line {{line}}: a discount line must have the name of the line it discounts ({{name}})' },
  noOriginalLine: { zh: '第 {{line}} 行 在蓝字发票中没有对应的明细（序号 {{serial}}）', en: 'Line {{line}} has no matching line on the blue invoice (line number {{serial}})' },
  originalLineTwice: { zh: '第 {{line}} 行 重复冲红蓝字发票第 {{serial}} 行', en: 'Line {{line}} reverses line {{serial}} of the blue invoice a second time' },
  originalName: { zh: '第 {{line}} 行 名称必须与蓝字发票第 {{serial}} 行相同（{{name}}）', en: 'Line {{line}}: the name must match line {{serial}} of the blue invoice ({{name}})' },
  originalRate: { zh: '第 {{line}} 行 税率必须与蓝字发票第 {{serial}} 行相同', en: 'Line {{line}}: the rate must match line {{serial}} of the blue invoice' },
  originalKind: { zh: '第 {{line}} 行 行性质必须与蓝字发票第 {{serial}} 行一致', en: 'Line {{line}}: the line kind must match line {{serial}} of the blue invoice' },
  originalAmountExceeded: { zh: '第 {{line}} 行 冲红金额超过蓝字发票第 {{serial}} 行的金额', en: 'Line {{line}}: the reversed amount exceeds line {{serial}} of the blue invoice' },
  originalQuantityExceeded: { zh: '第 {{line}} 行 冲红数量超过蓝字发票第 {{serial}} 行的数量', en: 'Line {{line}}: the reversed quantity exceeds line {{serial}} of the blue invoice' },
  fullReversalAllLines: {
    zh: '冲红原因为开票有误（2）时必须全额冲红，明细须包含蓝字发票的全部行',
    en: 'An invoicing error (2) is reversed in full: every line of the blue invoice must be included',
  },
  reasonKeepsPrice: { zh: '第 {{line}} 行 冲红原因 {{reason}} 不允许修改单价（蓝字单价 {{price}}）', en: 'Line {{line}}: reason {{reason}} keeps the unit price (blue invoice: {{price}})' },
  reasonFullLine: { zh: '第 {{line}} 行 冲红原因为开票有误（2）时必须按原明细全额冲红，不得修改', en: 'Line {{line}}: an invoicing error (2) reverses the line in full, unchanged' },
  reasonKeepsQuantity: { zh: '第 {{line}} 行 冲红原因为销售折让（4）时不允许修改单价和数量', en: 'Line {{line}}: a sales allowance (4) keeps the unit price and quantity' },
  // The draft's own rules (issuance-form/draft-rules.ts) and tax IDs (uscc.ts)
  ...TAX_ID,
  buyerTaxIdCharacters: buyer(TAX_ID.taxIdCharacters),
  buyerTaxIdCheckCharacter: buyer(TAX_ID.taxIdCheckCharacter),
  buyerTaxIdLegacy: buyer(TAX_ID.taxIdLegacy),
  buyerTaxIdLength: buyer(TAX_ID.taxIdLength),
  statedTaxMismatch: {
    zh: '第 {{line}} 行 税额 {{stated}} 与按含税金额计算的 {{computed}} 相差超过 0.06',
    en: 'Line {{line}}: tax {{stated}} differs from {{computed}} computed from the amount by more than 0.06',
  },
  discountRequired: { zh: '第 {{line}} 行 折扣金额不能为空', en: 'Line {{line}}: the discount amount is required' },
  discountPositive: { zh: '第 {{line}} 行 折扣金额必须大于 0', en: 'Line {{line}}: the discount amount must be more than 0' },
  pushEmail: { zh: '推送邮箱 {{email}} 不是有效的电子邮件地址', en: 'Push e-mail {{email}} is not a valid e-mail address' },
  pushPhone: { zh: '推送手机号必须是 11 位手机号码', en: 'The push phone must be an 11-digit mobile number' },
  showFlagsDigitalOnly: { zh: '备注区展示开户行、地址电话只对数电发票（81、82）有效', en: 'Showing bank and address details in the remark works only on digital invoices (81, 82)' },
  // A field schema refused the value (shared/spec): zh keeps the schema's own sentence, en says what kind of problem.
  schemaRequired: { zh: '{{text}}', en: '{{field}} is required' },
  schemaTooLong: { zh: '{{text}}', en: '{{field}} is too long' },
  schemaCharacters: { zh: '{{text}}', en: '{{field}} contains a character the invoice cannot carry' },
  schemaChoice: { zh: '{{text}}', en: '{{field}} is not one of the allowed values' },
  schemaNumber: { zh: '{{text}}', en: '{{field}} is not a valid number' },
  schemaInvalid: { zh: '{{text}}', en: '{{field}} is not valid' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type RuleMessageKey = keyof typeof RULE_MESSAGES;
export type RuleParams = Readonly<Record<string, string | number>>;
export type RuleLanguage = 'zh' | 'en';

/** Params that name a wire field; shown in the clerk's words by whoever translates. */
export const FIELD_PARAMS = ['field', 'field2', 'member'] as const;

/** `{{name}}` → params.name (i18next's default placeholder syntax, so the renderer can load the same table). */
export function fillTemplate(template: string, params: RuleParams): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
}

/** The sentence of a rule in one language; the sandbox answers with the zh one. */
export function ruleText(issue: { key: RuleMessageKey; params: RuleParams }, language: RuleLanguage = 'zh'): string {
  return fillTemplate(RULE_MESSAGES[issue.key][language], issue.params);
}

/** The table as i18next resources for one language (the renderer's `rules` section). */
export function ruleResources(language: RuleLanguage): Record<RuleMessageKey, string> {
  return Object.fromEntries(Object.entries(RULE_MESSAGES).map(([key, text]) => [key, text[language]])) as Record<RuleMessageKey, string>;
}
