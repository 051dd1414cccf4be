/**
 * The sandbox answers a line's levy as the tax authority would (docs/service-interface.md §7), over real
 * HTTP with the real signer and a real SQLite file: a special invoice with an exempt line is refused, a
 * general one takes it; a 差额征税 invoice is taxed on je − kce in its ledger row and in the files it
 * returns; its red-letter form takes back the deduction's share. Every expected tax is worked out here from
 * the amounts the test sends.
 */
import path from 'node:path';
import Decimal from 'decimal.js';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../sandbox/database.js';
import { DEMO_ENTERPRISE, SANDBOX_CODES } from '../../../sandbox/index.js';
import { sandboxMigrations } from '../../../sandbox/migrations/index.js';
import { SANDBOX_DB_FILE } from '../../../sandbox/store.js';
import { openOutputInvoiceStore } from '../../../sandbox/stores/output-invoices.js';
import type { IssuanceDetailLine } from '../../../shared/spec/issuance.js';
import { PrintResponse } from '../../../shared/spec/print.js';
import { RedLetterQueryResponse } from '../../../shared/spec/redletter.js';
import { ISSUE, PRINT, application, applyAndApprove, blueRequest, issue, redRequest, type IssuedRecord } from '../../support/output-sandbox.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-caller.js';

let box: TestSandbox;
beforeAll(async () => {
  box = await startTestSandbox({ issueDelayMs: 0 });
});
afterAll(() => box.close());

const submit = async (request: object) => (await box.call(ISSUE, request)).body;

function ledger(record: IssuedRecord) {
  const db = openDatabase(path.join(box.dataDir, SANDBOX_DB_FILE), { migrations: sandboxMigrations });
  try {
    return openOutputInvoiceStore(db).byNumber(record.fplxdm, record.fpdm ?? null, record.fphm);
  } finally {
    db.close();
  }
}

async function invoiceXml(record: IssuedRecord): Promise<{ fields: Record<string, string>; lines: Record<string, string>[] }> {
  const response = await fetch(record.xml ?? '');
  const parsed = new XMLParser({ parseTagValue: false }).parse(await response.text()) as { Invoice: Record<string, unknown> };
  const detail = (parsed.Invoice.details as { detail: Record<string, string> | Record<string, string>[] }).detail;
  return { fields: parsed.Invoice as Record<string, string>, lines: Array.isArray(detail) ? detail : [detail] };
}

/** Tax in a tax-inclusive amount, 2 dp half-up: the test's own arithmetic. */
const taxIn = (amount: Decimal.Value, rate: Decimal.Value) =>
  new Decimal(amount).times(rate).dividedBy(new Decimal(rate).plus(1)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

const TAXED: IssuanceDetailLine = { fphxz: 0, spmc: '*信息技术服务*软件维护', spbm: '3040201030000000000', spsl: 1, dj: 113, je: 113, sl: 0.13 };
const EXEMPT: IssuanceDetailLine = { fphxz: 0, spmc: '*图书*教材', spbm: '1060201070000000000', spsl: 2, dj: 50, je: 100, sl: 0, lslbs: '1' };

describe('exempt sales and special invoices', () => {
  it('a 004 with a 免税 line is refused (3004) naming the line; an 82 with the same lines is issued', async () => {
    const lines = [TAXED, EXEMPT];
    const refused = await submit(blueRequest('004', { jshj: 213, details: lines }));
    expect(refused).toMatchObject({ status: false, code: SANDBOX_CODES.invalidValue });
    expect(refused.msg).toContain('第 2 行 为免税项目：免税销售不得开具增值税专用发票（004）');

    const record = await issue(box, blueRequest('82', { jshj: 213, details: lines }));
    const expectedTax = taxIn(TAXED.je, TAXED.sl).plus(taxIn(EXEMPT.je, EXEMPT.sl));
    expect(ledger(record)?.hjse).toBe(expectedTax.toFixed(2));
  });

  it('028 and 81 refuse a 不征税 or 零税率 line too; a rate that does not fit the levy is refused on every type', async () => {
    for (const fplxdm of ['028', '81'] as const) {
      for (const lslbs of ['2', '3'] as const) {
        const body = await submit(blueRequest(fplxdm, { jshj: 100, details: [{ ...EXEMPT, lslbs }] }));
        expect(body, `${fplxdm} ${lslbs}`).toMatchObject({ status: false, code: SANDBOX_CODES.invalidValue });
        expect(body.msg).toContain('第 1 行');
      }
    }
    const simpleAtSix = await submit(blueRequest('82', { jshj: 100, details: [{ ...EXEMPT, sl: 0.06, lslbs: '5' }] }));
    expect(simpleAtSix).toMatchObject({ status: false, code: SANDBOX_CODES.invalidValue });
    expect(simpleAtSix.msg).toContain('简易征收只能按征收率 3% 或 5%');
  });
});

describe('差额征税: the tax is on the amount less the deduction', () => {
  const DIFFERENCE: IssuanceDetailLine = { fphxz: 0, spmc: '*经纪代理服务*旅游服务', spbm: '3040802000000000000', spsl: 1, dj: 10600, je: 10600, sl: 0.06, lslbs: '4' };
  const KCE = 8480;

  it('an 82 with one 差额征税 line stores and returns the tax (je − kce) × sl / (1 + sl)', async () => {
    const expectedTax = taxIn(new Decimal(DIFFERENCE.je).minus(KCE), DIFFERENCE.sl);
    const record = await issue(box, blueRequest('82', { jshj: DIFFERENCE.je, kce: KCE, details: [DIFFERENCE] }));
    const stored = ledger(record);
    expect(stored).toMatchObject({ jshj: '10600.00', hjse: expectedTax.toFixed(2), hjje: new Decimal(DIFFERENCE.je).minus(expectedTax).toFixed(2) });
    const xml = await invoiceXml(record);
    expect(xml.fields).toMatchObject({ hjse: expectedTax.toFixed(2), jshj: '10600.00', kce: '8480.00' });
    expect(xml.lines.map((line) => [line.je, line.se, line.lslbs])).toEqual([['10600.00', expectedTax.toFixed(2), '4']]);
  });

  it('a paper 004 差额征税 invoice prints its tax after the deduction, the line before tax adding up to hjje (zsfs 2)', async () => {
    const record = await issue(box, blueRequest('004', { kpzdbs: 'kpzd-01', jshj: DIFFERENCE.je, kce: KCE, details: [DIFFERENCE] }));
    const answer = await box.call(PRINT, { fpdm: record.fpdm ?? '', fphm: record.fphm, dylx: '0', kpzdbs: 'kpzd-01', fplxdm: '004', xhdwsbh: DEMO_ENTERPRISE.taxNumber });
    const printed = PrintResponse.parse(answer.body).data;
    const expectedTax = taxIn(new Decimal(DIFFERENCE.je).minus(KCE), DIFFERENCE.sl);
    expect(printed).toMatchObject({ zsfs: '2', hjse: expectedTax.toFixed(2), hjje: new Decimal(DIFFERENCE.je).minus(expectedTax).toFixed(2) });
    expect(printed.details.map((line) => [line.je, line.se])).toEqual([[printed.hjje, expectedTax.toFixed(2)]]);
  });

  it('refused: no kce (1008), kce ≥ je or negative (3004), a second line (3004), kce with no 差额征税 line (3004)', async () => {
    expect(await submit(blueRequest('82', { jshj: 10600, details: [DIFFERENCE] }))).toMatchObject({ code: SANDBOX_CODES.fieldMissing });
    for (const kce of [10600, -1]) expect(await submit(blueRequest('82', { jshj: 10600, kce, details: [DIFFERENCE] })), String(kce)).toMatchObject({ code: SANDBOX_CODES.invalidValue });
    const mixed = await submit(blueRequest('82', { jshj: 10713, kce: KCE, details: [DIFFERENCE, TAXED] }));
    expect(mixed).toMatchObject({ code: SANDBOX_CODES.invalidValue });
    expect(mixed.msg).toContain('第 1 行 为差额征税');
    expect(await submit(blueRequest('82', { jshj: 113, kce: 10, details: [TAXED] }))).toMatchObject({ code: SANDBOX_CODES.invalidValue });
  });

  it('the red-letter form of an 81 carries the deduction it takes back, negative, and its tax after it; the red invoice follows', async () => {
    const blue = blueRequest('81', { jshj: DIFFERENCE.je, kce: KCE, details: [DIFFERENCE] });
    const record = await issue(box, blue);

    // In part: 5300 of 10600 reverses half the deduction.
    const partialJe = -5300;
    const partialKce = new Decimal(KCE).times(partialJe).dividedBy(DIFFERENCE.je);
    const partial = await applyAndApprove(
      box,
      application(record, { chyydm: '4', details: [{ fphxz: 0, spmc: DIFFERENCE.spmc, je: partialJe, sl: DIFFERENCE.sl, spbm: DIFFERENCE.spbm, xh: 1 }] }),
      '1',
    );
    const partForm = RedLetterQueryResponse.parse(partial.body).data.hzxxb;
    const partTax = taxIn(new Decimal(partialJe).minus(partialKce), DIFFERENCE.sl);
    expect(partForm).toMatchObject({ kce: partialKce.toFixed(2), hjse: partTax.toFixed(2), jshj: '-5300.00' });
    expect(partForm?.details.map((line) => line.se)).toEqual([partTax.toFixed(2)]);

    // The rest, with the rest of the deduction, as a red invoice through the remaining form.
    const restJe = new Decimal(DIFFERENCE.je).plus(partialJe).negated();
    const restKce = new Decimal(KCE).negated().minus(partialKce);
    const rest = await applyAndApprove(
      box,
      application(record, { chyydm: '4', details: [{ fphxz: 0, spmc: DIFFERENCE.spmc, je: restJe.toNumber(), sl: DIFFERENCE.sl, spbm: DIFFERENCE.spbm, xh: 1 }] }),
      '1',
    );
    const restForm = RedLetterQueryResponse.parse(rest.body).data;
    expect(restForm.hzxxb?.kce).toBe(restKce.toFixed(2));
    const red = redRequest(blue, record, {
      chyydm: '4',
      xxbid: restForm.xxbid ?? '',
      jshj: restJe.toNumber(),
      kce: restKce.toNumber(),
      details: [{ ...DIFFERENCE, spsl: -1, dj: restJe.negated().toNumber(), je: restJe.toNumber() }],
    });
    const redRecord = await issue(box, red);
    expect(ledger(redRecord)?.hjse).toBe(taxIn(restJe.minus(restKce), DIFFERENCE.sl).toFixed(2));
  });
});
