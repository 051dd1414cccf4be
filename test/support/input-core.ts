/**
 * A seeded sandbox over real HTTP and a core talking to it as a remote service, for the input-side core
 * tests (enterprises, collection, certification), plus a grep over the app's own files for secrets.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createCore, type Core, type CoreConfig } from '../../main/core.js';
import { DEMO_CREDENTIALS, DEMO_ENTERPRISE, startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox/index.js';
import type { Channel, RequestOf, ResponseOf } from '../../shared/ipc/index.js';
import { tempDir } from './sample-issuance.js';
import { createTestCipher } from './test-cipher.js';

export interface InputCore {
  root: string;
  appDir: string;
  sandbox: RunningSandbox;
  core: Core;
  /** Every IPC answer given, as JSON text (the secrets test greps them). */
  answers: string[];
  /** The file the next open dialog answers with (an Excel sheet for batch:import); null as if cancelled. */
  openNext: string | null;
  call<C extends Channel>(channel: C, payload: RequestOf<C>): Promise<ResponseOf<C>>;
  close(): Promise<void>;
}

export async function startInputCore(
  options: { seedInvoicesPerBuyer?: number; sandbox?: Partial<SandboxOptions>; core?: Partial<CoreConfig> } = {},
): Promise<InputCore> {
  const root = tempDir('fapiao-input-');
  const sandbox = await startSandbox({
    dataDir: path.join(root, 'sandbox'),
    seed: 13,
    seedInvoicesPerBuyer: options.seedInvoicesPerBuyer ?? 120,
    issueDelayMs: 60,
    // Tests force certification outcomes and read what the service holds through its control API.
    controlApi: true,
    onError: () => {},
    ...options.sandbox,
  });
  const appDir = path.join(root, 'app');
  const core = await createCore(
    {
      dataDir: appDir,
      appVersion: 'test',
      service: { kind: 'remote', baseUrl: sandbox.baseUrl, appKey: DEMO_CREDENTIALS.appKey, appSecret: DEMO_CREDENTIALS.appSecret, seller: DEMO_ENTERPRISE },
      outboxBaseDelayMs: 30,
      outboxMaxDelayMs: 150,
      serviceTimeoutMs: 5000,
      ...options.core,
    },
    {
      cipher: createTestCipher(),
      // Saves land in a folder of the test, as if the clerk accepted the suggested name there.
      dialog: {
        chooseSavePath: (name) => {
          fs.mkdirSync(path.join(root, 'saved'), { recursive: true });
          return Promise.resolve(path.join(root, 'saved', path.basename(name)));
        },
        chooseOpenPath: () => Promise.resolve(input.openNext),
      },
    },
  );
  const answers: string[] = [];
  const input: InputCore = {
    root,
    appDir,
    sandbox,
    core,
    answers,
    openNext: null,
    async call(channel, payload) {
      const result = await core.router.dispatch(channel, payload);
      answers.push(JSON.stringify(result));
      if (!result.ok) throw Object.assign(new Error(`${channel}: ${result.error.code} ${result.error.message}`), { error: result.error });
      return result.value as never;
    },
    async close() {
      await core.close();
      // (core.close is safe to call twice: a test may close the core itself to start another on its folder.)
      await sandbox.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
  return input;
}

/** A call to the sandbox's test-only control API (docs/sandbox.md › Control API): GET without a body, POST with one. */
export async function sandboxControl<T = unknown>(input: InputCore, controlPath: string, body?: unknown): Promise<T> {
  const response = await fetch(`${input.sandbox.baseUrl}${controlPath}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await response.json()) as T;
  if (response.status !== 200) throw new Error(`${controlPath}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** Files under dir whose bytes contain needle (UTF-8 or UTF-16). */
export function filesContaining(dir: string, needle: string): string[] {
  const forms = [Buffer.from(needle, 'utf8'), Buffer.from(needle, 'utf16le')];
  const hits: string[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (forms.some((form) => fs.readFileSync(file).includes(form))) hits.push(file);
  }
  return hits;
}
