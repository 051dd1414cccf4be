/** Channels of issuance (the form, drafts, submission, issued files) and its events. */
import { z } from 'zod';
import {
  DraftId,
  DraftSummary,
  InvoiceSummary,
  ListDraftsRequest,
  OpenFileRequest,
  OpenFileResult,
  ReturnDraftRequest,
  ReviewDecision,
  SavedDraft,
  SavedDraftAnswer,
  SaveDraftRequest,
  SubmitInvoiceRequest,
  SubmittedInvoice,
} from '../schemas/issuance.js';
import type { ChannelSpec } from './common.js';
import { RepeatContent, RepeatRequest } from '../schemas/templates.js';

export const issuanceChannels = {
  'issuance:submit': { request: SubmitInvoiceRequest, response: SubmittedInvoice },
  'issuance:saveDraft': { request: SaveDraftRequest, response: SavedDraftAnswer, maxRequestBytes: 1024 * 1024 },
  'issuance:listDrafts': { request: ListDraftsRequest, response: z.strictObject({ rows: z.array(DraftSummary) }) },
  'issuance:loadDraft': { request: DraftId, response: SavedDraft },
  'issuance:deleteDraft': { request: DraftId, response: z.strictObject({ deleted: z.boolean() }) },
  /** 送复核: none or returned → pending, by whoever may issue (docs/team-ledger.md §6). */
  'issuance:requestReview': { request: DraftId, response: DraftSummary },
  /** 通过: a 复核 or 管理员 approves the request they saw. */
  'issuance:approveDraft': { request: ReviewDecision, response: DraftSummary },
  /** 退回: a 复核 or 管理员 returns it with a reason. */
  'issuance:returnDraft': { request: ReturnDraftRequest, response: DraftSummary },
  'issuance:openFile': { request: OpenFileRequest, response: OpenFileResult },
  /** 再开一张: the form content of an issued blue invoice, to issue it again under a new serial. */
  'issuance:repeat': { request: RepeatRequest, response: RepeatContent },
} as const satisfies Record<string, ChannelSpec>;

export const issuanceEvents = {
  'issuance:updated': InvoiceSummary,
} as const;
