/** Channels of the period statistics (统计) and the dashboard (概览), and the deadline warning event. */
import { z } from 'zod';
import { Dashboard, Deadline, PeriodStatistics, PrintFailure, SaveImage, StatisticsExportResult, TaxPeriod } from '../schemas/statistics.js';
import { empty, type ChannelSpec } from './common.js';

export const statisticsChannels = {
  'statistics:period': { request: TaxPeriod, response: PeriodStatistics },
  'statistics:dashboard': { request: empty, response: Dashboard },
  'statistics:export': { request: TaxPeriod, response: StatisticsExportResult },
  'statistics:printFailures': { request: empty, response: z.array(PrintFailure) },
  'statistics:saveImage': { request: SaveImage, response: StatisticsExportResult, maxRequestBytes: 20 * 1024 * 1024 },
} as const satisfies Record<string, ChannelSpec>;

export const statisticsEvents = {
  /** A deadline entered its warning window (also shown as a desktop notification). */
  'statistics:deadline': z.strictObject({ deadline: Deadline, enterprise: z.string() }),
} as const;
