import { randomBytes } from 'node:crypto';

/**
 * A new issuance serial number (lsh, max 50 chars, unique). Time first so rows sort by creation in the
 * service's own tools; 10 random base-32 characters make collisions across machines negligible.
 */
export function newSerial(prefix: string, now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 17); // yyyyMMddHHmmssSSS (UTC)
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const random = Array.from(randomBytes(10), (byte) => alphabet[byte % 32]).join('');
  return `${prefix}${stamp}${random}`;
}
