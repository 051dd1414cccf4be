/**
 * The statistics workbook (main/features/statistics/export.ts) written to a real file and read back with exceljs:
 * the period statistics of a described quarter (test/unit/features/support/statistics-month.ts) answered by the
 * statistics service over an in-memory output port, month by month as the ledgers answer. Checked against what an
 * accountant works out from the invoices: the schedule of sales in the form's rows and 14 columns (money as
 * numbers, the clerk's columns present and empty), the sheets by rate (rates as percent numbers, levy in words),
 * by kind (026 and 028 apart, net without a count) and by month, input kinds in words, the received totals with
 * 价税合计 and the unverified count, the file names, and an English workbook without a Chinese character.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statisticsFileName, writeStatisticsWorkbook } from '../../../main/features/statistics/export.js';
import { createStatisticsService, type StatisticsServiceDeps } from '../../../main/features/statistics/service.js';
import type { PeriodStatistics, TaxPeriod } from '../../../shared/ipc/schemas/statistics.js';
import { expectedApart, expectedRows, expectedVoided } from '../features/support/schedule-expected.js';
import { bucketsOf, INVOICES, NOVEMBER, Q4 } from '../features/support/statistics-month.js';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-statistics-workbook-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const unused = () => Promise.reject(new Error('not used by the period statistics'));
/** Input of the period as the collection feature sums it: 01, 14 and a code the workbook has no words for. */
const INPUT = [
  { kind: '01', count: 2, amountFen: 300000, taxFen: 39000, certified: 1, certifiedAmountFen: 100000, certifiedTaxFen: 13000, certifiedValidTaxFen: 13000 },
  { kind: '14', count: 1, amountFen: 9709, taxFen: 291, certified: 1, certifiedAmountFen: 9709, certifiedTaxFen: 291, certifiedValidTaxFen: 291 },
  { kind: '99', count: 1, amountFen: 100, taxFen: 0, certified: 0, certifiedAmountFen: 0, certifiedTaxFen: 0, certifiedValidTaxFen: 0 },
];

function service() {
  const deps: StatisticsServiceDeps = {
    statistics: {
      buckets: (_environment, _seller, from, to) => Promise.resolve(bucketsOf(INVOICES, Q4.filter((m) => m >= from && m <= to))),
      monthlyTax: () => Promise.resolve([]),
    },
    environment: 'sandbox',
    enterprise: () => '91330100MA2B3C4D5E',
    now: () => new Date('2026-12-20T02:00:00Z'),
    collection: { periodSums: () => Promise.resolve(INPUT), certifiedByMonth: unused, currentWindow: unused, totals: unused },
    intake: {
      ledgerTotals: (filter) =>
        Promise.resolve(
          filter.state === 'unverified'
            ? { count: 1, rows: 1, incomplete: 0, fpje: '100.00', fpse: '13.00', jshj: '113.00' }
            : { count: 4, rows: 4, incomplete: 1, fpje: '300.00', fpse: '39.00', jshj: '339.00' },
        ),
    },
    waitingCounts: unused,
    printFailures: unused,
  };
  return createStatisticsService(deps);
}

async function written(period: TaxPeriod, language: 'zh' | 'en', enterprise: string): Promise<{ stats: PeriodStatistics; workbook: ExcelJS.Workbook; file: string }> {
  const stats = await service().period(period);
  const file = path.join(dir, statisticsFileName(stats, language));
  await writeStatisticsWorkbook(stats, file, language, enterprise);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  return { stats, workbook, file };
}

/** The rows of a sheet whose first cell is text, keyed by it: the values of the columns after it. */
function rowsOf(sheet: ExcelJS.Worksheet, keyColumn = 1): Map<string, ExcelJS.CellValue[]> {
  const rows = new Map<string, ExcelJS.CellValue[]>();
  sheet.eachRow((row) => {
    const key = row.getCell(keyColumn).value;
    if (typeof key === 'string' && key !== '') rows.set(key, Array.from({ length: 16 }, (_, i) => row.getCell(keyColumn + 1 + i).value));
  });
  return rows;
}

const asNumbers = (cells: ReadonlyArray<string | null>) => cells.map((cell) => (cell === null ? null : Number(cell)));

describe('the statistics workbook', () => {
  it('holds the schedule of sales in the form’s rows and columns, money as numbers, the clerk’s cells empty', async () => {
    const { workbook, file } = await written({ kind: 'quarter', year: 2026, index: 4 }, 'zh', '杭州示范科技有限公司');
    expect(path.basename(file)).toBe('统计-2026年第4季度.xlsx');
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['附列资料（一）', '销项（按税率）', '销项（按票种）', '销项（按月）', '进项', '报销（收票）']);
    const sheet = workbook.getWorksheet('附列资料（一）')!;
    expect(sheet.getCell('A1').value).toBe('增值税及附加税费申报表附列资料（一）（本期销售情况明细）');
    expect(sheet.getCell('C3').value).toBe('开具增值税专用发票');
    expect(sheet.getCell('G3').value).toBe('未开具发票');
    expect(sheet.getCell('P4').value).toBe('销项（应纳）税额');
    expect(['C', 'D', 'G', 'K', 'M'].map((c) => sheet.getCell(`${c}5`).value)).toEqual(['1', '2', '5', '9=1+3+5+7', '11=9+10']);

    const rows = rowsOf(sheet);
    const want = expectedRows(Q4);
    for (const [row, cells] of Object.entries(want)) {
      expect(rows.get(row)?.slice(1, 15), `row ${row}`).toEqual(asNumbers(cells));
    }
    expect(rows.get('1')![0]).toBe('13%税率的货物及加工修理修配劳务');
    expect(rows.get('9b')![0]).toBe('5%征收率的服务、不动产和无形资产');
    // Sections in the form's order.
    const texts: string[] = [];
    sheet.eachRow((row) => {
      const value = row.getCell(2).value;
      if (typeof value === 'string' && /^[一二三四]、/.test(value)) texts.push(value);
    });
    expect(texts).toEqual([
      '一、一般计税方法计税 — 全部征税项目',
      '一、一般计税方法计税 — 其中：即征即退项目',
      '二、简易计税方法计税 — 全部征税项目',
      '二、简易计税方法计税 — 其中：即征即退项目',
      '三、免抵退税',
      '四、免税',
    ]);
    // Money cells are numbers with 2 decimals shown; the clerk's cells are there, empty and filled in colour.
    let rowOne: ExcelJS.Row | undefined;
    sheet.eachRow((row) => {
      if (row.getCell(1).value === '1') rowOne = row;
    });
    expect(rowOne!.getCell(3).numFmt).toBe('#,##0.00');
    expect(rowOne!.getCell(7).value).toBeNull();
    expect(rowOne!.getCell(7).fill).toMatchObject({ type: 'pattern', pattern: 'solid' });

    // Sales in no row, by reason, and the voided lines' total.
    const apart = expectedApart(Q4);
    const reasons: Record<string, string> = { notTaxed: '不征税', notASale: '未发生销售行为的不征税项目（税收分类编码 6）', noRow: '本表无此税率或征收率的栏次', taxedExempt: '免税或零税率的行带有税额' };
    const byWords = rowsOf(sheet, 2);
    for (const [reason, sums] of Object.entries(apart)) {
      const line = byWords.get(reasons[reason]!)!;
      expect(line.slice(4, 6), reason).toEqual([Number(sums.amount), Number(sums.tax)]);
    }
    const noRow = byWords.get('本表无此税率或征收率的栏次')!;
    expect(noRow.slice(0, 3)).toEqual([0.16, '一般计税', '货物']);
    const voided = expectedVoided(Q4);
    expect(byWords.get('作废发票（不计入本表）')!.slice(4, 6)).toEqual([Number(voided.amount), Number(voided.tax)]);
  });

  it('keeps the sheets by rate, kind and month with rates as percent numbers and a net without a count', async () => {
    const { stats, workbook } = await written({ kind: 'quarter', year: 2026, index: 4 }, 'zh', '杭州示范科技有限公司');
    const rates = workbook.getWorksheet('销项（按税率）')!;
    const found: Array<[unknown, unknown, string]> = [];
    rates.eachRow((row, index) => {
      if (index > 2 && typeof row.getCell(1).value === 'number') found.push([row.getCell(1).value, row.getCell(2).value, row.getCell(1).numFmt]);
    });
    expect(found).toContainEqual([0.13, '一般计税', '0%']);
    expect(found).toContainEqual([0.015, '减按征收', '0.0%']);
    expect(found).toContainEqual([0, '免税', '0%']);
    expect(found).toContainEqual([0, '零税率', '0%']);
    expect(found).toContainEqual([0.03, '简易征收', '0%']);
    // The 13 % row's net sales and tax: per line, je − se, invoices not voided.
    const lines13 = INVOICES.filter((i) => !i.voided).flatMap((i) => i.lines.filter((l) => l.sl === '0.13' && !l.lslbs));
    const net13 = [lines13.reduce((s, l) => s.plus(l.je).minus(l.se), new Decimal(0)).toNumber(), lines13.reduce((s, l) => s.plus(l.se), new Decimal(0)).toNumber()];
    const thirteen: unknown[][] = [];
    rates.eachRow((row) => {
      if (row.getCell(1).value === 0.13 && row.getCell(2).value === '一般计税') thirteen.push([row.getCell(7).value, row.getCell(8).value]);
    });
    expect(thirteen).toEqual([net13]);

    const kinds = workbook.getWorksheet('销项（按票种）')!;
    expect(kinds.getRow(2).values).not.toContain('净额 份数');
    const byKind = rowsOf(kinds);
    expect([...byKind.keys()].slice(1)).toEqual(['票种', '增值税专用发票', '增值税电子专用发票', '数电专票', '增值税普通发票', '增值税电子普通发票', '数电普票', '增值税普通发票（卷票）', '合计']);
    // The 028: one blue invoice of 10300 sales; the 026: blue (two) and red (one) in the quarter.
    expect(byKind.get('增值税电子专用发票')!.slice(0, 3)).toEqual([1, 10300, 300]);
    expect([byKind.get('增值税电子普通发票')![0], byKind.get('增值税电子普通发票')![3]]).toEqual([2, 1]);

    const months = rowsOf(workbook.getWorksheet('销项（按月）')!);
    for (const month of Q4) {
      const invoices = INVOICES.filter((i) => i.month === month && !i.voided);
      const sales = invoices.flatMap((i) => i.lines).reduce((s, l) => s.plus(l.je).minus(l.se), new Decimal(0));
      expect(months.get(`${month.slice(0, 4)}-${month.slice(4)}`)![6], month).toBe(sales.toNumber());
    }
    expect(months.get('合计')![6]).toBe(Number(stats.output.total.net.amount));
  });

  it('writes input kinds in words and the received totals with 价税合计 and the unverified count', async () => {
    const { workbook, file } = await written({ kind: 'month', year: 2026, index: 11 }, 'zh', '杭州示范科技有限公司');
    expect(path.basename(file)).toBe('统计-2026年11月.xlsx');
    expect(workbook.getWorksheet('销项（按月）')).toBeUndefined();
    const input = rowsOf(workbook.getWorksheet('进项')!);
    expect(input.get('增值税专用发票')!.slice(0, 4)).toEqual(['01', 2, 3000, 390]);
    expect(input.get('通行费电子发票')![0]).toBe('14');
    expect(input.get('99')![0]).toBe('99');
    expect(input.get('合计')![7]).toBe(132.91);
    const received = workbook.getWorksheet('报销（收票）')!;
    expect(received.getRow(2).values).toEqual([undefined, '份数', '金额', '税额', '价税合计', '金额不全 份数', '未查验 份数']);
    expect(received.getRow(3).values).toEqual([undefined, 4, 300, 39, 339, 1, 1]);
    // The November schedule too, as worked out from the lines.
    const rows = rowsOf(workbook.getWorksheet('附列资料（一）')!);
    for (const [row, cells] of Object.entries(expectedRows(NOVEMBER))) expect(rows.get(row)?.slice(1, 15), `row ${row}`).toEqual(asNumbers(cells));
  });

  it('names the file statistics-2026-11 / statistics-2026-Q4 in English, with no Chinese inside', async () => {
    const month = await written({ kind: 'month', year: 2026, index: 11 }, 'en', 'Hangzhou Demo Technology Co');
    expect(path.basename(month.file)).toBe('statistics-2026-11.xlsx');
    const quarter = await written({ kind: 'quarter', year: 2026, index: 4 }, 'en', 'Hangzhou Demo Technology Co');
    expect(path.basename(quarter.file)).toBe('statistics-2026-Q4.xlsx');
    expect(quarter.workbook.worksheets.map((s) => s.name)).toEqual(['Schedule 1 sales', 'Output by rate', 'Output by kind', 'Output by month', 'Input', 'Received']);
    const chinese: string[] = [];
    for (const sheet of quarter.workbook.worksheets) {
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          if (typeof cell.value === 'string' && /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/.test(cell.value)) chinese.push(`${sheet.name}!${cell.address} ${cell.value}`);
        }),
      );
    }
    expect(chinese).toEqual([]);
    const rows = rowsOf(quarter.workbook.getWorksheet('Schedule 1 sales')!);
    expect(rows.get('1')![0]).toBe('Goods and processing, repair services at 13%');
    expect(rows.get('5')!.slice(1, 15)).toEqual(asNumbers(expectedRows(Q4)['5']!));
  });
});
