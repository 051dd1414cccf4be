/**
 * The 复核 of drafts through the core's router on a real SQLite file (docs/team-ledger.md §6): an 开票员 sends a
 * draft for review and cannot issue it while it waits (DRAFT_AWAITING_REVIEW, nothing queued, the draft kept);
 * the approve and return channels refuse an 开票员 with auth.forbidden; a return needs its reason; changing a
 * draft puts it back to none; a decision on a request that is no longer the draft's is DRAFT_REVIEW_CHANGED; a
 * reviewer does not approve their own draft while another reviewer or admin exists, an admin alone does; an
 * approved draft issues and is taken, and each step taken is one audit event by its clerk; a desk without
 * clerks has no review (REVIEW_NOT_AVAILABLE).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import type { DraftSummary, InvoiceSummary } from '../../../shared/ipc/index.js';
import type { AuditPage } from '../../../shared/ipc/schemas/audit.js';
import { createTestCipher } from '../../support/test-cipher.js';
import { tempDir } from '../../support/sample-issuance.js';
import { call, refusal, value } from './support.js';

const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
});

async function start(): Promise<Core> {
  const core = await createCore({ dataDir: tempDir('fapiao-draft-review-'), appVersion: 'test', sandboxIssueDelayMs: 100, outboxBaseDelayMs: 50 }, { cipher: createTestCipher() });
  cores.push(core);
  return core;
}

const invoice = {
  invoiceType: '026',
  buyerName: '杭州云栖商贸有限公司',
  issuer: '李开票',
  lines: [{ name: '打印纸', taxCode: '1060201070000000000', quantity: '2', unitPrice: '25.00', rate: '0.13' }],
};
const saveDraft = (core: Core, content: unknown, id?: number) =>
  call(core, 'issuance:saveDraft', { ...(id === undefined ? {} : { id }), invoiceType: '026', buyerName: invoice.buyerName, total: '50.00', content });
const signIn = async (core: Core, name: string, pin: string) => value(await call(core, 'clerks:signIn', { name, pin }));
const invoices = async (core: Core) => value<InvoiceSummary[]>(await call(core, 'history:list', {})).length;

/** A desk with an admin, a reviewer and an issuer; the issuer signed in. */
async function team(): Promise<Core> {
  const core = await start();
  value(await call(core, 'clerks:add', { name: '王管理', role: 'admin', pin: '975310' }));
  value(await call(core, 'clerks:add', { name: '周复核', role: 'reviewer', pin: '135790' }));
  value(await call(core, 'clerks:add', { name: '李开票', role: 'issuer', pin: '246810' }));
  await signIn(core, '李开票', '246810');
  return core;
}

describe('the review of drafts in main', () => {
  it('refuses to issue a draft awaiting review, refuses an issuer the decision, and issues it once approved', async () => {
    const core = await team();
    const draft = value<DraftSummary>(await saveDraft(core, invoice));
    const sent = value<DraftSummary>(await call(core, 'issuance:requestReview', { id: draft.id }));
    expect(sent.review).toMatchObject({ state: 'pending', requestedBy: '李开票' });
    expect(refusal(await call(core, 'issuance:requestReview', { id: draft.id }))).toEqual({ code: 'DRAFT_REVIEW_CHANGED', key: 'issuance.draftReviewChanged', params: { id: draft.id, state: 'pending' } });

    // Waiting: issuing from it is refused, nothing is queued and the draft stays.
    expect(refusal(await call(core, 'issuance:submit', { ...invoice, draftId: draft.id }))).toEqual({
      code: 'DRAFT_AWAITING_REVIEW',
      key: 'issuance.draftAwaitingReview',
      params: { id: draft.id, buyer: invoice.buyerName },
    });
    expect(await invoices(core)).toBe(0);
    expect(value<{ rows: DraftSummary[] }>(await call(core, 'issuance:listDrafts', { reviewState: 'pending' })).rows.map((row) => row.id)).toEqual([draft.id]);

    // An 开票员 may not decide: the router refuses before the handler.
    for (const channel of ['issuance:approveDraft', 'issuance:returnDraft'] as const) {
      expect(refusal(await call(core, channel, { id: draft.id, requestedAt: sent.review.requestedAt, note: '不行' }))).toMatchObject({
        code: 'FORBIDDEN',
        key: 'auth.forbidden',
        params: { right: 'review', role: 'issuer', channel },
      });
    }

    // The reviewer returns it (a reason is required), the issuer sends it again, the reviewer approves that request.
    await signIn(core, '周复核', '135790');
    expect(refusal(await call(core, 'issuance:returnDraft', { id: draft.id, requestedAt: sent.review.requestedAt, note: '  ' }))).toMatchObject({ code: 'INVALID_PAYLOAD' });
    expect(refusal(await call(core, 'issuance:returnDraft', { id: draft.id, requestedAt: sent.review.requestedAt, note: '长'.repeat(201) }))).toMatchObject({ code: 'INVALID_PAYLOAD' });
    const returned = value<DraftSummary>(await call(core, 'issuance:returnDraft', { id: draft.id, requestedAt: sent.review.requestedAt, note: '单价请核对' }));
    expect(returned.review).toMatchObject({ state: 'returned', reviewedBy: '周复核', note: '单价请核对' });
    await signIn(core, '李开票', '246810');
    const again = value<DraftSummary>(await call(core, 'issuance:requestReview', { id: draft.id }));
    await signIn(core, '周复核', '135790');
    // The first request was decided already: approving it is refused, the second is approved.
    expect(refusal(await call(core, 'issuance:approveDraft', { id: draft.id, requestedAt: sent.review.requestedAt }))).toMatchObject({ code: 'DRAFT_REVIEW_CHANGED' });
    expect(value<DraftSummary>(await call(core, 'issuance:approveDraft', { id: draft.id, requestedAt: again.review.requestedAt })).review).toMatchObject({ state: 'approved', reviewedBy: '周复核', note: null });

    // Approved: the issuer issues it, and the draft is taken with the invoice.
    await signIn(core, '李开票', '246810');
    const issued = value<InvoiceSummary>(await call(core, 'issuance:submit', { ...invoice, draftId: draft.id }));
    expect(issued.buyerName).toBe(invoice.buyerName);
    expect(value<{ rows: DraftSummary[] }>(await call(core, 'issuance:listDrafts')).rows).toEqual([]);
    // A draft never sent issues as before.
    const plain = value<DraftSummary>(await saveDraft(core, { ...invoice, remark: 'x' }));
    value(await call(core, 'issuance:submit', { ...invoice, draftId: plain.id }));
    expect(await invoices(core)).toBe(2);

    // Each step that happened is one audit event, by its clerk; the refused ones left none.
    await signIn(core, '王管理', '975310');
    const events = value<AuditPage>(await call(core, 'audit:list', {})).rows.filter((event) => event.action.startsWith('draft.'));
    expect(events.map((event) => [event.action, event.actor, event.aggregate, event.recordIds])).toEqual([
      ['draft.approved', '周复核', 'issuance_draft', [String(draft.id)]],
      ['draft.reviewRequested', '李开票', 'issuance_draft', [String(draft.id)]],
      ['draft.returned', '周复核', 'issuance_draft', [String(draft.id)]],
      ['draft.reviewRequested', '李开票', 'issuance_draft', [String(draft.id)]],
    ]);
    expect(events[2]?.detail).toMatchObject({ buyerName: invoice.buyerName, requestedBy: '李开票', note: '单价请核对' });
  });

  it('puts a changed draft back to none (and says so), keeps the review of one saved unchanged', async () => {
    const core = await team();
    const draft = value<DraftSummary>(await saveDraft(core, { b: 1, a: [{ y: 2, x: 1 }] }));
    value(await call(core, 'issuance:requestReview', { id: draft.id }));
    // The same values in another key order (an autosave after opening it) are the same draft.
    expect(value<DraftSummary & { reviewReset: boolean }>(await saveDraft(core, { a: [{ x: 1, y: 2 }], b: 1 }, draft.id))).toMatchObject({ reviewReset: false, review: { state: 'pending' } });
    const changed = value<DraftSummary & { reviewReset: boolean }>(await saveDraft(core, { a: [{ x: 1, y: 3 }], b: 1 }, draft.id));
    expect(changed).toMatchObject({ reviewReset: true, review: { state: 'none', requestedBy: null } });
    // Changed, it issues as a never-sent draft.
    expect((await call(core, 'issuance:submit', { ...invoice, draftId: draft.id })).ok).toBe(true);
  });

  it('lets a reviewer approve their own draft only when no other reviewer or admin exists', async () => {
    const core = await team();
    await signIn(core, '周复核', '135790');
    const own = value<DraftSummary>(await saveDraft(core, invoice));
    const sent = value<DraftSummary>(await call(core, 'issuance:requestReview', { id: own.id }));
    const decision = { id: own.id, requestedAt: sent.review.requestedAt };
    expect(refusal(await call(core, 'issuance:approveDraft', decision))).toEqual({ code: 'VALIDATION_FAILED', key: 'issuance.reviewOwnDraft', params: { id: own.id } });
    // Returning one's own is allowed (taking it back).
    expect(value<DraftSummary>(await call(core, 'issuance:returnDraft', { ...decision, note: '自己撤回' })).review.state).toBe('returned');
    const resent = value<DraftSummary>(await call(core, 'issuance:requestReview', { id: own.id }));
    await signIn(core, '王管理', '975310');
    expect(value<DraftSummary>(await call(core, 'issuance:approveDraft', { id: own.id, requestedAt: resent.review.requestedAt })).review).toMatchObject({ state: 'approved', reviewedBy: '王管理' });

    // An admin working alone approves their own.
    const alone = await start();
    value(await call(alone, 'clerks:add', { name: '孙独立', role: 'admin', pin: '864200' }));
    const mine = value<DraftSummary>(await saveDraft(alone, invoice));
    const request = value<DraftSummary>(await call(alone, 'issuance:requestReview', { id: mine.id }));
    expect(value<DraftSummary>(await call(alone, 'issuance:approveDraft', { id: mine.id, requestedAt: request.review.requestedAt })).review).toMatchObject({ state: 'approved', reviewedBy: '孙独立', requestedBy: '孙独立' });
  });

  it('has no review at a desk without clerks: the channels answer REVIEW_NOT_AVAILABLE, drafts issue as before', async () => {
    const core = await start();
    const draft = value<DraftSummary>(await saveDraft(core, invoice));
    expect(draft.review.state).toBe('none');
    expect(refusal(await call(core, 'issuance:requestReview', { id: draft.id }))).toEqual({ code: 'REVIEW_NOT_AVAILABLE', key: 'issuance.reviewNeedsClerks', params: {} });
    expect(refusal(await call(core, 'issuance:approveDraft', { id: draft.id, requestedAt: new Date().toISOString() }))).toMatchObject({ code: 'REVIEW_NOT_AVAILABLE' });
    expect((await call(core, 'issuance:submit', { ...invoice, draftId: draft.id })).ok).toBe(true);
    expect(value<{ rows: DraftSummary[] }>(await call(core, 'issuance:listDrafts')).rows).toEqual([]);
  });
});
