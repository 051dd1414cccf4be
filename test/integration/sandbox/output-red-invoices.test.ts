/**
 * Red (negative) invoices in the sandbox (spec endpoint 2 rule 3, Issuance request yfpdm…xxbid, States:
 * kplx) over real HTTP: direction from the amounts, the original's fields, forms, and what is left.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../sandbox/database.js';
import { SANDBOX_CODES } from '../../../sandbox/index.js';
import { sandboxMigrations } from '../../../sandbox/migrations/index.js';
import { SANDBOX_DB_FILE } from '../../../sandbox/store.js';
import { openOutputInvoiceStore } from '../../../sandbox/stores/output-invoices.js';
import { ISSUE, application, applyAndApprove, blueRequest, issue, redRequest } from '../../support/output-sandbox.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-caller.js';

let box: TestSandbox;
beforeAll(async () => {
  box = await startTestSandbox({ issueDelayMs: 0 });
});
afterAll(() => box.close());

const submit = async (request: object) => (await box.call(ISSUE, request)).body;

/** The sandbox's ledger row of an invoice, read from its database file (a second connection, WAL). */
function ledger(fplxdm: string, fpdm: string | undefined, fphm: string) {
  const db = openDatabase(path.join(box.dataDir, SANDBOX_DB_FILE), { migrations: sandboxMigrations });
  try {
    return openOutputInvoiceStore(db).byNumber(fplxdm, fpdm ?? null, fphm);
  } finally {
    db.close();
  }
}

describe('red invoices: direction and the original', () => {
  it('States kplx: a negative total issues a red invoice (kplx 1) against a blue general invoice', async () => {
    const blue = blueRequest('007');
    const record = await issue(box, blue);
    const red = await issue(box, redRequest(blue, record));
    expect(red).toMatchObject({ kplx: '1', jshj: -226 });
  });

  it('endpoint 2 rule 3: a red invoice needs yfpdm (unless digital-electronic), yfphm, ykprq and chyydm', async () => {
    const blue = blueRequest('007');
    const record = await issue(box, blue);
    for (const field of ['yfpdm', 'yfphm', 'ykprq', 'chyydm'] as const) {
      const body = await submit(redRequest(blue, record, { [field]: undefined }));
      expect(body, field).toMatchObject({ status: false, code: SANDBOX_CODES.fieldMissing });
      expect(body.msg).toContain(field);
    }
  });

  it('endpoint 2 rule 3: a red special invoice (004/028) needs xxbbh', async () => {
    const blue = blueRequest('028');
    const record = await issue(box, blue);
    const body = await submit(redRequest(blue, record));
    expect(body).toMatchObject({ code: SANDBOX_CODES.fieldMissing });
    expect(body.msg).toContain('xxbbh');
  });

  it('endpoint 2 rule 3: a red digital-electronic invoice (81/82) needs xxbid, and no yfpdm', async () => {
    const blue = blueRequest('82');
    const record = await issue(box, blue);
    const body = await submit(redRequest(blue, record));
    expect(body).toMatchObject({ code: SANDBOX_CODES.fieldMissing });
    expect(body.msg).toContain('xxbid');
    expect(body.msg).not.toContain('yfpdm');
  });

  it('red invoice: an original the sandbox never issued is refused (2001)', async () => {
    const blue = blueRequest('007');
    const record = await issue(box, blue);
    expect(await submit(redRequest(blue, { ...record, fphm: '99999999' }))).toMatchObject({ code: SANDBOX_CODES.invoiceNotFound });
    expect(await submit(redRequest(blue, record, { ykprq: '2001-01-01' }))).toMatchObject({ code: SANDBOX_CODES.invoiceNotFound });
  });

  it('red invoice: a red invoice cannot be reversed again (3008)', async () => {
    const blue = blueRequest('007');
    const record = await issue(box, blue);
    const redRecord = await issue(box, redRequest(blue, record));
    const body = await submit(redRequest(blue, redRecord));
    expect(body).toMatchObject({ code: SANDBOX_CODES.invoiceStateConflict });
  });

  it('red invoice: a blue invoice carries none of the original-invoice fields', async () => {
    expect(await submit(blueRequest('007', { yfphm: '12345678' }))).toMatchObject({ code: SANDBOX_CODES.invalidValue });
  });

  it('red invoice lines: amounts and quantities negative on a red invoice', async () => {
    const blue = blueRequest('007');
    const record = await issue(box, blue);
    const red = redRequest(blue, record);
    const [first, second] = red.details;
    if (!first || !second) throw new Error('two lines');
    const mixed = { ...red, jshj: 0.01 - 113, details: [{ ...first }, { ...second, spsl: 1, dj: 0.01, je: 0.01 }] };
    expect(await submit(mixed)).toMatchObject({ code: SANDBOX_CODES.invalidValue });
  });
});

describe('red invoices: what is left of the blue one', () => {
  it('red invoice: partial reds are allowed and never exceed what is left (3005); fully reversed → red-reversed', async () => {
    const blue = blueRequest('007');
    const record = await issue(box, blue);
    const [first, second] = blue.details;
    if (!first || !second) throw new Error('two lines');
    const partial = (lsh: string) =>
      redRequest(blue, record, { lsh, jshj: -113, details: [{ ...first, spsl: -2, je: -113 }] });
    await issue(box, partial(`PART-A-${record.fphm}`));
    expect(ledger('007', record.fpdm, record.fphm)).toMatchObject({ status: 'normal', reversed: '113.00' });
    await issue(box, partial(`PART-B-${record.fphm}`));
    expect(ledger('007', record.fpdm, record.fphm)).toMatchObject({ status: 'red-reversed', reversed: '226.00' });
    const body = await submit(redRequest(blue, record, { jshj: -113, details: [{ ...second, spsl: -1, je: -113 }] }));
    expect(body).toMatchObject({ code: SANDBOX_CODES.exceedsRemaining });
  });
});

describe('red invoices: red-letter forms', () => {
  it('red special invoice: issued with the xxbbh of an approved form of that original, once, for the form’s amount', async () => {
    const blue = blueRequest('004');
    const record = await issue(box, blue);
    const answer = await applyAndApprove(box, application(record));
    const xxbbh = (answer.body.data as { xxbbh: string }).xxbbh;
    expect(xxbbh).toMatch(/^\d{16}$/);

    const other = await issue(box, blueRequest('004'));
    expect(await submit(redRequest(blue, other, { xxbbh }))).toMatchObject({ code: SANDBOX_CODES.redLetterFormUnusable });
    expect(await submit(redRequest(blue, record, { xxbbh: '2531000000009999' }))).toMatchObject({ code: SANDBOX_CODES.redLetterFormUnusable });

    const red = await issue(box, redRequest(blue, record, { xxbbh }));
    expect(red).toMatchObject({ kplx: '1', jshj: -226 });
    expect(await submit(redRequest(blue, record, { xxbbh }))).toMatchObject({ code: SANDBOX_CODES.redLetterFormUnusable });
  });

  it('red digital-electronic invoice: issued with the xxbid of the approved form', async () => {
    const blue = blueRequest('82');
    const record = await issue(box, blue);
    const answer = await applyAndApprove(box, application(record));
    const { xxbid } = answer.body.data as { xxbid: string };
    expect(xxbid).toMatch(/^[0-9a-f]{32}$/);
    const red = await issue(box, redRequest(blue, record, { xxbid }));
    expect(red).toMatchObject({ kplx: '1', fplxdm: '82' });
    expect(red).not.toHaveProperty('fpdm');
  });
});
