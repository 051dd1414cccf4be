/**
 * The audit trail (issue 24: "every row records who did what"; docs/team-ledger.md §6): owns `audit_event`
 * and answers settings → 操作日志 (`audit:list`, an admin's), newest first, filtered by clerk, action,
 * enterprise and time, in keyset pages over (at, id) with the filter's total. Events are written by the
 * features whose actions they record (record.ts), through the ledger port only — so on a team ledger the
 * log is the team's.
 */
import { IpcFailure } from '../../../shared/ipc/index.js';
import type { AuditFilter, AuditListRequest, AuditPage } from '../../../shared/ipc/schemas/audit.js';
import type { Feature, FeatureDeps } from '../feature.js';
import { AuditEntryError } from './store.js';

const PAGE = 50;

/** A page's cursor: the last event's time (ms) and id, both plain digits (PageCursor's alphabet). */
const cursorOf = (event: { at: string; id: number }) => `${Date.parse(event.at)}-${event.id}`;
function parseCursor(cursor: string): { at: string; id: number } {
  const parts = /^(\d{1,15})-(\d{1,15})$/.exec(cursor);
  if (!parts) throw new IpcFailure('VALIDATION_FAILED', 'audit.badCursor', {});
  return { at: new Date(Number(parts[1])).toISOString(), id: Number(parts[2]) };
}

export function createAuditFeature(deps: Pick<FeatureDeps, 'ledger'>): Feature {
  const { audit } = deps.ledger;
  async function list(request: AuditListRequest): Promise<AuditPage> {
    const { cursor, limit = PAGE, ...filter } = request;
    const query: AuditFilter = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
    try {
      const rows = await audit.list({ ...query, limit: limit + 1, ...(cursor ? { before: parseCursor(cursor) } : {}) });
      const page = rows.slice(0, limit);
      return { rows: page, next: rows.length > limit ? cursorOf(page.at(-1)!) : null, total: await audit.count(query) };
    } catch (error) {
      if (error instanceof AuditEntryError) throw new IpcFailure('VALIDATION_FAILED', 'audit.badFilter', { field: error.field });
      throw error;
    }
  }
  return {
    name: 'audit',
    ledger: 'port',
    registerIpc(router) {
      router.handle('audit:list', list);
    },
  };
}
