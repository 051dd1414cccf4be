/**
 * The columns of the batch sheet. One sheet row is one invoice LINE; rows with the same 发票序号 form one
 * invoice (their invoice columns are read from the first of them), and a row without 发票序号 is an
 * invoice of its own. The same list writes the template, its explanation sheet, and reads the import.
 */
export type InvoiceField =
  | 'invoiceKey'
  | 'invoiceType'
  | 'specialKind'
  | 'buyerName'
  | 'buyerTaxNumber'
  | 'buyerAddress'
  | 'buyerPhone'
  | 'buyerBank'
  | 'buyerAccount'
  | 'email'
  | 'mobile'
  | 'remark'
  | 'issuer'
  | 'payee'
  | 'reviewer'
  | 'deduction';

export type LineField = 'name' | 'taxCode' | 'specification' | 'unit' | 'quantity' | 'unitPrice' | 'amount' | 'rate' | 'tax' | 'specialLevy' | 'preferentialPolicy';

export type BatchField = InvoiceField | LineField;

/**
 * Invoice types by the names clerks type into the 发票类型 column instead of the code: accepted input
 * of the workbook format, not messages.
 */
export const INVOICE_TYPE_NAMES: Readonly<Record<string, '004' | '007' | '025' | '026' | '028' | '81' | '82'>> = {
  增值税专用发票: '004',
  专用发票: '004',
  增值税普通发票: '007',
  普通发票: '007',
  卷式发票: '025',
  电子普通发票: '026',
  增值税电子普通发票: '026',
  电子专用发票: '028',
  增值税电子专用发票: '028',
  数电专票: '81',
  '电子发票(增值税专用发票)': '81',
  数电普票: '82',
  '电子发票(普通发票)': '82',
};

/**
 * Levy kinds (lslbs) by the names clerks type into the 特殊征税方式 column (the words of
 * shared/i18n/levy-texts.ts, the code table's own names and the short names other invoicing software
 * uses): accepted input, not messages. '' is 一般计税 (no lslbs).
 */
export const LEVY_NAMES: Readonly<Record<string, string>> = {
  一般计税: '',
  免税: '1',
  出口免税: '1',
  出口免税和其他免税优惠政策: '1',
  不征税: '2',
  不征增值税: '2',
  零税率: '3',
  普通零税率: '3',
  差额征税: '4',
  差额: '4',
  简易征收: '5',
  简易计税: '5',
  减按征收: '6',
  减按计增: '6',
};

export interface BatchColumn {
  field: BatchField;
  header: string;
  level: 'invoice' | 'line';
  required: boolean;
  /** Written as text in the template, so Excel keeps leading zeros and all 19 digits. */
  text: boolean;
  width: number;
  help: string;
}

const col = (field: BatchField, header: string, level: 'invoice' | 'line', help: string, options: { required?: boolean; text?: boolean; width?: number } = {}): BatchColumn => ({
  field,
  header,
  level,
  help,
  required: options.required ?? false,
  text: options.text ?? true,
  width: options.width ?? Math.max(10, header.length * 2 + 4),
});

export const BATCH_COLUMNS: readonly BatchColumn[] = [
  col('invoiceKey', '发票序号', 'invoice', '同一张发票的多行明细填相同的序号（任意文字或数字）；留空表示这一行单独开一张发票', { width: 10 }),
  col('invoiceType', '发票类型', 'invoice', '代码或名称：004 增值税专用发票、007 增值税普通发票、025 卷式发票、026 电子普通发票、028 电子专用发票、81 数电专票、82 数电普票', { required: true }),
  col('specialKind', '特殊票种', 'invoice', '留空为 00 普通发票；可填 01 农产品销售、02 农产品收购、08 成品油。建筑、运输、不动产等特定业务请在开票页面逐张开具'),
  col('buyerName', '购买方名称', 'invoice', '购买方全称，最多 50 个汉字', { required: true, width: 30 }),
  col('buyerTaxNumber', '购买方纳税人识别号', 'invoice', '18 位统一社会信用代码（校验位会被检查），或 15/17/20 位旧税号；专用发票（004、028、81）必填', { width: 22 }),
  col('buyerAddress', '购买方地址', 'invoice', '004、028 必填', { width: 24 }),
  col('buyerPhone', '购买方电话', 'invoice', '004、028 必填'),
  col('buyerBank', '购买方开户行', 'invoice', '004、028 必填', { width: 20 }),
  col('buyerAccount', '购买方账号', 'invoice', '004、028 必填', { width: 22 }),
  col('email', '推送邮箱', 'invoice', '开具后把发票发送到此邮箱（可留空）', { width: 22 }),
  col('mobile', '推送手机号', 'invoice', '开具后短信通知此手机号（可留空；短信需预付费）'),
  col('remark', '备注', 'invoice', '打印在发票备注栏，最多 115 个汉字', { width: 20 }),
  col('issuer', '开票人', 'invoice', '留空时使用本机设置的开票人'),
  col('payee', '收款人', 'invoice', '可留空'),
  col('reviewer', '复核人', 'invoice', '可留空'),
  col('name', '商品名称', 'line', '货物或应税劳务、服务名称', { required: true, width: 20 }),
  col('taxCode', '税收分类编码', 'line', '19 位数字；请保持本列为"文本"格式，否则 Excel 会丢失末尾数字', { required: true, width: 22 }),
  col('specification', '规格型号', 'line', '可留空'),
  col('unit', '单位', 'line', '可留空；成品油（08）必须为 吨 或 升', { width: 8 }),
  col('quantity', '数量', 'line', '最多 6 位小数；只填含税金额时可留空（按 1 计）', { text: false, width: 10 }),
  col('unitPrice', '含税单价', 'line', '含税单价，最多 6 位小数；留空时由 含税金额 ÷ 数量 得出', { text: false, width: 12 }),
  col('amount', '含税金额', 'line', '可留空（按 数量 × 含税单价 计算）；填写时必须与 数量 × 含税单价 相差不超过 0.01', { text: false, width: 12 }),
  col('rate', '税率', 'line', '13%、9%、6%、5%、3%、2%、1% 或 0%（也可写 0.13 或 13）；2% 只用于减按征收', { required: true, width: 8 }),
  col('tax', '税额', 'line', '可留空；填写时必须与按含税金额计算的税额相差不超过 0.06', { text: false, width: 10 }),
  col(
    'specialLevy',
    '特殊征税方式',
    'line',
    '留空为一般计税；代码或名称：1 免税、2 不征税、3 零税率（税率为 0% 时必选其一）、4 差额征税（须填扣除额，发票只能有这一行）、5 简易征收（3% 或 5%）、6 减按征收（1% 或 2%）',
    { width: 14 },
  ),
  col('deduction', '扣除额', 'invoice', '差额征税时必填：含税金额中扣除、不计税的部分，不小于 0 且小于含税金额；其他发票留空', { text: false, width: 10 }),
  col('preferentialPolicy', '优惠政策代码', 'line', '两位代码，可留空'),
];

export const COLUMN_BY_FIELD = new Map(BATCH_COLUMNS.map((c) => [c.field, c]));
export const BATCH_LABELS = Object.fromEntries(BATCH_COLUMNS.map((c) => [c.field, c.header])) as Record<BatchField, string>;
export const INVOICE_FIELDS = BATCH_COLUMNS.filter((c) => c.level === 'invoice' && c.field !== 'invoiceKey').map((c) => c.field as InvoiceField);

/** Headers accepted on import: the template's, plus common spellings from other software. */
export const BATCH_HEADERS: ReadonlyMap<string, BatchField> = new Map<string, BatchField>([
  ...BATCH_COLUMNS.map((c) => [c.header, c.field] as [string, BatchField]),
  ['序号', 'invoiceKey'],
  ['单据号', 'invoiceKey'],
  ['购方名称', 'buyerName'],
  ['购方税号', 'buyerTaxNumber'],
  ['购买方税号', 'buyerTaxNumber'],
  ['邮箱', 'email'],
  ['手机号', 'mobile'],
  ['单价', 'unitPrice'],
  ['金额', 'amount'],
  ['税率或征收率', 'rate'],
  ['零税率标识', 'specialLevy'],
  ['差额征税扣除额', 'deduction'],
]);

export const REQUIRED_FIELDS = BATCH_COLUMNS.filter((c) => c.required).map((c) => c.field);

/** Example rows of the template: a one-line invoice, a two-line invoice grouped by 发票序号, a 数电普票. */
export const TEMPLATE_EXAMPLES: ReadonlyArray<Partial<Record<BatchField, string | number>>> = [
  { invoiceKey: '', invoiceType: '026', buyerName: '北京星河贸易有限公司', email: 'finance@example.com', name: '打印纸', taxCode: '1060201070000000000', specification: 'A4', unit: '包', quantity: 10, unitPrice: 25, rate: '13%' },
  { invoiceKey: 'A002', invoiceType: '026', buyerName: '杭州云栖商贸有限公司', remark: '合同号 HT-2025-001', name: '办公桌', taxCode: '1050201010000000000', unit: '张', quantity: 2, unitPrice: 680, rate: '13%' },
  { invoiceKey: 'A002', name: '技术服务', taxCode: '3040201000000000000', quantity: 1, unitPrice: 1060, amount: 1060, rate: '6%', tax: 60 },
  { invoiceKey: 'A003', invoiceType: '82', buyerName: '个人（张三）', name: '咨询服务', taxCode: '3040201000000000000', amount: 530, rate: '6%' },
];
