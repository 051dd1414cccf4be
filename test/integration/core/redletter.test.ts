/**
 * Red-letter form applications through the outbox (docs/architecture.md §5) when answers are lost: the sandbox
 * commits hzsq and then drops the connection (createFaultPlan, dropRate on applyRedLetter), the core is
 * closed in the middle and started again on the same folder. The application is retried with the same lsh
 * and resumed at start-up, and it ends with exactly one form on the service, one locally, and one red
 * invoice issued with its xxbbh.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, HISTORY_DB_FILE, type Core } from '../../../main/core.js';
import {
  DEMO_CREDENTIALS,
  DEMO_ENTERPRISE,
  OUTPUT_CONTROL_PATH,
  RED_LETTER_CONTROL_PATH,
  createFaultPlan,
  startSandbox,
  type RunningSandbox,
} from '../../../sandbox/index.js';
import type { OutputInvoiceDetail, RedStarted } from '../../../shared/ipc/index.js';
import { createTestCipher } from '../../support/test-cipher.js';
import { BUYER_004, call, GOODS, issueBlue, waitFor, waitForForm } from './red-support.js';

const dirs: string[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function count(file: string, sql: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** What the sandbox holds, through its test-only control API (not its database). */
async function control<T>(baseUrl: string, path: string): Promise<T> {
  return (await (await fetch(`${baseUrl}${path}`)).json()) as T;
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('red-letter applications with dropped answers', () => {
  it('ends with exactly one form and one red invoice across a restart', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-redletter-'));
    dirs.push(root);
    // Every hzsq answer is lost after the sandbox committed the application while the first core runs, so
    // the restart always finds the form unanswered, however fast the machine retries; later ones arrive.
    let losing = true;
    let lost = 0;
    const faults = createFaultPlan({ dropRate: 0.5, endpoints: ['applyRedLetter'] }, () => (losing ? (lost++, 0.1) : 0.9));
    const sandbox: RunningSandbox = await startSandbox({ dataDir: path.join(root, 'sandbox'), issueDelayMs: 100, faults, onError: () => {}, controlApi: true });
    cleanups.push(() => sandbox.close());
    const dataDir = path.join(root, 'app');
    const openCore = (): Promise<Core> =>
      createCore(
        {
          dataDir,
          appVersion: 'test',
          service: { kind: 'remote', baseUrl: sandbox.baseUrl, appKey: DEMO_CREDENTIALS.appKey, appSecret: DEMO_CREDENTIALS.appSecret, seller: DEMO_ENTERPRISE },
          outboxBaseDelayMs: 40,
          outboxMaxDelayMs: 300,
        },
        { cipher: createTestCipher() },
      );

    const first = await openCore();
    cleanups.push(() => first.close());
    const blue = await issueBlue(first, { invoiceType: '004', ...BUYER_004, issuer: '李四', lines: GOODS });
    const started = await call<RedStarted>(first, 'reversal:start', {
      blueInvoiceId: blue.id,
      reason: '2',
      letterReason: '2',
      letterSubReason: 'not-delivered',
      terminal: 'kpzd-01',
    });
    if (started.kind !== 'form') throw new Error('expected a red-letter form');
    const remoteForms = async () => (await control<{ forms: unknown[] }>(sandbox.baseUrl, RED_LETTER_CONTROL_PATH)).forms.length;
    // The service has the application, but its answer never arrived: locally it is still unanswered.
    await until(async () => (await remoteForms()) === 1, 'the sandbox to commit the application');
    // The lost answer is a note by key (messages by code), worded by the renderer; no text from main.
    const formOf = async () => (await call<OutputInvoiceDetail>(first, 'history:detail', { id: blue.id })).reversal?.forms[0];
    await until(async () => (await formOf())?.note != null, 'the retry note on the form');
    const waiting = await formOf();
    expect(waiting).toMatchObject({ error: null, note: { key: 'retrying', cause: null } });
    expect(waiting?.note?.detail).not.toMatch(/[\u3400-\u9fff]/u);
    await first.close();
    const localDb = path.join(dataDir, HISTORY_DB_FILE);
    expect(count(localDb, `SELECT COUNT(*) AS n FROM outbox WHERE kind = 'redletter' AND state = 'pending'`)).toBe(1);
    const lostBeforeRestart = lost;
    losing = false;

    const second = await openCore();
    cleanups.push(() => second.close());
    const form = await waitForForm(second, started.form.lsh, (f) => f.redInvoiceLsh !== null);
    expect(form.xxbbh).toMatch(/^\d{16}$/);
    await waitFor(second, (row) => row.lsh === form.redInvoiceLsh && row.status === 'issued');

    expect(lostBeforeRestart).toBeGreaterThanOrEqual(1);
    expect(await remoteForms()).toBe(1);
    expect(count(localDb, `SELECT COUNT(*) AS n FROM red_letter_form`)).toBe(1);
    expect(count(localDb, `SELECT COUNT(*) AS n FROM outbox WHERE kind = 'redletter' AND state = 'done' AND attempts >= 2`)).toBe(1);
    const output = await control<{ invoices: Array<{ kplx: string }> }>(sandbox.baseUrl, OUTPUT_CONTROL_PATH);
    expect(output.invoices.filter((invoice) => invoice.kplx === '1')).toHaveLength(1);
    const detail = await call<OutputInvoiceDetail>(second, 'history:detail', { id: blue.id });
    expect(detail.reversal).toMatchObject({ state: 'full', remaining: '0.00' });
    expect(detail.reversal?.forms).toHaveLength(1);
    // The audit trail: one application and one confirmation of the form, however many sends it took, and the
    // red invoice submitted once, as a red invoice (开具红字发票) naming its blue one.
    expect(count(localDb, `SELECT COUNT(*) AS n FROM audit_event WHERE action = 'reversal.applied' AND record_ids = '["${form.lsh}"]'`)).toBe(1);
    expect(count(localDb, `SELECT COUNT(*) AS n FROM audit_event WHERE action = 'reversal.confirmed' AND record_ids = '["${form.lsh}"]'`)).toBe(1);
    expect(count(localDb, `SELECT COUNT(*) AS n FROM audit_event WHERE action = 'reversal.redIssued' AND json_extract(detail, '$.lsh') = '${form.redInvoiceLsh}' AND json_extract(detail, '$.blueLsh') = '${blue.lsh}'`)).toBe(1);
    expect(count(localDb, `SELECT COUNT(*) AS n FROM audit_event WHERE action = 'invoice.submitted' AND json_extract(detail, '$.lsh') = '${form.redInvoiceLsh}'`)).toBe(0);
  });
});
