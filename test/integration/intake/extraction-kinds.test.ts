/**
 * Local extraction of the kinds beyond VAT invoices' usual files, one test a kind: the railway e-ticket
 * (QR, XBRL, OFD, PDF), XBRL instances standalone and as an OFD's attachment, the airline itinerary,
 * spaced text layers, browser-printed toll invoices. Each checks the fields with their sources, the
 * verification kind where the spec has one, and the unverifiable code where it has none.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractInvoice, type Extraction } from '../../../extraction/index.js';
import { FieldCollector } from '../../../extraction/fields.js';
import { readPdf } from '../../../extraction/pdf.js';
import { extractFromPdfText } from '../../../extraction/pdf-text.js';
import { qrPng } from '../../support/intake-fixtures.js';
import { AIR, RAILWAY, SPACED, TOLL, airXbrl, railwayQrPayload, railwayXbrl } from '../../support/kind-files.js';

const KINDS = path.resolve('test/fixtures/intake/kinds');
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(KINDS, name)));
/** A PDF's text layer alone (its QR images and attachments left aside). */
async function textLayer(name: string): Promise<FieldCollector> {
  const into = new FieldCollector();
  extractFromPdfText(await readPdf(fixture(name), { images: false }), into);
  return into;
}
const RAILWAY_ALL = { fphm: RAILWAY.fphm, kprq: RAILWAY.kprq, fpje: RAILWAY.fpje, fpse: RAILWAY.fpse, jshj: RAILWAY.jshj, gmfsbh: RAILWAY.gmfsbh };

async function extract(bytes: Uint8Array | string): Promise<Extraction> {
  const outcome = await extractInvoice(typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes);
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  return outcome.extraction;
}

describe('railway e-ticket', () => {
  it('its QR: six fields, no code, a 20-digit number; unverifiable, so complete without recognition', async () => {
    const read = await extract(await qrPng(railwayQrPayload()));
    expect(read.fields).toEqual({ fphm: RAILWAY.fphm, kprq: RAILWAY.kprq, fpje: RAILWAY.fpje });
    expect(read.sources).toEqual({ fphm: 'qr', kprq: 'qr', fpje: 'qr' });
    expect(read.family).toBe('railway');
    expect(read.unverifiable).toBe('railway-eticket');
    expect(read.complete).toBe(true);
    expect(read.qrTexts).toEqual([railwayQrPayload()]);
  });

  it.each([
    ['a trailing comma', `${railwayQrPayload()},`],
    ['full-width commas and a line break', railwayQrPayload().replace(/,/g, '，').replace('，2024', '，\n2024')],
  ])('its QR written with %s', async (_name, payload) => {
    const read = await extract(await qrPng(payload));
    expect(read.fields).toEqual({ fphm: RAILWAY.fphm, kprq: RAILWAY.kprq, fpje: RAILWAY.fpje });
    expect(read.unverifiable).toBe('railway-eticket');
  });

  it('its XBRL instance (rai taxonomy) on its own', async () => {
    expect(new TextDecoder().decode(fixture('railway-eticket-rai.xml'))).toBe(railwayXbrl());
    const read = await extract(fixture('railway-eticket-rai.xml'));
    expect(read.fields).toEqual({ fphm: RAILWAY.fphm, kprq: RAILWAY.kprq, fpje: RAILWAY.fpje, fpse: RAILWAY.fpse, jshj: RAILWAY.jshj, gmfsbh: RAILWAY.gmfsbh });
    expect(new Set(Object.values(read.sources))).toEqual(new Set(['xml']));
    expect(read.names).toEqual({ gmfmc: RAILWAY.gmfmc });
    expect(read.unverifiable).toBe('railway-eticket');
  });

  it('its OFD: the QR image resource first, then the rai XBRL attachment (fare, tax, buyer)', async () => {
    const read = await extract(fixture('railway-eticket.ofd'));
    expect(read.fileType).toBe('ofd');
    expect(read.fields).toEqual(RAILWAY_ALL);
    expect(read.sources).toEqual({ fphm: 'qr', kprq: 'qr', fpje: 'qr', fpse: 'ofd', jshj: 'ofd', gmfsbh: 'ofd' });
    expect(read.qrTexts).toEqual([railwayQrPayload()]);
    expect(read.unverifiable).toBe('railway-eticket');
    expect(read.complete).toBe(true);
  });

  it('its OFD with neither QR nor attachment: number, issue date, fare and buyer from the drawn page text', async () => {
    const read = await extract(fixture('railway-eticket-text-only.ofd'));
    expect(read.fields).toEqual({ fphm: RAILWAY.fphm, kprq: RAILWAY.kprq, jshj: RAILWAY.jshj, gmfsbh: RAILWAY.gmfsbh });
    expect(new Set(Object.values(read.sources))).toEqual(new Set(['ofd']));
    expect(read.unverifiable).toBe('railway-eticket');
  });

  it('its PDF: the QR image, the XBRL embedded as a file; and its text layer alone gives number, date, fare, buyer', async () => {
    const read = await extract(fixture('railway-eticket.pdf'));
    expect(read.fields).toEqual(RAILWAY_ALL);
    expect(read.sources).toEqual({ fphm: 'qr', kprq: 'qr', fpje: 'qr', fpse: 'xml', jshj: 'xml', gmfsbh: 'xml' });
    expect(read.unverifiable).toBe('railway-eticket');
    const text = await textLayer('railway-eticket.pdf');
    expect(text.family).toBe('railway');
    expect(text.fields).toEqual({ fphm: RAILWAY.fphm, kprq: RAILWAY.kprq, jshj: RAILWAY.jshj, gmfsbh: RAILWAY.gmfsbh });
  });
});

describe('XBRL as an OFD\'s attachment', () => {
  it('the real XBRL sample inside an OFD reads as the XML does, sourced ofd', async () => {
    const read = await extract(fixture('xbrl-attachment.ofd'));
    expect(read.fields).toEqual({ fpzl: '10', fpdm: '033002200211', fphm: '99934328', kprq: '20220901', fpje: '9.91', fpse: '1.29', jshj: '11.20', xhfsbh: '91330106MA7GAL1299', gmfsbh: '913202133140424571', jym: '64484022470182298515' });
    expect(new Set(Object.values(read.sources))).toEqual(new Set(['ofd']));
    expect(read.names).toEqual({ xhfmc: '杭州融运科技有限公司', gmfmc: '江苏中电创新环境科技有限公司' });
    expect(read.complete).toBe(true);
  });
});

describe('a 数电 PDF whose text layer places characters one by one', () => {
  it('tax IDs and amounts drawn a character at a time, 9 pt apart, are still found', async () => {
    const read = await extract(fixture('shudian-spaced-text.pdf'));
    expect(read.fields).toEqual({ fpzl: '22', fphm: SPACED.fphm, kprq: SPACED.kprq, fpje: SPACED.fpje, fpse: SPACED.fpse, jshj: SPACED.jshj, gmfsbh: SPACED.gmfsbh, xhfsbh: SPACED.xhfsbh });
    expect(read.sources).toMatchObject({ fphm: 'qr', fpje: 'pdf-text', fpse: 'pdf-text', gmfsbh: 'pdf-text', xhfsbh: 'pdf-text' });
    const text = await textLayer('shudian-spaced-text.pdf');
    expect(text.fields).toEqual({ fpzl: '22', fphm: SPACED.fphm, kprq: SPACED.kprq, fpje: SPACED.fpje, fpse: SPACED.fpse, jshj: SPACED.jshj, gmfsbh: SPACED.gmfsbh, xhfsbh: SPACED.xhfsbh });
  });
});

describe('a toll invoice printed to PDF from a browser', () => {
  it('kind 14 with its amounts, also from the text layer alone (Kangxi look-alikes, ¥ apart, header and footer)', async () => {
    const read = await extract(fixture('toll-browser-printed.pdf'));
    const all = { fpzl: '14', fpdm: TOLL.fpdm, fphm: TOLL.fphm, kprq: TOLL.kprq, fpje: TOLL.fpje, fpse: TOLL.fpse, jshj: TOLL.jshj, gmfsbh: TOLL.gmfsbh, xhfsbh: TOLL.xhfsbh, jym: TOLL.jym };
    expect(read.fields).toEqual(all);
    expect(read.complete).toBe(true);
    expect(read).not.toHaveProperty('unverifiable');
    const text = await textLayer('toll-browser-printed.pdf');
    expect(text.fields).toEqual(all);
  });
});

describe('airline itinerary (数电)', () => {
  it('its PDF: number, 填开日期, total and VAT from the fare table, buyer; no amount excluding tax', async () => {
    const read = await extract(fixture('air-itinerary.pdf'));
    expect(read.fields).toEqual({ fphm: AIR.fphm, kprq: AIR.kprq, fpse: AIR.fpse, jshj: AIR.jshj, gmfsbh: AIR.gmfsbh });
    expect(new Set(Object.values(read.sources))).toEqual(new Set(['pdf-text']));
    expect(read.unverifiable).toBe('air-itinerary');
    expect(read.complete).toBe(true);
  });

  it('its XBRL instance (atr taxonomy): the total is TotalAmount; the amount excluding tax is not written, so not given', async () => {
    expect(new TextDecoder().decode(fixture('air-itinerary-atr.xml'))).toBe(airXbrl());
    const read = await extract(fixture('air-itinerary-atr.xml'));
    expect(read.fields).toEqual({ fphm: AIR.fphm, kprq: AIR.kprq, fpse: AIR.fpse, jshj: AIR.jshj, gmfsbh: AIR.gmfsbh });
    expect(read.names).toEqual({ gmfmc: AIR.gmfmc, xhfmc: '演示航空服务有限公司' });
    expect(read.unverifiable).toBe('air-itinerary');
    expect(read.complete).toBe(true);
  });
});

describe('verifiable kinds say nothing about verifiability', () => {
  it('a 数电 QR has its kind and no unverifiable code', async () => {
    const read = await extract(await qrPng('01,32,,25317000002856389003,17.14,20251108,,c1f8'));
    expect(read.fields.fpzl).toBe('22');
    expect(read).not.toHaveProperty('unverifiable');
  });
});
