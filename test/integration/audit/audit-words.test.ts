/**
 * The audit trail in words (issue 34 point 5), through the core's router on real SQLite files, against the
 * sandbox over real HTTP: an invoice's events name it by its number once the service issued it (the number
 * read from the sandbox's own record of what it issued, not from the desk), its type and blue or red; a red
 * invoice is its own event (开具红字发票) naming the blue one it reverses; a clerk's events name the clerk. And a
 * restore, done by the ledger guard below the features, is in the trail of the ledger it restored — recorded
 * when that ledger opened, with the backup, the time and the clerk who restored it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import { ISSUED_CONTROL_PATH } from '../../../sandbox/index.js';
import type { InvoiceSummary, RedStarted } from '../../../shared/ipc/index.js';
import type { AuditPage } from '../../../shared/ipc/schemas/audit.js';
import type { LedgerStatus } from '../../../shared/ipc/schemas/ledger.js';
import { sandboxControl, startInputCore, type InputCore } from '../../support/input-core.js';
import { createTestCipher } from '../../support/test-cipher.js';
import { call, GOODS, issueBlue, waitFor } from '../core/red-support.js';

let input: InputCore | undefined;
const cores: Core[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await input?.close();
  input = undefined;
  for (const core of cores.splice(0)) await core.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const trail = (core: Core, filter: Record<string, unknown> = {}) => call<AuditPage>(core, 'audit:list', filter);

describe('the audit trail in words', () => {
  it('names invoices by number, type and blue or red, a red invoice as its own event, and clerks by name', async () => {
    input = await startInputCore({ core: { sandboxIssueDelayMs: 100 } });
    const { core } = input;
    await call(core, 'clerks:add', { name: '王管理', role: 'admin', pin: 'admin-pin-9' });
    const blue = await issueBlue(core, { invoiceType: '026', buyerName: '杭州云栖商贸有限公司', issuer: '王管理', lines: GOODS });
    const started = await call<RedStarted>(core, 'reversal:start', { blueInvoiceId: blue.id, reason: '2' });
    if (started.kind !== 'invoice') throw new Error('expected a red invoice');
    const red: InvoiceSummary = await waitFor(core, (row) => row.lsh === started.invoice.lsh && row.status === 'issued');

    // What the service says it issued, by serial.
    const issued = (await sandboxControl<{ invoices: Array<{ lsh: string; fphm: string }> }>(input, ISSUED_CONTROL_PATH)).invoices;
    const numberOf = (lsh: string) => issued.find((invoice) => invoice.lsh === lsh)!.fphm;

    const submitted = (await trail(core, { action: 'invoice.submitted' })).rows;
    expect(submitted).toHaveLength(1);
    expect(submitted[0]!.invoices).toEqual([{ id: String(blue.id), lsh: blue.lsh, fpdm: expect.any(String) as string, fphm: numberOf(blue.lsh), fplxdm: '026', red: false }]);
    expect(submitted[0]!.detail).toMatchObject({ lsh: blue.lsh, fplxdm: '026', color: 'blue' });

    const reds = (await trail(core, { action: 'reversal.redIssued' })).rows;
    expect(reds).toHaveLength(1);
    expect(reds[0]!.invoices).toEqual([{ id: String(red.id), lsh: started.invoice.lsh, fpdm: expect.any(String) as string, fphm: numberOf(started.invoice.lsh), fplxdm: '026', red: true }]);
    expect(reds[0]!.detail).toMatchObject({ lsh: started.invoice.lsh, color: 'red', blueLsh: blue.lsh, blueFphm: numberOf(blue.lsh), reason: '2' });
    // A red invoice is not listed as a plain submission.
    expect(submitted.map((event) => event.recordIds[0])).not.toContain(String(red.id));

    const added = (await trail(core, { action: 'clerk.created' })).rows;
    expect(added[0]!.clerks).toEqual([{ id: added[0]!.recordIds[0], name: '王管理' }]);
  });

  it('records a restore in the trail of the ledger it restored, once that ledger opened', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-audit-restore-'));
    dirs.push(dataDir);
    const core = await createCore({ dataDir, appVersion: 'test', dailyBackups: false }, {
      cipher: createTestCipher(),
      // The clerk says yes to main's own question; nothing is saved or opened here.
      dialog: { confirm: () => Promise.resolve(true), chooseSavePath: () => Promise.resolve(null), chooseOpenPath: () => Promise.resolve(null) },
    });
    cores.push(core);
    await call(core, 'clerks:add', { name: '王管理', role: 'admin', pin: 'admin-pin-9' });
    const backup = await call<{ name: string; kind: string; createdAt: string }>(core, 'ledger:backupNow', {});
    const before = Date.now();
    expect(await call<LedgerStatus>(core, 'ledger:restore', { name: backup.name })).toMatchObject({ mode: 'normal' });

    // The restored ledger (from before the restore) starts signed out; its trail says it was restored, and by whom.
    await call(core, 'clerks:signIn', { name: '王管理', pin: 'admin-pin-9' });
    const restored = (await trail(core, { action: 'ledger.restored' })).rows;
    expect(restored).toHaveLength(1);
    expect(restored[0]).toMatchObject({ aggregate: 'ledger', detail: { backup: backup.name, kind: backup.kind, createdAt: backup.createdAt, by: '王管理' } });
    expect(Date.parse(restored[0]!.at)).toBeGreaterThanOrEqual(before - 1000);
    // Recorded once: a restart does not record it again.
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'ledger.json'), 'utf8')).pendingAudit).toBeUndefined();
  });
});
