import { describe, expect, it } from 'vitest';
import { gbkLength, isGbkCharacter } from '../../../shared/rules/gbk.js';
import { IssuanceRequest } from '../../../shared/spec/issuance.js';
import { sampleIssuance } from '../../support/sample-issuance.js';

describe('gbkLength', () => {
  it('counts a Chinese character 2 and an ASCII character 1', () => {
    expect(gbkLength('中a')).toBe(3);
    expect(gbkLength('')).toBe(0);
    expect(gbkLength('ABC 123')).toBe(7);
    expect(gbkLength('上海演示科技有限公司')).toBe(20);
  });

  it('counts full-width punctuation and GBK symbols 2', () => {
    expect(gbkLength('（，）')).toBe(6);
    expect(gbkLength('€')).toBe(2);
    expect(gbkLength('·')).toBe(2);
  });

  it('returns null for characters outside GBK', () => {
    expect(gbkLength('😀')).toBeNull();
    expect(gbkLength('𠀀')).toBeNull();
    expect(gbkLength('abc𠀀')).toBeNull();
    expect(gbkLength('㐀')).toBeNull(); // CJK Extension A: GB18030 4-byte, not GBK
    expect(gbkLength('\ud800')).toBeNull(); // lone surrogate
    expect(gbkLength('\ue000')).toBeNull(); // user-defined area, left out on purpose
  });

  it('knows the common hanzi', () => {
    for (const char of '发票工作台价税合计开具') expect(isGbkCharacter(char)).toBe(true);
  });
});

describe('gbkMax in the issuance schema', () => {
  const messages = (input: unknown) => {
    const result = IssuanceRequest.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('accepts 100 GBK bytes and refuses 102 with a message naming the field', () => {
    expect(messages(sampleIssuance({ ghdwmc: '中'.repeat(50) }))).toEqual([]);
    expect(messages(sampleIssuance({ ghdwmc: '中'.repeat(51) }))).toEqual(['ghdwmc 超过 100 个 GBK 字节（当前 102）']);
  });

  it('names the character outside GBK', () => {
    expect(messages(sampleIssuance({ ghdwmc: '客户𠀀公司' }))).toEqual(["ghdwmc 含有 GBK 以外的字符 '𠀀'"]);
  });

  it('says a required field is missing', () => {
    const { kpr: _kpr, ...withoutIssuer } = sampleIssuance();
    expect(messages(withoutIssuer)).toEqual(['kpr 不能为空']);
    expect(messages(sampleIssuance({ kpr: '' }))).toEqual(['kpr 不能为空']);
  });
});
