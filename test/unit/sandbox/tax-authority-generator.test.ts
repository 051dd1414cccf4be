/** The seeded tax authority's PRNG and generator: deterministic, and amounts that add up. */
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { generateReceivedInvoices, type GenerationPlan } from '../../../sandbox/tax-authority/generator.js';
import { createPrng } from '../../../sandbox/tax-authority/prng.js';
import { isValidUscc, usccCheckCharacter } from '../../../sandbox/tax-authority/uscc.js';

const PLAN: GenerationPlan = {
  seed: 99,
  nowMs: Date.parse('2025-03-15T10:00:00+08:00'),
  buyers: [{ taxNumber: '91310000MA1FL8XQ5D', name: '上海演示科技有限公司' }],
  invoicesPerBuyer: 300,
};

describe('PRNG (sfc32 seeded through splitmix32)', () => {
  it('the same seed gives the same sequence', () => {
    const a = createPrng(42);
    const b = createPrng(42);
    expect(Array.from({ length: 1000 }, () => a.next())).toEqual(Array.from({ length: 1000 }, () => b.next()));
  });

  it('different seeds give different sequences, also seeds that differ only above 2^32', () => {
    const first = (seed: number) => Array.from({ length: 8 }, createPrng(seed).next);
    expect(first(1)).not.toEqual(first(2));
    expect(first(5)).not.toEqual(first(5 + 2 ** 32));
  });

  it('int() stays within its bounds and reaches both ends', () => {
    const prng = createPrng(7);
    const draws = Array.from({ length: 5000 }, () => prng.int(3, 9));
    expect(Math.min(...draws)).toBe(3);
    expect(Math.max(...draws)).toBe(9);
  });
});

describe('generator', () => {
  it('the same plan gives byte-identical invoices', () => {
    expect(JSON.stringify(generateReceivedInvoices(PLAN))).toBe(JSON.stringify(generateReceivedInvoices(PLAN)));
  });

  it('another seed gives other invoices', () => {
    expect(generateReceivedInvoices({ ...PLAN, seed: 100 })[0]).not.toEqual(generateReceivedInvoices(PLAN)[0]);
  });

  it('line amounts are 2-dp half-up: SE = JE × SL / 100, HJJE and SE sum the lines, JSHJ = HJJE + SE', () => {
    for (const invoice of generateReceivedInvoices(PLAN)) {
      expect(invoice.jshj).toBe(new Decimal(invoice.hjje).plus(invoice.se).toFixed(2));
      if (invoice.lines.length === 0) continue;
      expect(invoice.hjje).toBe(invoice.lines.reduce((sum, line) => sum.plus(line.je), new Decimal(0)).toFixed(2));
      expect(invoice.se).toBe(invoice.lines.reduce((sum, line) => sum.plus(line.se), new Decimal(0)).toFixed(2));
      for (const line of invoice.lines) {
        expect(line.se).toBe(new Decimal(line.je).times(line.sl).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
        if (line.spsl !== '') expect(line.je).toBe(new Decimal(line.spsl).times(line.dj).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
      }
    }
  });
});

describe('USCC check character (GB 32100-2015)', () => {
  it('accepts a published code and rejects a changed check character', () => {
    // 91350100M000100Y43 is the example of GB 32100-2015's annex.
    expect(usccCheckCharacter('91350100M000100Y4')).toBe('3');
    expect(isValidUscc('91350100M000100Y43')).toBe(true);
    expect(isValidUscc('91350100M000100Y44')).toBe(false);
  });
});
