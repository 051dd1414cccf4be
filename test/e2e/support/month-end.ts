/**
 * The month the month-end e2e issues (test/e2e/month-end.test.ts) and the accountant's arithmetic on it: the
 * invoices as sent, each line with the row of 附列资料（一） an accountant puts it in (written by hand, `row`,
 * `also` for its 其中 即征即退 row), and the figures of 统计, the workbook and 概览 worked out from those lines
 * alone — je = quantity × unit price (tax included), se = je × sl / (1 + sl), on 差额征税 (je − kce) × sl /
 * (1 + sl), sales = je − se, red negative, voided apart — with decimal.js. Nothing here calls the product's
 * figures or schedule code; the form's layout (which rows carry columns 11–14, which carry sales only) is
 * written here again.
 */
import Decimal from 'decimal.js';

// ---------------------------------------------------------------------------------------------------------
// The month, as sent. `row` is where an accountant puts the line on 附列资料（一）; `also` its 其中 即征即退 row.

export type Levy = '1' | '2' | '3' | '4' | '5' | '6';
export type RowId = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9a' | '9b' | '10' | '11' | '12' | '13a' | '13b' | '13c' | '14' | '15' | '16' | '17' | '18' | '19';
export interface Line {
  kind?: 'discounted' | 'discount';
  name: string;
  taxCode?: string;
  quantity?: string;
  unitPrice?: string;
  /** A discount line: the discount including tax, positive. */
  amount?: string;
  rate: string;
  specialLevy?: Levy;
  preferentialPolicy?: string;
  row: RowId | 'notTaxed';
  also?: RowId;
}
export interface Draft {
  invoiceType: '004' | '007' | '026' | '028' | '81' | '82';
  buyerName: string;
  deduction?: string;
  lines: Line[];
  [field: string]: unknown;
}

export const BUYER_SPECIAL = {
  buyerName: '杭州云栖商贸有限公司',
  buyerTaxNumber: '91330106MA27XK5R3T',
  buyerAddress: '浙江省杭州市西湖区文三路 100 号',
  buyerPhone: '0571-88886666',
  buyerBank: '中国工商银行杭州文三路支行',
  buyerAccount: '1202021109900012345',
};
export const PAPER = { name: '打印纸', taxCode: '1060102010000000000' };
export const FLOUR = { name: '小麦粉', taxCode: '1030101010000000000' };
export const PARTS = { name: '汽车零配件', taxCode: '1090310010100000000' };
export const RENTAL = { name: '设备租赁', taxCode: '3040502010000000000' };
export const SOFTWARE_SERVICE = { name: '软件服务', taxCode: '3040201000000000000' };
export const PROPERTY = { name: '物业管理', taxCode: '3040801010000000000' };
export const FREIGHT = { name: '货物运输', taxCode: '3010102000000000000' };

export const INVOICES = {
  /** 004: 13 % goods, 5 % 简易 goods. */
  paperSpecial: {
    invoiceType: '004',
    ...BUYER_SPECIAL,
    lines: [
      { ...PAPER, quantity: '10', unitPrice: '56.50', rate: '0.13', row: '1' },
      { ...PARTS, quantity: '2', unitPrice: '315.00', rate: '0.05', specialLevy: '5', row: '9a' },
    ],
  },
  /** 007, voided at the service after issue: in no row. */
  voided: {
    invoiceType: '007',
    buyerName: '苏州平江食品有限公司',
    lines: [
      { ...PAPER, quantity: '3', unitPrice: '113.00', rate: '0.13', row: '1' },
      { ...FLOUR, quantity: '1', unitPrice: '109.00', rate: '0.09', row: '3' },
    ],
  },
  /** 028: 9 % goods (its tax rounded: 163.10 × 9 / 109 = 13.4669…), 13 % services, 3 % 简易 goods. */
  electronicSpecial: {
    invoiceType: '028',
    ...BUYER_SPECIAL,
    lines: [
      { ...FLOUR, quantity: '7', unitPrice: '23.30', rate: '0.09', row: '3' },
      { ...RENTAL, quantity: '1', unitPrice: '2260.00', rate: '0.13', row: '2' },
      { ...PARTS, quantity: '5', unitPrice: '20.60', rate: '0.03', specialLevy: '5', row: '11' },
    ],
  },
  /** 81: 6 % services, 5 % 简易 services, 1 % 减按 (3 % reduced), 13 % 即征即退 software. */
  digitalSpecial: {
    invoiceType: '81',
    ...BUYER_SPECIAL,
    lines: [
      { ...SOFTWARE_SERVICE, quantity: '1', unitPrice: '3180.00', rate: '0.06', row: '5' },
      { name: '厂房租赁', taxCode: '3040502020000000000', quantity: '1', unitPrice: '10500.00', rate: '0.05', specialLevy: '5', row: '9b' },
      { ...PROPERTY, quantity: '1', unitPrice: '1010.00', rate: '0.01', specialLevy: '6', row: '12' },
      { name: '应用软件', taxCode: '1060301020100000000', quantity: '1', unitPrice: '11300.00', rate: '0.13', preferentialPolicy: '06', row: '1', also: '6' },
    ],
  },
  /** 81, 差额征税: one line, its 扣除额 on the invoice. */
  difference: {
    invoiceType: '81',
    ...BUYER_SPECIAL,
    deduction: '8480.00',
    lines: [{ name: '经纪代理服务', taxCode: '3040802000000000000', quantity: '1', unitPrice: '10600.00', rate: '0.06', specialLevy: '4', row: '5' }],
  },
  /** 007: 13 % goods, 免税 goods; reversed in part (4 of the 10). */
  partlyReversed: {
    invoiceType: '007',
    buyerName: '苏州平江食品有限公司',
    lines: [
      { ...PAPER, quantity: '10', unitPrice: '25.00', rate: '0.13', row: '1' },
      { name: '蔬菜', taxCode: '1010112000000000000', quantity: '20', unitPrice: '4.50', rate: '0.00', specialLevy: '1', row: '18' },
    ],
  },
  /** 026: 9 % services, 6 % services; reversed in full. */
  reversed: {
    invoiceType: '026',
    buyerName: '宁波海曙五金有限公司',
    lines: [
      { ...FREIGHT, quantity: '1', unitPrice: '545.00', rate: '0.09', row: '4' },
      { ...SOFTWARE_SERVICE, quantity: '2', unitPrice: '318.00', rate: '0.06', row: '5' },
    ],
  },
  /** 026: 13 % services with a discount under it, 零税率 services, 3 % 简易 services, 不征税. */
  mixed: {
    invoiceType: '026',
    buyerName: '嘉兴南湖咨询有限公司',
    lines: [
      { ...RENTAL, kind: 'discounted', quantity: '1', unitPrice: '1130.00', rate: '0.13', row: '2' },
      { kind: 'discount', name: RENTAL.name, amount: '113.00', rate: '0.13', row: '2' },
      { name: '国际货物运输', taxCode: FREIGHT.taxCode, quantity: '1', unitPrice: '800.00', rate: '0.00', specialLevy: '3', row: '17' },
      { ...PROPERTY, quantity: '1', unitPrice: '309.00', rate: '0.03', specialLevy: '5', row: '12' },
      { name: '预付卡销售', taxCode: '6010000000000000000', quantity: '1', unitPrice: '500.00', rate: '0.00', specialLevy: '2', row: 'notTaxed' },
    ],
  },
} satisfies Record<string, Draft>;
/** Typed through the form: an 82 with a 3 % 简易征收 goods line. */
export const TYPED: Draft = {
  invoiceType: '82',
  buyerName: '湖州吴兴机械有限公司',
  lines: [{ name: '旧设备', taxCode: '1090101000000000000', quantity: '1', unitPrice: '2060', rate: '0.03', specialLevy: '5', row: '11' }],
};
/** The red reversal in part: 4 of the 10 reams on line 1 returned (reason 1), at the blue unit price. */
export const PART_RETURNED: Line = { ...(INVOICES.partlyReversed.lines[0] as Line), quantity: '4' };
/** Another enterprise's invoice: never in the demo enterprise's figures. */
export const OTHER_ENTERPRISE = {
  taxNumber: '91320100MA1W5T3K8N',
  agencyName: '南京月结测试有限公司',
  address: '南京市鼓楼区中山路 1 号',
  phone: '025-86001234',
  bank: '建设银行南京分行',
  account: '320900112233',
  taxUser: { idCard: '320102199001011234', name: '周会计', phone: '13700137000', loginIdentity: '1', email: '', identityPwd: 'stat-id-pwd', taxPwd: 'stat-tax-pwd' },
};
export const OTHER_INVOICE: Draft = { invoiceType: '026', buyerName: '南京鼓楼书店有限公司', lines: [{ ...PAPER, quantity: '1', unitPrice: '1130.00', rate: '0.13', row: '1' }] };

// ---------------------------------------------------------------------------------------------------------
// The accountant's arithmetic.

export const HALF_UP = Decimal.ROUND_HALF_UP;
export const SPECIAL = new Set(['004', '028', '81']);
export const KINDS = { '004': 'special', '028': 'electronicSpecial', '81': 'digitalSpecial', '007': 'general', '026': 'electronicGeneral', '82': 'digitalGeneral', '025': 'roll' } as const;
export const LEVIES: Record<string, string> = { '': 'normal', '1': 'exempt', '2': 'notTaxed', '3': 'zeroRate', '4': 'difference', '5': 'simple', '6': 'reduced' };
/** Yuan with two decimals, a zero never "-0.00". */
export const yuan = (d: Decimal) => (d.isZero() ? '0.00' : d.toFixed(2));

export type Side = 'blue' | 'red' | 'voided';
export interface Sent {
  type: Draft['invoiceType'];
  side: Side;
  lines: readonly Line[];
  deduction?: string;
}
/**
 * One line's figures, red negative: je with tax, its tax se (on 差额征税 after the deduction kce, as the invoice
 * says), its sales je − se, and for the schedule's columns 1–10 its tax and sales before any deduction (the form
 * asks a row with 扣除项目 for the figures before it; the deduction is column 12, the tax after it column 14).
 */
export function lineFigures(line: Line, side: Side, deduction: string | undefined) {
  const sign = side === 'red' ? -1 : 1;
  const je = (line.kind === 'discount' ? new Decimal(line.amount!).negated() : new Decimal(line.quantity!).times(line.unitPrice!)).toDecimalPlaces(2, HALF_UP).times(sign);
  const kce = line.specialLevy === '4' && deduction ? new Decimal(deduction).times(sign) : new Decimal(0);
  const sl = new Decimal(line.rate);
  const se = je.minus(kce).times(sl).dividedBy(sl.plus(1)).toDecimalPlaces(2, HALF_UP);
  const seBefore = je.times(sl).dividedBy(sl.plus(1)).toDecimalPlaces(2, HALF_UP);
  return { je, se, sales: je.minus(se), kce, seBefore, salesBefore: je.minus(seBefore) };
}

export interface Money {
  count: number;
  amount: Decimal;
  tax: Decimal;
}
export const zero = (): Money => ({ count: 0, amount: new Decimal(0), tax: new Decimal(0) });
export const addTo = (m: Money, count: number, amount: Decimal, tax: Decimal) => {
  m.count += count;
  m.amount = m.amount.plus(amount);
  m.tax = m.tax.plus(tax);
};
export interface Sides {
  blue: Money;
  red: Money;
  voided: Money;
  net: Money;
}
export const sides = (): Sides => ({ blue: zero(), red: zero(), voided: zero(), net: zero() });
export const rateKey = (line: Line) => `${new Decimal(line.rate).toString()}|${LEVIES[line.specialLevy ?? '']}`;

/** The rows of the form that carry columns 11–14 (services, immovable property, intangibles), and those of sales only. */
export const SERVICE_ROWS = new Set<RowId>(['2', '4', '5', '7', '9b', '12', '15', '17', '19']);
export const SALES_ONLY = new Set<RowId>(['16', '17', '18', '19']);
export const ALL_ROWS: RowId[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9a', '9b', '10', '11', '12', '13a', '13b', '13c', '14', '15', '16', '17', '18', '19'];

/** Everything the accountant expects of the month, from the invoices sent. */
export function expectedMonth(sent: readonly Sent[]) {
  const kinds = new Map<string, Sides>(Object.values(KINDS).map((k) => [k, sides()]));
  const total = sides();
  const rates = new Map<string, Sides & { special: Money; other: Money }>();
  const rows = new Map<RowId, { special: Money; other: Money; kce: Decimal; difference: boolean; byRate: Map<string, { total: Decimal; kce: Decimal }> }>();
  const apart = { lines: 0, amount: new Decimal(0), tax: new Decimal(0) };
  const voided = { amount: new Decimal(0), tax: new Decimal(0) };
  for (const invoice of sent) {
    const invoiceSum = zero();
    for (const line of invoice.lines) {
      const f = lineFigures(line, invoice.side, invoice.deduction);
      addTo(invoiceSum, 0, f.sales, f.se);
      const key = rateKey(line);
      const rate = rates.get(key) ?? { ...sides(), special: zero(), other: zero() };
      rates.set(key, rate);
      addTo(rate[invoice.side], 1, f.sales, f.se);
      if (invoice.side === 'voided') {
        voided.amount = voided.amount.plus(f.sales);
        voided.tax = voided.tax.plus(f.se);
        continue;
      }
      addTo(rate.net, 0, f.sales, f.se);
      const column = SPECIAL.has(invoice.type) ? 'special' : 'other';
      addTo(rate[column], 0, f.sales, f.se);
      if (line.row === 'notTaxed') {
        apart.lines += 1;
        apart.amount = apart.amount.plus(f.sales);
        apart.tax = apart.tax.plus(f.se);
        continue;
      }
      for (const id of line.also ? [line.row, line.also] : [line.row]) {
        const row = rows.get(id) ?? { special: zero(), other: zero(), kce: new Decimal(0), difference: false, byRate: new Map() };
        rows.set(id, row);
        addTo(row[column], 0, f.salesBefore, f.seBefore);
        row.kce = row.kce.plus(f.kce);
        row.difference ||= line.specialLevy === '4';
        const at = row.byRate.get(line.rate) ?? { total: new Decimal(0), kce: new Decimal(0) };
        row.byRate.set(line.rate, { total: at.total.plus(f.je), kce: at.kce.plus(f.kce) });
      }
    }
    const kind = kinds.get(KINDS[invoice.type])!;
    addTo(kind[invoice.side], 1, invoiceSum.amount, invoiceSum.tax);
    addTo(total[invoice.side], 1, invoiceSum.amount, invoiceSum.tax);
    if (invoice.side !== 'voided') {
      addTo(kind.net, 0, invoiceSum.amount, invoiceSum.tax);
      addTo(total.net, 0, invoiceSum.amount, invoiceSum.tax);
    }
  }
  // The form's 14 columns: 1–4 invoiced, 5–8 the clerk's, 9–10 totals, 11–14 on service rows and rows with a
  // 差额征税 line (14 per rate, rounded half up); rows 16–19 carry sales only, 13a–13c are the clerk's.
  const schedule = new Map<RowId, Array<string | null>>();
  for (const id of ALL_ROWS) {
    const cells: Array<string | null> = Array.from({ length: 14 }, () => null);
    schedule.set(id, cells);
    if (id.startsWith('13')) continue;
    const row = rows.get(id) ?? { special: zero(), other: zero(), kce: new Decimal(0), difference: false, byRate: new Map<string, { total: Decimal; kce: Decimal }>() };
    const salesOnly = SALES_ONLY.has(id);
    const sales = row.special.amount.plus(row.other.amount);
    const tax = row.special.tax.plus(row.other.tax);
    cells[0] = yuan(row.special.amount);
    cells[2] = yuan(row.other.amount);
    cells[8] = yuan(sales);
    if (!salesOnly) {
      cells[1] = yuan(row.special.tax);
      cells[3] = yuan(row.other.tax);
      cells[9] = yuan(tax);
    }
    if (SERVICE_ROWS.has(id) || row.difference) {
      cells[10] = yuan(sales.plus(tax));
      cells[11] = yuan(row.kce);
      cells[12] = yuan(sales.plus(tax).minus(row.kce));
      if (!salesOnly) {
        let after = new Decimal(0);
        for (const [rate, at] of row.byRate) after = after.plus(at.total.minus(at.kce).times(rate).dividedBy(new Decimal(rate).plus(1)).toDecimalPlaces(2, HALF_UP));
        cells[13] = yuan(after);
      }
    }
  }
  return { kinds, total, rates, schedule, apart, voided };
}

export const figure = (m: Money) => [String(m.count), yuan(m.amount), yuan(m.tax)];
export const sum = (m: Money) => [yuan(m.amount), yuan(m.tax)];
/** How the workbook holds figures: numbers, an empty cell null. */
export const numbers = (texts: Array<string | null>) => texts.map((text) => (text === null ? null : Number(text)));
