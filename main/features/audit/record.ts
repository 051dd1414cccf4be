/**
 * How features record what a clerk did (issue 24, docs/team-ledger.md §6), in one call each:
 * - a write on the ledger: `await tx.audit.append({ action, aggregate, recordIds, enterprise, detail })` inside
 *   the `ledger.transaction` of the write itself, so the event and the write commit (or vanish) together; the
 *   feature's own change announcement after the commit refreshes 操作日志 (it listens to every ledger change);
 * - an action with no ledger write (a sign-in, a desk setting): `recordAudit(deps, entry)`, or an IPC router
 *   wrapped by `auditing(router, deps, { channel: (answer, request) => entry })`, which records once the
 *   handler answered — a refused call records nothing.
 * The action codes live in shared/ipc/schemas/audit.ts, where the renderer words them.
 */
import type { Channel, ParsedRequestOf, ResponseOf } from '../../../shared/ipc/index.js';
import type { ChangePublisher } from '../../changes/feed.js';
import type { IpcRouter } from '../../ipc/router.js';
import type { Ledger } from '../../ledger/port.js';
import type { AuditEntry } from './store.js';

export interface AuditDeps {
  ledger: Pick<Ledger, 'audit'>;
  changes: ChangePublisher;
}

/** Announces new events to 操作日志 (on this desk and, through a team ledger, the others). */
export function announceAudit(changes: ChangePublisher, enterprise: string | null = null): void {
  changes.publish({ aggregate: 'audit', action: 'created', ids: [], enterprise });
}

/** Appends one event outside any transaction (nothing else is written with it) and announces it. */
export async function recordAudit(deps: AuditDeps, entry: AuditEntry): Promise<void> {
  await deps.ledger.audit.append(entry);
  announceAudit(deps.changes, entry.enterprise ?? null);
}

/** Per channel: the event its answer stands for, or null when it did nothing worth recording. */
export type AuditedChannels = { [C in Channel]?: (answer: ResponseOf<C>, request: ParsedRequestOf<C>) => AuditEntry | null };

/**
 * A router whose listed channels record their event after the handler answered. The action already happened
 * then (a desk setting saved): an event that cannot be stored is logged, not turned into a failure of it.
 */
export function auditing(router: IpcRouter, deps: AuditDeps & { log?: (message: string, error: unknown) => void }, table: AuditedChannels): IpcRouter {
  return {
    ...router,
    handle(channel, handler) {
      const event = table[channel] as ((answer: unknown, request: unknown) => AuditEntry | null) | undefined;
      if (!event) return router.handle(channel, handler);
      router.handle(channel, async (request) => {
        const answer = await handler(request);
        const entry = event(answer, request);
        if (entry) await recordAudit(deps, entry).catch((error: unknown) => (deps.log ?? console.warn)(`recording ${entry.action} failed`, error));
        return answer;
      });
    },
  };
}
