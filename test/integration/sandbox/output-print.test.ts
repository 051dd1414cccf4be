/**
 * The print request (spec endpoint 5, "Print result", States fpzt) over real HTTP: print data only for
 * issued paper invoices (004, 007) of the calling seller, the list only when the invoice has one.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmacSigner } from '../../../main/api/signer.js';
import { DEMO_CREDENTIALS, DEMO_ENTERPRISE, SANDBOX_CODES } from '../../../sandbox/index.js';
import { parseInvoiceQr } from '../../../shared/rules/invoice-qr.js';
import { PrintResponse } from '../../../shared/spec/print.js';
import { PRINT, blueRequest, issue, redRequest, type IssuedRecord } from '../../support/output-sandbox.js';
import { sampleIssuance } from '../../support/sample-issuance.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-caller.js';

const OTHER = { appKey: 'other-app', appSecret: 'other-secret-0123456789', taxNumbers: ['91440300MA5EXAMPLE'] };
let box: TestSandbox;
beforeAll(async () => {
  box = await startTestSandbox({ issueDelayMs: 0, credentials: [DEMO_CREDENTIALS, OTHER] });
});
afterAll(() => box.close());

const printOf = (record: IssuedRecord, overrides: Record<string, string> = {}) => ({
  fpdm: record.fpdm ?? '',
  fphm: record.fphm,
  dylx: '0',
  kpzdbs: 'kpzd-01',
  fplxdm: record.fplxdm,
  xhdwsbh: DEMO_ENTERPRISE.taxNumber,
  ...overrides,
});

describe('print request', () => {
  it('Print result: face data of an issued paper special invoice, amounts excluding tax with se per line, fpzt 00', async () => {
    const record = await issue(box, blueRequest('004', { kpzdbs: 'kpzd-01', bz: 'PO-42' }));
    const answer = await box.call(PRINT, printOf(record));
    expect(answer.body).toMatchObject({ status: true, code: 0 });
    const result = PrintResponse.parse(answer.body).data;
    expect(result).toMatchObject({ fpdm: record.fpdm, fphm: record.fphm, fpzt: '00', qdbz: '0', tspz: '00', zsfs: '0', hjje: '200.00', hjse: '26.00', jshj: '226.00', bz: 'PO-42' });
    expect(result.kprq).toBe(record.kprq.slice(0, 19).replace(/[-T:]/g, ''));
    expect(result.jqbh).toMatch(/^\d{4}$/);
    expect(result.xhdwdzdh).toBeTruthy();
    expect(result.ghdwdzdh).toBe('北京市朝阳区建国路 1 号 010-88886666');
    expect(result.details.map((line) => [line.spmc, line.je, line.se])).toEqual([
      ['*信息技术服务*软件维护', '100.00', '13.00'],
      ['*信息技术服务*咨询', '100.00', '13.00'],
    ]);
    const sum = result.details.reduce((total, line) => total.plus(line.je), new Decimal(0));
    expect(sum.toFixed(2)).toBe(result.hjje);
    expect(parseInvoiceQr(result.ewm ?? '')).toMatchObject({ fphm: record.fphm, amount: '200.00', crcMatches: true });
  });

  it('Print result fpzt: 01 for an issued negative (red) paper invoice', async () => {
    const blue = blueRequest('007');
    const record = await issue(box, blue);
    const red = await issue(box, redRequest(blue, record));
    const result = PrintResponse.parse((await box.call(PRINT, printOf(red))).body).data;
    expect(result).toMatchObject({ fpzt: '01', jshj: '-226.00' });
  });

  it('endpoint 5: only paper invoices (004, 007) are printed', async () => {
    const record = await issue(box, blueRequest('026'));
    expect((await box.call(PRINT, printOf(record))).body).toMatchObject({ code: SANDBOX_CODES.format });
    // A paper type with the number of an electronic invoice names no paper invoice.
    expect((await box.call(PRINT, printOf(record, { fplxdm: '007' }))).body).toMatchObject({ code: SANDBOX_CODES.invoiceNotFound });
  });

  it('endpoint 5: only this seller’s invoices (another seller’s is unknown, an unauthorised seller 2012)', async () => {
    const record = await issue(box, blueRequest('007'));
    const other = createHmacSigner({ appKey: OTHER.appKey, appSecret: OTHER.appSecret });
    const asOther = await box.call(PRINT, printOf(record, { xhdwsbh: OTHER.taxNumbers[0] ?? '' }), { signer: other });
    expect(asOther.body).toMatchObject({ code: SANDBOX_CODES.invoiceNotFound });
    expect((await box.call(PRINT, printOf(record), { signer: other })).body).toMatchObject({ code: SANDBOX_CODES.taxNumberNotAuthorised });
  });

  it('Print request dylx 1: the list (销货清单) only for an invoice with a list (qdbz 1, more than 8 lines)', async () => {
    const short = await issue(box, blueRequest('007'));
    expect((await box.call(PRINT, printOf(short, { dylx: '1' }))).body).toMatchObject({ code: SANDBOX_CODES.invoiceStateConflict });

    const line = { fphxz: 0 as const, spmc: '*纸制品*打印纸', spbm: '1050201010000000000', spsl: 1, dj: 11.3, je: 11.3, sl: 0.13 };
    const long = await issue(box, sampleIssuance({ fplxdm: '007', jshj: 101.7, details: Array.from({ length: 9 }, () => line) }));
    const result = PrintResponse.parse((await box.call(PRINT, printOf(long, { dylx: '1' }))).body).data;
    expect(result.qdbz).toBe('1');
    expect(result.details).toHaveLength(9);
  });

  it('Print request fphm: 8 digits; fpdm 10 or 12 digits', async () => {
    const record = await issue(box, blueRequest('007'));
    expect((await box.call(PRINT, printOf(record, { fphm: '123' }))).body).toMatchObject({ code: SANDBOX_CODES.format });
    expect((await box.call(PRINT, printOf(record, { fpdm: '1234' }))).body).toMatchObject({ code: SANDBOX_CODES.format });
  });
});
