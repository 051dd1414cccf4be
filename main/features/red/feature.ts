/**
 * The red-reversal feature composed once for core.ts: its repos, the service, and the outbox handler of
 * kind 'redletter' — so the composition root needs one line per concern, not this feature's insides.
 */
import type { ServiceClient } from '../../api/client.js';
import type { Db } from '../../db/open.js';
import type { OutboxRepo } from '../../outbox/repo.js';
import type { OutboxHandler } from '../../outbox/worker.js';
import type { Environment, InvoiceSummary, RedLetterFormSummary } from '../../../shared/ipc/index.js';
import type { IssuanceService } from '../issuance/service.js';
import { createRedLetterOutboxHandler } from '../redletter/outbox.js';
import { createRedLetterRepo, type RedLetterRepo } from '../redletter/repo.js';
import { createRedRepo, type RedRepo } from './repo.js';
import { createRedService, type RedService } from './service.js';

export { REDLETTER_OUTBOX_KIND } from './service.js';

export interface RedFeatureDeps {
  db: Db;
  environment: Environment;
  outbox: OutboxRepo;
  issuance: Pick<IssuanceService, 'enqueue'>;
  client: () => ServiceClient;
  now: () => Date;
  kick: () => void;
  notifyForm: (form: RedLetterFormSummary) => void;
  notifyInvoice: (invoice: InvoiceSummary) => void;
}

export interface RedFeature {
  repo: RedRepo;
  forms: RedLetterRepo;
  service: RedService;
  outboxHandler: OutboxHandler;
}

export function createRedFeature(deps: RedFeatureDeps): RedFeature {
  const repo = createRedRepo(deps.db);
  const forms = createRedLetterRepo(deps.db);
  const service = createRedService({ ...deps, repo, forms });
  const outboxHandler = createRedLetterOutboxHandler({
    forms,
    client: deps.client,
    now: deps.now,
    issueRedInvoice: (form) => service.issueFromForm(form),
    noteIssueFailure: (formId, message) => forms.setError(formId, message, deps.now().toISOString()),
    notifyForm: deps.notifyForm,
    notifyInvoice: deps.notifyInvoice,
  });
  return { repo, forms, service, outboxHandler };
}
