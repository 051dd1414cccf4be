/**
 * The ledger port's contract for the 复核 of drafts (issuance_draft's review columns, SQLite 0600 and team
 * migration 0600; docs/team-ledger.md §6), run unchanged against a real SQLite history.db and a real PostgreSQL
 * team ledger: none → pending → approved | returned, each step signed and timed; other content saved over a
 * draft puts it back to none and the same content keeps its review; a decision names the request it decides;
 * two desks deciding the same draft at once get one winner; a draft an invoice is issued from is taken
 * (deleted) in the invoice's transaction unless it waits for review; the 待复核 filter.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DraftScope, DraftValues } from '../../../main/features/issuance/store.js';
import { ledgerDatabases, type LedgerFixture } from './adapters.js';

const SELLER = '91330100MA2B3C4D5E';
const mine: DraftScope = { environment: 'sandbox', enterprise: SELLER };
const other: DraftScope = { environment: 'sandbox', enterprise: '91310000OTHER0001X' };
const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 9, minute, 0, 123)).toISOString();
const values = (content: string, buyerName = '北京星河贸易有限公司'): DraftValues => ({ invoiceType: '026', buyerName, total: '113.00', content });

describe.each(ledgerDatabases())('the review of drafts on %s', (_name, makeFixture) => {
  let fixture: LedgerFixture;
  beforeAll(async () => {
    fixture = await makeFixture();
  });
  afterEach(() => fixture.reset());
  afterAll(() => fixture.close());

  it('sends a draft for review, approves or returns it with who and when, and refuses a step from the wrong state', async () => {
    const { issuanceDrafts: drafts } = await fixture.open();
    const draft = (await drafts.save(mine, values('{"a":1}'), at(1)))!;
    expect(draft.review).toEqual({ state: 'none', requestedBy: null, requestedAt: null, reviewedBy: null, reviewedAt: null, note: null });
    // Not waiting: nothing to decide.
    expect(await drafts.decide(mine, draft.id, at(1), { state: 'approved', by: '周复核', note: null }, at(2))).toBeNull();

    const sent = await drafts.requestReview(mine, draft.id, '李开票', at(2));
    expect(sent).toMatchObject({ id: draft.id, updatedAt: at(1), review: { state: 'pending', requestedBy: '李开票', requestedAt: at(2), reviewedBy: null } });
    // Already waiting; another enterprise's scope does not see it.
    expect(await drafts.requestReview(mine, draft.id, '李开票', at(3))).toBeNull();
    expect(await drafts.requestReview(other, draft.id, '李开票', at(3))).toBeNull();
    // A decision names the request it decides: another time is another request.
    expect(await drafts.decide(mine, draft.id, at(3), { state: 'approved', by: '周复核', note: null }, at(4))).toBeNull();

    const returned = await drafts.decide(mine, draft.id, at(2), { state: 'returned', by: '周复核', note: '税率应为 6%' }, at(4));
    expect(returned!.review).toEqual({ state: 'returned', requestedBy: '李开票', requestedAt: at(2), reviewedBy: '周复核', reviewedAt: at(4), note: '税率应为 6%' });
    expect((await drafts.load(mine, draft.id))!.review).toEqual(returned!.review);
    // Decided: deciding it again finds nothing; a returned draft may be sent again, which clears the decision.
    expect(await drafts.decide(mine, draft.id, at(2), { state: 'approved', by: '周复核', note: null }, at(5))).toBeNull();
    const again = await drafts.requestReview(mine, draft.id, '李开票', at(6));
    expect(again!.review).toEqual({ state: 'pending', requestedBy: '李开票', requestedAt: at(6), reviewedBy: null, reviewedAt: null, note: null });
    const approved = await drafts.decide(mine, draft.id, at(6), { state: 'approved', by: '王管理', note: null }, at(7));
    expect(approved!.review).toEqual({ state: 'approved', requestedBy: '李开票', requestedAt: at(6), reviewedBy: '王管理', reviewedAt: at(7), note: null });
    // Approved is final until the draft changes.
    expect(await drafts.requestReview(mine, draft.id, '李开票', at(8))).toBeNull();
    expect(await drafts.requestReview(mine, 999_999, '李开票', at(8))).toBeNull();
  });

  it('puts a changed draft back to none and keeps the review of one saved with the same content', async () => {
    const { issuanceDrafts: drafts } = await fixture.open();
    const draft = (await drafts.save(mine, values('{"a":1}'), at(1)))!;
    await drafts.requestReview(mine, draft.id, '李开票', at(2));
    await drafts.decide(mine, draft.id, at(2), { state: 'approved', by: '周复核', note: null }, at(3));
    // Saved again as it was (an autosave after opening it): still approved.
    const same = await drafts.save(mine, values('{"a":1}'), at(4), draft.id);
    expect(same).toMatchObject({ updatedAt: at(4), review: { state: 'approved', reviewedBy: '周复核', reviewedAt: at(3) } });
    // Changed: a new review is needed, nothing of the last one stays.
    const changed = await drafts.save(mine, values('{"a":2}'), at(5), draft.id);
    expect(changed!.review).toEqual({ state: 'none', requestedBy: null, requestedAt: null, reviewedBy: null, reviewedAt: null, note: null });
    await drafts.requestReview(mine, draft.id, '李开票', at(6));
    expect((await drafts.save(mine, values('{"a":3}'), at(7), draft.id))!.review.state).toBe('none');
  });

  it('lists the drafts waiting for review (待复核) apart, newest first, per enterprise', async () => {
    const { issuanceDrafts: drafts } = await fixture.open();
    const one = (await drafts.save(mine, values('{"n":1}', '一'), at(1)))!;
    const two = (await drafts.save(mine, values('{"n":2}', '二'), at(2)))!;
    await drafts.save(mine, values('{"n":3}', '三'), at(3));
    const elsewhere = (await drafts.save(other, values('{"n":4}', '四'), at(4)))!;
    await drafts.requestReview(mine, one.id, '李开票', at(5));
    await drafts.requestReview(mine, two.id, '李开票', at(6));
    await drafts.requestReview(other, elsewhere.id, '李开票', at(6));
    await drafts.decide(mine, two.id, at(6), { state: 'returned', by: '周复核', note: '缺少税号' }, at(7));
    expect((await drafts.list(mine, 'pending')).map((draft) => draft.buyerName)).toEqual(['一']);
    expect((await drafts.list(mine, 'returned')).map((draft) => draft.review.note)).toEqual(['缺少税号']);
    expect((await drafts.list(mine)).map((draft) => draft.buyerName)).toEqual(['三', '二', '一']);
  });

  it('gives one of two desks deciding the same draft at once the decision, the other nothing', async () => {
    const first = await fixture.open({ desk: 'desk-a' });
    // One desk owns a SQLite ledger: there its own two reviews take turns; on PostgreSQL two desks race.
    const second = fixture.kind === 'sqlite' ? first : await fixture.open({ desk: 'desk-b' });
    const draft = (await first.issuanceDrafts.save(mine, values('{"a":1}'), at(1)))!;
    await first.issuanceDrafts.requestReview(mine, draft.id, '李开票', at(2));
    const [a, b] = await Promise.all([
      first.transaction((tx) => tx.issuanceDrafts.decide(mine, draft.id, at(2), { state: 'approved', by: '周复核', note: null }, at(3))),
      second.transaction((tx) => tx.issuanceDrafts.decide(mine, draft.id, at(2), { state: 'returned', by: '王管理', note: '重复' }, at(3))),
    ]);
    expect([a, b].filter((decided) => decided !== null)).toHaveLength(1);
    const kept = (await second.issuanceDrafts.load(mine, draft.id))!.review;
    expect(kept).toEqual((a ?? b)!.review);
  });

  it('takes the draft an invoice is issued from in its transaction, unless it waits for review', async () => {
    const ledger = await fixture.open();
    const drafts = ledger.issuanceDrafts;
    const never = (await drafts.save(mine, values('{"n":1}'), at(1)))!;
    const waiting = (await drafts.save(mine, values('{"n":2}'), at(2)))!;
    const approved = (await drafts.save(mine, values('{"n":3}'), at(3)))!;
    await drafts.requestReview(mine, waiting.id, '李开票', at(4));
    await drafts.requestReview(mine, approved.id, '李开票', at(4));
    await drafts.decide(mine, approved.id, at(4), { state: 'approved', by: '周复核', note: null }, at(5));

    expect(await ledger.transaction((tx) => tx.issuanceDrafts.take(mine, never.id))).toBe('taken');
    expect(await ledger.transaction((tx) => tx.issuanceDrafts.take(mine, waiting.id))).toBe('pending');
    expect(await drafts.take(other, approved.id)).toBe('gone');
    // A throw after the take (the invoice refused) leaves the draft where it was.
    await expect(
      ledger.transaction(async (tx) => {
        expect(await tx.issuanceDrafts.take(mine, approved.id)).toBe('taken');
        throw new Error('the invoice was refused');
      }),
    ).rejects.toThrow('the invoice was refused');
    expect((await drafts.load(mine, approved.id))!.review.state).toBe('approved');
    expect(await drafts.take(mine, approved.id)).toBe('taken');
    expect(await drafts.take(mine, never.id)).toBe('gone');
    expect((await drafts.list(mine)).map((draft) => draft.id)).toEqual([waiting.id]);
  });
});
