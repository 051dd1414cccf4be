/** The issuance form's pure helpers: form values → draft, the live check, and drafts read back leniently. */
import { describe, expect, it } from 'vitest';
import { InvoiceDraft } from '../../../shared/ipc/schemas/issuance.js';
import { activeMember, checkForm, discountLineFor, emptyForm, liveLineAmount, rateLabel, toDraft, toNamePath } from '../../../renderer/src/features/issuance/draft.js';
import { formFromDraftContent } from '../../../renderer/src/features/issuance/draft-content.js';

const SELLER = { taxNumber: '91310000MA1FL8XQ5D', name: '上海演示科技有限公司' };

function filled() {
  const form = emptyForm('张三');
  form.buyerName = ' 北京测试科技有限公司 ';
  form.lines = [{ ...form.lines[0]!, name: '办公用品', taxCode: ' 1060201070000000000 ', quantity: ' 3 ', unitPrice: '33.33' }];
  return form;
}

describe('toDraft', () => {
  it('builds a 026 draft the contract accepts, trimming pasted numbers and leaving empty optional fields out', () => {
    const draft = toDraft(filled());
    expect(InvoiceDraft.safeParse(draft).success).toBe(true);
    expect(draft.lines[0]).toEqual({ name: '办公用品', rate: '0.13', taxCode: '1060201070000000000', quantity: '3', unitPrice: '33.33' });
    expect(draft).not.toHaveProperty('buyerTaxNumber');
    expect(draft).not.toHaveProperty('specificBusiness');
  });

  it('sends the tdywxx member only for 81/82 with its tspz, and a discount line with only name, rate and amount', () => {
    const form = { ...filled(), invoiceType: '81' as const, specialKind: '54' as const };
    expect(activeMember('81', '54')).toBe('hwysfw');
    expect(activeMember('028', '54')).toBeUndefined();
    expect(Object.keys(toDraft(form).specificBusiness ?? {})).toEqual(['hwysfw']);
    const discount = { ...discountLineFor(form.lines[0]!), amount: '9.99' };
    expect(toDraft({ ...form, lines: [{ ...form.lines[0]!, kind: 'discounted' }, discount] }).lines[1]).toEqual({
      name: '办公用品',
      rate: '0.13',
      kind: 'discount',
      amount: '9.99',
    });
  });
});

describe('checkForm', () => {
  it('puts schema and rule issues on the form paths, with totals and the amount in words', () => {
    const check = checkForm({ ...filled(), invoiceType: '028' }, SELLER);
    expect(check.byPath.get('buyerTaxNumber')?.errors[0]).toContain('购买方纳税人识别号');
    expect(check.byPath.get('buyerAddress')?.errors).toHaveLength(1);
    expect(check.totals.total).toBe('99.99');
    expect(check.amountInWords).toBe('玖拾玖元玖角玖分');
    expect(checkForm(filled(), SELLER).errorCount).toBe(0);
  });

  it('shows a line amount only once it can be computed', () => {
    expect(liveLineAmount({ ...emptyForm('').lines[0]!, quantity: '3', unitPrice: '33.33' })).toEqual({ amount: '99.99', tax: '11.50' });
    expect(liveLineAmount({ ...emptyForm('').lines[0]!, quantity: '3', unitPrice: 'abc' })).toBeNull();
    expect(rateLabel('0.09')).toBe('9%');
  });

  it('a 差额征税 line: the deduction is sent only while a line is so levied, and the line tax is after it', () => {
    const tour = { ...emptyForm('').lines[0]!, name: '旅游服务', taxCode: '3040802000000000000', quantity: '1', unitPrice: '10600', rate: '0.06' as const, specialLevy: '4' as const };
    const values = { ...filled(), invoiceType: '82' as const, lines: [tour], deduction: '8480' };
    expect(toDraft(values).deduction).toBe('8480');
    expect(toDraft({ ...values, lines: [{ ...tour, specialLevy: undefined }] }).deduction).toBeUndefined();
    // (10600 − 8480) × 0.06 / 1.06 = 120.00; without the deduction 600.00
    expect(liveLineAmount(tour, '8480')).toEqual({ amount: '10600.00', tax: '120.00' });
    expect(liveLineAmount(tour, '')).toEqual({ amount: '10600.00', tax: '600.00' });
    const check = checkForm(values, SELLER);
    expect(check.errorCount).toBe(0);
    expect(check.totals).toMatchObject({ total: '10600.00', tax: '120.00' });
    expect(checkForm({ ...values, deduction: '' }, SELLER).byPath.get('deduction')?.errors).toEqual(['扣除额 不能为空（第 1 行为差额征税，须填写扣除额）']);
  });

  it('maps paths both ways', () => {
    expect(toNamePath('lines.2.quantity')).toEqual(['lines', 2, 'quantity']);
  });
});

describe('formFromDraftContent', () => {
  it('reads a saved draft back, keeping good values and defaulting anything off', () => {
    const form = formFromDraftContent(JSON.parse(JSON.stringify(filled())), '李四');
    expect(form.buyerName).toBe(' 北京测试科技有限公司 ');
    expect(form.lines[0]?.quantity).toBe(' 3 ');
    const odd = formFromDraftContent({ invoiceType: '999', buyerName: 42, lines: [{ kind: 'weird', rate: '0.07', name: '茶' }] }, '李四');
    expect(odd.invoiceType).toBe('026');
    expect(odd.buyerName).toBe('');
    expect(odd.issuer).toBe('李四');
    expect(odd.lines[0]).toMatchObject({ kind: 'normal', rate: '0.13', name: '茶' });
    expect(formFromDraftContent(null, '李四')).toEqual(emptyForm('李四'));
  });
});
