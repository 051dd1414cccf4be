/**
 * A sandbox with a seeded tax authority and a hand-moved clock, for the input-side tests (collection and
 * certification): the sandbox and the request signer read the same clock, so a test moves time forward
 * instead of waiting, and two sandboxes given the same seed and clock answer byte for byte alike.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createHmacSigner } from '../../main/api/signer.js';
import { DEMO_CREDENTIALS, DEMO_ENTERPRISE, type SandboxCredential, type SandboxOptions } from '../../sandbox/index.js';
import { SANDBOX_DB_FILE } from '../../sandbox/store.js';
import { createTaxAuthorityStore, type TaxAuthorityStore } from '../../sandbox/stores/tax-authority.js';
import { startTestSandbox, type Answer, type TestSandbox } from './sandbox-caller.js';

export const COLLECT = '/input/openApi/invoice';
export const COLLECT_MAIN = '/input/openApi/mainInvoice';
export const APPLY = '/input/openApi/applyLegalize';
export const RESULT = '/input/openApi/applyLegalizeResult';
export const BUYER = DEMO_ENTERPRISE.taxNumber;

/** 2025-03-15 10:00 in China: tax period 202503. */
export const FIXED_NOW = Date.parse('2025-03-15T10:00:00+08:00');

export interface ManualClock {
  ms: number;
  advance(ms: number): void;
}

export interface InputSandbox extends TestSandbox {
  clock: ManualClock;
  /** POSTs `body` signed by `credential` (default the demo credential) at the clock's time. */
  post(path: string, body: string | object, credential?: SandboxCredential): Promise<Answer>;
}

export interface InputSandboxOptions extends Partial<SandboxOptions> {
  nowMs?: number;
}

export async function startInputSandbox(options: InputSandboxOptions = {}): Promise<InputSandbox> {
  const clock: ManualClock = {
    ms: options.nowMs ?? FIXED_NOW,
    advance(ms) {
      this.ms += ms;
    },
  };
  const { nowMs: _nowMs, ...sandboxOptions } = options;
  const sandbox = await startTestSandbox({ seed: 7, seedInvoicesPerBuyer: 300, issueDelayMs: 1000, now: () => new Date(clock.ms), ...sandboxOptions });
  return {
    ...sandbox,
    clock,
    post(path, body, credential = DEMO_CREDENTIALS) {
      const signer = createHmacSigner({ appKey: credential.appKey, appSecret: credential.appSecret, now: () => clock.ms });
      return sandbox.call(path, body, { signer });
    },
  };
}

/** A 32-character batch number derived from a label, so reruns use the same PCH. */
export function pch(label: string): string {
  return createHash('md5').update(label).digest('hex');
}

/** A collection request for the demo buyer with every required member. */
export function collection(label: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { GMFSBH: BUYER, FPLXDM: '01', PCH: pch(label), CJKSRQ: '20000101000000', CJJSRQ: '20991231235959', KSHS: 1, ZTBZ: '1', ...overrides };
}

/** A main-information request for the demo buyer. */
export function mainCollection(label: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { GMFSBH: BUYER, PCH: pch(label), CJKSRQ: '20000101000000', CJJSRQ: '20991231235959', KSHS: 1, ZTBZ: '1', ...overrides };
}

export type WireRecord = Record<string, unknown> & { FPDM: string; FPHM: string; FPLXDM: string };

export function records(answer: Answer): WireRecord[] {
  return (answer.body.FPZHXX ?? []) as WireRecord[];
}

/** Every record of a logical request, paging with KSHS + BCQQFHHS until ZHS rows have come. */
export async function collectAll(sandbox: InputSandbox, path: string, body: Record<string, unknown>): Promise<{ pages: Answer[]; all: WireRecord[] }> {
  const pages: Answer[] = [];
  const all: WireRecord[] = [];
  let kshs = 1;
  for (;;) {
    const answer = await sandbox.post(path, { ...body, KSHS: kshs });
    if (answer.body.ZTDM !== '0000') throw new Error(`collection refused: ${answer.text}`);
    pages.push(answer);
    all.push(...records(answer));
    kshs += Number(answer.body.BCQQFHHS);
    if (kshs > Number(answer.body.ZHS) || Number(answer.body.BCQQFHHS) === 0) return { pages, all };
  }
}

/** The sandbox's tax authority read through its own store on a second, read-only connection. */
export function readTaxAuthority(dataDir: string): { store: TaxAuthorityStore; close: () => void } {
  const db = new Database(path.join(dataDir, SANDBOX_DB_FILE), { readonly: true });
  return { store: createTaxAuthorityStore(db), close: () => db.close() };
}
