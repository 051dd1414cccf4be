/**
 * Recognition (spec endpoint 1, "Recognition result") over real HTTP with a real SQLite file: every file
 * path of the sandbox's OCR (PNG, JPEG, PDF, OFD, XML) with files made at run time, and each refusal
 * code the sandbox chose (sandbox/recognition/codes.ts, docs/sandbox/rules-intake.md).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../../sandbox/database.js';
import { sandboxMigrations } from '../../../sandbox/migrations/index.js';
import { SANDBOX_DB_FILE } from '../../../sandbox/store.js';
import { createTaxAuthorityStore } from '../../../sandbox/stores/tax-authority.js';
import type { ReceivedInvoice } from '../../../sandbox/tax-authority/types.js';
import { buildInvoiceQr } from '../../../shared/rules/invoice-qr.js';
import { TAX_CONTROL_SERVER_TERMINAL } from '../../../sandbox/endpoints/issuance.js';
import { IssuanceResponse } from '../../../shared/spec/issuance.js';
import { OcrResponse, type RecognitionResult } from '../../../shared/spec/ocr.js';
import { sampleIssuance } from '../../support/sample-issuance.js';
import { base64, invoiceOfd, invoiceXml, plainZip, qrJpeg, qrPdf, qrPng, type InvoiceFileFields } from '../../support/intake-fixtures.js';
import { startTestSandbox, type Answer, type TestSandbox } from '../../support/sandbox-caller.js';

const OCR = '/input/openApi/ocr';
const UUID = '0123456789abcdef0123456789abcdef';

/** A paper special invoice's QR: type 01, 12-digit code, 8-digit number, amount excluding tax. */
const SPECIAL = { fplxdm: '004', fpdm: '031001900104', fphm: '12345678', amount: '1000.00', date: '20240115', checkCode: '12345678901234567890' } as const;
const SPECIAL_QR = buildInvoiceQr(SPECIAL);

const FILE_FIELDS: InvoiceFileFields = {
  fpdm: '031001900211',
  fphm: '87654321',
  kprq: '20240302',
  jym: '09876543210987654321',
  hjje: '1000.00',
  hjse: '130.00',
  jshj: '1130.00',
  buyerName: '上海演示科技有限公司',
  buyerTaxNumber: '91310000MA1FL8XQ5D',
  sellerName: '北京供应商贸易有限公司',
  sellerTaxNumber: '91110105MA01ABCD3X',
};

let sandbox: TestSandbox;
/** Special invoices of the seeded tax authority, to recognise a QR the authority knows. */
let known: ReceivedInvoice[] = [];
/** 数电 special invoices (31) of the seeded tax authority. */
let knownDigital: ReceivedInvoice[] = [];
beforeAll(async () => {
  sandbox = await startTestSandbox({ seed: 7, seedInvoicesPerBuyer: 60 });
  const db = openDatabase(path.join(sandbox.dataDir, SANDBOX_DB_FILE), { migrations: sandboxMigrations });
  try {
    const store = createTaxAuthorityStore(db);
    const all = store.invoicesByIds(Array.from({ length: store.count() }, (_, index) => index + 1));
    known = all.filter((invoice) => invoice.fplxdm === '01');
    knownDigital = all.filter((invoice) => invoice.fplxdm === '31' && invoice.hjje !== invoice.jshj);
  } finally {
    closeDatabase(db);
  }
});
afterAll(async () => {
  await sandbox.close();
});

const recognise = (picture: Uint8Array | string, uuid = UUID): Promise<Answer> => sandbox.call(OCR, { uuid, picture: typeof picture === 'string' ? picture : base64(picture) });

function onlyInvoice(answer: Answer): RecognitionResult {
  expect(answer.status).toBe(200);
  const parsed = OcrResponse.parse(answer.body);
  expect(parsed.returnStateInfo.returnCode).toBe('0000');
  expect(parsed.invoice).toHaveLength(1);
  const [invoice] = parsed.invoice;
  if (!invoice) throw new Error('no invoice');
  return invoice;
}

function returnCode(answer: Answer): string {
  const parsed = OcrResponse.parse(answer.body);
  expect(parsed.invoice).toEqual([]);
  return parsed.returnStateInfo.returnCode;
}

/** The layout-A fields the QR of SPECIAL carries. */
const SPECIAL_DATA = { FPDM: SPECIAL.fpdm, FPHM: SPECIAL.fphm, KPRQ: SPECIAL.date, JYM: SPECIAL.checkCode, HJJE: '1000.00', JDDM: SPECIAL.fpdm, JDHM: SPECIAL.fphm };

describe('recognition paths (endpoint 1: picture is a PDF, OFD, PNG, JPG or similar file)', () => {
  it('PNG: the invoice QR code becomes a layout-A result with returnCode 0000', async () => {
    const png = await qrPng(SPECIAL_QR);
    const invoice = onlyInvoice(await recognise(png));
    expect(invoice.FPLXDM).toBe('01');
    expect(invoice.data).toMatchObject({ ...SPECIAL_DATA, FJXX: { EWM: SPECIAL_QR, CWFPDM: '' }, SFCY: '0', QKLBZ: '0' });
    // Layout A: DZBZ only for electronic special/general; the special paper invoice has none.
    expect(invoice.data).not.toHaveProperty('DZBZ');
    expect(invoice.XZJD).toBe('0');
    const side = new DataView(png.buffer, png.byteOffset).getUint32(16);
    expect(invoice.region).toEqual([0, 0, side, side]);
  });

  it('JPEG: a baseline JPEG of the QR code is decoded the same way', async () => {
    const invoice = onlyInvoice(await recognise(qrJpeg(SPECIAL_QR)));
    expect(invoice.FPLXDM).toBe('01');
    expect(invoice.data).toMatchObject(SPECIAL_DATA);
  });

  it('PDF: the QR code embedded as an image on the page is found; region is the page in points', async () => {
    const invoice = onlyInvoice(await recognise(await qrPdf(SPECIAL_QR)));
    expect(invoice.FPLXDM).toBe('01');
    expect(invoice.data).toMatchObject(SPECIAL_DATA);
    expect(invoice.region?.map(Math.round)).toEqual([0, 0, 595, 842]);
  });

  it('PDF: a QR code embedded as a JPEG (DCTDecode) image is found too', async () => {
    const invoice = onlyInvoice(await recognise(await qrPdf(SPECIAL_QR, 'jpeg')));
    expect(invoice.data).toMatchObject(SPECIAL_DATA);
  });

  it("OFD: the invoice fields of OFD.xml's CustomData entries become the result", async () => {
    const invoice = onlyInvoice(await recognise(await invoiceOfd(FILE_FIELDS)));
    expect(invoice.FPLXDM).toBe('04');
    expect(invoice.data).toMatchObject({
      FPDM: FILE_FIELDS.fpdm,
      FPHM: FILE_FIELDS.fphm,
      KPRQ: FILE_FIELDS.kprq,
      JYM: FILE_FIELDS.jym,
      HJJE: '1000.00',
      HJSE: '130.00',
      GMFSBH: FILE_FIELDS.buyerTaxNumber,
      XHFSBH: FILE_FIELDS.sellerTaxNumber,
    });
  });

  it('XML: a digital-electronic invoice XML gives its fields and lines, amounts kept as written', async () => {
    const invoice = onlyInvoice(await recognise(Buffer.from(invoiceXml({ ...FILE_FIELDS, fpdm: '', fphm: '24312000000000012345' }))));
    // No FPLXDM for digital invoices in the OCR table: special → 08 (documented choice).
    expect(invoice.FPLXDM).toBe('08');
    expect(invoice.data).toMatchObject({
      FPDM: '',
      FPHM: '24312000000000012345',
      KPRQ: FILE_FIELDS.kprq,
      HJJE: '1000.00',
      HJSE: '130.00',
      JSHJ: '1130.00',
      GMFMC: FILE_FIELDS.buyerName,
      XHFMC: FILE_FIELDS.sellerName,
      DZBZ: '1',
    });
    const lines = (invoice.data as { FPMX?: unknown[] }).FPMX;
    expect(lines).toEqual([
      { MXXH: '1', HWMC: '*信息技术服务*软件维护', GGXH: 'V2', DW: '次', SPSL: '2', DJ: '250.00', JE: '500.00', SL: '0.13', SE: '65.00' },
      { MXXH: '2', HWMC: '*信息技术服务*咨询', GGXH: '', DW: '', SPSL: '1', DJ: '500.00', JE: '500.00', SL: '0.13', SE: '65.00' },
    ]);
  });
});

describe('layouts by FPLXDM ("Recognition result": layouts A, B, C)', () => {
  it('an electronic general invoice (QR type 10) is layout A with DZBZ 1', async () => {
    const qr = buildInvoiceQr({ ...SPECIAL, fplxdm: '026' });
    const invoice = onlyInvoice(await recognise(await qrPng(qr)));
    expect(invoice.FPLXDM).toBe('10');
    expect(invoice.data).toMatchObject({ DZBZ: '1' });
  });

  it('a roll invoice (QR type 11) is layout B: no JDDM, JDHM or DZBZ', async () => {
    const qr = buildInvoiceQr({ ...SPECIAL, fplxdm: '025' });
    const invoice = onlyInvoice(await recognise(await qrPng(qr)));
    expect(invoice.FPLXDM).toBe('11');
    expect(invoice.data).toMatchObject({ FPHM: SPECIAL.fphm, FPZL: '' });
    for (const dropped of ['JDDM', 'JDHM', 'DZBZ']) expect(invoice.data).not.toHaveProperty(dropped);
  });

  it('a digital-electronic general invoice (QR type 32, no code) is answered as 10 with an empty FPDM; its QR amount is 价税合计', async () => {
    const qr = buildInvoiceQr({ fplxdm: '82', fpdm: '', fphm: '24312000000000067890', amount: '88.50', date: '20240220', checkCode: '' });
    const invoice = onlyInvoice(await recognise(await qrPng(qr)));
    expect(invoice.FPLXDM).toBe('10');
    // A 数电 QR carries the total including tax (as the real samples do), never the amount excluding it.
    expect(invoice.data).toMatchObject({ FPDM: '', FPHM: '24312000000000067890', JSHJ: '88.50', HJJE: '', JYM: '' });
  });

  it('whitespace inside the payload and a missing trailing comma are tolerated', async () => {
    const noisy = `${SPECIAL_QR.slice(0, 20)}\n ${SPECIAL_QR.slice(20, -1)}`;
    const invoice = onlyInvoice(await recognise(await qrPng(noisy)));
    expect(invoice.data).toMatchObject(SPECIAL_DATA);
  });
});

describe('completion from the tax authority (endpoint 1 recognises and verifies)', () => {
  it('a QR of an invoice the tax authority knows is completed with buyer, seller, tax and lines; SFCY 1', async () => {
    const invoice = known.find((candidate) => candidate.lines.length > 0);
    if (!invoice) throw new Error('the seeded tax authority has no special invoice with lines');
    const qr = buildInvoiceQr({ fplxdm: '004', fpdm: invoice.fpdm, fphm: invoice.fphm, amount: invoice.hjje, date: invoice.kprq, checkCode: invoice.jym });
    const result = onlyInvoice(await recognise(await qrPng(qr)));
    expect(result.FPLXDM).toBe('01');
    expect(result.data).toMatchObject({
      SFCY: '1',
      FPDM: invoice.fpdm,
      FPHM: invoice.fphm,
      HJJE: invoice.hjje,
      HJSE: invoice.se,
      JSHJ: invoice.jshj,
      GMFMC: invoice.gmfmc,
      GMFSBH: invoice.gmfsbh,
      XHFMC: invoice.xhfmc,
      XHFSBH: invoice.xhfsbh,
    });
    const lines = (result.data as { FPMX?: { HWMC?: string; JE?: string }[] }).FPMX;
    expect(lines?.map((line) => [line.HWMC, line.JE])).toEqual(invoice.lines.map((line) => [line.spmc, line.je]));
  });

  it('a QR whose amount disagrees with the tax authority is not marked verified (SFCY 0)', async () => {
    const invoice = known[0];
    if (!invoice) throw new Error('the seeded tax authority has no special invoice');
    const qr = buildInvoiceQr({ fplxdm: '004', fpdm: invoice.fpdm, fphm: invoice.fphm, amount: '0.01', date: invoice.kprq, checkCode: invoice.jym });
    expect(onlyInvoice(await recognise(await qrPng(qr))).data).toMatchObject({ SFCY: '0', HJJE: '0.01' });
  });

  it('a 数电 QR is judged by its 价税合计: SFCY 1 with the total, 0 with the amount excluding tax', async () => {
    const invoice = knownDigital[0];
    if (!invoice) throw new Error('the seeded tax authority has no 数电 invoice');
    const qrOf = (amount: string) => buildInvoiceQr({ fplxdm: '81', fpdm: '', fphm: invoice.fphm, amount, date: invoice.kprq, checkCode: '' });
    expect(onlyInvoice(await recognise(await qrPng(qrOf(invoice.jshj)))).data).toMatchObject({ SFCY: '1', HJJE: invoice.hjje, HJSE: invoice.se, JSHJ: invoice.jshj });
    expect(onlyInvoice(await recognise(await qrPng(qrOf(invoice.hjje)))).data).toMatchObject({ SFCY: '0', JSHJ: invoice.hjje });
  });
});

describe("the sandbox's own served invoice files (issued → downloaded → recognised)", () => {
  it('the PDF, OFD, XML and QR PNG of an issued invoice are all recognised as that invoice', async () => {
    const issued = await sandbox.call('/openApi/v4/fp/fpkj', sampleIssuance({ kpzdbs: TAX_CONTROL_SERVER_TERMINAL }));
    const record = IssuanceResponse.parse(issued.body).data[0];
    if (!record?.pdf || !record.ofd || !record.xml || !record.qr) throw new Error(`no file addresses: ${issued.text}`);
    for (const address of [record.pdf, record.ofd, record.xml, record.qr]) {
      const file = new Uint8Array(await (await fetch(address)).arrayBuffer());
      const invoice = onlyInvoice(await recognise(file));
      // 82 (digital general) is QR type 32, answered as 10 (documented choice).
      expect({ address, FPLXDM: invoice.FPLXDM }).toEqual({ address, FPLXDM: '10' });
      expect(invoice.data).toMatchObject({ FPDM: '', FPHM: record.fphm });
    }
  });
});

describe('refusals (returnCode values chosen by the sandbox; the spec shows only 0000)', () => {
  it('garbage bytes → 4001 unsupported file type', async () => {
    expect(returnCode(await recognise(Buffer.from('this is not an invoice picture at all')))).toBe('4001');
  });

  it('a zip without OFD.xml → 4001 unsupported file type', async () => {
    expect(returnCode(await recognise(await plainZip()))).toBe('4001');
  });

  it('a picture whose QR code is not an invoice QR → 4002 no invoice found', async () => {
    expect(returnCode(await recognise(await qrPng('https://example.com/not-an-invoice')))).toBe('4002');
  });

  it('an XML without invoice fields → 4002 no invoice found', async () => {
    expect(returnCode(await recognise(Buffer.from('<?xml version="1.0"?><note><to>clerk</to></note>')))).toBe('4002');
  });

  it('a truncated PDF → 4003 unreadable file', async () => {
    const pdf = await qrPdf(SPECIAL_QR);
    expect(returnCode(await recognise(pdf.subarray(0, 400)))).toBe('4003');
  });

  it('picture missing or empty → 1008 (endpoint 1: picture required)', async () => {
    expect(returnCode(await sandbox.call(OCR, { uuid: UUID }))).toBe('1008');
    expect(returnCode(await sandbox.call(OCR, { uuid: UUID, picture: '' }))).toBe('1008');
  });

  it('uuid missing → 1008 (endpoint 1: uuid required)', async () => {
    expect(returnCode(await sandbox.call(OCR, { picture: base64(await qrPng(SPECIAL_QR)) }))).toBe('1008');
  });

  it('uuid longer than 32 → 1009 (endpoint 1: uuid length 32)', async () => {
    expect(returnCode(await recognise(await qrPng(SPECIAL_QR), `${UUID}x`))).toBe('1009');
  });

  it('picture not base64 → 2003 format error', async () => {
    expect(returnCode(await recognise('这不是base64!!'))).toBe('2003');
  });

  it('a data-URL prefix and line-wrapped base64 are accepted', async () => {
    const encoded = base64(await qrPng(SPECIAL_QR));
    const wrapped = `data:image/png;base64,${encoded.replace(/(.{76})/g, '$1\r\n')}`;
    expect(onlyInvoice(await recognise(wrapped)).data).toMatchObject(SPECIAL_DATA);
  });
});
