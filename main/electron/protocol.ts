/**
 * Serves the built renderer on `app://fapiao-desk/` (docs/architecture.md §11.3). A custom privileged scheme
 * instead of file:// gives the page a real origin (so CSP 'self' and the IPC sender check mean
 * something) and lets every response carry our security headers. `protocol` and the file system come
 * in as parameters so tests run it with a fake `protocol` and a temp folder.
 */
import path from 'node:path';
import type { Protocol } from 'electron';
import { APP_SCHEME, CONTENT_SECURITY_POLICY, resolveAppAssetPath } from './security.js';

export type ProtocolLike = Pick<Protocol, 'handle' | 'unhandle'>;

/** The file system calls we need; `node:fs/promises` satisfies it. */
export interface AssetFs {
  readFile(path: string): Promise<Uint8Array>;
  realpath(path: string): Promise<string>;
}

export interface AppProtocolDeps {
  protocol: ProtocolLike;
  /** The built renderer folder (dist/renderer), with index.html at its root. */
  rootDir: string;
  fs: AssetFs;
}

// With `nosniff`, the browser trusts these exactly; anything unlisted is served as opaque bytes.
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeFor(filePath: string): string {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

function securityHeaders(contentType: string): Record<string, string> {
  return {
    'Content-Type': contentType,
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-cache',
  };
}

function notFound(): Response {
  return new Response('Not Found', { status: 404, headers: securityHeaders('text/plain; charset=utf-8') });
}

/** The request handler on its own, so it can be tested without any `protocol` at all. */
export function createAppRequestHandler(rootDir: string, fs: AssetFs): (request: Request) => Promise<Response> {
  const root = path.resolve(rootDir);

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method Not Allowed', { status: 405, headers: { ...securityHeaders('text/plain; charset=utf-8'), Allow: 'GET, HEAD' } });
    }
    const filePath = resolveAppAssetPath(root, request.url);
    if (filePath === null) return notFound();
    try {
      // A symlink inside the build folder must not lead outside it either.
      const [base, real] = await Promise.all([fs.realpath(root), fs.realpath(filePath)]);
      if (!real.startsWith(base + path.sep)) return notFound();
      const body = await fs.readFile(real);
      const headers = securityHeaders(contentTypeFor(real));
      return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
    } catch {
      // Missing file, a directory, unreadable: the page only ever asks for files the build produced.
      return notFound();
    }
  };
}

/** Registers the `app:` handler; call after `ready`. Returns the function that removes it. */
export function registerAppProtocol(deps: AppProtocolDeps): () => void {
  deps.protocol.handle(APP_SCHEME, createAppRequestHandler(deps.rootDir, deps.fs));
  return () => deps.protocol.unhandle(APP_SCHEME);
}
