/**
 * The browser harness (docs/architecture.md §1): the real main core in Node, the built renderer served on
 * 127.0.0.1, and a token-guarded loopback bridge standing in for Electron's IPC. A development and test
 * tool only — never shipped in the packaged app.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { createCore, type Core, type CoreConfig } from '../../main/core.js';
import type { SandboxLauncher } from '../../main/sandbox-service/launcher.js';
import { createStartingCore } from '../../main/startup/starting-core.js';
import { createUiLanguageHolder, UI_LANGUAGE_FILE } from '../../main/i18n/ui-language.js';
import type { ConfirmQuestion, CorePorts, DialogPort } from '../../main/ports.js';
import { createCupsPrinterPort } from '../../main/features/print/cups.js';
import { CONTENT_SECURITY_POLICY } from '../../main/security/csp.js';
import { createTestCipher } from '../support/test-cipher.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../..');
export const RENDERER_DIR = path.join(REPO_ROOT, 'dist/renderer');

/** Contract channels a page never calls (the preload keeps them to itself). */
const PRELOAD_ONLY_CHANNELS = new Set(['intake:grantPaths']);

/** The 10 MB-string test must reach the router (which answers PAYLOAD_TOO_LARGE), so the bridge allows more. */
const MAX_BRIDGE_BODY = 16 * 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

export interface HarnessOptions {
  dataDir: string;
  port?: number;
  rendererDir?: string;
  core?: Partial<Omit<CoreConfig, 'dataDir'>>;
  /** How the sandbox process is started; default: a Node child process of the harness. */
  sandboxLauncher?: SandboxLauncher;
  /**
   * Resolve once the core has started (default; rejects if it cannot), or at once with the page served
   * while it starts, as the app's window is (the start-up screen's tests).
   */
  waitForStart?: boolean;
}

export interface Harness {
  /** Address to open, token included. */
  url: string;
  origin: string;
  token: string;
  core: Core;
  /**
   * What the next open-file dialog answers (one shot: it is cleared when used, and null means the clerk
   * cancelled). Tests set it before clicking an import button.
   */
  nextOpenPath: string | null;
  /** Every path a save dialog answered, in order; files land in `<dataDir>/saved/`. */
  savedPaths: string[];
  /** What the next folder dialog answers (one shot, null = cancelled), like nextOpenPath. */
  nextFolder: string | null;
  /** What main's confirmation dialogs answer (the clerk's yes/no); true unless a test says otherwise. */
  confirmAnswer: boolean;
  /** Every question main asked in a confirmation dialog, in order. */
  confirmQuestions: ConfirmQuestion[];
  /** Every file the app asked the system to open (FileOpener), in order: tests check the file is there. */
  openedPaths: string[];
  /** Every desktop notification main showed (NotificationPort), in order: the deadline warnings. */
  notifications: Array<{ title: string; body: string }>;
  close(): Promise<void>;
}

/**
 * The harness's file dialogs: saves go to a folder under the data folder (as if the clerk accepted the
 * suggested name there), and opens answer the file the test chose through `nextOpenPath`.
 */
interface DialogState {
  nextOpenPath: string | null;
  nextFolder: string | null;
  savedPaths: string[];
  confirmAnswer: boolean;
  confirmQuestions: ConfirmQuestion[];
}

function createHarnessDialog(dataDir: string, state: DialogState): DialogPort {
  return {
    chooseSavePath(suggestedName) {
      const folder = path.join(dataDir, 'saved');
      fs.mkdirSync(folder, { recursive: true });
      const file = path.join(folder, path.basename(suggestedName));
      state.savedPaths.push(file);
      return Promise.resolve(file);
    },
    chooseOpenPath() {
      const file = state.nextOpenPath;
      state.nextOpenPath = null;
      return Promise.resolve(file);
    },
    chooseFolder() {
      const folder = state.nextFolder;
      state.nextFolder = null;
      return Promise.resolve(folder);
    },
    confirm(question) {
      state.confirmQuestions.push(question);
      return Promise.resolve(state.confirmAnswer);
    },
  };
}

let bridgeBundle: Promise<string> | undefined;
function bundleBridge(): Promise<string> {
  bridgeBundle ??= build({
    entryPoints: [path.join(here, 'bridge-client.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]!.text);
  return bridgeBundle;
}

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const rendererDir = options.rendererDir ?? RENDERER_DIR;
  if (!fs.existsSync(path.join(rendererDir, 'index.html'))) {
    throw new Error(`renderer not built: ${rendererDir}/index.html is missing (run npm run build)`);
  }
  const bridgeJs = await bundleBridge();
  const dialogState: DialogState = { nextOpenPath: null, nextFolder: null, savedPaths: [], confirmAnswer: true, confirmQuestions: [] };
  const openedPaths: string[] = [];
  const notifications: Array<{ title: string; body: string }> = [];
  const ports: CorePorts = {
    cipher: createTestCipher(),
    ...(options.sandboxLauncher ? { sandbox: options.sandboxLauncher } : {}),
    dialog: createHarnessDialog(options.dataDir, dialogState),
    // The machine's real printers through CUPS (CI has the cups-pdf printer PDF).
    printer: createCupsPrinterPort(),
    // No desktop to open files on: record the path (the file itself stays for the test to inspect).
    opener: {
      open(filePath) {
        openedPaths.push(filePath);
        return Promise.resolve();
      },
    },
    // No desktop to show them on: kept for the test to read.
    notifier: { show: (notification) => void notifications.push(notification) },
  };
  // As in the app: the page is served at once and follows the start (main/startup/starting-core.ts).
  const uiLanguage = options.core?.uiLanguage ?? createUiLanguageHolder(path.join(options.dataDir, UI_LANGUAGE_FILE));
  const core = createStartingCore({
    dataDir: options.dataDir,
    uiLanguage,
    ports,
    log: () => undefined,
    build: (dataDir, chosen) =>
      createCore({ appVersion: 'harness', issuer: '测试开票员', ...options.core, dataDir, uiLanguage, ...(chosen ? { dataDirChosen: true } : {}) }, ports),
  });
  if (options.waitForStart !== false) {
    const started = await core.settled();
    if (started.state !== 'ready') {
      await core.close();
      throw new Error(`the core did not start: ${started.failure?.detail ?? started.state}`);
    }
  }
  const token = randomBytes(24).toString('hex');
  const sseClients = new Set<http.ServerResponse>();
  const unsubscribe = core.onEvent((event, payload) => {
    const frame = `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
    for (const client of sseClients) client.write(frame);
  });

  let origin = '';
  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[harness]', error);
      if (!res.headersSent) res.writeHead(500).end('harness error');
    });
  });

  const tokenMatches = (candidate: string | null | undefined) => {
    const a = Buffer.from(candidate ?? '');
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    // DNS rebinding and cross-site requests: only our own host and origin are served.
    if (req.headers.host !== new URL(origin).host) return refuse(res, 421, 'wrong host');
    if (req.headers.origin !== undefined && req.headers.origin !== origin) return refuse(res, 403, 'foreign origin');
    const url = new URL(req.url ?? '/', origin);

    if (url.pathname === '/__bridge/invoke') {
      if (req.method !== 'POST') return refuse(res, 405, 'POST only');
      if (!tokenMatches(req.headers['x-bridge-token'] as string | undefined)) return refuse(res, 403, 'bad token');
      const body = await readBody(req, MAX_BRIDGE_BODY);
      if (body === null) return refuse(res, 413, 'too large');
      let message: { channel?: unknown; payload?: unknown };
      try {
        message = JSON.parse(body) as typeof message;
      } catch {
        return refuse(res, 400, 'not JSON');
      }
      // The harness has no preload: the channel only a preload may call (granting dropped paths) is refused
      // here as Electron's page cannot reach it either (docs/security.md).
      if (PRELOAD_ONLY_CHANNELS.has(String(message.channel))) return refuse(res, 403, 'preload-only channel');
      const result = await core.router.dispatch(message.channel, message.payload);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      return void res.end(JSON.stringify(result));
    }
    if (url.pathname === '/__bridge/events') {
      if (!tokenMatches(url.searchParams.get('token'))) return refuse(res, 403, 'bad token');
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      res.write(': connected\n\n');
      sseClients.add(res);
      req.on('close', () => sseClients.delete(res));
      return;
    }
    if (req.method !== 'GET') return refuse(res, 405, 'GET only');
    if (url.pathname === '/__harness/bridge.js') return send(res, 200, CONTENT_TYPES['.js']!, bridgeJs);
    if (url.pathname === '/' || url.pathname === '/index.html') {
      if (!tokenMatches(url.searchParams.get('token'))) return refuse(res, 403, 'open the address printed by the harness (it carries the token)');
      const html = fs.readFileSync(path.join(rendererDir, 'index.html'), 'utf8');
      // A classic script in <head> runs before the app's deferred module, so window.api is there first.
      return send(res, 200, CONTENT_TYPES['.html']!, html.replace('<head>', '<head><script src="/__harness/bridge.js"></script>'));
    }
    const file = resolveAsset(rendererDir, url.pathname);
    if (!file) return refuse(res, 404, 'not found');
    return send(res, 200, CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream', fs.readFileSync(file));
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    core,
    get nextOpenPath() {
      return dialogState.nextOpenPath;
    },
    set nextOpenPath(file: string | null) {
      dialogState.nextOpenPath = file;
    },
    savedPaths: dialogState.savedPaths,
    get nextFolder() {
      return dialogState.nextFolder;
    },
    set nextFolder(folder: string | null) {
      dialogState.nextFolder = folder;
    },
    get confirmAnswer() {
      return dialogState.confirmAnswer;
    },
    set confirmAnswer(answer: boolean) {
      dialogState.confirmAnswer = answer;
    },
    confirmQuestions: dialogState.confirmQuestions,
    openedPaths,
    notifications,
    async close() {
      unsubscribe();
      for (const client of sseClients) client.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await core.close();
    },
  };
}

function send(res: http.ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, {
    'content-type': type,
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  });
  res.end(body);
}

function refuse(res: http.ServerResponse, status: number, reason: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(reason);
}

function resolveAsset(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const file = path.resolve(root, `.${decoded}`);
  if (!file.startsWith(root + path.sep)) return null;
  return fs.existsSync(file) && fs.statSync(file).isFile() ? file : null;
}

function readBody(req: http.IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        resolve(null);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
