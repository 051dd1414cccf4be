import { describe, expect, it } from 'vitest';
import { InvoiceDraft } from '../../../shared/ipc/schemas/issuance.js';
import {
  emptyForm,
  fieldErrorsFromFailure,
  fieldErrorsFromIssues,
  liveLineAmounts,
  liveTotals,
  rateLabel,
  toDraft,
  toFieldName,
} from '../../../renderer/src/features/issuance/draft.js';

describe('toDraft', () => {
  it('builds an 026 draft that the contract accepts, trimming pasted numbers and codes', () => {
    const draft = toDraft({
      buyerName: '北京测试科技有限公司',
      issuer: '张三',
      lines: [{ name: '技术服务费', taxCode: ' 3040201990000000000 ', quantity: '3 ', unitPrice: ' 33.335', rate: '0.06' }],
    });
    expect(draft.invoiceType).toBe('026');
    expect(draft.lines[0]).toMatchObject({ taxCode: '3040201990000000000', quantity: '3', unitPrice: '33.335' });
    expect(InvoiceDraft.safeParse(draft).success).toBe(true);
  });

  it('defaults fields antd has not filled yet', () => {
    expect(toDraft({})).toEqual({ invoiceType: '026', buyerName: '', issuer: '', lines: [] });
  });
});

describe('live amounts', () => {
  it('are null until quantity and price are numbers', () => {
    expect(liveLineAmounts({ quantity: '3', unitPrice: '', rate: '0.13' })).toBeNull();
    expect(liveLineAmounts({ quantity: '3.', unitPrice: '1', rate: '0.13' })).toBeNull();
    expect(liveLineAmounts(undefined)).toBeNull();
  });

  it('compute in decimals: 3 × 33.335 = 100.01 (a float would give 100.00)', () => {
    expect(liveLineAmounts({ quantity: '3', unitPrice: '33.335', rate: '0.06' })).toEqual({ amount: '100.01', tax: '5.66', net: '94.35' });
  });

  it('total only the complete lines', () => {
    const lines = [
      { quantity: '3', unitPrice: '33.335', rate: '0.06' as const },
      { quantity: '2', unitPrice: '0.1', rate: '0.09' as const },
      { quantity: 'x', unitPrice: '1', rate: '0.13' as const },
      undefined,
    ];
    expect(liveTotals(lines)).toEqual({ total: '100.21', tax: '5.68', net: '94.53' });
  });
});

describe('rateLabel', () => {
  it('shows ratios as percentages without float noise', () => {
    expect(['0.13', '0.09', '0.06', '0.00', '0.07'].map(rateLabel)).toEqual(['13%', '9%', '6%', '0%', '7%']);
  });
});

describe('field error mapping', () => {
  it('maps paths of this form and nothing else', () => {
    expect(toFieldName(['lines', 2, 'taxCode'])).toEqual(['lines', 2, 'taxCode']);
    expect(toFieldName('lines.0.unitPrice')).toEqual(['lines', 0, 'unitPrice']);
    expect(toFieldName(['buyerName'])).toEqual(['buyerName']);
    expect(toFieldName(['lines'])).toEqual(['lines']);
    expect(toFieldName(['invoiceType'])).toBeNull();
    expect(toFieldName(['lines', 0, 'constructor'])).toBeNull();
    expect(toFieldName(['lines', 'x', 'name'])).toBeNull();
  });

  it('turns the schema’s own issues into field errors', () => {
    const parsed = InvoiceDraft.safeParse(toDraft({ ...emptyForm('张三'), lines: [{ name: '', taxCode: '123', quantity: '1', unitPrice: 'a', rate: '0.13' }] }));
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const { fields } = fieldErrorsFromIssues(parsed.error.issues);
    expect(fields.map((f) => f.name.join('.')).sort()).toEqual(['buyerName', 'lines.0.name', 'lines.0.taxCode', 'lines.0.unitPrice']);
  });

  it('puts each issue of a failed call on its exact field (details.issues from main)', () => {
    const error = {
      message: 'lines.1.quantity: 数量必须是数字；buyerName: 购买方名称不能为空',
      details: { issues: [{ path: ['lines', 1, 'quantity'], message: '数量必须是数字' }, { path: ['buyerName'], message: '购买方名称不能为空' }] },
    };
    expect(fieldErrorsFromFailure(error).fields).toEqual([
      { name: ['lines', 1, 'quantity'], errors: ['数量必须是数字'] },
      { name: ['buyerName'], errors: ['购买方名称不能为空'] },
    ]);
  });

  it('maps nothing when a failure carries no field paths', () => {
    expect(fieldErrorsFromFailure({ message: '开票服务返回错误', details: 'nonsense' })).toEqual({ fields: [], unmapped: [] });
    expect(fieldErrorsFromFailure({ message: 'x' })).toEqual({ fields: [], unmapped: [] });
  });
});
