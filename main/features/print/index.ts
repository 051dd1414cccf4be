/**
 * The print feature (paper invoices on their pre-printed forms, goods lists, calibration, print-to-PDF,
 * electronic invoices' layout files for the archive): one `createPrintFeature(deps)` per the feature
 * contract (main/features/feature.ts). The printer comes in as a port (main/ports.ts): Electron's or CUPS's.
 */
import type { InvoiceSummary } from '../../../shared/ipc/index.js';
import type { EnterpriseScope } from '../../db/enterprise-scope.js';
import type { Feature, FeatureDeps } from '../feature.js';
import { registerPrintIpc } from './ipc.js';
import { createPrintRepo, type PrintRepo } from './repo.js';
import { createPrintService, type PrintService } from './service.js';

export interface PrintFeatureDeps extends Pick<FeatureDeps, 'db' | 'environment' | 'client' | 'ports' | 'seller' | 'now' | 'emit' | 'changes'> {
  /** An issued invoice of this environment by its local id (issuance's api). */
  findInvoice: (id: number) => InvoiceSummary | null;
  /** An electronic invoice's layout file on disk (issuance's files). */
  invoicePdf: (id: number) => Promise<{ path: string }>;
  /** The seller of an invoice (issuance's reads): the enterprise whose print log a job belongs to. */
  invoiceEnterprise: (id: number) => string | null;
  /** The active enterprise's scope (core.ts). */
  scope: () => EnterpriseScope;
  /** Issuance records a voiding the print status reveals. */
  noteVoided?: (invoiceId: number, zflx: '0' | '1') => void;
}

/**
 * The print repo with its writes announced on the change feed (docs/architecture.md §12): a job queued,
 * printed or failed is a `print` change of that job; calibration and printer choices are `settings`.
 */
function announcingRepo(repo: PrintRepo, deps: PrintFeatureDeps): PrintRepo {
  const print = (action: 'created' | 'updated', id: number) => deps.changes.publish({ aggregate: 'print', action, ids: [id], enterprise: deps.seller().taxNumber });
  const settings = () => deps.changes.publish({ aggregate: 'settings', action: 'updated', ids: [], enterprise: null });
  return {
    ...repo,
    insertJob(job, now) {
      const id = repo.insertJob(job, now);
      print('created', id);
      return id;
    },
    setStatus(id, fields, now) {
      repo.setStatus(id, fields, now);
      print('updated', id);
    },
    insertArchiveJob(job, now) {
      const id = repo.insertArchiveJob(job, now);
      print('created', id);
      return id;
    },
    setArchiveStatus(id, fields, now) {
      repo.setArchiveStatus(id, fields, now);
      print('updated', id);
    },
    saveCalibration(...args) {
      repo.saveCalibration(...args);
      settings();
    },
    savePreference(...args) {
      repo.savePreference(...args);
      settings();
    },
  };
}

export function createPrintFeature(deps: PrintFeatureDeps): Feature<PrintService> & { api: PrintService } {
  const service = createPrintService({
    repo: announcingRepo(createPrintRepo(deps.db), deps),
    environment: deps.environment,
    client: deps.client,
    sellerTaxNumber: () => deps.seller().taxNumber,
    now: deps.now,
    printer: deps.ports.printer,
    dialog: deps.ports.dialog,
    findInvoice: deps.findInvoice,
    invoiceEnterprise: deps.invoiceEnterprise,
    scope: deps.scope,
    invoicePdf: deps.invoicePdf,
    progress: (progress) => deps.emit('print:progress', progress),
    ...(deps.noteVoided ? { noteVoided: deps.noteVoided } : {}),
  });
  return {
    name: 'print',
    registerIpc: (router) => registerPrintIpc(router, service),
    api: service,
  };
}
