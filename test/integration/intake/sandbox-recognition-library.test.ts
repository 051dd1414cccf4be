/**
 * The sandbox's recognition endpoint reads files with the same extraction library as the app: asked over
 * real HTTP with the app's signed client, the real 数电 OFD (fields only as custom tags into the page
 * text), the legacy OFD, both PDFs and the 数电 QR picture give their invoices, and an XML with a DOCTYPE is
 * refused there too. The sandbox is reached through its entry and the service only, never its internals.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/api/errors.js';
import { startSandbox } from '../../../sandbox/index.js';
import { clientFor } from '../api/client-support.js';

const FIXTURES = path.resolve('test/fixtures/intake');
const base64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64');
const read = (file: string) => fs.readFileSync(path.join(FIXTURES, file));

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-sandbox-ocr-'));
  sandbox = await startSandbox({ dataDir, seed: 5, onError: () => {} });
});
afterAll(async () => {
  await sandbox.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('sandbox recognition through the extraction library, over HTTP', () => {
  it('the real files', async () => {
    const client = clientFor(sandbox.baseUrl, { timeoutMs: 60_000 });
    let n = 0;
    for (const [file, fphm] of [
      ['ofd-02-ofdrw-shudian-20240531141733.ofd', '24112000000048542163'],
      ['ofd-01-ofdrw-converter-1.ofd', '83089647'],
      ['pdf-01-shudian-special-lodging.pdf', '26342000001798762786'],
      ['pdf-05-legacy-beijing-ordinary.pdf', '16046427'],
      ['qr-01-shudian-special.png', '24322000000489101796'],
    ] as const) {
      const answer = await client.recognise({ uuid: `${++n}`.padStart(32, '0'), picture: base64(read(file)) });
      expect((answer.invoices[0]?.data as Record<string, unknown>).FPHM, file).toBe(fphm);
    }
  });

  it('refuses an XML with a DOCTYPE', async () => {
    const client = clientFor(sandbox.baseUrl);
    const xml = '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY b "c">]><Invoice><FPHM>&b;</FPHM></Invoice>';
    const failure = await client.recognise({ uuid: 'f'.repeat(32), picture: base64(xml) }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ServiceError);
  });
});
