/**
 * The files an issued invoice's record points to (Issued invoice record pdf, ofd, xml, qr), served by the
 * sandbox at /sandbox/files/: a PDF that pdf-lib parses, with the invoice QR code as an image a barcode
 * reader decodes; an OFD zip with the invoice XML; the XML itself.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import JSZip from 'jszip';
import { PDFDocument, PDFName, PDFRawStream, type PDFDict, type PDFNumber } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { parseInvoiceQr } from '../../../shared/rules/invoice-qr.js';
import { blueRequest, issue, type IssuedRecord } from '../../support/output-sandbox.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-caller.js';

const require = createRequire(import.meta.url);

let box: TestSandbox;
let record: IssuedRecord;
beforeAll(async () => {
  const wasm = fs.readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) }, fireImmediately: true });
  box = await startTestSandbox({ issueDelayMs: 0 });
  record = await issue(box, blueRequest('004'));
});
afterAll(() => box.close());

async function download(address: string | undefined): Promise<{ status: number; type: string | null; bytes: Uint8Array }> {
  if (!address) throw new Error('no address in the record');
  const response = await fetch(address);
  return { status: response.status, type: response.headers.get('content-type'), bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** The one image XObject with a soft mask: the QR code as drawn (pdf-lib stores the PNG as deflated RGB). */
function qrImage(pdf: PDFDocument): { width: number; height: number; rgb: Uint8Array } {
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const dict: PDFDict = object.dict;
    if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Image') || dict.get(PDFName.of('ColorSpace')) !== PDFName.of('DeviceRGB')) continue;
    const width = (dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
    const height = (dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
    return { width, height, rgb: new Uint8Array(zlib.inflateSync(object.contents)) };
  }
  throw new Error('no RGB image in the PDF');
}

function toRgba(rgb: Uint8Array, width: number, height: number): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let pixel = 0; pixel < width * height; pixel++) {
    rgba.set([rgb[pixel * 3] ?? 0, rgb[pixel * 3 + 1] ?? 0, rgb[pixel * 3 + 2] ?? 0, 255], pixel * 4);
  }
  return rgba;
}

const xmlParser = new XMLParser({ parseTagValue: false });

describe('invoice files', () => {
  it('Issued invoice record pdf: a PDF pdf-lib parses, with the invoice QR code as a decodable image', async () => {
    const file = await download(record.pdf);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    const pdf = await PDFDocument.load(file.bytes);
    expect(pdf.getPageCount()).toBe(1);
    const image = qrImage(pdf);
    const [barcode] = await readBarcodes(
      { data: toRgba(image.rgb, image.width, image.height), width: image.width, height: image.height, colorSpace: 'srgb' } as ImageData,
      { formats: ['QRCode'] },
    );
    const qr = parseInvoiceQr(barcode?.text ?? '');
    expect(qr).toMatchObject({ type: '01', fplxdm: '004', fpdm: record.fpdm, fphm: record.fphm, amount: '200.00', checkCode: record.jym, crcMatches: true });
    expect(qr?.date).toBe(record.kprq.slice(0, 10).replaceAll('-', ''));
    expect(pdf.getSubject()).toBe(barcode?.text);
  });

  it('Issued invoice record qr: the QR code as a PNG with the same payload', async () => {
    const file = await download(record.qr);
    expect(file.type).toBe('image/png');
    const [barcode] = await readBarcodes(file.bytes, { formats: ['QRCode'] });
    expect(parseInvoiceQr(barcode?.text ?? '')).toMatchObject({ fphm: record.fphm, crcMatches: true });
  });

  it('Issued invoice record xml: the invoice XML parses (parseTagValue off) with the invoice fields and lines', async () => {
    const file = await download(record.xml);
    expect(file.type).toContain('application/xml');
    const parsed = xmlParser.parse(new TextDecoder().decode(file.bytes)) as { Invoice: Record<string, unknown> };
    expect(parsed.Invoice).toMatchObject({ fplxdm: '004', fpdm: record.fpdm, fphm: record.fphm, kplx: '0', jshj: '226.00', hjse: '26.00', hjje: '200.00', ghdwmc: '北京客户贸易有限公司' });
    const lines = (parsed.Invoice.details as { detail: Record<string, string>[] }).detail;
    expect(lines.map((line) => [line.xh, line.spmc, line.je, line.se])).toEqual([
      ['1', '*信息技术服务*软件维护', '113.00', '13.00'],
      ['2', '*信息技术服务*咨询', '113.00', '13.00'],
    ]);
  });

  it('Issued invoice record ofd: a zip with OFD.xml, the document, and the invoice XML attached', async () => {
    const file = await download(record.ofd);
    const zip = await JSZip.loadAsync(file.bytes);
    const ofd = xmlParser.parse((await zip.file('OFD.xml')?.async('string')) ?? '') as Record<string, Record<string, Record<string, unknown>>>;
    expect(ofd['ofd:OFD']?.['ofd:DocBody']?.['ofd:DocRoot']).toBe('Doc_0/Document.xml');
    expect(zip.file('Doc_0/Document.xml')).not.toBeNull();
    expect(zip.file('Doc_0/Pages/Page_0/Content.xml')).not.toBeNull();
    const attached = xmlParser.parse((await zip.file('Doc_0/Attachs/invoice.xml')?.async('string')) ?? '') as { Invoice: Record<string, unknown> };
    expect(attached.Invoice).toMatchObject({ fphm: record.fphm, jshj: '226.00' });
  });

  it('files route: an unknown file answers 404 and the route needs no signature', async () => {
    const file = await download(`${box.sandbox.baseUrl}/sandbox/files/${'0'.repeat(32)}.pdf`);
    expect(file.status).toBe(404);
  });
});
