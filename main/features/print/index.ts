/**
 * The print feature (paper invoices on their pre-printed forms, goods lists, calibration, print-to-PDF,
 * electronic invoices' layout files for the archive): one `createPrintFeature(deps)` per the feature
 * contract (main/features/feature.ts). The printer comes in as a port (main/ports.ts): Electron's or CUPS's.
 */
import type { InvoiceSummary } from '../../../shared/ipc/index.js';
import type { EnterpriseScope } from '../../db/enterprise-scope.js';
import type { Feature, FeatureDeps } from '../feature.js';
import { registerPrintIpc } from './ipc.js';
import { createPrinterPreferenceRepo } from './preference-repo.js';
import { createPrintService, type PrintService } from './service.js';

export interface PrintFeatureDeps extends Pick<FeatureDeps, 'db' | 'ledger' | 'environment' | 'client' | 'ports' | 'seller' | 'now' | 'emit' | 'changes'> {
  /** An issued invoice of this environment by its local id (issuance's api). */
  findInvoice: (id: number) => Promise<InvoiceSummary | null>;
  /** An electronic invoice's layout file on disk (issuance's files). */
  invoicePdf: (id: number) => Promise<{ path: string }>;
  /** The seller of an invoice (issuance's reads): the enterprise whose print log a job belongs to. */
  invoiceEnterprise: (id: number) => Promise<string | null>;
  /** The active enterprise's scope (core.ts). */
  scope: () => EnterpriseScope;
  /** Issuance records a voiding the print status reveals. */
  noteVoided?: (invoiceId: number, zflx: '0' | '1') => Promise<void> | void;
}

/**
 * The print log and calibration through the ledger port (`deps.ledger.print`, shared by a team's desks);
 * printer_preference on `deps.db`, the desk's own file on purpose (preference-repo.ts: this PC's printers).
 * Writes are announced on the change feed once they took effect (docs/architecture.md §12): a job queued,
 * printed or failed is a `print` change of that job; calibration and printer choices are `settings`.
 */
export function createPrintFeature(deps: PrintFeatureDeps): Feature<PrintService> & { api: PrintService } {
  const service = createPrintService({
    ledger: deps.ledger,
    preferences: createPrinterPreferenceRepo(deps.db),
    announce: {
      job: (action, id) => deps.changes.publish({ aggregate: 'print', action, ids: [id], enterprise: deps.seller().taxNumber }),
      settings: () => deps.changes.publish({ aggregate: 'settings', action: 'updated', ids: [], enterprise: null }),
    },
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
