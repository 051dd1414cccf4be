/**
 * Collection and the input ledger through the core against a seeded sandbox over real HTTP: 今日同步
 * pages every kind with one PCH per run until ZHS rows have come, progress is reported, the ledger holds
 * exactly the rows collected (none twice), filters and totals agree with the rows, lines are there, a
 * later collection that meets an invoice again updates its status and keeps the change, and the ledger
 * exports to Excel.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { HISTORY_DB_FILE } from '../../../main/core.js';
import type { CollectionRunView, LedgerRow } from '../../../shared/ipc/index.js';
import { RECEIVED_STATUS_CONTROL_PATH } from '../../../sandbox/index.js';
import { sandboxControl, startInputCore, type InputCore } from '../../support/input-core.js';

let input: InputCore | undefined;
afterEach(async () => {
  await input?.close();
  input = undefined;
});

async function settled(input: InputCore, runIds: number[]): Promise<CollectionRunView[]> {
  await expect
    .poll(async () => (await input.call('collection:runs', {})).filter((run) => runIds.includes(run.id) && (run.status === 'done' || run.status === 'failed')).length, {
      timeout: 60_000,
    })
    .toBe(runIds.length);
  return (await input.call('collection:runs', {})).filter((run) => runIds.includes(run.id));
}

const sum = (rows: LedgerRow[], pick: (row: LedgerRow) => string | null) => rows.reduce((total, row) => total.plus(pick(row) ?? '0'), new Decimal(0)).toFixed(2);

describe('collection and the input ledger', () => {
  it('collects every kind page by page, keeps exactly ZHS rows, filters, totals, lines and export', async () => {
    // Pages of 20 invoices: a kind's few hundred take more than one step of five pages, so progress shows between them.
    input = await startInputCore({ seedInvoicesPerBuyer: 1500, core: { collectionPageSize: 20 } });
    const progress: CollectionRunView[] = [];
    input.core.onEvent((event, payload) => event === 'collection:progress' && progress.push(payload));

    const { runIds } = await input.call('collection:sync', {});
    expect(runIds).toHaveLength(6);
    const runs = await settled(input, runIds);
    expect(runs.every((run) => run.status === 'done')).toBe(true);
    for (const run of runs) expect(run.rows).toBe(run.total);
    // Progress came step by step, with the total known from the first page on.
    expect(progress.some((event) => event.status === 'running' && event.total !== null && event.rows < event.total)).toBe(true);

    const all = await input.call('collection:ledger', { limit: 200 });
    const db = new Database(path.join(input.appDir, HISTORY_DB_FILE), { readonly: true });
    const held = db.prepare(`SELECT count(*) AS n, count(DISTINCT fpdm || '/' || fphm) AS d FROM collected_invoice`).get() as { n: number; d: number };
    const detailRuns = runs.filter((run) => run.kind !== 'main');
    expect(held.n).toBe(held.d);
    expect(held.n).toBeGreaterThanOrEqual(detailRuns.reduce((total, run) => total + (run.total ?? 0), 0));
    expect(all.totals?.count).toBe(held.n);
    db.close();

    // Filters and totals agree with the rows they select.
    const special = await input.call('collection:ledger', { FPLXDM: '01', RZZT: '0', limit: 200 });
    expect(special.rows.length).toBeGreaterThan(0);
    expect(special.rows.every((row) => row.FPLXDM === '01' && (row.RZZT ?? '0') === '0')).toBe(true);
    if (special.totals!.count <= 200) {
      expect(special.totals?.amount).toBe(sum(special.rows, (row) => row.HJJE));
      expect(special.totals?.tax).toBe(sum(special.rows, (row) => row.SE));
    }
    const seller = special.rows[0]!.XHFMC!.slice(0, 4);
    const bySeller = await input.call('collection:ledger', { seller, limit: 200 });
    expect(bySeller.rows.every((row) => row.XHFMC?.includes(seller) || row.XHFSBH?.includes(seller))).toBe(true);
    const ranged = await input.call('collection:ledger', { amountMin: '1000', amountMax: '5000', limit: 200 });
    expect(ranged.rows.every((row) => Number(row.HJJE) >= 1000 && Number(row.HJJE) <= 5000)).toBe(true);
    const period = all.rows[0]!.RZSQ || all.rows[0]!.DQSKSSQ!;
    const byPeriod = await input.call('collection:ledger', { period, limit: 200 });
    expect(byPeriod.rows.every((row) => (row.RZSQ || row.DQSKSSQ) === period)).toBe(true);
    const withLines = special.rows.find((row) => row.lineCount > 0)!;
    expect((await input.call('collection:detail', { id: withLines.id })).lines.length).toBe(withLines.lineCount);

    // The tax authority voids one invoice after the first collection: 今日同步 collects since the last
    // successful run, meets it again, updates its status and keeps the change; nothing is duplicated.
    const voided = special.rows[0]!;
    // Collected by the authority at the very second the last run ended: the next run starts there (inclusive).
    await sandboxControl(input, RECEIVED_STATUS_CONTROL_PATH, { FPDM: voided.FPDM, FPHM: voided.FPHM, FPZT: '2', collectedAt: runs[0]!.to });
    const again = await input.call('collection:sync', {});
    await settled(input, again.runIds);
    expect((await input.call('collection:ledger', { limit: 1 })).totals?.count).toBe(all.totals?.count);
    const history = await input.call('collection:detail', { id: voided.id });
    expect(history.changes).toEqual([expect.objectContaining({ field: 'FPZT', oldValue: '0', newValue: '2' })]);
    const nowVoided = await input.call('collection:ledger', { FPZT: '2', limit: 200 });
    expect(nowVoided.rows.map((row) => row.id)).toContain(voided.id);

    const exported = await input.call('collection:export', { FPLXDM: '01', format: 'xlsx' });
    expect(exported.rows).toBe(special.totals!.count + (await input.call('collection:ledger', { FPLXDM: '01', RZZT: '1', limit: 1 })).totals!.count);
    expect(fs.statSync(exported.path!).size).toBeGreaterThan(1000);
    const header = async (file: string) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      const sheet = workbook.worksheets[0];
      return { header: (sheet?.getRow(1).values as unknown[]).slice(1), certification: sheet?.getColumn(12).values.slice(2) ?? [] };
    };
    const chinese = await header(exported.path!);
    expect(chinese.header.slice(0, 4)).toEqual(['发票类型', '发票代码', '发票号码', '开票日期']);
    expect(chinese.certification).toContain('0 未认证');
    // The clerk's own file follows the UI language (code and word, so it reads the same in either).
    await input.call('app:setLanguage', { language: 'en' });
    const english = await header((await input.call('collection:export', { FPLXDM: '01', format: 'xlsx' })).path!);
    expect(english.header).toEqual([
      'Invoice type', 'Invoice code', 'Invoice number', 'Issue date', 'Seller', 'Seller tax ID', 'Amount', 'Tax', 'Total', 'Deductible tax', 'Invoice state', 'Certification',
      'Certification period', 'Management state', 'Current period',
    ]);
    expect(english.certification).toContain('0 Not certified');
  }, 180_000);
});
