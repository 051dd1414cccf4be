/**
 * One state per received invoice, mapped from what the real sandbox's tax authority answers over HTTP
 * (issue 22.2): 0001 → 查验一致, or 查验不一致 naming the field read locally that differs from the record;
 * 0006 → 查验不一致 naming the fields sent (the authority says not which); 0009 → 查无此票 with nothing
 * compared; 0001 with zfbz Y / H → 已作废 / 已红冲; 1015 and a railway e-ticket → 不可查验 (no call spent);
 * 1014 → 查验失败 (tomorrow); a later
 * local 0002 leaves the authority's answer standing. The queue item, the stored row and the ledger's
 * state filter all say the same.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ENTERPRISE, RECEIVED_CONTROL_PATH, type ReceivedInvoice } from '../../../sandbox/index.js';
import type { IntakeItem, VerificationView } from '../../../shared/ipc/index.js';
import { qrPng } from '../../support/intake-fixtures.js';
import { startInputCore, type InputCore } from '../../support/input-core.js';
import { railwayQrPayload } from '../../support/kind-files.js';

let input: InputCore | undefined;
afterEach(async () => {
  await input?.close();
  input = undefined;
});

const qrOf = (invoice: ReceivedInvoice, amount = invoice.hjje) => `01,${invoice.fplxdm},${invoice.fpdm},${invoice.fphm},${amount},${invoice.kprq},${invoice.jym},0000,`;

describe('verification states against the sandbox', () => {
  it('maps every answer to one state in the clerk’s terms, compares nothing without a record, and keeps an answer over a later local refusal', async () => {
    input = await startInputCore({ seedInvoicesPerBuyer: 300 });
    const { call, core, sandbox } = input;
    const items = new Map<string, IntakeItem>();
    core.onEvent((event, payload) => {
      if (event === 'intake:item') items.set((payload as IntakeItem).fileName, payload as IntakeItem);
    });
    const answer = await fetch(`${sandbox.baseUrl}${RECEIVED_CONTROL_PATH}?buyer=${DEMO_ENTERPRISE.taxNumber}`);
    const invoices = ((await answer.json()) as { invoices: ReceivedInvoice[] }).invoices;
    const limit = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
    const verifiable = invoices.filter((invoice) => ['01', '08'].includes(invoice.fplxdm) && invoice.kprq < limit && invoice.kprq > '20220101' && !invoice.hjje.startsWith('-'));
    const pick = (fpzt: ReceivedInvoice['fpzt'], skip = 0) => {
      const found = verifiable.filter((invoice) => invoice.fpzt === fpzt)[skip];
      if (!found) throw new Error(`the seeded tax authority has no special invoice with FPZT ${fpzt}`);
      return found;
    };
    /** A QR picture taken in and, unless told not to, accepted as read (the review's Enter): verification follows acceptance. */
    const add = async (name: string, payload: string, accept = true) => {
      await call('intake:addFile', { name, base64: Buffer.from(await qrPng(payload)).toString('base64'), origin: 'pick' });
      await expect.poll(() => items.get(name)?.receivedId ?? null, { timeout: 30_000 }).not.toBeNull();
      const receivedId = items.get(name)!.receivedId!;
      if (accept) await call('intake:review', { receivedId, fields: items.get(name)!.fields });
      return receivedId;
    };
    const verify = (receivedId: number) => call('intake:verify', { receivedId }) as Promise<VerificationView>;

    const good = pick('0');
    const consistent = await verify(await add('consistent.png', qrOf(good)));
    expect(consistent).toMatchObject({ code: '0001', verification: { state: 'consistent', reason: null, fields: [] } });
    expect(consistent.comparison.filter((row) => row.same === true).length).toBeGreaterThan(3);

    // Unknown to the authority: 0009, 查无此票 — nothing compared (it returned no record), never consistent.
    const notFound = await verify(await add('unknown.png', qrOf({ ...good, fphm: '99999999' })));
    expect(notFound).toMatchObject({ code: '0009', verification: { state: 'not-found', reason: null, fields: [] }, comparison: [] });
    expect(items.get('unknown.png')).toMatchObject({ status: 'verified', verification: { state: 'not-found' } });

    // A wrong amount: 0006 without the record — the fields sent that can disagree are named.
    const wrongAmount = await verify(await add('amount.png', qrOf(pick('0', 1), '1.00')));
    expect(wrongAmount).toMatchObject({ code: '0006', verification: { state: 'inconsistent', reason: 'unspecified', fields: ['kprq', 'fpje'] }, comparison: [] });

    // The authority's record differs from what the file says (here the seller's tax ID): 查验不一致 naming it.
    const other = pick('0', 2);
    const doctoredId = await add('doctored.png', qrOf(other), false);
    await call('intake:review', { receivedId: doctoredId, fields: { ...items.get('doctored.png')!.fields, xhfsbh: '91110000000000000X' } });
    const doctored = await verify(doctoredId);
    expect(doctored).toMatchObject({ code: '0001', verification: { state: 'inconsistent', reason: 'fields', fields: ['xhfsbh'] } });
    expect(doctored.comparison.find((row) => row.field === 'xhfsbh')).toEqual({ field: 'xhfsbh', ours: '91110000000000000X', theirs: other.xhfsbh, same: false });

    const voided = await verify(await add('voided.png', qrOf(pick('2'))));
    expect(voided).toMatchObject({ code: '0001', zfbz: 'Y', verification: { state: 'voided' } });
    const reversed = await verify(await add('reversed.png', qrOf(pick('3'))));
    expect(reversed).toMatchObject({ code: '0001', zfbz: 'H', verification: { state: 'reversed' } });

    // Decided before a call: older than 5 years cannot be verified; dated today fails until tomorrow.
    const old = await verify(await add('old.png', '01,01,044031900111,22222222,100.00,20150101,,FFFF,'));
    expect(old).toMatchObject({ code: '1015', local: true, verification: { state: 'unverifiable', reason: '1015' } });
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
    const early = await verify(await add('today.png', `01,01,044031900111,11111111,100.00,${today},,FFFF,`));
    expect(early).toMatchObject({ code: '1014', local: true, verification: { state: 'failed', reason: '1014' } });

    // A railway e-ticket: a kind the service has no fpzl for — 不可查验 as soon as it is read, and no call spent.
    const ticketId = await add('ticket.png', railwayQrPayload(), false);
    expect(items.get('ticket.png')?.verification).toEqual({ state: 'unverifiable', reason: 'railway-eticket', fields: [] });
    expect(await verify(ticketId)).toMatchObject({ local: true, usedToday: 0, verification: { state: 'unverifiable', reason: 'railway-eticket' } });
    // Its kind field is empty, so it cannot be accepted as read: it stays out of the 报销台账.
    expect(await core.router.dispatch('intake:review', { receivedId: ticketId, fields: items.get('ticket.png')!.fields })).toMatchObject({
      ok: false, error: { code: 'VALIDATION_FAILED', details: { fpzl: 'required' } },
    });

    // The sixth verification of a day is refused locally (0002): the authority's 查验一致 stands.
    const consistentId = items.get('consistent.png')!.receivedId!;
    for (let n = 2; n <= 5; n++) await verify(consistentId);
    expect(await verify(consistentId)).toMatchObject({ code: '0002', local: true, verification: { state: 'consistent' } });

    // The ledger lists each by its state.
    const byState = async (state: VerificationView['verification']['state']) =>
      (await call('intake:ledger', { state })).rows.map((row) => row.fileName).sort();
    expect(await byState('consistent')).toEqual(['consistent.png']);
    expect(await byState('not-found')).toEqual(['unknown.png']);
    expect(await byState('inconsistent')).toEqual(['amount.png', 'doctored.png']);
    expect(await byState('voided')).toEqual(['voided.png']);
    expect(await byState('reversed')).toEqual(['reversed.png']);
    expect(await byState('unverifiable')).toEqual(['old.png']);
    expect(await byState('failed')).toEqual(['today.png']);
    expect(await byState('unverified')).toEqual([]);
    const ledger = await call('intake:ledger', {});
    expect(ledger.rows.map((row) => row.fileName)).not.toContain('ticket.png');
    expect(ledger.rows.find((row) => row.fileName === 'amount.png')?.verification).toEqual({ state: 'inconsistent', reason: 'unspecified', fields: ['kprq', 'fpje'] });
    // A QR carries no seller name and only 金额: the consistent verification filled the name, the tax IDs and
    // 税额 and 价税合计 from the record (marked as the authority's); 金额 stays as read.
    const filled = ledger.rows.find((row) => row.fileName === 'consistent.png')!;
    expect(filled).toMatchObject({ xhfmc: good.xhfmc, fields: { xhfsbh: good.xhfsbh, gmfsbh: DEMO_ENTERPRISE.taxNumber, fpje: good.hjje, fpse: good.se, jshj: good.jshj } });
    expect(items.get('consistent.png')?.sources).toMatchObject({ fpje: 'qr', xhfsbh: 'authority', gmfsbh: 'authority', fpse: 'authority', jshj: 'authority' });
    expect(items.get('consistent.png')?.fields).toMatchObject({ fpje: good.hjje, fpse: good.se, jshj: good.jshj });
  }, 240_000);
});
