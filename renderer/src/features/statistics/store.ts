/** UI state of the dashboard (概览) and the period statistics: what main answered last, the period chosen, busy flags. */
import { create } from 'zustand';
import type { Dashboard, PeriodStatistics, PrintFailure, TaxPeriod } from '../../../../shared/ipc/schemas/statistics.js';

interface StatisticsState {
  dashboard: Dashboard | null;
  period: TaxPeriod | null;
  stats: PeriodStatistics | null;
  printFailures: PrintFailure[] | null;
  busy: { dashboard: boolean; stats: boolean; export: boolean; picture: boolean };
  patch(patch: Partial<Omit<StatisticsState, 'patch'>>): void;
}

export const useStatisticsStore = create<StatisticsState>()((set) => ({
  dashboard: null,
  period: null,
  stats: null,
  printFailures: null,
  busy: { dashboard: false, stats: false, export: false, picture: false },
  patch: (patch) => set(patch),
}));
