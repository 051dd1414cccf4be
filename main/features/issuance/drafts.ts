/**
 * Drafts of the issuance form. A draft is whatever the clerk had typed — incomplete drafts are the
 * point — so it is stored as the form's JSON without the issuance rules; they run when it is submitted.
 */
import { IpcFailure, type DraftSummary, type SavedDraft } from '../../../shared/ipc/index.js';
import type { z } from 'zod';
import type { SaveDraftRequest } from '../../../shared/ipc/index.js';
import type { DraftRepo } from './repo.js';

/** `changed` announces a saved or deleted draft on the change feed. */
export function createDraftService(repo: DraftRepo, now: () => Date, changed: (action: 'updated' | 'deleted', id: number) => void) {
  return {
    save(request: z.output<typeof SaveDraftRequest>): DraftSummary {
      const saved = repo.save(
        { invoiceType: request.invoiceType, buyerName: request.buyerName, total: request.total, content: JSON.stringify(request.content) },
        now().toISOString(),
        request.id,
      );
      // The draft was deleted elsewhere (another window, a submission): say so rather than recreate it silently.
      if (!saved) throw new IpcFailure('NOT_FOUND', 'issuance.draftGoneSaveAsNew');
      changed('updated', saved.id);
      return saved;
    },
    list: () => ({ rows: repo.list() }),
    load(id: number): SavedDraft {
      const row = repo.load(id);
      if (!row) throw new IpcFailure('NOT_FOUND', 'issuance.draftGone');
      return { ...row, content: JSON.parse(row.content) as SavedDraft['content'] };
    },
    delete(id: number) {
      const deleted = repo.delete(id);
      if (deleted) changed('deleted', id);
      return { deleted };
    },
  };
}

export type DraftService = ReturnType<typeof createDraftService>;
