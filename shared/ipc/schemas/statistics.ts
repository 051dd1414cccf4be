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

/** The output kinds of the statistics, as the VAT return and the vendor software group them. */
export const OutputKind = z
  .enum(['special', 'general', 'digitalSpecial', 'digitalGeneral', 'electronic', 'roll'])
  .describe('special 004 (专票), general 007 (普票), digitalSpecial 81 (数电专), digitalGeneral 82 (数电普), electronic 026/028, roll 025');
export type OutputKind = z.infer<typeof OutputKind>;

const money = z.string().regex(/^-?\d+\.\d{2}$/);
export const Figure = z.strictObject({
  count: z.number().int().describe('Invoices (or lines in a rate row)'),
  amount: money.describe('Amount excluding tax'),
  tax: money,
});
export type Figure = z.infer<typeof Figure>;

/** Blue and red are of invoices not voided; net = blue + red (red amounts are negative); voided apart. */
export const SidedFigures = z.strictObject({ blue: Figure, red: Figure, net: Figure, voided: Figure });
export type SidedFigures = z.infer<typeof SidedFigures>;

export const OutputKindRow = SidedFigures.extend({ kind: OutputKind });
export const Levy = z.enum(LEVY_KINDS).describe('How the lines are levied, from their lslbs: normal, exempt 1, notTaxed 2, zeroRate 3, difference 4, simple 5, reduced 6');
export const OutputRateRow = SidedFigures.extend({
  rate: z.string().describe('Rate as a decimal text: 0.13, 0.06, 0 …'),
  levy: Levy.describe('The rows are by rate and levy: 13 % normal, 3 % simple, 0 exempt and 0 zeroRate are four rows'),
  special: Figure.describe('Net of the special invoices (004, 028, 81): the return’s 开具增值税专用发票 columns'),
  other: Figure.describe('Net of the other invoices: 开具其他发票'),
});
export type OutputRateRow = z.infer<typeof OutputRateRow>;

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
  output: z.strictObject({ byKind: z.array(OutputKindRow), byRate: z.array(OutputRateRow), total: SidedFigures }),
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
