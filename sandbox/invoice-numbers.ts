/**
 * Invoice codes, numbers and check codes of the sandbox's invoices. Deterministic (derived from the
 * per-type sequence and the serial number) so a test can predict them and a rerun gives the same ones.
 */
import { createHash } from 'node:crypto';
import { DIGITAL_INVOICE_TYPES, type InvoiceTypeCode } from '../shared/spec/codes.js';
import { chinaYear } from './clock.js';

/** Shanghai's region prefix, matching the demo enterprise. */
const REGION = '31';

export interface InvoiceIdentity {
  /** 12 digits; absent (null) for digital-electronic invoices. */
  fpdm: string | null;
  /** 8 digits, or 20 for digital-electronic invoices. */
  fphm: string;
  /** 20 digits. */
  jym: string;
  /** Tax-control code; digital-electronic invoices have none. */
  skm: string | null;
}

function digitsFrom(seed: string, count: number): string {
  let digits = '';
  let round = 0;
  while (digits.length < count) {
    const hash = createHash('sha256').update(`${seed}#${round++}`).digest();
    for (const byte of hash) if (byte < 250) digits += String(byte % 10);
  }
  return digits.slice(0, count);
}

/** The 108-character ciphertext printed in the tax-control area of older invoice types. */
function taxControlCode(seed: string): string {
  const alphabet = '0123456789+-*/<>';
  const hash = createHash('sha512').update(seed).digest();
  return Array.from({ length: 108 }, (_, index) => alphabet[(hash[index % hash.length] ?? 0) % alphabet.length]).join('');
}

export function invoiceIdentity(fplxdm: InvoiceTypeCode, sequence: number, lsh: string, at: Date): InvoiceIdentity {
  const yy = String(chinaYear(at) % 100).padStart(2, '0');
  const seed = `${fplxdm}|${sequence}|${lsh}`;
  if (DIGITAL_INVOICE_TYPES.includes(fplxdm)) {
    // Sequences are per type, so the type's digit (1 special, 2 general) keeps 81 and 82 numbers apart:
    // a digital-electronic invoice is named by its number alone.
    const kind = fplxdm === '81' ? '1' : '2';
    return { fpdm: null, fphm: `${yy}${REGION}${kind}${String(sequence).padStart(15, '0')}`, jym: digitsFrom(seed, 20), skm: null };
  }
  return {
    fpdm: `0${REGION}0${yy}${fplxdm.padStart(3, '0')}${'001'}`.slice(0, 12),
    fphm: String(sequence % 100_000_000).padStart(8, '0'),
    jym: digitsFrom(seed, 20),
    skm: taxControlCode(seed),
  };
}
