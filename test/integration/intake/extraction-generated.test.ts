/**
 * Local extraction on files the test makes: QR payloads as different issuers write them (legacy and 数电),
 * PNG/JPEG/PDF carriers, legacy eInvoice XML in several namespaces or none, the 数电 national-schema XML
 * (UTF-8 and GBK), an XBRL instance, OFDs with an attachment / custom tags into page text / CustomData
 * only, and PDF text layers broken up oddly (one character per item, shuffled, ¥ apart) incl. a railway
 * e-ticket's.
 */
import { describe, expect, it } from 'vitest';
import { extractInvoice, type Extraction } from '../../../extraction/index.js';
import { FieldCollector } from '../../../extraction/fields.js';
import type { PdfPage, PdfTextItem } from '../../../extraction/pdf.js';
import { extractFromPdfText } from '../../../extraction/pdf-text.js';
import { invoiceOfd, qrJpeg, qrPdf, qrPng, vectorQrPdf } from '../../support/intake-fixtures.js';
import { DIGITAL, LEGACY, digitalXml, legacyEInvoiceXml, ofdWithAttachment, ofdWithCustomTags, xbrlInstance } from '../../support/intake-files.js';

async function extract(bytes: Uint8Array | string): Promise<Extraction> {
  const outcome = await extractInvoice(typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes);
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  return outcome.extraction;
}

const LEGACY_FIELDS = { fpzl: '10', fpdm: LEGACY.fpdm, fphm: LEGACY.fphm, kprq: LEGACY.kprq, fpje: LEGACY.fpje, jym: LEGACY.jym };

describe('QR payloads', () => {
  it('legacy: code, number, amount excluding tax, check code', async () => {
    const read = await extract(await qrPng(`01,10,${LEGACY.fpdm},${LEGACY.fphm},${LEGACY.fpje},${LEGACY.kprq},${LEGACY.jym},A1B2,`));
    expect(read.fields).toEqual(LEGACY_FIELDS);
    expect(read.family).toBe('legacy');
    expect(read.complete).toBe(true);
  });

  it('数电: no code, 20-digit number, amount including tax; 31 → 21 and 32 → 22', async () => {
    const special = await extract(await qrPng(`01,31,,${DIGITAL.fphm},${DIGITAL.jshj},${DIGITAL.kprq},,C3D4`));
    expect(special.fields).toEqual({ fpzl: '21', fphm: DIGITAL.fphm, kprq: DIGITAL.kprq, jshj: DIGITAL.jshj });
    const general = await extract(await qrPng(`01,32,,${DIGITAL.fphm},${DIGITAL.jshj},${DIGITAL.kprq},,C3D4,`));
    expect(general.fields.fpzl).toBe('22');
  });

  it.each([
    ['full-width commas and line breaks', `01，04，${LEGACY.fpdm}，${LEGACY.fphm}，\n${LEGACY.fpje}，${LEGACY.kprq}，${LEGACY.jym}，FFFF，`, '04'],
    ['no trailing comma, integer amount', `01,01,${LEGACY.fpdm},${LEGACY.fphm},1000,${LEGACY.kprq},${LEGACY.jym},FFFF`, '01'],
    ['legacy electronic special written 20', `01,20,${LEGACY.fpdm},${LEGACY.fphm},${LEGACY.fpje},${LEGACY.kprq},,FFFF,`, '08'],
  ])('%s', async (_name, payload, fpzl) => {
    const read = await extract(await qrPng(payload));
    expect(read.fields).toMatchObject({ fpzl, fpdm: LEGACY.fpdm, fphm: LEGACY.fphm, fpje: '1000.00', kprq: LEGACY.kprq });
  });

  it('a QR that is not an invoice (a URL) gives no fields and says no-invoice', async () => {
    expect(await extractInvoice(await qrPng('https://example.com/not-an-invoice'))).toEqual({ ok: false, error: { code: 'no-invoice', message: expect.any(String) } });
  });

  it('reads the QR from a JPEG and from the images of a PDF (PNG and JPEG embedded)', async () => {
    const payload = `01,10,${LEGACY.fpdm},${LEGACY.fphm},${LEGACY.fpje},${LEGACY.kprq},${LEGACY.jym},A1B2,`;
    expect((await extract(qrJpeg(payload))).fields).toEqual(LEGACY_FIELDS);
    for (const image of ['png', 'jpeg'] as const) {
      const read = await extract(await qrPdf(payload, image));
      expect(read.fields).toMatchObject(LEGACY_FIELDS);
      expect(read.sources.fphm).toBe('qr');
    }
  });

  it('reads a QR drawn as vector squares on a PDF page (no image): the page is rendered and read', async () => {
    const payload = `01,10,${LEGACY.fpdm},${LEGACY.fphm},${LEGACY.fpje},${LEGACY.kprq},${LEGACY.jym},A1B2,`;
    const read = await extract(await vectorQrPdf(payload));
    expect(read.fields).toMatchObject(LEGACY_FIELDS);
    expect(read.sources.fphm).toBe('qr');
  });
});

describe('XML', () => {
  const namespaces = [
    ['the edrm 2019 namespace', { prefix: 'fp', uri: 'http://www.edrm.org.cn/schema/e-invoice/2019' }],
    ['another prefix and namespace', { prefix: 'inv', uri: 'urn:einvoice:2017' }],
    ['no namespace', undefined],
  ] as const;
  it.each(namespaces)('legacy eInvoice XML in %s', async (_name, namespace) => {
    const read = await extract(legacyEInvoiceXml(namespace));
    expect(read.fields).toEqual({ ...LEGACY_FIELDS, fpse: LEGACY.fpse, jshj: LEGACY.jshj, gmfsbh: LEGACY.gmfsbh, xhfsbh: LEGACY.xhfsbh });
    expect(read.names).toEqual({ xhfmc: '深圳供应商有限公司', gmfmc: '上海演示科技有限公司' });
    expect(new Set(Object.values(read.sources))).toEqual(new Set(['xml']));
  });

  it('digital-electronic XML (national schema): special and general by its label', async () => {
    const special = await extract(digitalXml());
    expect(special.fields).toEqual({ fpzl: '21', fphm: DIGITAL.fphm, kprq: DIGITAL.kprq, fpje: DIGITAL.fpje, fpse: DIGITAL.fpse, jshj: DIGITAL.jshj, xhfsbh: DIGITAL.xhfsbh, gmfsbh: DIGITAL.gmfsbh });
    expect(special.complete).toBe(true);
    expect((await extract(digitalXml('电子发票（普通发票）'))).fields.fpzl).toBe('22');
  });

  it('a GBK-encoded digital-electronic XML', async () => {
    const text = digitalXml('电子发票（普通发票）', 'GBK');
    const { default: iconv } = await import('iconv-lite');
    const read = await extract(new Uint8Array(iconv.encode(text, 'gbk')));
    expect(read.fields.fpzl).toBe('22');
    expect(read.names.xhfmc).toBe('深圳数电科技有限公司');
  });

  it('an XBRL instance', async () => {
    const read = await extract(xbrlInstance());
    expect(read.fields).toEqual({ fpzl: '22', fphm: DIGITAL.fphm, kprq: DIGITAL.kprq, fpje: DIGITAL.fpje, fpse: DIGITAL.fpse, jshj: DIGITAL.jshj, xhfsbh: DIGITAL.xhfsbh, gmfsbh: DIGITAL.gmfsbh });
  });
});

describe('OFD', () => {
  it.each([
    ['edrm namespace', { prefix: 'fp', uri: 'http://www.edrm.org.cn/schema/e-invoice/2019' }],
    ['no namespace', undefined],
  ] as const)('legacy OFD with the eInvoice attachment (%s)', async (_name, namespace) => {
    const read = await extract(await ofdWithAttachment(namespace));
    expect(read.fileType).toBe('ofd');
    expect(read.fields).toEqual({ ...LEGACY_FIELDS, fpse: LEGACY.fpse, jshj: LEGACY.jshj, gmfsbh: LEGACY.gmfsbh, xhfsbh: LEGACY.xhfsbh });
    expect(read.sources.fphm).toBe('ofd');
  });

  it('数电 OFD whose fields are only custom tags pointing into the page text', async () => {
    const read = await extract(await ofdWithCustomTags());
    expect(read.fields).toEqual({ fphm: DIGITAL.fphm, kprq: DIGITAL.kprq, fpje: DIGITAL.fpje, fpse: DIGITAL.fpse, jshj: DIGITAL.jshj, gmfsbh: DIGITAL.gmfsbh, xhfsbh: DIGITAL.xhfsbh });
    expect(read.family).toBe('digital');
  });

  it('an OFD with CustomData entries only', async () => {
    const read = await extract(
      await invoiceOfd({ ...LEGACY, hjje: LEGACY.fpje, hjse: LEGACY.fpse, buyerName: '买方', buyerTaxNumber: LEGACY.gmfsbh, sellerName: '卖方', sellerTaxNumber: LEGACY.xhfsbh }),
    );
    expect(read.fields).toEqual({ fpdm: LEGACY.fpdm, fphm: LEGACY.fphm, kprq: LEGACY.kprq, jym: LEGACY.jym, fpje: LEGACY.fpje, fpse: LEGACY.fpse, gmfsbh: LEGACY.gmfsbh, xhfsbh: LEGACY.xhfsbh });
    // No type is written anywhere in it: fpzl is left for the clerk, never guessed.
    expect(read.complete).toBe(false);
  });
});

/** Text items laid out as a page: [text, x, y] with 10-pt type. */
function page(items: [string, number, number][]): PdfPage {
  return { width: 600, height: 400, images: [], items: items.map(([text, x, y]): PdfTextItem => ({ text, x, y, width: text.length * 10, height: 10 })) };
}
function fromText(pages: PdfPage[]) {
  const into = new FieldCollector();
  extractFromPdfText(pages, into);
  return into;
}

describe('PDF text layers broken up oddly', () => {
  it('a 数电 layout with one character per item, in shuffled order, ¥ apart from the amounts', () => {
    const items: [string, number, number][] = [
      ['电子发票（普通发票）', 200, 380],
      ...[...'发票号码：'].map((c, i): [string, number, number] => [c, 400 + i * 10, 370]),
      ...[...DIGITAL.fphm].map((c, i): [string, number, number] => [c, 450 + i * 10, 370]),
      ['开票日期：', 400, 355], ['2024年04月15日', 452, 355],
      ['购', 10, 300], ['买', 10, 290], ['方', 10, 280], ['销', 300, 300], ['售', 300, 290], ['方', 300, 280],
      ['统一社会信用代码/纳税人识别号：', 30, 285], [DIGITAL.gmfsbh, 190, 285],
      ['统一社会信用代码/纳税人识别号：', 320, 285], [DIGITAL.xhfsbh, 480, 285],
      ['¥', 300, 150], [DIGITAL.fpje, 312, 150], ['¥', 500, 150], [DIGITAL.fpse, 512, 150],
      ['（小写）', 400, 130], ['¥', 450, 130], [DIGITAL.jshj, 462, 130],
    ];
    const shuffled = items.map((item, index) => ({ item, key: (index * 7919) % 101 })).sort((a, b) => a.key - b.key).map(({ item }) => item);
    const read = fromText([page(shuffled)]);
    expect(read.fields).toEqual({ fpzl: '22', fphm: DIGITAL.fphm, kprq: DIGITAL.kprq, gmfsbh: DIGITAL.gmfsbh, xhfsbh: DIGITAL.xhfsbh, fpje: DIGITAL.fpje, fpse: DIGITAL.fpse, jshj: DIGITAL.jshj });
  });

  it('a legacy layout: labels far from values, buyer block above seller, spaced label 校 验 码', () => {
    const read = fromText([
      page([
        ['增值税电子普通发票', 200, 380],
        ['发票代码', 440, 360], ['：', 476, 360], [LEGACY.fpdm, 490, 360],
        ['发票号码', 440, 345], ['：', 476, 345], [LEGACY.fphm, 490, 345],
        ['开票日期', 440, 330], ['：', 476, 330], ['2024年03月02日', 490, 330],
        ['校 验 码：', 440, 315], ['09876 54321 09876 54321', 492, 315],
        ['购', 30, 290], ['买', 30, 275], ['方', 30, 260], ['纳税人识别号：', 50, 275], [LEGACY.gmfsbh, 120, 275],
        ['销', 30, 80], ['售', 30, 65], ['方', 30, 50], ['纳税人识别号：', 50, 65], [LEGACY.xhfsbh, 120, 65],
        ['6217993300118475000', 120, 40],
        ['￥', 420, 120], [LEGACY.fpje, 432, 120], ['￥', 520, 120], [LEGACY.fpse, 532, 120], ['￥', 520, 100], [LEGACY.jshj, 532, 100],
      ]),
    ]);
    expect(read.fields).toEqual({ fpzl: '10', fpdm: LEGACY.fpdm, fphm: LEGACY.fphm, kprq: LEGACY.kprq, jym: LEGACY.jym, gmfsbh: LEGACY.gmfsbh, xhfsbh: LEGACY.xhfsbh, fpje: LEGACY.fpje, fpse: LEGACY.fpse, jshj: LEGACY.jshj });
  });

  it('a railway e-ticket: number, issue date (not the ride date), fare, buyer; no fpzl guessed', () => {
    const read = fromText([
      page([
        ['电子发票（铁路电子客票）', 150, 380],
        ['发票号码:24119110000001234567', 380, 370],
        ['开票日期:2024年04月20日', 380, 355],
        ['北京南', 60, 300], ['G1', 200, 300], ['上海虹桥', 320, 300],
        ['2024年05月01日', 60, 280], ['08:00开', 170, 280],
        ['票价:', 60, 250], ['￥', 100, 250], ['553.00', 112, 250],
        ['购买方名称:上海演示科技有限公司', 60, 120], ['统一社会信用代码:91310000MA1FL8XQ5D', 300, 120],
      ]),
    ]);
    expect(read.family).toBe('railway');
    expect(read.fields).toEqual({ fphm: '24119110000001234567', kprq: '20240420', jshj: '553.00', gmfsbh: '91310000MA1FL8XQ5D' });
  });
});
