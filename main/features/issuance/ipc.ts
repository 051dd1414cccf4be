/** IPC handlers of the issuance feature. */
import type { IpcRouter } from '../../ipc/router.js';
import type { DraftService } from './drafts.js';
import type { InvoiceFiles } from './files.js';
import type { IssuanceService } from './service.js';

export function registerIssuanceIpc(
  router: IpcRouter,
  service: IssuanceService,
  drafts: DraftService,
  files: InvoiceFiles,
  repeat: (id: number) => Promise<{ content: unknown }>,
): void {
  router.handle('issuance:submit', async ({ draftId, ...draft }) => {
    const { invoice, answerLost } = await service.submit(draft, draftId);
    return answerLost ? { ...invoice, answerLost } : invoice;
  });
  router.handle('issuance:saveDraft', (request) => drafts.save(request));
  router.handle('issuance:listDrafts', ({ reviewState }) => drafts.list(reviewState));
  router.handle('issuance:requestReview', ({ id }) => drafts.requestReview(id));
  router.handle('issuance:approveDraft', (request) => drafts.approve(request));
  router.handle('issuance:returnDraft', (request) => drafts.return(request));
  router.handle('issuance:loadDraft', ({ id }) => drafts.load(id));
  router.handle('issuance:deleteDraft', ({ id }) => drafts.delete(id));
  router.handle('issuance:openFile', ({ id, format }) => files.open(id, format));
  router.handle('issuance:repeat', async ({ id }) => (await repeat(id)) as { content: never });
}
