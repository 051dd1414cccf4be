/**
 * 再开一张 and 常用发票 through the real core: an issued blue invoice is read back into form content that
 * submits again as a new invoice with the same buyer and lines (a new serial); a red invoice is never
 * repeated; templates are saved by name (a taken name refused unless replacing), found by name or buyer,
 * opened (recently used first), kept across a restart and deleted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import type { InvoiceSummary, IpcResult } from '../../../shared/ipc/index.js';
import { issuedEvent as issued } from '../../support/core-events.js';
import { createTestCipher } from '../../support/test-cipher.js';

const dirs: string[] = [];
const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(dataDir: string) {
  const core = await createCore({ dataDir, appVersion: 'test', sandboxIssueDelayMs: 100, outboxBaseDelayMs: 50 }, { cipher: createTestCipher() });
  cores.push(core);
  const call = <T>(channel: string, payload: unknown) => core.router.dispatch(channel, payload) as Promise<IpcResult<T>>;
  const value = async <T>(channel: string, payload: unknown): Promise<T> => {
    const result = await call<T>(channel, payload);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.key} ${JSON.stringify(result.error.params)} ${JSON.stringify(result.error.details ?? null).slice(0, 400)}`);
    return result.value;
  };
  return { core, call, value };
}

const draft = {
  invoiceType: '026',
  buyerName: '杭州云栖商贸有限公司',
  buyerTaxNumber: '91330106MA2H7X8Y2M',
  issuer: '李四',
  payee: '王五',
  remark: '合同 HT-2026-118',
  push: { email: 'ap@yunqi.example.com' },
  lines: [
    { kind: 'discounted', name: '打印纸', taxCode: '1060201070000000000', specification: 'A4 70g', unit: '箱', quantity: '10', unitPrice: '25.5', rate: '0.13' },
    { kind: 'discount', name: '打印纸', amount: '5.00', rate: '0.13' },
    { name: '技术服务', taxCode: '3040201000000000000', quantity: '1', unitPrice: '1060', rate: '0.06' },
  ],
} as const;

describe('repeat and templates', () => {
  it('repeats an issued invoice as a new one with the same buyer, lines, remark and contacts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-repeat-'));
    dirs.push(dir);
    const { core, call, value } = await start(dir);
    const first = await value<InvoiceSummary>('issuance:submit', draft);
    await issued(core, first.lsh);

    const { content } = await value<{ content: Record<string, unknown> }>('issuance:repeat', { id: first.id });
    expect(content).toMatchObject({
      invoiceType: '026',
      buyerName: draft.buyerName,
      buyerTaxNumber: draft.buyerTaxNumber,
      issuer: '李四',
      payee: '王五',
      remark: draft.remark,
      push: { email: 'ap@yunqi.example.com', phone: '' },
      lines: [
        { kind: 'discounted', name: '打印纸', taxCode: '1060201070000000000', specification: 'A4 70g', unit: '箱', quantity: '10', unitPrice: '25.5', rate: '0.13' },
        { kind: 'discount', name: '打印纸', amount: '5.00', rate: '0.13' },
        { kind: 'normal', name: '技术服务', taxCode: '3040201000000000000', quantity: '1', unitPrice: '1060', rate: '0.06' },
      ],
    });
    expect(JSON.stringify(content)).not.toContain(first.lsh);

    // The content is a valid draft as it stands: it issues again, under a new serial, with the same total.
    const { push, lines, ...rest } = content as { push: { email: string; phone: string }; lines: Array<Record<string, unknown>> } & Record<string, unknown>;
    const again = await value<InvoiceSummary>('issuance:submit', {
      invoiceType: rest.invoiceType,
      buyerName: rest.buyerName,
      buyerTaxNumber: rest.buyerTaxNumber,
      issuer: rest.issuer,
      payee: rest.payee,
      remark: rest.remark,
      push: { email: push.email },
      lines: lines.map((line) => Object.fromEntries(Object.entries(line).filter(([, v]) => v !== ''))),
    });
    expect(again.lsh).not.toBe(first.lsh);
    expect(again.total).toBe(first.total);

    expect(await call('issuance:repeat', { id: 999_999 })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', key: 'issuance.repeatGone' } });
  });

  it('saves templates by name, finds and opens them, refuses a taken name, and keeps them across a restart', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-templates-'));
    dirs.push(dir);
    const first = await start(dir);
    const saved = await first.value<{ id: number; name: string }>('templates:save', { name: '云栖月结', invoiceType: '026', buyerName: draft.buyerName, content: draft });
    await first.value('templates:save', { name: '100%_特殊', invoiceType: '007', buyerName: '北京星河', content: { invoiceType: '007' } });

    expect(await first.call('templates:save', { name: '云栖月结', invoiceType: '026', buyerName: 'x', content: {} })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED', key: 'templates.nameTaken', params: { name: '云栖月结' } },
    });
    expect(await first.call('templates:save', { name: '坏\u0007名', invoiceType: '026', buyerName: 'x', content: {} })).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });

    const byName = await first.value<{ rows: Array<{ name: string }> }>('templates:list', { query: '月结' });
    expect(byName.rows.map((row) => row.name)).toEqual(['云栖月结']);
    const byBuyer = await first.value<{ rows: Array<{ name: string }> }>('templates:list', { query: '云栖商贸' });
    expect(byBuyer.rows.map((row) => row.name)).toEqual(['云栖月结']);
    // % and _ are characters in a name, not wildcards.
    expect((await first.value<{ rows: Array<{ name: string }> }>('templates:list', { query: '%_' })).rows.map((row) => row.name)).toEqual(['100%_特殊']);

    const opened = await first.value<{ content: typeof draft; usedAt: string }>('templates:load', { id: saved.id });
    expect(opened.content.lines).toHaveLength(3);
    expect(opened.usedAt).not.toBeNull();
    await first.value('templates:save', { name: '云栖月结', invoiceType: '026', buyerName: draft.buyerName, content: { ...draft, remark: '新备注' }, replace: true });
    await first.core.close();

    const second = await start(dir);
    const all = await second.value<{ rows: Array<{ name: string }> }>('templates:list', {});
    expect(all.rows.map((row) => row.name)).toEqual(['云栖月结', '100%_特殊']);
    expect((await second.value<{ content: { remark: string } }>('templates:load', { id: saved.id })).content.remark).toBe('新备注');
    expect(await second.value('templates:delete', { id: saved.id })).toEqual({ deleted: true });
    expect(await second.call('templates:load', { id: saved.id })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', key: 'templates.gone' } });
  });
});
