/**
 * IPC shapes of the period statistics (统计) and the dashboard (概览): a tax period (a month or a quarter,
 * China calendar), the output side by invoice kind and by rate, the input side by kind, the received
 * ledger's totals, the work waiting and the deadlines. Money is yuan as decimal text (exact).
 */
import { z } from 'zod';
import { LEVY_KINDS } from '../../i18n/levy-texts.js';

export const TaxPeriod = z
  .strictObject({
    kind: z.enum(['month', 'quarter']),
    year: z.number().int().min(2000).max(2100),
    index: z.number().int().min(1).max(12).describe('Month 1–12, or quarter 1–4'),
  })
  .refine((p) => p.kind === 'month' || p.index <= 4, { message: 'quarter must be 1–4', path: ['index'] });
export type TaxPeriod = z.infer<typeof TaxPeriod>;

/** The output kinds of the statistics, one per invoice type (the 026 and the 028 are counted apart). */
export const OutputKind = z
  .enum(['special', 'electronicSpecial', 'digitalSpecial', 'general', 'electronicGeneral', 'digitalGeneral', 'roll'])
  .describe(
    'special 004 (增值税专用发票), electronicSpecial 028 (增值税电子专用发票), digitalSpecial 81 (数电专票), general 007 (增值税普通发票), electronicGeneral 026 (增值税电子普通发票), digitalGeneral 82 (数电普票), roll 025 (卷票)',
  );
export type OutputKind = z.infer<typeof OutputKind>;

const money = z.string().regex(/^-?\d+\.\d{2}$/);
export const Figure = z.strictObject({
  count: z.number().int().describe('Invoices (or lines in a rate row)'),
  amount: money.describe('Amount excluding tax'),
  tax: money,
});
export type Figure = z.infer<typeof Figure>;

/**
 * An amount and its tax without a count: what a net (blue + red) is. Adding a red invoice's count to its blue
 * one's would count one sale twice, and subtracting it would drop a blue invoice reversed only in part, so a
 * net has no count (docs/statistics.md).
 */
export const Sum = z.strictObject({ amount: money.describe('Amount excluding tax'), tax: money });
export type Sum = z.infer<typeof Sum>;

/** Blue and red are of invoices not voided; net = blue + red in money (red amounts are negative), no count; voided apart. */
export const SidedFigures = z.strictObject({ blue: Figure, red: Figure, net: Sum, voided: Figure });
export type SidedFigures = z.infer<typeof SidedFigures>;

export const OutputKindRow = SidedFigures.extend({ kind: OutputKind });
export type OutputKindRow = z.infer<typeof OutputKindRow>;
export const Levy = z.enum(LEVY_KINDS).describe('How the lines are levied, from their lslbs: normal, exempt 1, notTaxed 2, zeroRate 3, difference 4, simple 5, reduced 6');
export const OutputRateRow = SidedFigures.extend({
  rate: z.string().describe('Rate as a decimal text: 0.13, 0.06, 0 …'),
  levy: Levy.describe('The rows are by rate and levy: 13 % normal, 3 % simple, 0 exempt and 0 zeroRate are four rows'),
  special: Sum.describe('Net of the special invoices (004, 028, 81): the return’s 开具增值税专用发票 columns'),
  other: Sum.describe('Net of the other invoices: 开具其他发票'),
});
export type OutputRateRow = z.infer<typeof OutputRateRow>;
export const OutputMonthRow = SidedFigures.extend({ month: z.string().regex(/^\d{6}$/).describe('yyyyMM, China calendar') });
export type OutputMonthRow = z.infer<typeof OutputMonthRow>;

/**
 * The rows of 增值税及附加税费申报表附列资料（一）（本期销售情况明细）, in the form's order: 1–5 一般计税 (13 % goods /
 * services, 9 % goods / services, 6 %), 6–7 其中即征即退, 8–13c 简易计税 (13a–13c 预征率 are the clerk's), 14–15 其中即征即退,
 * 16–17 免抵退税, 18–19 免税.
 */
export const SCHEDULE_ROW_IDS = ['1', '2', '3', '4', '5', '6', '7', '8', '9a', '9b', '10', '11', '12', '13a', '13b', '13c', '14', '15', '16', '17', '18', '19'] as const;
export const ScheduleRowId = z.enum(SCHEDULE_ROW_IDS);
export type ScheduleRowId = z.infer<typeof ScheduleRowId>;
export const ScheduleRow = z.strictObject({
  row: ScheduleRowId,
  cells: z
    .array(money.nullable())
    .length(14)
    .describe(
      'Columns 1–14 of the form (cells[0] is column 1): 1–2 special invoices, 3–4 other invoices, 5–8 null (未开具发票, 纳税检查调整: the clerk’s), 9 = 1 + 3, 10 = 2 + 4, 11 = 9 + 10, 12 the 差额征税 deduction, 13 = 11 − 12, 14 = 13 ÷ (1 + rate) × rate; null where the form has no cell for the row',
    ),
});
export type ScheduleRow = z.infer<typeof ScheduleRow>;
export const ScheduleApartReason = z
  .enum(['notTaxed', 'notASale', 'noRow', 'taxedExempt'])
  .describe('notTaxed: lslbs 2 不征税; notASale: classification code 6 (未发生销售行为); noRow: a rate and levy the form has no row for; taxedExempt: a 免税 / 零税率 line carrying tax');
export const ScheduleApart = z.strictObject({
  reason: ScheduleApartReason,
  rate: z.string(),
  levy: Levy,
  category: z.string().describe('First digit of the lines’ tax classification code, or empty'),
  lines: z.number().int().describe('Lines, blue and red'),
  amount: money,
  tax: money,
});
export type ScheduleApart = z.infer<typeof ScheduleApart>;
export const SalesSchedule = z.strictObject({
  rows: z.array(ScheduleRow).describe('Every row of the form, in its order'),
  apart: z.array(ScheduleApart).describe('Sales of the period in no row of the form, net of red, each with why'),
  voided: Sum.describe('Lines of voided invoices: in no row'),
});
export type SalesSchedule = z.infer<typeof SalesSchedule>;

/**
 * One input kind of the period, as two figures each exactly the period's: the invoices collected that were
 * issued in it (KPRQ within its days, China calendar) and those certified for it (RZSQ one of its months).
 * `kind` is the code; its words, in both languages, are shared/i18n/input-kind-texts.ts (`inputKindName`;
 * the renderer's `statistics.inputKinds.<kind>`), so the screen and a workbook say the same.
 */
export const InputKindRow = z.strictObject({
  kind: z.string().describe('FPLXDM of the collected invoice: 01, 03, 08, 14, 31… (words: inputKindName / statistics.inputKinds.<kind>)'),
  collected: Figure.describe('Collected invoices issued in the period (KPRQ within from..to)'),
  certified: Figure.describe('Invoices certified for the period (RZZT 1, RZSQ one of its months)'),
  certifiedTax: money.describe('Valid (deductible) tax of the certified invoices, YXSE'),
});
export type InputKindRow = z.infer<typeof InputKindRow>;

/** The input side: by kind, and the two figures over every kind. */
export const InputFigures = z.strictObject({
  byKind: z.array(InputKindRow),
  collected: Figure.describe('All kinds: collected invoices issued in the period'),
  certified: Figure.describe('All kinds: invoices certified for the period'),
  certifiedTax: money.describe('All kinds: valid tax certified for the period'),
});
export type InputFigures = z.infer<typeof InputFigures>;

/**
 * The received ledger (报销台账: invoices accepted) for invoices issued in the period, each invoice once.
 * amount, tax and total are of the same invoices — those whose three amounts are known (one missing worked
 * out from the other two); `incomplete` are counted in `count` but not summed.
 */
export const ReceivedFigures = z.strictObject({
  count: z.number().int().describe('Invoices (duplicates once)'),
  amount: money.describe('金额 (excluding tax) of the invoices summed'),
  tax: money.describe('税额 of the same invoices'),
  total: money.describe('价税合计 of the same invoices'),
  incomplete: z.number().int().describe('Invoices counted but not summed: an amount of theirs is unknown'),
  unverified: z.number().int().describe('Invoices not verified yet'),
});
export type ReceivedFigures = z.infer<typeof ReceivedFigures>;

export const PeriodStatistics = z.strictObject({
  period: TaxPeriod,
  months: z.array(z.string().regex(/^\d{6}$/)).describe('The period’s months, yyyyMM'),
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe('First day (China calendar)'),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe('Last day (China calendar)'),
  enterprise: z.string(),
  output: z.strictObject({
    byKind: z.array(OutputKindRow),
    byRate: z.array(OutputRateRow),
    byMonth: z.array(OutputMonthRow).describe('The period’s months in order, each its invoices’ totals'),
    total: SidedFigures,
    schedule: SalesSchedule,
  }),
  input: InputFigures,
  received: ReceivedFigures,
});
export type PeriodStatistics = z.infer<typeof PeriodStatistics>;

export const MonthTaxes = z.strictObject({ month: z.string().regex(/^\d{6}$/), outputTax: money, certifiedInputTax: money });
export type MonthTaxes = z.infer<typeof MonthTaxes>;

export const Deadline = z.strictObject({
  kind: z.enum(['certification', 'filing']).describe('certification: GXJZR of the current period; filing: the VAT return'),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  daysLeft: z.number().int(),
  urgent: z.boolean().describe('Within the warning window (3 days)'),
});
export type Deadline = z.infer<typeof Deadline>;

export const Dashboard = z.strictObject({
  enterprise: z.string(),
  today: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  period: TaxPeriod.describe('The current month'),
  months: z.array(MonthTaxes).describe('The last 12 months, oldest first'),
  byRate: z.array(OutputRateRow).describe('This month’s output by rate'),
  waiting: z.strictObject({
    issuing: z.number().int().describe('Invoices queued or being issued (outbox pending)'),
    failed: z.number().int().describe('Invoices whose issuance failed'),
    printFailed: z.number().int(),
    unverified: z.number().int().describe('Received invoices not verified'),
    uncertified: z.number().int().describe('Collected invoices of the current period not certified'),
  }),
  deadlines: z.array(Deadline),
  certificationPeriod: z.string().regex(/^\d{6}$/).nullable().describe('DQSKSSQ of the current selection window, the period of `waiting.uncertified`'),
});
export type Dashboard = z.infer<typeof Dashboard>;

export const StatisticsExportResult = z.strictObject({ path: z.string().nullable().describe('null: the clerk cancelled') });

export const PrintFailure = z.strictObject({
  invoiceId: z.number().int(),
  invoiceCode: z.string(),
  invoiceNumber: z.string(),
  document: z.enum(['invoice', 'list']),
  errorCode: z.string().nullable(),
  at: z.string(),
});
export type PrintFailure = z.infer<typeof PrintFailure>;

/** A chart saved as a picture: PNG bytes in base64, under a suggested file name. */
export const SaveImage = z.strictObject({
  name: z.string().regex(/^[\w\u4e00-\u9fff.-]{1,80}\.png$/, 'a file name ending in .png'),
  base64: z.string().max(8 * 1024 * 1024).regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64'),
});
