/**
 * The clerk's-words scanner (test/e2e/support/clerk-words.ts) catches each kind of word that is not the
 * clerk's — so the e2e walk that uses it can fail — and passes the words that are.
 */
import { describe, expect, it } from 'vitest';
import { scanClerkText, type ClerkLanguage } from '../../e2e/support/clerk-words.js';

const rules = (text: string, language: ClerkLanguage = 'zh-CN', data: Array<string | RegExp> = []) =>
  [...new Set(scanClerkText(text, { language, data }).map((finding) => finding.rule))];

describe('the clerk-words scanner', () => {
  it.each([
    ['申请时间 11/27/2026, 3:15:00 PM', 'us-date'],
    ['Applied 27/11/2026', 'us-date'],
    ['开票日期 2026-11-27T07:13:28.000Z', 'iso-timestamp'],
    ['at 07:13:28Z', 'iso-timestamp'],
    ['2026/11/27 15:13', 'date-format'],
    ['2026.11.27', 'date-format'],
    ['2026-1-7 10:00', 'date-format'],
    ['2026年11月27日', 'date-format'],
    ['2026-11-27 15:13:28', 'time-format'],
    ['15:13 PM', 'time-format'],
    ['下午3:15', 'time-format'],
    ['20261127153000', 'compact-date'],
    ['开票日期\t20261127', 'compact-date'],
    ['税率 0.13', 'decimal-rate'],
    ['6 件\t0.06\t12.00', 'decimal-rate'],
    ['征收率 0.015', 'decimal-rate'],
    ['{{count}} 张', 'i18n-placeholder'],
    ['history.status.issued', 'dotted-key'],
    ['print_failed', 'snake-case'],
    ['notCertified', 'camel-case'],
    ['0 正常', 'code-with-word'],
    ['1 已认证', 'code-with-word'],
    ['状态\tpending', 'english-code-in-chinese'],
    ['已开具 (issued)', 'english-code-in-chinese'],
    ['发票类型\t026', 'bare-code'],
    ['004', 'bare-code'],
    ['026\t3\t120.00\t15.60', 'bare-code'],
  ] as const)('zh-CN «%s» → %s', (text, rule) => {
    expect(rules(text)).toContain(rule);
  });

  it.each([
    ['0 Normal', 'code-with-word'],
    ['Status\tpending', 'bare-code'],
    ['Issued on 2026-11-27 by 李四', 'chinese-in-english'],
    ['Rate: 0.09', 'decimal-rate'],
  ] as const)('en «%s» → %s', (text, rule) => {
    expect(rules(text, 'en')).toContain(rule);
  });

  it('passes the clerk’s own words in both languages', () => {
    const zh = [
      '申请时间\t2026-11-27 15:13\t已开具\t13%\t免税',
      '共 3 张，成功 2 张，失败 1 张',
      '只剩 2 天',
      '每 0.1 毫米一档',
      '增值税专用发票（004）\t0.00\t合计 1,130.00',
      '导出 发票清单.xlsx 到 /home/clerk/导出',
      '服务地址 https://api.example.com/v1 AppKey demo',
      '价税合计（大写）壹仟壹佰叁拾圆整',
      '电子发票（增值税专用发票）\t489\t29004126.12\t2768656.01\t14\t656210.83\t61388.08',
      // The schedule of sales' rows: its row number (栏次), the row's name, figures.
      '14\t即征即退货物及加工修理修配劳务\t0.00\t0.00\t0.00\t0.00',
      '9a\t5%征收率的货物及加工修理修配劳务\t100.00\t5.00',
    ].join('\n');
    expect(scanClerkText(zh, { language: 'zh-CN' })).toEqual([]);
    const en = [
      'Applied\t2026-11-27 15:13\tIssued\t13%\tTax exempt',
      '3 invoices: 2 printed, 1 failed',
      'Special VAT invoice (004)\t0.00',
      '11\tGoods and processing, repair services at levy rate 3%\t0.00\t0.00',
      'finance@xinghe.example.com',
      'Amount in words 壹仟壹佰叁拾圆整',
    ].join('\n');
    expect(scanClerkText(en, { language: 'en' })).toEqual([]);
  });

  it('lets the data the test names through: buyer names and goods in the English interface', () => {
    const line = 'Buyer\t杭州云栖商贸有限公司\tGoods\t打印纸';
    expect(rules(line, 'en')).toEqual(['chinese-in-english']);
    expect(rules(line, 'en', ['杭州云栖商贸有限公司', '打印纸'])).toEqual([]);
    expect(rules('Remark\t对应正数发票代码:031026004001号码:00000001', 'en', [/对应正数发票代码:\d+号码:\d+/u])).toEqual([]);
  });
});
