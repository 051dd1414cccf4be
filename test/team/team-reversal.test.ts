/**
 * Red reversals across two desks on one team ledger (the real PostgreSQL) and one sandbox: desk A issues a
 * blue invoice; desk B, signed in as a 复核, reverses it — through a red-letter form whose red invoice the
 * outbox issues later (whichever desk's worker takes the row), or directly — and desk A's history shows the
 * red invoice, the original as reversed and the form, told by the change feed as remote changes. The red
 * invoice issued from the form is signed by the clerk who applied for it, though by then another clerk is at
 * desk B and desk A's clerk is someone else.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core.js';
import type { TeamChoice } from '../../main/ledger/team-desk.js';
import { DEMO_CREDENTIALS, DEMO_ENTERPRISE, startSandbox, type RunningSandbox } from '../../sandbox/index.js';
import type { InvoiceSummary, OutputInvoiceDetail, RedStarted } from '../../shared/ipc/index.js';
import type { LedgerChange } from '../../shared/ipc/schemas/changes.js';
import { BUYER_004, call, GOODS } from '../integration/core/red-support.js';
import { tempDir } from '../support/sample-issuance.js';
import { createTestCipher } from '../support/test-cipher.js';
import { createTeamLedgerDb, type TeamLedgerDb } from './support/desks.js';

let team: TeamLedgerDb;
let sandbox: RunningSandbox;
const root = tempDir('fapiao-team-reversal-');
const cores: Core[] = [];
/** Every ledger change each desk's views were told, by desk. */
const heard = new Map<Core, LedgerChange[]>();

beforeAll(async () => {
  team = await createTeamLedgerDb();
  // The service takes its time with issuing and approving, so that the clerks change before the form's answer.
  sandbox = await startSandbox({ dataDir: path.join(root, 'sandbox'), issueDelayMs: 1500, onError: () => {} });
});

afterAll(async () => {
  for (const core of cores.reverse()) await core.close().catch(() => undefined);
  await sandbox?.close();
  await team?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function desk(name: string): Promise<Core> {
  const choice: TeamChoice = { kind: 'team', address: team.desk.address, password: team.desk.password, desk: name, backoffMs: [100, 200, 400] };
  const core = await createCore(
    {
      dataDir: path.join(root, name),
      appVersion: 'team-test',
      dailyBackups: false,
      outboxBaseDelayMs: 40,
      outboxMaxDelayMs: 400,
      service: { kind: 'remote', baseUrl: sandbox.baseUrl, appKey: DEMO_CREDENTIALS.appKey, appSecret: DEMO_CREDENTIALS.appSecret, seller: DEMO_ENTERPRISE },
      ledger: choice,
    },
    { cipher: createTestCipher(Buffer.alloc(32, 7)) },
  );
  cores.push(core);
  const changes: LedgerChange[] = [];
  heard.set(core, changes);
  core.onEvent((event, payload) => {
    if (event === 'ledger:changed') changes.push(payload as LedgerChange);
  });
  return core;
}

/** The desk's history row of an invoice (whichever desk's worker issued it, the row is the team's). */
const rowOf = async (core: Core, lsh: string) => (await call<InvoiceSummary[]>(core, 'history:list', {})).find((row) => row.lsh === lsh);
const detail = (core: Core, id: number) => call<OutputInvoiceDetail>(core, 'history:detail', { id });
const remote = (core: Core, aggregate: LedgerChange['aggregate']) => heard.get(core)!.filter((change) => change.origin.kind === 'remote' && change.aggregate === aggregate);

async function issued(core: Core, draft: Record<string, unknown>): Promise<InvoiceSummary> {
  const queued = await call<InvoiceSummary>(core, 'issuance:submit', draft);
  await expect.poll(async () => (await rowOf(core, queued.lsh))?.status, { timeout: 60_000 }).toBe('issued');
  return (await rowOf(core, queued.lsh))!;
}

describe('red reversals on a team ledger', () => {
  let a: Core;
  let b: Core;

  beforeAll(async () => {
    a = await desk('desk-a');
    b = await desk('desk-b');
    // The clerks are the team's: added at desk B, they sign in at either desk.
    await call(b, 'clerks:add', { name: '王管理', role: 'admin', pin: '975310' });
    await call(b, 'clerks:add', { name: '钱复核', role: 'reviewer', pin: '864200' });
    await call(b, 'clerks:signOut', {});
    await call(b, 'clerks:signIn', { name: '钱复核', pin: '864200' });
    await call(a, 'clerks:signIn', { name: '王管理', pin: '975310' });
  });

  it("reverses desk A's invoice at desk B through a red-letter form, signed by B's reviewer, and A sees it all", async () => {
    const blue = await issued(a, { invoiceType: '004', ...BUYER_004, issuer: '王管理', lines: GOODS });
    await expect.poll(async () => (await rowOf(b, blue.lsh))?.status).toBe('issued');

    const started = await call<RedStarted>(b, 'reversal:start', { blueInvoiceId: blue.id, reason: '2', letterReason: '2', letterSubReason: 'buyer-refused', terminal: 'kpzd-01' });
    if (started.kind !== 'form') throw new Error('expected a red-letter form');
    // Another clerk takes desk B before the service approves the form (1.5 s).
    await call(b, 'clerks:signOut', {});
    await call(b, 'clerks:signIn', { name: '王管理', pin: '975310' });

    // Desk A hears of the form at once and finds it on the blue invoice.
    await expect.poll(() => remote(a, 'redForm').some((change) => change.ids.includes(String(started.form.id)))).toBe(true);
    expect((await detail(a, blue.id)).reversal?.forms.map((form) => form.lsh)).toEqual([started.form.lsh]);
    const listed = await call<{ rows: Array<{ lsh: string }> }>(a, 'reversal:listForms', { query: '', limit: 50 });
    expect(listed.rows.map((form) => form.lsh)).toEqual([started.form.lsh]);

    // Approved, the red invoice is issued by whichever desk's worker took the row; desk A's history shows it.
    const redLsh = async () => (await detail(a, blue.id)).reversal?.forms[0]?.redInvoiceLsh ?? null;
    await expect.poll(redLsh, { timeout: 60_000 }).not.toBeNull();
    const red = (await redLsh())!;
    await expect.poll(async () => (await rowOf(a, red))?.status, { timeout: 60_000 }).toBe('issued');
    const original = await detail(a, blue.id);
    expect(original.reversal).toMatchObject({ state: 'full', remaining: '0.00', inFlight: '0.00' });
    expect(original.reversal?.reds.map((row) => [row.lsh, row.status])).toEqual([[red, 'issued']]);
    expect(original.reversal?.forms[0]).toMatchObject({ status: 'approved', redInvoiceLsh: red, redInvoiceStatus: 'issued' });
    const redRow = (await rowOf(a, red))!;
    expect((await detail(a, redRow.id)).original).toMatchObject({ id: blue.id, invoiceNumber: blue.invoiceNumber, reason: '2' });
    expect(remote(a, 'invoice').length).toBeGreaterThan(0);

    // The form and its red invoice are the reviewer's, not the clerk at either desk when the answer came.
    const signed = await team.pool.query<{ what: string; created_by: string | null }>(
      `SELECT 'form' AS what, created_by FROM red_letter_form UNION ALL SELECT kplx, created_by FROM issued_invoice ORDER BY what`,
    );
    expect(signed.rows).toEqual([
      { what: '0', created_by: '王管理' },
      { what: '1', created_by: '钱复核' },
      { what: 'form', created_by: '钱复核' },
    ]);
  });

  it("reverses part of desk A's general invoice at desk B directly, and A's history shows it partly reversed", async () => {
    const blue = await issued(a, { invoiceType: '007', buyerName: '杭州云栖商贸有限公司', issuer: '王管理', lines: GOODS });
    const before = remote(a, 'invoice').length;
    const started = await call<RedStarted>(b, 'reversal:start', { blueInvoiceId: blue.id, reason: '1', lines: [{ xh: 1, quantity: '4' }] });
    if (started.kind !== 'invoice') throw new Error('expected a red invoice');
    await expect.poll(() => remote(a, 'invoice').slice(before).some((change) => change.ids.includes(String(blue.id)))).toBe(true);
    await expect.poll(async () => (await rowOf(a, started.invoice.lsh))?.status, { timeout: 60_000 }).toBe('issued');
    expect((await detail(a, blue.id)).reversal).toMatchObject({ state: 'partial', reversed: '100.00', inFlight: '0.00', remaining: '1210.00' });
    // What is left is the team's: reversing the whole invoice again is refused at desk A.
    const refused = await a.router.dispatch('reversal:start', { blueInvoiceId: blue.id, reason: '2' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', key: 'reversal.exceedsRemainingOf' } });
  });
});
