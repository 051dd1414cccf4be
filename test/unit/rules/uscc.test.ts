import { describe, expect, it } from 'vitest';
import { DEMO_ENTERPRISE } from '../../../sandbox/index.js';
import { checkTaxId, isValidUscc, usccCheckCharacter } from '../../../shared/rules/uscc.js';

describe('tax IDs (GB 32100-2015 unified social credit code)', () => {
  it('accepts a USCC whose check character is right', () => {
    expect(isValidUscc('91350100M000100Y43')).toBe(true);
    expect(checkTaxId('91350100M000100Y43')).toEqual({ ok: true, kind: 'uscc' });
  });

  it('refuses a USCC whose check character is wrong, naming the right one', () => {
    const result = checkTaxId('91350100M000100Y44');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toEqual({ key: 'taxIdCheckCharacter', params: { expected: usccCheckCharacter('91350100M000100Y4') } });
  });

  it('refuses letters the alphabet excludes (I, O, Z, S, V)', () => {
    expect(checkTaxId('91350100M000100IO3').ok).toBe(false);
  });

  it('accepts legacy 15, 17 and 20 character tax IDs with a warning', () => {
    for (const id of ['110108123456789', '11010812345678901', '11010812345678901234']) {
      const result = checkTaxId(id);
      expect(result).toMatchObject({ ok: true, kind: 'legacy' });
    }
  });

  it('refuses other lengths', () => {
    expect(checkTaxId('1234').ok).toBe(false);
    expect(checkTaxId('').ok).toBe(false);
  });

  it("the sandbox's demo enterprise has a valid USCC", () => {
    expect(isValidUscc(DEMO_ENTERPRISE.taxNumber)).toBe(true);
  });
});
