/**
 * Batch issuance reads a line's levy by the names clerks type into the 特殊征税方式 column (codes, the
 * levy's words, 一般计税 for none; the old 零税率标识 header still read) and a 差额征税 invoice's 扣除额
 * column; the rule book then judges them on the sheet's row and column (docs/service-interface.md §7).
 */
import { describe, expect, it } from 'vitest';
import { BATCH_HEADERS, BATCH_LABELS, LEVY_NAMES } from '../../../main/features/batch/columns.js';
import { groupRows, parseInvoice } from '../../../main/features/batch/parse.js';
import type { BatchField } from '../../../main/features/batch/columns.js';
import { LEVY_KINDS, LEVY_TEXTS, lslbsOf } from '../../../shared/i18n/levy-texts.js';
import { usccCheckCharacter } from '../../../shared/rules/uscc.js';

const context = { seller: { taxNumber: '91310000MA1FL8XQ5D', name: '上海演示科技有限公司' }, defaultIssuer: '李四' };
const row = (n: number, values: Partial<Record<BatchField, string>>) => ({ row: n, values, problems: [] });
const parse = (...rows: ReturnType<typeof row>[]) => parseInvoice(groupRows(rows)[0]!, 1, context);
const TOUR = { invoiceType: '82', buyerName: '北京客户贸易有限公司', name: '旅游服务', taxCode: '3040802000000000000', quantity: '1', unitPrice: '10600', rate: '6%' };

describe('batch: levy and deduction columns', () => {
  it('knows every levy by its words, and 一般计税 as none', () => {
    for (const kind of LEVY_KINDS) expect(LEVY_NAMES[LEVY_TEXTS[kind].zh], kind).toBe(lslbsOf(kind));
    expect(BATCH_LABELS.specialLevy).toBe('特殊征税方式');
    expect(BATCH_HEADERS.get('零税率标识')).toBe('specialLevy');
    expect(BATCH_LABELS.deduction).toBe('扣除额');
  });

  it('a 差额征税 row with its 扣除额 becomes a draft the rules accept, taxed after the deduction', () => {
    const parsed = parse(row(2, { ...TOUR, specialLevy: '差额征税', deduction: '8480' }));
    expect(parsed.issues).toEqual([]);
    expect(parsed.draft).toMatchObject({ deduction: '8480', lines: [{ specialLevy: '4', rate: '0.06' }] });
    expect(parsed.total).toBe('10600.00');
  });

  it('a 差额征税 row without 扣除额 is refused on the 扣除额 column; an unknown levy on its own column', () => {
    expect(parse(row(2, { ...TOUR, specialLevy: '4' })).issues.map((issue) => [issue.row, issue.column, issue.key])).toEqual([[2, 'deduction', 'rules.differenceLevyNeedsDeduction']]);
    expect(parse(row(3, { ...TOUR, specialLevy: '全额征税' })).issues.map((issue) => [issue.row, issue.column, issue.key])).toEqual([[3, 'specialLevy', 'batch.problems.levyInvalid']]);
    expect(parse(row(4, { ...TOUR, specialLevy: '一般计税' })).issues).toEqual([]);
  });

  it('an exempt row on a special invoice is refused on that row’s levy column', () => {
    const buyer = { buyerTaxNumber: '91310115MA1K4ABCD' + usccCheckCharacter('91310115MA1K4ABCD'), buyerAddress: '北京市朝阳区建国路 1 号', buyerPhone: '010-88886666', buyerBank: '中国银行北京分行', buyerAccount: '6217000010000000001' };
    const parsed = parse(
      row(2, { ...TOUR, ...buyer, invoiceKey: 'A', invoiceType: '004' }),
      row(3, { invoiceKey: 'A', name: '教材', taxCode: '1060201070000000000', quantity: '1', unitPrice: '50', rate: '0%', specialLevy: '免税' }),
    );
    expect(parsed.issues.map((issue) => [issue.row, issue.column, issue.key])).toEqual([[3, 'specialLevy', 'rules.levyExemptOnSpecial']]);
  });
});
