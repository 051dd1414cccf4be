/**
 * Drafts of the issuance form and their 复核 (docs/team-ledger.md §6). A draft is whatever the clerk had typed —
 * incomplete drafts are the point — so it is stored as the form's JSON without the issuance rules; they run
 * when it is submitted. Stored through the ledger port (issuance_draft), so a team's drafts are shared.
 *
 * The review: whoever may issue sends a draft (送复核, none or returned → pending); a 复核 or 管理员 approves it
 * (通过) or returns it with a reason (退回). Issuing from a draft that waits is refused (`takeForIssue`, in the
 * invoice's transaction); saving other content over a draft puts it back to none. A reviewer may not approve
 * a draft they sent themselves unless the desk has no other active reviewer or admin (a 管理员 working
 * alone). A desk without clerks has no review: nobody could sign a step.
 */
import { IpcFailure, type DraftReviewState, type DraftSummary, type SavedDraft } from '../../../shared/ipc/index.js';
import type { z } from 'zod';
import type { ReturnDraftRequest, ReviewDecision, SaveDraftRequest } from '../../../shared/ipc/index.js';
import type { SignedInClerk } from '../../../shared/ipc/schemas/clerks.js';
import type { ClerkStore } from '../clerks/store.js';
import type { AuditAction } from '../../../shared/ipc/schemas/audit.js';
import type { Ledger } from '../../ledger/port.js';
import type { DraftDecision, DraftScope, IssuanceDraftStore } from './store.js';

export interface DraftServiceDeps {
  store: IssuanceDraftStore;
  /** A review step and its audit event commit together (docs/team-ledger.md §6). */
  ledger: Pick<Ledger, 'transaction'>;
  clerks: ClerkStore;
  /** Whose drafts: the environment and the active enterprise. */
  scope: () => DraftScope;
  now: () => Date;
  /** The signed-in clerk (null at a desk without clerks). */
  clerk: () => SignedInClerk | null;
  /** Announces a saved, reviewed or deleted draft on the change feed, after it committed. */
  changed: (action: 'updated' | 'deleted', id: number) => void;
}

/** The same JSON text for the same form values, whatever order their keys came in: "unchanged" is a text comparison in SQL. */
export function canonicalJson(value: unknown): string {
  const sorted = (item: unknown): unknown =>
    Array.isArray(item)
      ? item.map(sorted)
      : item !== null && typeof item === 'object'
        ? Object.fromEntries(Object.keys(item).sort().map((key) => [key, sorted((item as Record<string, unknown>)[key])]))
        : item;
  return JSON.stringify(sorted(value));
}

export function createDraftService(deps: DraftServiceDeps) {
  const { store, scope } = deps;
  const now = () => deps.now().toISOString();

  const found = async (id: number) => {
    const row = await store.load(scope(), id);
    if (!row) throw new IpcFailure('NOT_FOUND', 'issuance.draftGone');
    return row;
  };
  /** The step found the draft elsewhere than it needs: say where it is now (gone, or its state). */
  const changedUnder = async (id: number): Promise<never> => {
    const row = await found(id);
    throw new IpcFailure('DRAFT_REVIEW_CHANGED', 'issuance.draftReviewChanged', { id, state: row.review.state }, { message: `draft ${id} is ${row.review.state} now` });
  };
  /** The acting clerk; a desk without clerks has no review. */
  const reviewer = async (): Promise<SignedInClerk> => {
    const clerk = deps.clerk();
    if (clerk === null || (await deps.clerks.count()) === 0) throw new IpcFailure('REVIEW_NOT_AVAILABLE', 'issuance.reviewNeedsClerks');
    return clerk;
  };
  const decide = async (request: z.output<typeof ReviewDecision>, decision: Omit<DraftDecision, 'by'>): Promise<DraftSummary> => {
    const clerk = await reviewer();
    const row = await found(request.id);
    if (row.review.state !== 'pending' || row.review.requestedAt !== request.requestedAt) return changedUnder(request.id);
    if (decision.state === 'approved' && row.review.requestedBy === clerk.name && (await otherReviewers(clerk.name)) > 0) {
      throw new IpcFailure('VALIDATION_FAILED', 'issuance.reviewOwnDraft', { id: request.id });
    }
    const decided = await reviewStep(
      decision.state === 'approved' ? 'draft.approved' : 'draft.returned',
      (drafts) => drafts.decide(scope(), request.id, request.requestedAt, { ...decision, by: clerk.name }, now()),
      (row) => ({ buyerName: row.buyerName, total: row.total, requestedBy: row.review.requestedBy, ...(decision.note === null ? {} : { note: decision.note }) }),
    );
    if (!decided) return changedUnder(request.id);
    deps.changed('updated', decided.id);
    return decided;
  };
  /** One review step and its audit event in one ledger transaction: the event commits, or vanishes, with the step. */
  const reviewStep = (action: AuditAction, run: (drafts: IssuanceDraftStore) => Promise<DraftSummary | null>, detail: (row: DraftSummary) => Record<string, unknown>) =>
    deps.ledger.transaction(async (tx) => {
      const row = await run(tx.issuanceDrafts);
      if (row) await tx.audit.append({ action, aggregate: 'issuance_draft', recordIds: [String(row.id)], enterprise: scope().enterprise, detail: detail(row) });
      return row;
    });
  // Active clerks other than `name` who hold the review right (复核, 管理员).
  const otherReviewers = async (name: string) => (await deps.clerks.list()).filter((c) => c.active && c.name !== name && (c.role === 'reviewer' || c.role === 'admin')).length;

  return {
    async save(request: z.output<typeof SaveDraftRequest>): Promise<DraftSummary & { reviewReset: boolean }> {
      // Only for the words: the reset itself is the store's one statement.
      const before: DraftReviewState = request.id === undefined ? 'none' : ((await store.load(scope(), request.id))?.review.state ?? 'none');
      const saved = await store.save(
        scope(),
        { invoiceType: request.invoiceType, buyerName: request.buyerName, total: request.total, content: canonicalJson(request.content) },
        now(),
        request.id,
      );
      // The draft was deleted elsewhere (another window, a submission): say so rather than recreate it silently.
      if (!saved) throw new IpcFailure('NOT_FOUND', 'issuance.draftGoneSaveAsNew');
      deps.changed('updated', saved.id);
      return { ...saved, reviewReset: before !== 'none' && saved.review.state === 'none' };
    },
    list: async (reviewState?: DraftReviewState) => ({ rows: await store.list(scope(), reviewState) }),
    async load(id: number): Promise<SavedDraft> {
      const row = await found(id);
      return { ...row, content: JSON.parse(row.content) as SavedDraft['content'] };
    },
    async delete(id: number) {
      const deleted = await store.delete(scope(), id);
      if (deleted) deps.changed('deleted', id);
      return { deleted };
    },
    async requestReview(id: number): Promise<DraftSummary> {
      const clerk = await reviewer();
      const sent = await reviewStep('draft.reviewRequested', (drafts) => drafts.requestReview(scope(), id, clerk.name, now()), (row) => ({ buyerName: row.buyerName, total: row.total }));
      if (!sent) return changedUnder(id);
      deps.changed('updated', id);
      return sent;
    },
    approve: (request: z.output<typeof ReviewDecision>) => decide(request, { state: 'approved', note: null }),
    return: (request: z.output<typeof ReturnDraftRequest>) => decide(request, { state: 'returned', note: request.note }),
  };
}

export type DraftService = ReturnType<typeof createDraftService>;
