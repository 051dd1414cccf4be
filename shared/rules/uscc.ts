/**
 * Tax IDs (纳税人识别号). Since 2015 a company's tax ID is its unified social credit code (统一社会信用代码,
 * GB 32100-2015): 18 characters from a 31-letter alphabet whose last character is a check character.
 * Older registrations still appear on invoices as 15-, 17- or 20-character tax IDs; they cannot be
 * checked, so they are accepted with a warning rather than refused.
 */

/** The 31 characters a USCC may use (no I, O, Z, S, V). */
export const USCC_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character (position 18) of the first 17 characters of a USCC. */
export function usccCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_ALPHABET.indexOf(first17[i] ?? '0') * (USCC_WEIGHTS[i] ?? 0);
  return USCC_ALPHABET[(31 - (sum % 31)) % 31] ?? '0';
}

export function isValidUscc(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code)) return false;
  return usccCheckCharacter(code.slice(0, 17)) === code[17];
}

export type TaxIdCheck =
  | { ok: true; kind: 'uscc' }
  | { ok: true; kind: 'legacy'; warning: TaxIdMessage }
  | { ok: false; message: TaxIdMessage };

/** A sentence of rule-messages.ts with its params: whoever shows it says it in the clerk's language. */
export interface TaxIdMessage {
  key: 'taxIdCharacters' | 'taxIdCheckCharacter' | 'taxIdLegacy' | 'taxIdLength';
  params: Readonly<Record<string, string | number>>;
}

/** Checks a buyer or seller tax ID as a clerk types it (upper-case letters expected). */
export function checkTaxId(raw: string): TaxIdCheck {
  const id = raw.trim();
  if (id.length === 18) {
    if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(id)) return { ok: false, message: { key: 'taxIdCharacters', params: {} } };
    const expected = usccCheckCharacter(id.slice(0, 17));
    return id[17] === expected ? { ok: true, kind: 'uscc' } : { ok: false, message: { key: 'taxIdCheckCharacter', params: { expected: expected ?? '' } } };
  }
  if ([15, 17, 20].includes(id.length) && /^[0-9A-Z]+$/.test(id)) {
    return { ok: true, kind: 'legacy', warning: { key: 'taxIdLegacy', params: { length: id.length } } };
  }
  return { ok: false, message: { key: 'taxIdLength', params: {} } };
}
