/**
 * Unified social credit codes (GB 32100-2015) for the seeded sellers: 18 characters whose organisation
 * code (GB 11714) and final check character are computed, so a client's USCC check accepts them as a
 * real code would be accepted.
 */
import { USCC_ALPHABET, usccCheckCharacter } from '../../shared/rules/uscc.js';
import type { Prng } from './prng.js';

export { isValidUscc, usccCheckCharacter } from '../../shared/rules/uscc.js';

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

/** A company USCC (registration 9 "industry and commerce", type 1 "enterprise") in the given division. */
export function generateUscc(prng: Prng, division: string): string {
  const orgBody = prng.chars('0123456789', 2) + prng.chars(USCC_ALPHABET, 6);
  const first17 = `91${division}${orgBody}${organisationCheck(orgBody)}`;
  return first17 + usccCheckCharacter(first17);
}
