/**
 * Issue 10 point 7: an invoice's layout file is downloaded over https only (plain http only from
 * loopback, where the sandbox runs), redirects to another host are refused, and the bytes are checked by
 * their magic numbers before the system viewer gets the file. Real HTTP servers on loopback addresses.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createInvoiceFiles } from '../../../main/features/issuance/files.js';
import type { InvoiceFileFormat } from '../../../shared/ipc/index.js';

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function serve(host: string, handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://${host}:${(server.address() as AddressInfo).port}`;
}

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');
let fetched: string[] = [];

function files(url: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-files-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const opened: string[] = [];
  fetched = [];
  const service = createInvoiceFiles({
    find: (_id: number, _env: unknown, _format: InvoiceFileFormat) => Promise.resolve({ lsh: 'LSH0001', status: 'issued' as const, url }),
    environment: 'remote',
    dir,
    opener: { open: (file) => (opened.push(file), Promise.resolve()) },
    fetch: (input, init) => {
      fetched.push(String(input));
      return fetch(input, init);
    },
  });
  return { service, opened };
}

describe('invoice file downloads', () => {
  it('opens a real PDF served from loopback', async () => {
    const base = await serve('127.0.0.1', (_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF));
    const { service, opened } = files(`${base}/files/a.pdf`);
    const result = await service.open(1, 'pdf');
    expect(opened).toEqual([result.path]);
    expect(fs.readFileSync(result.path).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses plain http to a non-loopback host without fetching', async () => {
    const { service, opened } = files('http://files.example.com/a.pdf');
    await expect(service.open(1, 'pdf')).rejects.toMatchObject({ code: 'BAD_RESPONSE', details: { problem: 'plain-http' } });
    expect(fetched).toEqual([]);
    expect(opened).toEqual([]);
  });

  it('refuses a redirect to another host, follows one on the same host', async () => {
    const other = await serve('127.0.0.2', (_req, res) => res.writeHead(200).end(PDF));
    const base = await serve('127.0.0.1', (req, res) => {
      if (req.url === '/away.pdf') res.writeHead(302, { location: `${other}/a.pdf` }).end();
      else if (req.url === '/moved.pdf') res.writeHead(301, { location: '/real.pdf' }).end();
      else res.writeHead(200).end(PDF);
    });
    const away = files(`${base}/away.pdf`);
    await expect(away.service.open(1, 'pdf')).rejects.toMatchObject({ code: 'BAD_RESPONSE', details: { host: new URL(other).host } });
    expect(away.opened).toEqual([]);
    expect(fetched).toEqual([`${base}/away.pdf`]);

    const moved = files(`${base}/moved.pdf`);
    await moved.service.open(1, 'pdf');
    expect(moved.opened).toHaveLength(1);
    expect(fetched).toEqual([`${base}/moved.pdf`, `${base}/real.pdf`]);
  });

  it('refuses an error page served as the PDF, by its bytes', async () => {
    const base = await serve('127.0.0.1', (_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end('<html>login</html>'));
    const { service, opened } = files(`${base}/a.pdf`);
    await expect(service.open(1, 'pdf')).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    expect(opened).toEqual([]);
  });
});
