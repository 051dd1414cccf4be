import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeFor, registerAppProtocol, type ProtocolLike } from '../../../main/electron/protocol.js';
import { CONTENT_SECURITY_POLICY } from '../../../main/electron/security.js';

type AppHandler = (request: Request) => Response | Promise<Response>;

/** A stand-in for Electron's `protocol` that captures the registered handler. */
class CapturingProtocol implements ProtocolLike {
  readonly handlers = new Map<string, AppHandler>();
  handle(scheme: string, handler: AppHandler): void {
    this.handlers.set(scheme, handler);
  }
  unhandle(scheme: string): void {
    this.handlers.delete(scheme);
  }
}

let tmp: string;
let rootDir: string;
let serve: (url: string, init?: RequestInit) => Promise<Response>;
let unregister: () => void;
const protocol = new CapturingProtocol();
const INDEX = '<!doctype html><html><head><title>发票工作台</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'fapiao-protocol-'));
  rootDir = path.join(tmp, 'renderer');
  await fs.mkdir(path.join(rootDir, 'assets'), { recursive: true });
  await fs.writeFile(path.join(rootDir, 'index.html'), INDEX);
  await fs.writeFile(path.join(rootDir, 'assets', 'index-abc.js'), 'console.log(1)');
  await fs.writeFile(path.join(rootDir, 'assets', 'style.css'), 'body{}');
  await fs.writeFile(path.join(rootDir, 'assets', 'blob.bin'), new Uint8Array([1, 2, 3]));
  await fs.writeFile(path.join(tmp, 'secret.txt'), 'TOP SECRET');
  await fs.symlink(path.join(tmp, 'secret.txt'), path.join(rootDir, 'assets', 'link.txt'));
  unregister = registerAppProtocol({ protocol, rootDir, fs });
  serve = async (url, init) => {
    const handler = protocol.handlers.get('app');
    if (!handler) throw new Error('app: was not registered');
    return handler(new Request(url, init));
  };
});

afterAll(async () => {
  await fs.rm(tmp, { recursive: true, force: true });
});

function expectSecurityHeaders(response: Response): void {
  expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
}

describe('app:// protocol', () => {
  it('serves index.html with the CSP and nosniff headers', async () => {
    const response = await serve('app://fapiao-desk/index.html');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expectSecurityHeaders(response);
    expect(await response.text()).toBe(INDEX);
  });

  it('serves index.html for the root', async () => {
    const response = await serve('app://fapiao-desk/');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(INDEX);
  });

  it.each([
    ['assets/index-abc.js', 'text/javascript; charset=utf-8'],
    ['assets/style.css', 'text/css; charset=utf-8'],
    ['assets/blob.bin', 'application/octet-stream'],
  ])('serves %s as %s', async (file, type) => {
    const response = await serve(`app://fapiao-desk/${file}?v=1`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expectSecurityHeaders(response);
  });

  it.each([
    'app://fapiao-desk/../secret.txt',
    'app://fapiao-desk/%2e%2e/secret.txt',
    'app://fapiao-desk/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    'app://fapiao-desk/..%5csecret.txt',
    'app://fapiao-desk/assets/link.txt',
    'app://fapiao-desk/missing.js',
    'app://fapiao-desk/assets',
    'app://fapiao-desk/assets/',
    'app://other/index.html',
  ])('answers 404 for %s without leaking anything', async (url) => {
    const response = await serve(url);
    expect(response.status).toBe(404);
    expectSecurityHeaders(response);
    expect(await response.text()).not.toContain('SECRET');
  });

  it('refuses methods other than GET and HEAD', async () => {
    const response = await serve('app://fapiao-desk/index.html', { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
    const head = await serve('app://fapiao-desk/index.html', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('maps content types by extension, case-insensitively', () => {
    expect(contentTypeFor('/x/A.WOFF2')).toBe('font/woff2');
    expect(contentTypeFor('/x/a.svg')).toBe('image/svg+xml');
    expect(contentTypeFor('/x/noext')).toBe('application/octet-stream');
  });

  it('unregisters the scheme', () => {
    unregister();
    expect(protocol.handlers.has('app')).toBe(false);
  });
});
