/**
 * The browser harness's loopback bridge stands in for Electron IPC, so it must not be an open door:
 * no token, a foreign Host (DNS rebinding) or a foreign Origin (another site in the same browser) are
 * refused before anything reaches the core.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../harness/server.js';

let harness: Harness;
let dataDir: string;
let rendererDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-bridge-'));
  // A stand-in renderer: these tests are about the bridge, not the UI.
  rendererDir = path.join(dataDir, 'renderer');
  fs.mkdirSync(rendererDir);
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><html><head></head><body>app</body></html>');
  harness = await startHarness({ dataDir: path.join(dataDir, 'data'), rendererDir });
});

afterAll(async () => {
  await harness.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Reply {
  status: number;
  body: string;
}

function request(pathname: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  const url = new URL(pathname, harness.origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const invoke = (headers: Record<string, string>) =>
  request('/__bridge/invoke', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ channel: 'app:info', payload: {} }),
  });

describe('browser harness bridge', () => {
  it('answers a call that carries the token', async () => {
    const reply = await invoke({ 'x-bridge-token': harness.token });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ ok: true, value: { environment: 'sandbox' } });
  });

  it('refuses a call without the token or with a wrong one', async () => {
    expect((await invoke({})).status).toBe(403);
    expect((await invoke({ 'x-bridge-token': 'f'.repeat(harness.token.length) })).status).toBe(403);
  });

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    expect((await invoke({ 'x-bridge-token': harness.token, host: 'evil.example:80' })).status).toBe(421);
  });

  it('refuses a foreign Origin', async () => {
    expect((await invoke({ 'x-bridge-token': harness.token, origin: 'http://evil.example' })).status).toBe(403);
    expect((await invoke({ 'x-bridge-token': harness.token, origin: 'http://localhost:1' })).status).toBe(403);
  });

  it('serves the page only with the token, and with the strict CSP', async () => {
    expect((await request('/')).status).toBe(403);
    const page = await request(`/?token=${harness.token}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<script src="/__harness/bridge.js"></script>');
  });

  it('refuses the event stream without the token', async () => {
    expect((await request('/__bridge/events')).status).toBe(403);
  });

  it('refuses path traversal out of the renderer folder', async () => {
    expect((await request('/../data/history.db')).status).toBe(404);
    expect((await request('/%2e%2e/data/history.db')).status).toBe(404);
    expect((await request('/..%2fdata%2fhistory.db')).status).toBe(404);
  });

  it('answers a malformed payload with an IpcResult error and keeps serving', async () => {
    const bad = await request('/__bridge/invoke', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-bridge-token': harness.token },
      body: JSON.stringify({ channel: 'issuance:submit', payload: { buyerName: 'x'.repeat(10 * 1024 * 1024) } }),
    });
    expect(JSON.parse(bad.body)).toMatchObject({ ok: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
    expect((await invoke({ 'x-bridge-token': harness.token })).status).toBe(200);
  });
});
