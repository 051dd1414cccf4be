/**
 * The sandbox's recognition reads files with the same extraction library as the app: the real 数电 OFD
 * (fields only as custom tags into the page text) gives its invoice, and a DOCTYPE is refused there too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recognisePicture } from '../../../sandbox/recognition/recognise.js';

const FIXTURES = path.resolve('test/fixtures/intake');
const read = (file: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, file)));

describe('sandbox recognition through the extraction library', () => {
  it('the real files', async () => {
    for (const [file, fphm] of [
      ['ofd-02-ofdrw-shudian-20240531141733.ofd', '24112000000048542163'],
      ['ofd-01-ofdrw-converter-1.ofd', '83089647'],
      ['pdf-01-shudian-special-lodging.pdf', '26342000001798762786'],
      ['pdf-05-legacy-beijing-ordinary.pdf', '16046427'],
      ['qr-01-shudian-special.png', '24322000000489101796'],
    ] as const) {
      const outcome = await recognisePicture(read(file), undefined);
      if (!outcome.ok) throw new Error(`${file}: ${outcome.code} ${outcome.detail}`);
      expect((outcome.invoices[0]?.data as Record<string, unknown>).FPHM).toBe(fphm);
    }
  });

  it('refuses an XML with a DOCTYPE', async () => {
    const outcome = await recognisePicture(new TextEncoder().encode('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY b "c">]><Invoice><FPHM>&b;</FPHM></Invoice>'), undefined);
    expect(outcome.ok).toBe(false);
  });
});
