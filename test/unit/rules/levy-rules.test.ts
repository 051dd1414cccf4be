/**
 * The levy rules of the rule book (shared/rules/issuance/levy.ts, docs/service-interface.md §7): a line's
 * lslbs against its rate, the kind of invoice and the deduction kce, on blue and red invoices — each rule
 * alone, then through checkIssuanceRules as the desk and the sandbox run it, and through the draft as the
 * form runs it (each issue on the clerk's field).
 */
import { describe, expect, it } from 'vitest';
import { checkDraft, draftIssueText } from '../../../shared/rules/issuance-form/index.js';
import { checkIssuanceRules } from '../../../shared/rules/issuance/index.js';
import { differenceLevyRule, levyRateRule, specialInvoiceLevyRule } from '../../../shared/rules/issuance/levy.js';
import { deductionShare, invoiceTotals, lineTax } from '../../../shared/rules/invoice-amounts.js';
import { ruleText } from '../../../shared/rules/rule-messages.js';
import { usccCheckCharacter } from '../../../shared/rules/uscc.js';
import type { InvoiceTypeCode } from '../../../shared/spec/codes.js';
import type { IssuanceDetailLine, IssuanceRequest } from '../../../shared/spec/issuance.js';
import { sampleIssuance } from '../../support/sample-issuance.js';

type Line = IssuanceDetailLine;
const BUYER = { ghdwsbh: '91110000MA01ABCD1X', ghdwdz: '北京市朝阳区建国路 1 号', ghdwdh: '010-88886666', ghdwyh: '中国银行北京分行', ghdwzh: '6217000010000000001' };
const goods = (overrides: Partial<Line> = {}): Line => ({ fphxz: 0, spmc: '*图书*教材', spbm: '1060201070000000000', spsl: 1, dj: 100, je: 100, sl: 0.13, ...overrides });
/** A blue invoice of these lines, its total their sum. */
const invoice = (fplxdm: InvoiceTypeCode, details: Line[], extra: Partial<IssuanceRequest> = {}): IssuanceRequest =>
  sampleIssuance({ fplxdm, ...BUYER, details, jshj: details.reduce((sum, line) => sum + line.je, 0), ...extra });
const keys = (issues: { path: string; key: string }[]) => issues.map((issue) => `${issue.path} ${issue.key}`);

describe('special invoices carry no exempt, non-taxable or zero-rated sales', () => {
  it('004, 028 and 81 refuse a line at lslbs 1, 2 or 3, naming the line; 007, 026 and 82 take it', () => {
    const lines = [goods(), goods({ spmc: '*图书*免税图书', sl: 0, lslbs: '1' }), goods({ spmc: '*金融服务*利息', sl: 0, lslbs: '2' }), goods({ spmc: '*运输服务*国际运输', sl: 0, lslbs: '3' })];
    for (const type of ['004', '028', '81'] as const) {
      expect(keys(specialInvoiceLevyRule(invoice(type, lines))), type).toEqual([
        'details.1.lslbs levyExemptOnSpecial',
        'details.2.lslbs levyNotTaxedOnSpecial',
        'details.3.lslbs levyZeroRateOnSpecial',
      ]);
    }
    for (const type of ['007', '025', '026', '82'] as const) expect(checkIssuanceRules(invoice(type, lines)), type).toEqual([]);
    const [exempt] = specialInvoiceLevyRule(invoice('004', lines));
    expect(ruleText(exempt!)).toBe('第 2 行 为免税项目：免税销售不得开具增值税专用发票（004），请改开普通发票');
    expect(ruleText(exempt!, 'en')).toBe('Line 2 is exempt: exempt sales may not go on a special VAT invoice (004); issue a general invoice');
  });

  it('3 % reduced to 2 % (used goods) takes a general invoice only; 1 % reduced goes on a special one', () => {
    expect(keys(specialInvoiceLevyRule(invoice('81', [goods({ sl: 0.02, lslbs: '6' })])))).toEqual(['details.0.lslbs levyReducedOnSpecial']);
    expect(checkIssuanceRules(invoice('81', [goods({ sl: 0.01, lslbs: '6' })]))).toEqual([]);
    expect(checkIssuanceRules(invoice('82', [goods({ sl: 0.02, lslbs: '6' })]))).toEqual([]);
  });

  it('a red special invoice reversing an exempt line issued before the rule is not refused for it', () => {
    const red = invoice('004', [goods({ spsl: -1, je: -100, sl: 0, lslbs: '1' })], { yfpdm: '031001900111', yfphm: '00000001', ykprq: '2026-11-02', chyydm: '2', xxbbh: '2631000000000001' });
    expect(checkIssuanceRules(red)).toEqual([]);
  });
});

describe('the rate goes with the levy', () => {
  it('lslbs 1/2/3 at a rate other than 0 is refused on the rate; a 0 rate without 1/2/3 on the levy', () => {
    expect(keys(levyRateRule(invoice('82', [goods({ lslbs: '1' }), goods({ sl: 0.06, lslbs: '3' })])))).toEqual([
      'details.0.sl zeroLevyNeedsZeroRate',
      'details.1.sl zeroLevyNeedsZeroRate',
    ]);
    expect(keys(levyRateRule(invoice('82', [goods({ sl: 0 }), goods({ sl: 0, lslbs: '4' })])))).toEqual([
      'details.0.lslbs zeroRateNeedsLevy',
      'details.1.lslbs zeroRateNeedsLevy',
    ]);
    expect(levyRateRule(invoice('82', [goods({ sl: 0, lslbs: '1' }), goods({ sl: 0, lslbs: '2' }), goods({ sl: 0, lslbs: '3' }), goods({ sl: 0.09 })]))).toEqual([]);
  });

  it('lslbs 5 (简易征收) only at a 征收率 of 3 % or 5 % — not 6 % or 4 % (merged into 3 % in 2014), not 13 % or 0', () => {
    for (const sl of [0.03, 0.05]) expect(levyRateRule(invoice('82', [goods({ sl, lslbs: '5' })])), String(sl)).toEqual([]);
    for (const sl of [0.06, 0.04, 0.13, 0.01, 0]) {
      const issues = levyRateRule(invoice('82', [goods({ sl, lslbs: '5' })]));
      expect(keys(issues), String(sl)).toEqual(['details.0.sl simpleLevyRate']);
    }
    expect(ruleText(levyRateRule(invoice('82', [goods({ sl: 0.06, lslbs: '5' })]))[0]!)).toBe('第 1 行 简易征收只能按征收率 3% 或 5% 开具（现为 6%）');
  });

  it('lslbs 6 (减按征收) only at 1 % or 2 %; 2 % only as 减按征收', () => {
    for (const sl of [0.01, 0.02]) expect(levyRateRule(invoice('82', [goods({ sl, lslbs: '6' })])), String(sl)).toEqual([]);
    for (const sl of [0.03, 0.05, 0.13, 0]) expect(keys(levyRateRule(invoice('82', [goods({ sl, lslbs: '6' })]))), String(sl)).toEqual(['details.0.sl reducedLevyRate']);
    expect(keys(levyRateRule(invoice('82', [goods({ sl: 0.02 })])))).toEqual(['details.0.lslbs reducedRateNeedsLevy']);
    expect(levyRateRule(invoice('82', [goods({ sl: 0.01 }), goods({ sl: 0.03 }), goods({ sl: 0.05 })]))).toEqual([]);
  });

  it('a discount line goes with the line it discounts: it carries no levy and is not judged alone', () => {
    const lines: Line[] = [goods({ fphxz: 2, sl: 0, lslbs: '1' }), { fphxz: 1, spmc: '*图书*教材', je: -10, sl: 0 }];
    expect(checkIssuanceRules(invoice('82', lines))).toEqual([]);
  });
});

describe('差额征税 and its deduction (kce)', () => {
  const difference = (overrides: Partial<Line> = {}): Line => ({ fphxz: 0, spmc: '*经纪代理服务*旅游服务', spbm: '3040802000000000000', spsl: 1, dj: 10600, je: 10600, sl: 0.06, lslbs: '4', ...overrides });

  it('a one-line invoice with 0 ≤ kce < je is accepted, and its tax is (je − kce) × sl / (1 + sl)', () => {
    expect(checkIssuanceRules(invoice('82', [difference()], { kce: 8480 }))).toEqual([]);
    expect(checkIssuanceRules(invoice('81', [difference()], { kce: 0 }))).toEqual([]);
    // (10600 − 8480) × 0.06 / 1.06 = 2120 × 6 / 106 = 120.00
    expect(lineTax(difference(), 8480)).toBe('120.00');
    expect(invoiceTotals([difference()], 0, 8480)).toEqual({ jshj: '10600.00', hjse: '120.00', hjje: '10480.00' });
    // Without a deduction it is taxed in full: 10600 × 6 / 106 = 600.00
    expect(lineTax(difference(), null)).toBe('600.00');
  });

  it('lslbs 4 needs kce; kce below 0, equal to or above je is refused, naming the line', () => {
    expect(keys(differenceLevyRule(invoice('82', [difference()])))).toEqual(['kce differenceLevyNeedsDeduction']);
    for (const kce of [-0.01, 10600, 10600.01]) expect(keys(differenceLevyRule(invoice('82', [difference()], { kce }))), String(kce)).toEqual(['kce deductionRange']);
    expect(ruleText(differenceLevyRule(invoice('82', [difference()], { kce: 10600 }))[0]!)).toBe('扣除额 10600.00 必须不小于 0 且小于第 1 行的含税金额 10600.00');
  });

  it('a 差额征税 invoice has that one line: no other goods line and no discount line', () => {
    const withGoods = invoice('82', [goods(), difference()], { kce: 100 });
    expect(keys(differenceLevyRule(withGoods))).toEqual(['details.1.lslbs differenceLevyOneLine']);
    expect(ruleText(differenceLevyRule(withGoods)[0]!)).toContain('第 2 行 为差额征税');
    const discount: Line = { fphxz: 1, spmc: '*经纪代理服务*旅游服务', je: -600, sl: 0.06 };
    const discounted = invoice('82', [difference({ fphxz: 2 }), discount], { kce: 100 });
    expect(keys(checkIssuanceRules(discounted))).toEqual(['details.0.lslbs differenceLevyOneLine']);
  });

  it('kce without a 差额征税 line is refused, blue or red', () => {
    expect(keys(differenceLevyRule(invoice('82', [goods()], { kce: 10 })))).toEqual(['kce deductionWithoutDifferenceLevy']);
    const red = invoice('82', [goods({ spsl: -1, je: -100 })], { kce: -10 });
    expect(keys(differenceLevyRule(red, '1'))).toEqual(['kce deductionWithoutDifferenceLevy']);
  });

  it('a red invoice mirrors: kce ≤ 0 and |kce| ≤ |je|; one without kce (a blue before kce was sent) passes', () => {
    const red = (kce?: number) => invoice('82', [difference({ spsl: -1, je: -10600 })], kce === undefined ? {} : { kce });
    for (const kce of [-8480, 0, -10600]) expect(differenceLevyRule(red(kce), '1'), String(kce)).toEqual([]);
    for (const kce of [8480, -10600.01]) expect(keys(differenceLevyRule(red(kce), '1')), String(kce)).toEqual(['kce redDeductionRange']);
    expect(differenceLevyRule(red(), '1')).toEqual([]);
  });

  it('the share a red invoice takes back: kce × reversed / levied, negative; all of it for a full reversal', () => {
    expect(deductionShare(8480, 10600, -10600)?.toFixed(2)).toBe('-8480.00');
    // 8480 × 5300 / 10600 = 4240
    expect(deductionShare(8480, 10600, -5300)?.toFixed(2)).toBe('-4240.00');
    expect(deductionShare(0, 10600, -5300)?.toFixed(2)).toBe('0.00');
    expect(deductionShare(undefined, 10600, -5300)).toBeNull();
  });
});

describe('the form: the wire rules on the clerk’s fields', () => {
  const seller = { taxNumber: '91310000MA1FL8XQ5D', name: '上海演示科技有限公司' };
  const base = { buyerName: '北京客户贸易有限公司', buyerTaxNumber: '91310115MA1K4ABCD' + usccCheckCharacter('91310115MA1K4ABCD'), buyerAddress: '北京市朝阳区建国路 1 号', buyerPhone: '010-88886666', buyerBank: '中国银行北京分行', buyerAccount: '6217000010000000001', issuer: '李四' };
  const line = { name: '旅游服务', taxCode: '3040802000000000000', quantity: '1', unitPrice: '10600', rate: '0.06' as const };

  it('an exempt line on a 004 is refused on its 特殊征税方式, naming the line in the clerk’s words', () => {
    const draft = { ...base, invoiceType: '004' as const, lines: [{ ...line, rate: '0.06' as const }, { ...line, name: '图书', rate: '0.00' as const, specialLevy: '1' as const }] };
    const issues = checkDraft(draft, { seller }).issues.filter((issue) => issue.path.startsWith('lines'));
    expect(issues.map((issue) => [issue.path, issue.key])).toEqual([['lines.1.specialLevy', 'levyExemptOnSpecial']]);
    expect(draftIssueText(issues[0]!, 'en')).toBe('Line 2 is exempt: exempt sales may not go on a special VAT invoice (004); issue a general invoice');
  });

  it('a 差额征税 line without its deduction: the issue is on the 扣除额 field, in the clerk’s words', () => {
    const draft = { ...base, invoiceType: '82' as const, lines: [{ ...line, specialLevy: '4' as const }] };
    const [issue] = checkDraft(draft, { seller }).issues;
    expect(issue).toMatchObject({ path: 'deduction', key: 'differenceLevyNeedsDeduction' });
    expect(draftIssueText(issue!, 'zh')).toBe('扣除额 不能为空（第 1 行为差额征税，须填写扣除额）');
    expect(draftIssueText(issue!, 'en')).toBe('Deduction is required (line 1 is levied on the difference)');
    const built = checkDraft({ ...draft, deduction: '8480' }, { seller });
    expect(built.issues).toEqual([]);
    expect(built.built.totals).toMatchObject({ total: '10600.00', tax: '120.00' });
    expect(built.request?.kce).toBe(8480);
  });

  it('a rate that does not go with the levy is refused on the rate', () => {
    const draft = { ...base, invoiceType: '82' as const, lines: [{ ...line, rate: '0.06' as const, specialLevy: '5' as const }] };
    expect(checkDraft(draft, { seller }).issues.map((issue) => [issue.path, issue.key])).toEqual([['lines.0.rate', 'simpleLevyRate']]);
  });
});
