import { describe, expect, it } from 'vitest';
import { checkIssuanceRules } from '../../../shared/rules/issuance/index.js';
import { INVOICE_TYPES, SPECIAL_INVOICE_KINDS } from '../../../shared/spec/codes.js';
import { e1, ISO_TIMESTAMP_WITH_OFFSET } from '../../../shared/spec/envelopes.js';
import { IssuanceRequest, IssuanceResponse, IssuedInvoiceRecord } from '../../../shared/spec/issuance.js';
import { z } from 'zod';
import { sampleIssuance } from '../../support/sample-issuance.js';

describe('IssuanceRequest', () => {
  it('accepts the sample request', () => {
    expect(IssuanceRequest.safeParse(sampleIssuance()).success).toBe(true);
  });

  it('takes its enums from the code tables', () => {
    expect(IssuanceRequest.shape.fplxdm.options).toEqual(Object.keys(INVOICE_TYPES));
    expect(IssuanceRequest.shape.tspz.options).toEqual(Object.keys(SPECIAL_INVOICE_KINDS));
    expect(IssuanceRequest.safeParse(sampleIssuance({ fplxdm: '999' as never })).success).toBe(false);
  });

  it('describes every field', () => {
    for (const [name, field] of Object.entries(IssuanceRequest.shape)) expect(field.description, name).toBeTruthy();
  });

  it('refuses unknown members, too many decimals and amounts as strings', () => {
    expect(IssuanceRequest.safeParse({ ...sampleIssuance(), ghdwmcc: 'x' }).success).toBe(false);
    expect(IssuanceRequest.safeParse(sampleIssuance({ jshj: 226.001 })).success).toBe(false);
    expect(IssuanceRequest.safeParse({ ...sampleIssuance(), jshj: '226.00' }).success).toBe(false);
  });
});

describe('checkIssuanceRules', () => {
  it('passes the sample request', () => {
    expect(checkIssuanceRules(sampleIssuance())).toEqual([]);
  });

  it('checks the total against the lines minus the discount', () => {
    expect(checkIssuanceRules(sampleIssuance({ jshj: 216, zkje: 10 }))).toEqual([]);
    expect(checkIssuanceRules(sampleIssuance({ jshj: 225.99 })).map((v) => v.code)).toEqual(['total-mismatch']);
  });

  it('checks each line amount against quantity × price within 0.01', () => {
    const request = sampleIssuance();
    const [first, second] = request.details;
    if (!first || !second) throw new Error('sample has two lines');
    const ok = { ...request, details: [{ ...first, dj: 56.505 }, second] };
    expect(checkIssuanceRules(ok)).toEqual([]);
    const bad = { ...request, details: [{ ...first, dj: 57 }, second] };
    expect(checkIssuanceRules(bad).map((v) => v.path)).toEqual(['details.0.je']);
  });

  it('requires the buyer details for paper special invoices', () => {
    const fields = checkIssuanceRules(sampleIssuance({ fplxdm: '004' })).map((v) => v.path);
    expect(fields).toEqual(['ghdwsbh', 'ghdwdz', 'ghdwdh', 'ghdwyh', 'ghdwzh']);
  });
});

describe('IssuedInvoiceRecord and E1', () => {
  it('hands jshj on as a 2-dp string whether it came as number or text', () => {
    const base = { fplxdm: '82', fphm: '25312000000000000001', kprq: '2025-03-01T09:30:00.123+0800' };
    expect(IssuedInvoiceRecord.parse({ ...base, jshj: 226 }).jshj).toBe('226.00');
    expect(IssuedInvoiceRecord.parse({ ...base, jshj: '226.5' }).jshj).toBe('226.50');
    expect(IssuedInvoiceRecord.safeParse({ ...base, jshj: 1.234 }).success).toBe(false);
  });

  it('reads the E1 timestamp as information, never as a reason to refuse an answer', () => {
    const schema = e1(z.array(z.unknown()));
    const envelope = { status: true, code: 0, msg: 'ok', data: [] };
    expect(schema.safeParse({ ...envelope, timestamp: '2025-03-01T09:30:00.123+08:00' }).success).toBe(true);
    expect(schema.safeParse({ ...envelope, timestamp: '2025-03-01T09:30:00+08:00' }).success).toBe(true);
    expect(schema.safeParse({ ...envelope, timestamp: 42 }).success).toBe(false);
    expect(IssuanceResponse.safeParse({ ...envelope, timestamp: '2025-03-01T01:30:00.123Z' }).success).toBe(true);
  });

  it('the spec format of E1 timestamps (what the sandbox emits)', () => {
    expect(ISO_TIMESTAMP_WITH_OFFSET.test('2025-03-01T09:30:00.123+08:00')).toBe(true);
    expect(ISO_TIMESTAMP_WITH_OFFSET.test('2025-03-01T09:30:00+08:00')).toBe(false);
  });
});
