/**
 * The rules a selection is checked by before anything is stored or sent (main/features/certification/
 * selection.ts): each ineligible reason, in the order a clerk would fix them; the valid tax (YXSE)
 * defaulting to the tax, lowered but never raised, two decimals; the spec's "may be requested again"
 * for every SBYY; batches of at most 500. The same rules through the core against the sandbox:
 * test/integration/input/certification-selection.test.ts, certification-batches.test.ts, certification-deadline.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { chunks, ineligibility, MAX_BATCH, mayRequestAgain, validTax } from '../../../main/features/certification/selection.js';
import type { CertificationCandidate } from '../../../main/features/collection/store.js';
import { CERTIFICATION_FAILURE_REASONS, FAILURE_REASON_CODES } from '../../../shared/spec/codes-input.js';

const TODAY = '20261124';
const invoice = (over: Partial<CertificationCandidate> = {}): CertificationCandidate => ({
  id: 1, fplxdm: '01', fpdm: '3100261130', fphm: '00000001', kprq: '20261120', se: '130.00', hjje: '1000.00',
  fpzt: '0', rzzt: '0', rzlx: null, glzt: '0', dqskssq: '202611', gxjzr: '20261215', gxrqq: '20251129', gxrqz: '20261124',
  ...over,
});

describe('certification selection rules', () => {
  it('names each ineligible reason', () => {
    expect(ineligibility(invoice(), '1', TODAY, false)).toBeNull();
    expect(ineligibility(invoice({ fplxdm: '31' }), '1', TODAY, false)).toBe('type');
    expect(ineligibility(invoice(), '1', TODAY, true)).toBe('pending');
    expect(ineligibility(invoice({ rzzt: '1' }), '1', TODAY, false)).toBe('certified');
    expect(ineligibility(invoice(), '5', TODAY, false)).toBe('notCertified');
    expect(ineligibility(invoice({ rzzt: '1' }), '5', TODAY, false)).toBeNull();
    expect(ineligibility(invoice({ fpzt: '2' }), '1', TODAY, false)).toBe('status');
    expect(ineligibility(invoice({ fpzt: '1' }), '1', TODAY, false)).toBe('status');
    expect(ineligibility(invoice({ glzt: '1' }), '1', TODAY, false)).toBe('management');
    expect(ineligibility(invoice({ kprq: '20251128' }), '1', TODAY, false)).toBe('outsideWindow');
    expect(ineligibility(invoice({ kprq: '20261125' }), '1', TODAY, false)).toBe('outsideWindow');
    expect(ineligibility(invoice({ kprq: '20251129' }), '1', TODAY, false)).toBeNull();
    expect(ineligibility(invoice(), '1', '20261215', false)).toBeNull();
    expect(ineligibility(invoice(), '1', '20261216', false)).toBe('pastDeadline');
  });

  it('takes the tax as YXSE unless lowered; never above it, two decimals, not negative', () => {
    expect(validTax(invoice(), undefined)).toEqual({ ok: true, value: '130.00' });
    expect(validTax(invoice(), '')).toEqual({ ok: true, value: '130.00' });
    expect(validTax(invoice(), '100.5')).toEqual({ ok: true, value: '100.50' });
    expect(validTax(invoice(), '130.00')).toEqual({ ok: true, value: '130.00' });
    expect(validTax(invoice(), '130.01')).toEqual({ ok: false, problem: 'aboveTax' });
    expect(validTax(invoice(), '1.234')).toEqual({ ok: false, problem: 'format' });
    expect(validTax(invoice(), '1,00')).toEqual({ ok: false, problem: 'format' });
    expect(validTax(invoice(), '-1.00')).toEqual({ ok: false, problem: 'negative' });
    // A red invoice: YXSE is required in every element (spec, endpoint 10), defaulting to the tax — its
    // negative tax is sent, never an empty YXSE; the service answers for the invoice (SBYY 10).
    expect(validTax(invoice({ se: '-13.00' }), undefined)).toEqual({ ok: true, value: '-13.00' });
    expect(validTax(invoice({ se: '-13' }), '')).toEqual({ ok: true, value: '-13.00' });
  });

  it('follows the spec table for "may be requested again"', () => {
    for (const code of FAILURE_REASON_CODES) expect(mayRequestAgain(code), code).toBe(CERTIFICATION_FAILURE_REASONS[code].mayRequestAgain);
    expect(mayRequestAgain('10')).toBe(false);
    expect(mayRequestAgain('99')).toBe(false);
    expect(mayRequestAgain(null)).toBe(false);
  });

  it('splits a selection into batches of at most 500', () => {
    expect(chunks(Array.from({ length: 1234 }, (_, i) => i)).map((chunk) => chunk.length)).toEqual([MAX_BATCH, MAX_BATCH, 234]);
    expect(chunks(Array.from({ length: 500 }, (_, i) => i)).map((chunk) => chunk.length)).toEqual([500]);
    expect(chunks(Array.from({ length: 501 }, (_, i) => i)).map((chunk) => chunk.length)).toEqual([500, 1]);
    expect(chunks([])).toEqual([]);
  });
});
