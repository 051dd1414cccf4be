/**
 * Messages by code for the rule book (shared/rules/rule-messages.ts): every rule issue carries a key and
 * params; the zh sentence is the service's wording (the sandbox answers with it), the en one has no CJK,
 * and the form names fields in the clerk's words in either language.
 */
import { describe, expect, it } from 'vitest';
import { checkDraft, draftIssueText } from '../../../shared/rules/issuance-form/index.js';
import { DRAFT_LABELS, SPECIFIC_BUSINESS_LABELS } from '../../../shared/rules/issuance-form/labels.js';
import { DRAFT_LABELS_EN, SPECIFIC_BUSINESS_LABELS_EN } from '../../../shared/rules/issuance-form/labels-en.js';
import { checkIssuanceRules } from '../../../shared/rules/issuance/index.js';
import { RULE_MESSAGES, ruleText } from '../../../shared/rules/rule-messages.js';
import { sampleIssuance } from '../../support/sample-issuance.js';

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('rule messages by key', () => {
  it('has both languages for every key, English without CJK, and the same placeholders except the schema text', () => {
    for (const [key, { zh, en }] of Object.entries(RULE_MESSAGES)) {
      expect(en, key).not.toMatch(CJK);
      expect(zh.length, key).toBeGreaterThan(0);
      if (!key.startsWith('schema')) expect(placeholders(en), key).toEqual(placeholders(zh));
    }
    expect(Object.keys(DRAFT_LABELS_EN).sort()).toEqual(Object.keys(DRAFT_LABELS).sort());
    expect(Object.keys(SPECIFIC_BUSINESS_LABELS_EN).sort()).toEqual(Object.keys(SPECIFIC_BUSINESS_LABELS).sort());
  });

  it('a red request missing its original reads in the service Chinese, as the sandbox answers it', () => {
    const red = sampleIssuance({ fplxdm: '004', ghdwsbh: 'X', ghdwdz: 'a', ghdwdh: 'b', ghdwyh: 'c', ghdwzh: 'd', jshj: -226 });
    red.details = red.details.map((line) => ({ ...line, spsl: -(line.spsl ?? 0), je: -line.je }));
    const [first] = checkIssuanceRules(red);
    expect(first).toMatchObject({ path: 'yfpdm', code: 'required', key: 'redOriginalCode', params: { field: 'yfpdm' } });
    expect(ruleText(first!)).toBe('yfpdm 不能为空（红字发票必须填写原发票代码）');
    expect(ruleText(first!, 'en')).toBe('yfpdm is required (a red invoice names the original invoice code)');
  });

  it('the form says a line problem in either language, fields in the clerk words', () => {
    const issues = checkDraft(
      { invoiceType: '028', buyerName: '杭州云栖商贸有限公司', issuer: '李四', lines: [{ name: '打印纸', quantity: '-2', unitPrice: '10', rate: '0.13' }] },
      { seller: { taxNumber: '91310000MA1FL8XQ5D', name: '上海演示科技有限公司' } },
    ).issues;
    const zh = issues.map((issue) => draftIssueText(issue, 'zh'));
    const en = issues.map((issue) => draftIssueText(issue, 'en'));
    expect(zh).toContain('购买方纳税人识别号 不能为空（发票类型 028 必须填写购方税号）');
    expect(en).toContain('Buyer tax ID is required (invoice type 028 needs the buyer tax ID)');
    expect(en).toContain('Line 1: the amount must be positive (blue invoice)');
    for (const text of en) expect(text).not.toMatch(CJK);
  });
});
