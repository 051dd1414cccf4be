/**
 * Each certification failure reason (SBYY) of the spec's table has its explanation in both languages,
 * so the certification view never shows a bare code: the Chinese one by default, the English one with
 * no CJK. The retry rule itself comes from the spec's table (shared/spec/codes-input.ts).
 */
import { describe, expect, it } from 'vitest';
import { certificationEn, certificationZh } from '../../../renderer/src/features/certification/locale.js';
import { FAILURE_REASON_CODES } from '../../../shared/spec/codes-input.js';

const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;

describe('certification reasons in the locales', () => {
  it('explains every SBYY of the table in Chinese and English', () => {
    expect(Object.keys(certificationZh.SBYY).sort()).toEqual([...FAILURE_REASON_CODES].sort());
    expect(Object.keys(certificationEn.SBYY).sort()).toEqual([...FAILURE_REASON_CODES].sort());
    for (const code of FAILURE_REASON_CODES) {
      expect(certificationZh.SBYY[code], code).toMatch(CJK);
      expect(certificationEn.SBYY[code], code).not.toMatch(CJK);
      expect(certificationEn.SBYY[code].length, code).toBeGreaterThan(3);
    }
    expect(certificationZh.SBYY['10']).toBe('红字发票不能认证');
    expect([certificationZh.mayRetry, certificationZh.noRetry]).toEqual(['可再次申请', '不可再次申请']);
  });
});
