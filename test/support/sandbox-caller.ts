/**
 * A signed HTTP caller for sandbox tests: real fetch over 127.0.0.1, signed with the real signer, but
 * raw enough that a test can forge, replay and break requests at will. Every sandbox test uses this
 * one (the typed service client is tested separately in test/integration/client.test.ts).
 */
import fs from 'node:fs';
import { createHmacSigner, type RequestSigner } from '../../main/api/signer.js';
import { DEMO_CREDENTIALS, startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox/index.js';
import { tempDir } from './sample-issuance.js';

export interface Answer {
  status: number;
  /** Parsed JSON, or the raw text when the answer was not JSON. */
  body: Record<string, unknown>;
  text: string;
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PATCH';
  signer?: RequestSigner;
  headers?: Record<string, string>;
}

export function demoSigner(): RequestSigner {
  return createHmacSigner({ appKey: DEMO_CREDENTIALS.appKey, appSecret: DEMO_CREDENTIALS.appSecret });
}

/** Calls `pathAndQuery` (e.g. '/openApi/v4/fp/hzcx?lsh=1&all=1') on the sandbox; objects are sent as JSON. */
export async function call(baseUrl: string, pathAndQuery: string, body?: string | object, options: CallOptions = {}): Promise<Answer> {
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const signed = (options.signer ?? demoSigner()).sign({ method, pathAndQuery, body: method === 'GET' ? '' : text });
  const response = await fetch(`${baseUrl}${pathAndQuery}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...signed, ...options.headers },
    ...(method === 'GET' ? {} : { body: text }),
  });
  const raw = await response.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    parsed = {};
  }
  return { status: response.status, body: parsed, text: raw };
}

export interface TestSandbox {
  sandbox: RunningSandbox;
  dataDir: string;
  call: (pathAndQuery: string, body?: string | object, options?: CallOptions) => Promise<Answer>;
  close: () => Promise<void>;
}

/** Starts a sandbox in a fresh temp folder; `close` stops it and removes the folder. */
export async function startTestSandbox(options: Partial<SandboxOptions> = {}): Promise<TestSandbox> {
  const dataDir = options.dataDir ?? tempDir('fapiao-sandbox-');
  const sandbox = await startSandbox({ onError: () => {}, ...options, dataDir });
  return {
    sandbox,
    dataDir,
    call: (pathAndQuery, body, callOptions) => call(sandbox.baseUrl, pathAndQuery, body, callOptions),
    async close() {
      await sandbox.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
