/**
 * The statistics feature (issue 25): the period statistics (统计) of the active enterprise and their
 * workbook, the dashboard (概览) and the deadline clock. Owns `output_period_sales` (migration 0620, which
 * took over from 0480's `output_period_total`; kept by triggers on SQLite), read only through the ledger port (`ledger.statistics`, store.ts), and reads every other side through its owner's api:
 * collection, intake, issuance, print.
 */
import fs from 'node:fs';
import { IpcFailure } from '../../../shared/ipc/index.js';
import { exportFilter } from '../../export/index.js';
import type { Feature, FeatureDeps } from '../feature.js';
import type { CollectionApi } from '../collection/index.js';
import type { IntakeApi } from '../intake/index.js';
import type { IssuanceApi } from '../issuance/index.js';
import type { PrintService } from '../print/service.js';
import { createDeadlineWatch } from './deadlines.js';
import { statisticsFileName, writeStatisticsWorkbook } from './export.js';
import { createStatisticsService } from './service.js';

export interface StatisticsFeatureDeps extends Pick<FeatureDeps, 'ledger' | 'environment' | 'ports' | 'seller' | 'now' | 'emit' | 'uiLanguage'> {
  collection: CollectionApi;
  intake: IntakeApi;
  issuance: Pick<IssuanceApi, 'waitingCounts' | 'invoices'>;
  print: Pick<PrintService, 'failedJobs'>;
  /** How often the deadline clock looks (ms); the hour by default, tests shorten it. */
  deadlineCheckMs?: number;
}

export function createStatisticsFeature(deps: StatisticsFeatureDeps): Feature {
  const enterprise = () => deps.seller().taxNumber;
  // The print log has no seller: a failed print is the active enterprise's when its invoice is.
  const printFailures = async () => {
    const seller = enterprise();
    const jobs = await deps.print.failedJobs();
    const sellers = await Promise.all(jobs.map(async (job) => (await deps.issuance.invoices.invoice(job.invoiceId, deps.environment))?.xhdwsbh));
    return jobs.filter((_job, index) => sellers[index] === seller);
  };
  const service = createStatisticsService({
    statistics: deps.ledger.statistics,
    environment: deps.environment,
    enterprise,
    now: deps.now,
    collection: deps.collection,
    intake: deps.intake,
    waitingCounts: () => deps.issuance.waitingCounts(),
    printFailures: async () => (await printFailures()).length,
  });
  const watch = createDeadlineWatch({
    check: () => service.deadlines(),
    enterpriseName: () => deps.seller().name,
    notifier: deps.ports.notifier,
    language: deps.uiLanguage,
    emit: (payload) => deps.emit('statistics:deadline', payload),
    ...(deps.deadlineCheckMs === undefined ? {} : { everyMs: deps.deadlineCheckMs }),
  });
  return {
    name: 'statistics',
    registerIpc(router) {
      router.handle('statistics:period', (period) => service.period(period));
      router.handle('statistics:dashboard', () => service.dashboard());
      router.handle('statistics:printFailures', () => printFailures());
      router.handle('statistics:saveImage', async ({ name, base64 }) => {
        const dialog = deps.ports.dialog;
        if (!dialog) throw new IpcFailure('VALIDATION_FAILED', 'statistics.errors.noDialog');
        const file = await dialog.chooseSavePath(name, [{ name: 'PNG', extensions: ['png'] }]);
        if (file === null) return { path: null };
        const bytes = Buffer.from(base64, 'base64');
        // Only a PNG is written (its 8-byte signature), whatever the page sent.
        if (!bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) throw new IpcFailure('VALIDATION_FAILED', 'statistics.errors.notPng');
        try {
          await fs.promises.writeFile(file, bytes);
        } catch (error) {
          throw new IpcFailure('VALIDATION_FAILED', 'statistics.errors.exportFailed', { reason: error instanceof Error && 'code' in error ? String(error.code) : 'write failed' });
        }
        return { path: file };
      });
      router.handle('statistics:export', async (period) => {
        const dialog = deps.ports.dialog;
        if (!dialog) throw new IpcFailure('VALIDATION_FAILED', 'statistics.errors.noDialog');
        const stats = await service.period(period);
        const language = deps.uiLanguage();
        const file = await dialog.chooseSavePath(statisticsFileName(stats, language), [exportFilter('xlsx', language)]);
        if (file === null) return { path: null };
        try {
          await writeStatisticsWorkbook(stats, file, language, deps.seller().name);
        } catch (error) {
          const reason = error instanceof Error && 'code' in error ? String(error.code) : 'write failed';
          throw new IpcFailure('VALIDATION_FAILED', 'statistics.errors.exportFailed', { reason });
        }
        return { path: file };
      });
    },
    // A switch of enterprise has its own deadlines: look at once rather than at the next tick.
    on: { 'enterprises:activeChanged': () => void watch.tick() },
    start: () => watch.start(),
    stop: () => watch.stop(),
  };
}
