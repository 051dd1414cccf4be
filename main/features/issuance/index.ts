/**
 * The issuance feature: the invoice form's drafts, submission through the outbox (kind 'issuance'), the
 * issued invoice's files (PDF/OFD), and the `issuance:*` channels. Other features build on its `api`
 * (reversal enqueues red invoices, batch submits rows, history lists what was issued). Its tables are read
 * and written only through the ledger port (`deps.ledger`: store.ts), so the same code runs on the desk's
 * SQLite file and on a team's PostgreSQL.
 */
import path from 'node:path';
import { IpcFailure, type InvoiceSummary } from '../../../shared/ipc/index.js';
import { draftContentFromRequest } from '../../../shared/rules/issuance-form/from-request.js';
import type { SignedInClerk } from '../../../shared/ipc/schemas/clerks.js';
import type { Feature, FeatureDeps } from '../feature.js';
import { createDraftService } from './drafts.js';
import { createInvoiceFiles } from './files.js';
import { registerIssuanceIpc } from './ipc.js';
import { createIssuanceService, ISSUANCE_OUTBOX_KIND, type IssuanceService } from './service.js';
import type { InvoiceReadStore } from './store.js';

/** The service (submit, enqueue, list…) and the reads of stored invoices (the one owner of issued_invoice). */
export type IssuanceApi = IssuanceService & {
  /** Reads of stored invoices and red-reversal links, through the ledger (inside a transaction: its own). */
  invoices: InvoiceReadStore;
  /** An invoice of this environment by its local id, as the history lists it (print looks invoices up here). */
  findById(id: number): Promise<InvoiceSummary | null>;
  /** An issued invoice's layout PDF on disk, downloaded once (print sends it to a printer). */
  invoicePdf(id: number): Promise<{ path: string }>;
  /** The service reported an issued invoice voided (print learns it from fpzt 02/03/04). */
  markVoided(id: number, zflx: '0' | '1'): Promise<void>;
  /** The active enterprise's invoices waiting to be issued and those whose issuance failed. */
  waitingCounts(): Promise<{ issuing: number; failed: number }>;
};

export interface IssuanceDeps extends FeatureDeps {
  /** The signed-in clerk (the clerks feature's api), who sends drafts for review and decides them; absent: no clerks. */
  clerk?: () => SignedInClerk | null;
}

export function createIssuanceFeature(deps: IssuanceDeps): Feature<IssuanceApi> & { api: IssuanceApi } {
  const invoices = deps.ledger.issuedInvoices;
  const service = createIssuanceService({
    ledger: deps.ledger,
    environment: deps.environment,
    seller: deps.seller,
    now: deps.now,
    kick: deps.kick,
    notify: (invoice) => deps.emit('issuance:updated', invoice),
    changes: deps.changes,
  });
  const files = createInvoiceFiles({
    find: (id, environment, format) => invoices.fileSource(id, environment, format),
    environment: deps.environment,
    dir: path.join(deps.dataDir, 'invoice-files'),
    opener: deps.ports.opener,
  });
  const enterprise = () => deps.seller().taxNumber;
  const drafts = createDraftService({
    store: deps.ledger.issuanceDrafts,
    ledger: deps.ledger,
    clerks: deps.ledger.clerks,
    scope: () => ({ environment: deps.environment, enterprise: enterprise() }),
    now: deps.now,
    clerk: deps.clerk ?? (() => null),
    changed: (action, id) => deps.changes.publish({ aggregate: 'draft', action, ids: [id], enterprise: enterprise() }),
  });
  // 再开一张: the stored request of a blue invoice read back into the form (a red one is never repeated).
  const repeat = async (id: number) => {
    const invoice = await invoices.invoice(id, deps.environment);
    if (!invoice) throw new IpcFailure('NOT_FOUND', 'issuance.repeatGone', { id });
    if (invoice.kplx === '1') throw new IpcFailure('VALIDATION_FAILED', 'issuance.repeatRed');
    return { content: draftContentFromRequest(JSON.parse(invoice.request_json)) };
  };
  return {
    name: 'issuance',
    registerIpc: (router) => registerIssuanceIpc(router, service, drafts, files, repeat),
    outboxHandlers: { [ISSUANCE_OUTBOX_KIND]: service.outboxHandler(deps.client) },
    api: {
      ...service,
      invoices,
      findById: (id) => invoices.findById(id, deps.environment),
      invoicePdf: (id) => files.local(id, 'pdf'),
      async markVoided(id, zflx) {
        if (!(await invoices.markVoided(id, deps.environment, zflx, deps.now().toISOString()))) return;
        const row = await invoices.invoice(id, deps.environment);
        const summary = await invoices.findById(id, deps.environment);
        if (summary) deps.emit('issuance:updated', summary);
        deps.changes.publish({ aggregate: 'invoice', action: 'updated', ids: [id], enterprise: row?.xhdwsbh ?? null });
      },
      waitingCounts: () => invoices.waitingCounts(deps.environment, enterprise()),
    },
  };
}
