/**
 * A draft is a blue invoice. A clerk whose lines add up below zero (a half-typed line under a discount, a
 * negative amount typed by mistake) is told what is wrong with a blue invoice — never the red invoice's
 * rules ("红字发票数量必须是负数", missing original invoice), which sent clerks looking for a red flow.
 */
import { describe, expect, it } from 'vitest';
import { checkDraft, draftIssueText } from '../../../shared/rules/issuance-form/index.js';
import type { InvoiceDraft } from '../../../shared/ipc/schemas/issuance.js';

const seller = { taxNumber: '91310000MA1FL8XQ5D', name: '上海演示科技有限公司' };

describe('a draft is checked as a blue invoice', () => {
  it('a negative total gets the blue total message and no red-invoice rule', () => {
    const draft: InvoiceDraft = {
      invoiceType: '026',
      buyerName: '杭州云栖商贸有限公司',
      issuer: '李四',
      lines: [
        { kind: 'discounted', name: '打印纸', taxCode: '1060201070000000000', quantity: '1', unitPrice: '10', rate: '0.13' },
        { kind: 'discount', name: '打印纸', amount: '50', rate: '0.13' },
      ],
    };
    const messages = checkDraft(draft, { seller }).issues.map((issue) => draftIssueText(issue, 'zh'));
    expect(messages.some((message) => message.includes('蓝字发票的价税合计必须大于 0'))).toBe(true);
    expect(messages.filter((message) => message.includes('红字发票') && !message.includes('冲红'))).toEqual([]);
  });

  it('a negative quantity on a blue line is a blue amount error, not a red quantity rule', () => {
    const draft: InvoiceDraft = {
      invoiceType: '026',
      buyerName: '杭州云栖商贸有限公司',
      issuer: '李四',
      lines: [
        { name: '打印纸', taxCode: '1060201070000000000', quantity: '-2', unitPrice: '10', rate: '0.13' },
        { name: '订书机', taxCode: '1060201070000000000', quantity: '1', unitPrice: '5', rate: '0.13' },
      ],
    };
    const messages = checkDraft(draft, { seller }).issues.map((issue) => draftIssueText(issue, 'zh'));
    expect(messages.some((message) => message.includes('金额必须是正数（蓝字发票）'))).toBe(true);
    expect(messages.some((message) => message.includes('红字发票数量必须是负数'))).toBe(false);
    expect(messages.some((message) => message.includes('必须填写原发票'))).toBe(false);
  });
});
