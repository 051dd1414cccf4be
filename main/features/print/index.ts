/**
 * The print feature (paper invoices on their pre-printed forms, goods lists, calibration, print-to-PDF,
 * electronic invoices' layout files for the archive): one `createPrintFeature(deps)` per the feature
 * contract (main/features/feature.ts). The printer comes in as a port (main/ports.ts): Electron's or CUPS's.
 */
import type { InvoiceSummary } from '../../../shared/ipc/index.js';
import type { EnterpriseScope } from '../../db/enterprise-scope.js';
import type { Feature, FeatureDeps } from '../feature.js';
import { registerPrintIpc } from './ipc.js';
import { createPrintRepo } from './repo.js';
import { createPrintService, type PrintService } from './service.js';

export interface PrintFeatureDeps extends Pick<FeatureDeps, 'db' | 'environment' | 'client' | 'ports' | 'seller' | 'now' | 'emit'> {
  /** An issued invoice of this environment by its local id (issuance's api). */
  findInvoice: (id: number) => InvoiceSummary | null;
  /** An electronic invoice's layout file on disk (issuance's files). */
  invoicePdf: (id: number) => Promise<{ path: string }>;
  /** The seller of an invoice (issuance's reads): the enterprise whose print log a job belongs to. */
  invoiceEnterprise: (id: number) => string | null;
  /** The active enterprise's scope (core.ts). */
  scope: () => EnterpriseScope;
}

export function createPrintFeature(deps: PrintFeatureDeps): Feature<PrintService> {
  const service = createPrintService({
    repo: createPrintRepo(deps.db),
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
  });
  return {
    name: 'print',
    registerIpc: (router) => registerPrintIpc(router, service),
    api: service,
  };
}
