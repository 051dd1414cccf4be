/** Channels of issuance (the form, drafts, submission, issued files) and its events. */
import { z } from 'zod';
import {
  DraftId,
  DraftSummary,
  InvoiceDraft,
  InvoiceSummary,
  OpenFileRequest,
  OpenFileResult,
  SavedDraft,
  SaveDraftRequest,
} from '../schemas/issuance.js';
import { empty, type ChannelSpec } from './common.js';
import { RepeatContent, RepeatRequest } from '../schemas/templates.js';

export const issuanceChannels = {
  'issuance:submit': { request: InvoiceDraft, response: InvoiceSummary },
  'issuance:saveDraft': { request: SaveDraftRequest, response: DraftSummary, maxRequestBytes: 1024 * 1024 },
  'issuance:listDrafts': { request: empty, response: z.strictObject({ rows: z.array(DraftSummary) }) },
  'issuance:loadDraft': { request: DraftId, response: SavedDraft },
  'issuance:deleteDraft': { request: DraftId, response: z.strictObject({ deleted: z.boolean() }) },
  'issuance:openFile': { request: OpenFileRequest, response: OpenFileResult },
  /** 再开一张: the form content of an issued blue invoice, to issue it again under a new serial. */
  'issuance:repeat': { request: RepeatRequest, response: RepeatContent },
} as const satisfies Record<string, ChannelSpec>;

export const issuanceEvents = {
  'issuance:updated': InvoiceSummary,
} as const;
