/**
 * Every bad file intake meets gets its own code and a message naming what is wrong, and never a throw:
 * unsupported type, over 20 MB, corrupt PDF, corrupt OFD, a zip that is no OFD, XML with a DOCTYPE or
 * entities (refused, not expanded — also inside an OFD), an OFD that would unpack past the cap, a damaged
 * image header, and pictures with no invoice in them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, MAX_OFD_UNPACKED_BYTES, extractInvoice } from '../../../extraction/index.js';
import { plainZip, qrPng } from '../../support/intake-fixtures.js';
import { blankPng, digitalXml, ofdBomb, ofdWithDoctype, photoJpeg } from '../../support/intake-files.js';

const bytes = (text: string) => new TextEncoder().encode(text);

async function failure(file: Uint8Array) {
  const outcome = await extractInvoice(file);
  if (outcome.ok) throw new Error(`expected a failure, got ${JSON.stringify(outcome.extraction.fields)}`);
  expect(outcome.error.message.length).toBeGreaterThan(10);
  return outcome.error.code;
}

describe('bad files', () => {
  it('an unsupported type (plain text, a GIF, an empty file)', async () => {
    expect(await failure(bytes('just some text, not an invoice'))).toBe('unsupported-type');
    expect(await failure(bytes('GIF89a\x01\x00\x01\x00'))).toBe('unsupported-type');
    expect(await failure(new Uint8Array(0))).toBe('unsupported-type');
  });

  it('a file over 20 MB is refused before it is parsed', async () => {
    const big = new Uint8Array(MAX_FILE_BYTES + 1);
    big.set(bytes('%PDF-1.7\n'));
    expect(await failure(big)).toBe('too-large');
  });

  it('a corrupt PDF (header, then garbage; and a truncated real one)', async () => {
    expect(await failure(bytes('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >>\ngarbage garbage\n%%EOF'))).toBe('corrupt-pdf');
    const real = new Uint8Array(fs.readFileSync(path.resolve('test/fixtures/intake/pdf-05-legacy-beijing-ordinary.pdf')));
    expect(await failure(real.slice(0, 2000))).toBe('corrupt-pdf');
  });

  it('a corrupt OFD and a zip that is no OFD', async () => {
    const zip = await plainZip();
    const truncated = zip.slice(0, 20);
    expect(await failure(truncated)).toBe('corrupt-ofd');
    expect(await failure(zip)).toBe('corrupt-ofd');
  });

  it('XML with a DOCTYPE or entities is refused, not expanded', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><EInvoice><EIid>&lol1;</EIid></EInvoice>`;
    expect(await failure(bytes(laughs))).toBe('xml-refused');
    const external = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><EInvoice><EIid>&xxe;</EIid></EInvoice>`;
    expect(await failure(bytes(external))).toBe('xml-refused');
    expect(await failure(await ofdWithDoctype())).toBe('xml-refused');
  });

  it('malformed XML', async () => {
    expect(await failure(bytes(digitalXml().replace('</EInvoice>', '')))).toBe('corrupt-xml');
  });

  it('an OFD that would unpack past the cap (zip bomb)', async () => {
    const bomb = await ofdBomb(MAX_OFD_UNPACKED_BYTES + 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await failure(bomb)).toBe('ofd-too-large');
  });

  it('a PNG with a damaged header', async () => {
    const png = await qrPng('01,10,044031900111,12345678,1000.00,20240302,09876543210987654321,A1B2,');
    expect(await failure(png.slice(0, 16))).toBe('corrupt-image');
  });

  it('images with no invoice in them: blank, a photo, a QR that is no invoice QR', async () => {
    expect(await failure(blankPng())).toBe('no-invoice');
    expect(await failure(photoJpeg(320, 240))).toBe('no-invoice');
    expect(await failure(await qrPng('WIFI:S:office;T:WPA;P:secret;;'))).toBe('no-invoice');
  });

  it('a batch goes on after a bad file', async () => {
    const files = [bytes('nope'), await qrPng('01,32,,24312000000012345678,2260.00,20240415,,C3D4'), blankPng()];
    const outcomes = await Promise.all(files.map((file) => extractInvoice(file)));
    expect(outcomes.map((outcome) => (outcome.ok ? 'ok' : outcome.error.code))).toEqual(['unsupported-type', 'ok', 'no-invoice']);
  });
});
