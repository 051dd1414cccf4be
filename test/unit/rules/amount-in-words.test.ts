import { describe, expect, it } from 'vitest';
import { amountInWords } from '../../../shared/rules/amount-in-words.js';

describe('amount in words (大写)', () => {
  it.each([
    ['0', '零元整'],
    ['1.00', '壹元整'],
    ['10.50', '壹拾元伍角'],
    ['100000', '壹拾万元整'],
    ['1000000.01', '壹佰万元零壹分'],
    ['1234.56', '壹仟贰佰叁拾肆元伍角陆分'],
  ])('the cases the issue names: %s → %s', (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });

  it.each([
    ['0.05', '伍分'],
    ['0.50', '伍角'],
    ['0.56', '伍角陆分'],
    ['10001', '壹万零壹元整'],
    ['10100', '壹万零壹佰元整'],
    ['100010', '壹拾万零壹拾元整'],
    ['1010', '壹仟零壹拾元整'],
    ['100000000', '壹亿元整'],
    ['100000001', '壹亿零壹元整'],
    ['120000000.9', '壹亿贰仟万元玖角'],
    ['5.05', '伍元零伍分'],
    ['99.99', '玖拾玖元玖角玖分'],
  ])('zeros and sections: %s → %s', (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });

  it('rounds half-up to fen', () => {
    expect(amountInWords('1.005')).toBe('壹元零壹分');
    expect(amountInWords('1.004')).toBe('壹元整');
  });

  it('prefixes 负 for a red (negative) amount', () => {
    expect(amountInWords('-113.00')).toBe('负壹佰壹拾叁元整');
  });

  it('writes 圆 when the paper form does', () => {
    expect(amountInWords('1234.56', { yuan: '圆' })).toBe('壹仟贰佰叁拾肆圆伍角陆分');
  });

  it('refuses text that is not a number and absurd amounts', () => {
    expect(() => amountInWords('abc')).toThrow();
    expect(() => amountInWords('1e16')).toThrow(/过大/);
  });
});
