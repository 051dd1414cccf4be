/**
 * Unified social credit codes (GB 32100-2015) for the seeded sellers: 18 characters whose organisation
 * code (GB 11714) and final check character are computed, so a client's USCC check accepts them as a
 * real code would be accepted.
 */
import type { Prng } from './prng.js';

/** The 31 characters a USCC may use (no I, O, Z, S, V). */
export const USCC_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const ORG_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];

function organisationCheck(body: string): string {
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const char = body[i] ?? '0';
    const value = /\d/.test(char) ? Number(char) : char.charCodeAt(0) - 55;
    sum += value * (ORG_WEIGHTS[i] ?? 0);
  }
  const check = 11 - (sum % 11);
  return check === 10 ? 'X' : check === 11 ? '0' : String(check);
}

export function usccCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_ALPHABET.indexOf(first17[i] ?? '0') * (USCC_WEIGHTS[i] ?? 0);
  return USCC_ALPHABET[(31 - (sum % 31)) % 31] ?? '0';
}

export function isValidUscc(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code)) return false;
  return usccCheckCharacter(code.slice(0, 17)) === code[17];
}

/** A company USCC (registration 9 "industry and commerce", type 1 "enterprise") in the given division. */
export function generateUscc(prng: Prng, division: string): string {
  const orgBody = prng.chars('0123456789', 2) + prng.chars('0123456789ABCDEFGHJKLMNPQRTUWXY', 6);
  const first17 = `91${division}${orgBody}${organisationCheck(orgBody)}`;
  return first17 + usccCheckCharacter(first17);
}
