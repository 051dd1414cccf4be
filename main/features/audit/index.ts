/**
 * The audit trail (issue 24: "every row records who did what"; docs/team-ledger.md §6): owns `audit_event`
 * and answers settings → 操作日志 (`audit:list`, an admin's), newest first, filtered by clerk, action,
 * enterprise and time, in keyset pages over (at, id) with the filter's total. Events are written by the
 * features whose actions they record (record.ts), through the ledger port only — so on a team ledger the
 * log is the team's. An event names records by id (the row an action touched); each page says what they are
 * in a clerk's terms (`invoices`: number or serial, type, blue or red; `clerks`: names), read from the ledger
 * when the page is read — an invoice submitted before it was numbered shows its number once it has one.
 */
import { IpcFailure } from '../../../shared/ipc/index.js';
import type { Environment } from '../../../shared/ipc/index.js';
import type { AuditEvent, AuditEventView, AuditFilter, AuditInvoice, AuditListRequest, AuditPage } from '../../../shared/ipc/schemas/audit.js';
import type { Feature, FeatureDeps } from '../feature.js';
import { recordPendingAudit } from '../../ledger/pending-audit.js';
import { announceAudit } from './record.js';
import { AuditEntryError } from './store.js';

const PAGE = 50;

/** A page's cursor: the last event's time (ms) and id, both plain digits (PageCursor's alphabet). */
const cursorOf = (event: { at: string; id: number }) => `${Date.parse(event.at)}-${event.id}`;
function parseCursor(cursor: string): { at: string; id: number } {
  const parts = /^(\d{1,15})-(\d{1,15})$/.exec(cursor);
  if (!parts) throw new IpcFailure('VALIDATION_FAILED', 'audit.badCursor', {});
  return { at: new Date(Number(parts[1])).toISOString(), id: Number(parts[2]) };
}

/** The ids of issued invoices an event names: its records when it acts on one, and the blue invoice of a reversal. */
function invoiceIds(event: AuditEvent): string[] {
  const ids = event.aggregate === 'issued_invoice' ? [...event.recordIds] : [];
  const blue = event.detail?.blueInvoiceId;
  if (typeof blue === 'number' || typeof blue === 'string') ids.push(String(blue));
  return ids.filter((id) => /^\d{1,15}$/.test(id));
}

export function createAuditFeature(deps: Pick<FeatureDeps, 'ledger' | 'environment' | 'dataDir' | 'changes'>): Feature {
  const { audit } = deps.ledger;
  const environments: Environment[] = deps.environment === 'sandbox' ? ['sandbox', 'remote'] : ['remote', 'sandbox'];

  /** What the page's events name, each record read once. */
  async function named(events: readonly AuditEvent[]): Promise<AuditEventView[]> {
    const invoices = new Map<string, AuditInvoice | null>();
    const clerks = new Map<string, string | null>();
    for (const event of events) {
      for (const id of invoiceIds(event)) {
        if (invoices.has(id)) continue;
        let row = null;
        for (const environment of environments) if (!row) row = (await deps.ledger.issuedInvoices.invoice(Number(id), environment)) ?? null;
        invoices.set(id, row ? { id, lsh: row.lsh, fpdm: row.fpdm, fphm: row.fphm, fplxdm: row.fplxdm, red: row.kplx === '1' } : null);
      }
      if (event.aggregate !== 'clerk') continue;
      for (const id of event.recordIds) {
        if (clerks.has(id) || !/^\d{1,15}$/.test(id)) continue;
        clerks.set(id, (await deps.ledger.clerks.byId(Number(id)))?.name ?? null);
      }
    }
    return events.map((event) => ({
      ...event,
      invoices: invoiceIds(event).flatMap((id) => (invoices.get(id) ? [invoices.get(id)!] : [])),
      clerks: event.aggregate === 'clerk' ? event.recordIds.flatMap((id) => (clerks.get(id) ? [{ id, name: clerks.get(id)! }] : [])) : [],
    }));
  }

  async function list(request: AuditListRequest): Promise<AuditPage> {
    const { cursor, limit = PAGE, ...filter } = request;
    const query: AuditFilter = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
    try {
      const rows = await audit.list({ ...query, limit: limit + 1, ...(cursor ? { before: parseCursor(cursor) } : {}) });
      const page = rows.slice(0, limit);
      return { rows: await named(page), next: rows.length > limit ? cursorOf(page.at(-1)!) : null, total: await audit.count(query) };
    } catch (error) {
      if (error instanceof AuditEntryError) throw new IpcFailure('VALIDATION_FAILED', 'audit.badFilter', { field: error.field });
      throw error;
    }
  }
  return {
    name: 'audit',
    // What replaced the ledger before it opened (a restore, a fresh start, a switch) goes into it now, at the time it
    // happened. On a team desk out of reach this start waits for the connection (core.ts).
    async start() {
      const recorded = await recordPendingAudit(deps.dataDir, (event) => audit.append(event));
      if (recorded > 0) announceAudit(deps.changes);
    },
    registerIpc(router) {
      router.handle('audit:list', list);
    },
  };
}
