/**
 * A line's rate and levy in words (shared/i18n/line-levy-text.ts), as the history's detail, its export and the
 * dashboard's bars say them, in both languages; the expected words written out by hand.
 */
import { describe, expect, it } from 'vitest';
import { lineFilterText, rateLeviesText, rateLevyText } from '../../../shared/i18n/line-levy-text.js';

describe('rateLevyText', () => {
  it('says each levy with its rate, 免税 and 不征税 by name, a 差额征税 line with its deduction', () => {
    const cases: Array<[Parameters<typeof rateLevyText>[0], string, string]> = [
      [{ rate: '0.13', levy: 'normal' }, '13%', '13%'],
      [{ rate: '0.130', levy: 'normal' }, '13%', '13%'],
      [{ rate: '0.07', levy: 'normal' }, '7%', '7%'],
      [{ rate: '0.00', levy: 'exempt' }, '免税', 'Exempt'],
      [{ rate: '0', levy: 'notTaxed' }, '不征税', 'Not subject to VAT'],
      [{ rate: '0.00', levy: 'zeroRate' }, '0%（零税率）', '0% (Zero rate)'],
      [{ rate: '0.03', levy: 'simple' }, '3%（简易征收）', '3% (Simplified levy)'],
      [{ rate: '0.015', levy: 'reduced' }, '1.5%（减按征收）', '1.5% (Reduced-rate levy)'],
      [{ rate: '0.06', levy: 'difference', deduction: '520.00' }, '6%（差额征税，扣除额 520.00）', '6% (Difference-based levy, deduction 520.00)'],
      [{ rate: '0.06', levy: 'difference', deduction: null }, '6%（差额征税）', '6% (Difference-based levy)'],
      [{ rate: 'n/a', levy: 'normal' }, 'n/a', 'n/a'],
    ];
    for (const [levy, zh, en] of cases) {
      expect(rateLevyText(levy, 'zh')).toBe(zh);
      expect(rateLevyText(levy, 'en')).toBe(en);
    }
  });

  it('joins an invoice’s distinct levies in their order', () => {
    const levies = [
      { rate: '0.13', levy: 'normal' as const },
      { rate: '0.00', levy: 'exempt' as const },
      { rate: '0.130', levy: 'normal' as const },
      { rate: '0.03', levy: 'simple' as const },
    ];
    expect(rateLeviesText(levies, 'zh')).toBe('13%；免税；3%（简易征收）');
    expect(rateLeviesText(levies, 'en')).toBe('13%; Exempt; 3% (Simplified levy)');
    expect(rateLeviesText([], 'zh')).toBe('');
  });

  it('words the history’s line filter, a normal rate with its levy', () => {
    expect(lineFilterText({ rate: '0.13', levy: 'normal' }, 'zh')).toBe('13%（一般计税）');
    expect(lineFilterText({ rate: '0.13', levy: 'normal' }, 'en')).toBe('13% (Standard rate)');
    expect(lineFilterText({ rate: '0.03', levy: 'simple' }, 'zh')).toBe('3%（简易征收）');
    expect(lineFilterText({ levy: 'exempt' }, 'zh')).toBe('免税');
    expect(lineFilterText({ rate: '0.06' }, 'en')).toBe('6%');
    expect(lineFilterText({}, 'zh')).toBe('');
  });
});
