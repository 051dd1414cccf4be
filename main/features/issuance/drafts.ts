/**
 * Drafts of the issuance form. A draft is whatever the clerk had typed — incomplete drafts are the
 * point — so it is stored as the form's JSON without the issuance rules; they run when it is submitted.
 * Stored through the ledger port (issuance_draft), so a team's drafts are shared: a 复核 reviews them.
 */
import { IpcFailure, type DraftSummary, type SavedDraft } from '../../../shared/ipc/index.js';
import type { z } from 'zod';
import type { SaveDraftRequest } from '../../../shared/ipc/index.js';
import type { DraftScope, IssuanceDraftStore } from './store.js';

/** `scope()` says whose drafts (environment and active enterprise); `changed` announces a saved or deleted draft on the change feed. */
export function createDraftService(store: IssuanceDraftStore, scope: () => DraftScope, now: () => Date, changed: (action: 'updated' | 'deleted', id: number) => void) {
  return {
    async save(request: z.output<typeof SaveDraftRequest>): Promise<DraftSummary> {
      const saved = await store.save(
        scope(),
        { invoiceType: request.invoiceType, buyerName: request.buyerName, total: request.total, content: JSON.stringify(request.content) },
        now().toISOString(),
        request.id,
      );
      // The draft was deleted elsewhere (another window, a submission): say so rather than recreate it silently.
      if (!saved) throw new IpcFailure('NOT_FOUND', 'issuance.draftGoneSaveAsNew');
      changed('updated', saved.id);
      return saved;
    },
    list: async () => ({ rows: await store.list(scope()) }),
    async load(id: number): Promise<SavedDraft> {
      const row = await store.load(scope(), id);
      if (!row) throw new IpcFailure('NOT_FOUND', 'issuance.draftGone');
      return { ...row, content: JSON.parse(row.content) as SavedDraft['content'] };
    },
    async delete(id: number) {
      const deleted = await store.delete(scope(), id);
      if (deleted) changed('deleted', id);
      return { deleted };
    },
  };
}

export type DraftService = ReturnType<typeof createDraftService>;
