/**
 * The words of the VAT return's schedule of sales (增值税及附加税费申报表附列资料（一）（本期销售情况明细）) and of a rate
 * with its levy, in both languages: the statistics workbook (main/features/statistics/export.ts) writes them and
 * the statistics panel (renderer) shows them, from this one table. The Chinese are the form's own words.
 */
import { tableText, type TextParams, type UiLanguage } from './ui-language.js';

export const SCHEDULE_TEXTS = {
  title: { zh: '增值税及附加税费申报表附列资料（一）（本期销售情况明细）', en: 'VAT return schedule 1: sales of the period' },
  colItem: { zh: '项目及栏次', en: 'Item' },
  colRow: { zh: '栏次', en: 'Row' },
  // Sections of rows.
  sectionGeneral: { zh: '一、一般计税方法计税 — 全部征税项目', en: 'I. General method: all taxable items' },
  sectionGeneralRefund: { zh: '一、一般计税方法计税 — 其中：即征即退项目', en: 'I. General method: of which immediate refund' },
  sectionSimple: { zh: '二、简易计税方法计税 — 全部征税项目', en: 'II. Simplified method: all taxable items' },
  sectionSimpleRefund: { zh: '二、简易计税方法计税 — 其中：即征即退项目', en: 'II. Simplified method: of which immediate refund' },
  sectionExemptCreditRefund: { zh: '三、免抵退税', en: 'III. Exemption, credit and refund (zero rate)' },
  sectionExempt: { zh: '四、免税', en: 'IV. Exempt' },
  // Rows.
  row1: { zh: '13%税率的货物及加工修理修配劳务', en: 'Goods and processing, repair services at 13%' },
  row2: { zh: '13%税率的服务、不动产和无形资产', en: 'Services, immovable property, intangibles at 13%' },
  row3: { zh: '9%税率的货物及加工修理修配劳务', en: 'Goods and processing, repair services at 9%' },
  row4: { zh: '9%税率的服务、不动产和无形资产', en: 'Services, immovable property, intangibles at 9%' },
  row5: { zh: '6%税率', en: 'Rate 6%' },
  row6: { zh: '即征即退货物及加工修理修配劳务', en: 'Immediate refund: goods and processing, repair services' },
  row7: { zh: '即征即退服务、不动产和无形资产', en: 'Immediate refund: services, immovable property, intangibles' },
  row8: { zh: '6%征收率', en: 'Levy rate 6%' },
  row9a: { zh: '5%征收率的货物及加工修理修配劳务', en: 'Goods and processing, repair services at levy rate 5%' },
  row9b: { zh: '5%征收率的服务、不动产和无形资产', en: 'Services, immovable property, intangibles at levy rate 5%' },
  row10: { zh: '4%征收率', en: 'Levy rate 4%' },
  row11: { zh: '3%征收率的货物及加工修理修配劳务', en: 'Goods and processing, repair services at levy rate 3%' },
  row12: { zh: '3%征收率的服务、不动产和无形资产', en: 'Services, immovable property, intangibles at levy rate 3%' },
  row13a: { zh: '预征率 %', en: 'Advance levy rate (a)' },
  row13b: { zh: '预征率 %', en: 'Advance levy rate (b)' },
  row13c: { zh: '预征率 %', en: 'Advance levy rate (c)' },
  row14: { zh: '即征即退货物及加工修理修配劳务', en: 'Immediate refund: goods and processing, repair services' },
  row15: { zh: '即征即退服务、不动产和无形资产', en: 'Immediate refund: services, immovable property, intangibles' },
  row16: { zh: '货物及加工修理修配劳务', en: 'Goods and processing, repair services' },
  row17: { zh: '服务、不动产和无形资产', en: 'Services, immovable property, intangibles' },
  row18: { zh: '货物及加工修理修配劳务', en: 'Goods and processing, repair services' },
  row19: { zh: '服务、不动产和无形资产', en: 'Services, immovable property, intangibles' },
  // Column groups and columns.
  group1: { zh: '开具增值税专用发票', en: 'Special VAT invoices issued' },
  group2: { zh: '开具其他发票', en: 'Other invoices issued' },
  group3: { zh: '未开具发票', en: 'Not invoiced' },
  group4: { zh: '纳税检查调整', en: 'Tax inspection adjustments' },
  group5: { zh: '合计', en: 'Total' },
  group6: { zh: '服务、不动产和无形资产扣除项目本期实际扣除金额', en: 'Deduction taken this period (services, immovable property, intangibles)' },
  group7: { zh: '扣除后', en: 'After deduction' },
  colSales: { zh: '销售额', en: 'Sales' },
  colTax: { zh: '销项（应纳）税额', en: 'Output (payable) tax' },
  colTotal: { zh: '价税合计', en: 'Total with tax' },
  colDeduction: { zh: '扣除金额', en: 'Deduction' },
  colSalesWithTax: { zh: '含税（免税）销售额', en: 'Sales with tax (exempt sales)' },
  formula9: { zh: '9=1+3+5+7', en: '9=1+3+5+7' },
  formula10: { zh: '10=2+4+6+8', en: '10=2+4+6+8' },
  formula11: { zh: '11=9+10', en: '11=9+10' },
  formula13: { zh: '13=11-12', en: '13=11-12' },
  formula14: { zh: '14=13÷(100%+税率或征收率)×税率或征收率', en: '14=13/(100%+rate)*rate' },
  // Sales in no row, and why.
  apartTitle: { zh: '未列入本表的销售', en: 'Sales in no row of the schedule' },
  apartNotTaxed: { zh: '不征税', en: 'Not subject to VAT' },
  apartNotASale: { zh: '未发生销售行为的不征税项目（税收分类编码 6）', en: 'Not a sale (classification code 6)' },
  apartNoRow: { zh: '本表无此税率或征收率的栏次', en: 'No row of the schedule for this rate' },
  apartTaxedExempt: { zh: '免税或零税率的行带有税额', en: 'Exempt or zero-rated line with tax' },
  voided: { zh: '作废发票（不计入本表）', en: 'Voided invoices (in no row)' },
  // Classes of the tax classification code (its first digit).
  category1: { zh: '货物', en: 'Goods' },
  category2: { zh: '加工修理修配劳务', en: 'Processing, repair services' },
  category3: { zh: '服务', en: 'Services' },
  category4: { zh: '无形资产', en: 'Intangible assets' },
  category5: { zh: '不动产', en: 'Immovable property' },
  category6: { zh: '未发生销售行为', en: 'Not a sale' },
  categoryNone: { zh: '未标明（按货物）', en: 'Not given (as goods)' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type ScheduleTextKey = keyof typeof SCHEDULE_TEXTS;

export function scheduleText(key: ScheduleTextKey, params: TextParams, language: UiLanguage): string {
  return tableText(SCHEDULE_TEXTS, key, params, language);
}

/** The section a row opens, if it is the first of one. */
export const SECTION_STARTS: Readonly<Record<string, ScheduleTextKey>> = {
  '1': 'sectionGeneral',
  '6': 'sectionGeneralRefund',
  '8': 'sectionSimple',
  '14': 'sectionSimpleRefund',
  '16': 'sectionExemptCreditRefund',
  '18': 'sectionExempt',
};

/** The words of each reason a sale is in no row (the IPC's ScheduleApartReason). */
export const APART_KEYS = {
  notTaxed: 'apartNotTaxed',
  notASale: 'apartNotASale',
  noRow: 'apartNoRow',
  taxedExempt: 'apartTaxedExempt',
} as const satisfies Record<string, ScheduleTextKey>;

/** The key of a classification class's words ('' and unknown: not given, counted as goods). */
export const categoryKey = (category: string): ScheduleTextKey =>
  /^[1-6]$/.test(category) ? (`category${category}` as ScheduleTextKey) : 'categoryNone';

/** The form's column groups, [first column, last column, words], columns numbered 1–14 as on the form. */
export const SCHEDULE_COLUMN_GROUPS: ReadonlyArray<readonly [number, number, ScheduleTextKey]> = [
  [1, 2, 'group1'],
  [3, 4, 'group2'],
  [5, 6, 'group3'],
  [7, 8, 'group4'],
  [9, 11, 'group5'],
  [12, 12, 'group6'],
  [13, 14, 'group7'],
];

/** The words of the form's columns 1–14 under their groups. */
export const SCHEDULE_COLUMN_NAMES: readonly ScheduleTextKey[] = [
  'colSales', 'colTax', 'colSales', 'colTax', 'colSales', 'colTax', 'colSales', 'colTax', 'colSales', 'colTax', 'colTotal', 'colDeduction', 'colSalesWithTax', 'colTax',
];
