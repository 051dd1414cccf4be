/**
 * The sandbox's invoices carry in their QR code what real ones of their kind carry (issue 33): the amount
 * excluding tax (金额) on VAT invoices (004, 007, 025, 026, 028), the total including tax (价税合计) on 数电
 * invoices (81, 82) — as the real 数电 samples do (01,31,,…,4449.00 of an invoice of 4197.17 + 251.83).
 * Each kind is issued over real HTTP; its QR picture and its PDF are read back by intake's own reader
 * (extraction/), and what it reads is compared with the amounts worked out here from the request sent.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractInvoice } from '../../../extraction/index.js';
import type { IssuanceRequest } from '../../../shared/spec/issuance.js';
import { blueRequest, issue } from '../../support/output-sandbox.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-caller.js';

let box: TestSandbox;
beforeAll(async () => {
  box = await startTestSandbox({ issueDelayMs: 0 });
});
afterAll(() => box.close());

/** Two lines, tax-inclusive as the service's je is, at 13 % and 6 %. */
const LINES: IssuanceRequest['details'] = [
  { mxbh: '1', fphxz: 0, spmc: '*信息技术服务*软件维护', spbm: '3040201030000000000', spsl: 2, dj: 1130, je: 2260, sl: 0.13 },
  { mxbh: '2', fphxz: 0, spmc: '*信息技术服务*咨询', spbm: '3040201030000000000', spsl: 1, dj: 1060.35, je: 1060.35, sl: 0.06 },
];

/** 金额 / 税额 / 价税合计 of the request, worked out here: each line's tax is je × sl / (1 + sl) to the fen. */
function amountsOf(request: IssuanceRequest): { hjje: string; hjse: string; jshj: string } {
  const jshj = request.details.reduce((sum, line) => sum.plus(line.je), new Decimal(0));
  const tax = request.details.reduce((sum, line) => sum.plus(new Decimal(line.je).times(line.sl).dividedBy(new Decimal(1).plus(line.sl)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)), new Decimal(0));
  return { hjje: jshj.minus(tax).toFixed(2), hjse: tax.toFixed(2), jshj: jshj.toFixed(2) };
}

async function download(address: string | undefined): Promise<Uint8Array> {
  if (!address) throw new Error('no address in the record');
  const response = await fetch(address);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

const KINDS = [
  { fplxdm: '004', carries: 'hjje', fpzl: '01' },
  { fplxdm: '007', carries: 'hjje', fpzl: '04' },
  { fplxdm: '025', carries: 'hjje', fpzl: '11' },
  { fplxdm: '026', carries: 'hjje', fpzl: '10' },
  { fplxdm: '028', carries: 'hjje', fpzl: '08' },
  { fplxdm: '81', carries: 'jshj', fpzl: '21' },
  { fplxdm: '82', carries: 'jshj', fpzl: '22' },
] as const;

describe('the QR code of each kind the sandbox issues', () => {
  it.each(KINDS)('$fplxdm carries $carries, and intake reads it as that', async ({ fplxdm, carries, fpzl }) => {
    const jshj = LINES.reduce((sum, line) => sum + line.je, 0);
    const request = blueRequest(fplxdm, { jshj, details: LINES });
    const expected = amountsOf(request);
    // 2260 = 2000 + 260 at 13 %; 1060.35 = 1000.33 + 60.02 at 6 %.
    expect(expected).toEqual({ hjje: '3000.33', hjse: '320.02', jshj: '3320.35' });
    const record = await issue(box, request);

    // The QR picture alone: one amount, in the field real codes of the kind put it in.
    const qr = await extractInvoice(await download(record.qr));
    if (!qr.ok) throw new Error(`QR not read: ${qr.error.code}`);
    expect(qr.extraction.fields).toMatchObject({ fpzl, fphm: record.fphm });
    if (carries === 'jshj') {
      expect(qr.extraction.fields.jshj).toBe(expected.jshj);
      expect(qr.extraction.fields.fpje).toBeUndefined();
    } else {
      expect(qr.extraction.fields.fpje).toBe(expected.hjje);
      expect(qr.extraction.fields.jshj).toBeUndefined();
    }
    const payload = qr.extraction.qrTexts[0]?.split(',');
    expect(payload?.[4]).toBe(carries === 'jshj' ? expected.jshj : expected.hjje);

    // The PDF: the QR and the page's text say the same amounts (no 价税合计 that is the 金额).
    const pdf = await extractInvoice(await download(record.pdf));
    if (!pdf.ok) throw new Error(`PDF not read: ${pdf.error.code}`);
    const { fpje, fpse, jshj: total } = pdf.extraction.fields;
    expect(carries === 'jshj' ? total : fpje).toBe(carries === 'jshj' ? expected.jshj : expected.hjje);
    if (fpje !== undefined) expect(fpje).toBe(expected.hjje);
    if (fpse !== undefined) expect(fpse).toBe(expected.hjse);
    if (total !== undefined) expect(total).toBe(expected.jshj);
  });
});
