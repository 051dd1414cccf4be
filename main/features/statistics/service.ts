/**
 * The period statistics (统计) and the dashboard (概览) of the active enterprise, put together from the
 * output totals (the ledger port's statistics store: kept totals on SQLite, one aggregate on PostgreSQL) and the owners' apis of the other sides: collection (input
 * invoices issued in the period and those certified for it, certified tax, the current selection window),
 * intake (the received ledger's totals: accepted invoices, amounts of the same invoices), issuance
 * (invoices waiting or failed) and print (prints that failed).
 */
import type { Dashboard, Deadline, InputFigures, InputKindRow, MonthTaxes, PeriodStatistics, TaxPeriod } from '../../../shared/ipc/schemas/statistics.js';
import type { CollectionApi } from '../collection/index.js';
import type { InputKindSums } from '../collection/store.js';
import type { IntakeApi } from '../intake/index.js';
import { filingDeadline } from './filing-deadline.js';
import { figure, outputFigures, yuan } from './figures.js';
import { salesSchedule } from './schedule.js';
import { chinaDay, currentMonth, daysBetween, daysOf, lastTwelveMonths, monthsOf } from './period.js';
import type { Environment } from '../../../shared/ipc/index.js';
import type { StatisticsStore } from './store.js';

/** A deadline this close (days, today counted as 0) or closer is urgent: shown red and notified. */
export const WARN_DAYS = 3;

export interface StatisticsServiceDeps {
  statistics: StatisticsStore;
  environment: Environment;
  enterprise: () => string;
  now: () => Date;
  collection: Pick<CollectionApi, 'periodSums' | 'certifiedByMonth' | 'currentWindow' | 'totals'>;
  intake: IntakeApi;
  waitingCounts: () => Promise<{ issuing: number; failed: number }>;
  /** Paper prints whose latest attempt failed, of the active enterprise. */
  printFailures: () => Promise<number>;
}

const compact = (day: string) => day.replaceAll('-', '');
const dashed = (compactDay: string) => `${compactDay.slice(0, 4)}-${compactDay.slice(4, 6)}-${compactDay.slice(6, 8)}`;

/** The input side: per kind the invoices issued in the period and those certified for it, and both over every kind. */
function inputFigures(sums: readonly InputKindSums[]): InputFigures {
  const collected = { count: 0, amountFen: 0, taxFen: 0 };
  const certified = { count: 0, amountFen: 0, taxFen: 0 };
  let certifiedTaxFen = 0;
  const byKind: InputKindRow[] = sums.map((row) => {
    collected.count += row.count;
    collected.amountFen += row.amountFen;
    collected.taxFen += row.taxFen;
    certified.count += row.certified;
    certified.amountFen += row.certifiedAmountFen;
    certified.taxFen += row.certifiedTaxFen;
    certifiedTaxFen += row.certifiedValidTaxFen;
    return {
      kind: row.kind,
      collected: figure({ count: row.count, amountFen: row.amountFen, taxFen: row.taxFen }),
      certified: figure({ count: row.certified, amountFen: row.certifiedAmountFen, taxFen: row.certifiedTaxFen }),
      certifiedTax: yuan(row.certifiedValidTaxFen),
    };
  });
  return { byKind, collected: figure(collected), certified: figure(certified), certifiedTax: yuan(certifiedTaxFen) };
}

export function createStatisticsService(deps: StatisticsServiceDeps) {
  async function period(request: TaxPeriod): Promise<PeriodStatistics> {
    const enterprise = deps.enterprise();
    const months = monthsOf(request);
    const { from, to } = daysOf(request);
    // Month by month (one range read each, summed over the months by the figures): the by-month sheet needs them apart.
    const perMonth = await Promise.all(months.map((month) => deps.statistics.buckets(deps.environment, enterprise, month, month)));
    const buckets = perMonth.flat();
    const output = {
      ...outputFigures(buckets),
      byMonth: months.map((month, i) => ({ month, ...outputFigures(perMonth[i]!).total })),
      schedule: salesSchedule(buckets),
    };
    const range = { from: compact(from), to: compact(to) };
    const received = await deps.intake.ledgerTotals(range);
    return {
      period: request,
      months,
      from,
      to,
      enterprise,
      output,
      input: inputFigures(await deps.collection.periodSums({ months, from, to })),
      received: {
        count: received.count,
        amount: received.fpje,
        tax: received.fpse,
        total: received.jshj,
        incomplete: received.incomplete,
        unverified: (await deps.intake.ledgerTotals({ ...range, state: 'unverified' })).count,
      },
    };
  }

  /** The current selection window and how many of its invoices are still to certify. */
  async function uncertified(): Promise<{ period: string | null; deadline: string | null; count: number }> {
    const window = await deps.collection.currentWindow();
    if (!window) return { period: null, deadline: null, count: 0 };
    const { count } = await deps.collection.totals({ period: window.DQSKSSQ, RZZT: '0', FPZT: '0' });
    return { period: window.DQSKSSQ, deadline: window.GXJZR && /^\d{8}$/.test(window.GXJZR) ? dashed(window.GXJZR) : null, count };
  }

  /** The certification deadline of the current window and the next VAT filing deadline, as of today. */
  function deadlines(today: string, window: Awaited<ReturnType<typeof uncertified>>): Deadline[] {
    const found: Deadline[] = [];
    const make = (kind: Deadline['kind'], date: string): Deadline => {
      const daysLeft = daysBetween(today, date);
      return { kind, date, daysLeft, urgent: daysLeft >= 0 && daysLeft <= WARN_DAYS };
    };
    if (window.deadline) found.push(make('certification', window.deadline));
    const year = Number(today.slice(0, 4));
    const month = Number(today.slice(5, 7));
    const thisMonth = filingDeadline(year, month);
    found.push(make('filing', today <= thisMonth ? thisMonth : filingDeadline(month === 12 ? year + 1 : year, (month % 12) + 1)));
    return found;
  }

  return {
    period,
    deadlines: async () => {
      const window = await uncertified();
      return { deadlines: deadlines(chinaDay(deps.now()), window), uncertified: window.count, enterprise: deps.enterprise() };
    },
    async dashboard(): Promise<Dashboard> {
      const now = deps.now();
      const enterprise = deps.enterprise();
      const months = lastTwelveMonths(now);
      const first = months[0]!;
      const last = months[months.length - 1]!;
      const output = new Map((await deps.statistics.monthlyTax(deps.environment, enterprise, first, last)).map((row) => [row.month, row.taxFen]));
      const input = new Map((await deps.collection.certifiedByMonth(first, last)).map((row) => [row.month, row.validTaxFen]));
      const monthly: MonthTaxes[] = months.map((month) => ({ month, outputTax: yuan(output.get(month) ?? 0), certifiedInputTax: yuan(input.get(month) ?? 0) }));
      const current = currentMonth(now);
      const window = await uncertified();
      const today = chinaDay(now);
      return {
        enterprise,
        today,
        period: current,
        months: monthly,
        byRate: outputFigures(await deps.statistics.buckets(deps.environment, enterprise, last, last)).byRate,
        waiting: {
          ...(await deps.waitingCounts()),
          printFailed: await deps.printFailures(),
          unverified: (await deps.intake.ledgerTotals({ state: 'unverified' })).count,
          uncertified: window.count,
        },
        deadlines: deadlines(today, window),
        certificationPeriod: window.period,
      };
    },
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;
