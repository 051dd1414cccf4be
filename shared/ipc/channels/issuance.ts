/** Channels of issuance (the form, drafts, submission) and its events. */
import { InvoiceDraft, InvoiceSummary } from '../schemas/issuance.js';
import type { ChannelSpec } from './common.js';

export const issuanceChannels = {
  'issuance:submit': { request: InvoiceDraft, response: InvoiceSummary },
} as const satisfies Record<string, ChannelSpec>;

export const issuanceEvents = {
  'issuance:updated': InvoiceSummary,
} as const;
