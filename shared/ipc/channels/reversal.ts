/** Channels of the reversal feature: red reversals (red invoices and red-letter forms) and their events. */
import { InvoiceSummary } from '../schemas/issuance.js';
import { z } from 'zod';
import {
  IssueFromFormRequest,
  RedLetterFormQuery,
  RedLetterFormSummary,
  RedLetterLookup,
  RedLetterLookupRequest,
  RedPreview,
  RedRequest,
  RedStarted,
} from '../schemas/red.js';
import type { ChannelSpec } from './common.js';

export const reversalChannels = {
  /** Checks a red request and shows its amounts; stores nothing. */
  'reversal:preview': { request: RedRequest, response: RedPreview },
  /** Stores and queues a red invoice (general types) or a red-letter form application (004/028/81/82). */
  'reversal:start': { request: RedRequest, response: RedStarted },
  /** Issues the red invoice of an approved form (when not issued automatically, or after it failed). */
  'reversal:issueFromForm': { request: IssueFromFormRequest, response: InvoiceSummary },
  /** The 红字信息表 list: this desk's forms with their state. */
  'reversal:listForms': { request: RedLetterFormQuery, response: z.strictObject({ rows: z.array(RedLetterFormSummary) }) },
  /** Asks the service for a form by its application serial (hzcx, all 1), whether applied here or not. */
  'reversal:lookupForm': { request: RedLetterLookupRequest, response: RedLetterLookup },
} as const satisfies Record<string, ChannelSpec>;

export const reversalEvents = {
  /** A red-letter form application changed (accepted, approved with its number, refused, red invoice queued). */
  'reversal:formUpdated': RedLetterFormSummary,
} as const;
