/** IPC handlers of red reversals. */
import type { IpcRouter } from '../../ipc/router.js';
import type { RedLetterFormSummary, RedLetterLookup } from '../../../shared/ipc/index.js';
import type { RedService } from './service.js';

export interface FormListing {
  list(query: string, limit: number): Promise<RedLetterFormSummary[]>;
  lookup(lsh: string): Promise<RedLetterLookup>;
}

export function registerRedIpc(router: IpcRouter, service: RedService, forms: FormListing): void {
  router.handle('reversal:preview', (request) => service.preview(request));
  router.handle('reversal:start', (request) => service.start(request));
  router.handle('reversal:issueFromForm', (request) => service.issueFromFormId(request.formId));
  router.handle('reversal:listForms', async ({ query, limit }) => ({ rows: await forms.list(query, limit) }));
  router.handle('reversal:lookupForm', ({ lsh }) => forms.lookup(lsh));
}
