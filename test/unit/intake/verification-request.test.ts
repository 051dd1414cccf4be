/** The verification request built from extracted fields (spec endpoint 4): fpje per fpzl, jym's last 6, codes of local refusals. */
import { describe, expect, it } from 'vitest';
import { LocalRefusal, buildVerificationRequest, chinaDay } from '../../../main/features/intake/verify.js';

const fields = { fpdm: '044031900111', fphm: '12345678', kprq: '20240302', fpje: '1000.00', fpse: '130.00', jshj: '1130.00', jym: '09876543210987654321' };

describe('buildVerificationRequest', () => {
  it.each([
    ['01', { fpje: '1000.00' }],
    ['03', { fpje: '1000.00' }],
    ['08', { fpje: '1000.00' }],
    ['15', { fpje: '1130.00' }],
    ['04', { jym: '654321' }],
    ['10', { jym: '654321' }],
    ['14', { jym: '654321' }],
  ])('fpzl %s', (fpzl, expected) => {
    const request = buildVerificationRequest({ ...fields, fpzl });
    expect(request).toEqual({ fpzl, fpdm: fields.fpdm, fphm: fields.fphm, kprq: fields.kprq, ...expected });
  });

  it('digital-electronic 21/22: no code, the total including tax', () => {
    expect(buildVerificationRequest({ fpzl: '22', fphm: '24312000000012345678', kprq: '20240415', fpje: '2000.00', jshj: '2260.00' })).toEqual({
      fpzl: '22', fpdm: '', fphm: '24312000000012345678', kprq: '20240415', fpje: '2260.00',
    });
  });

  it('refuses locally with the code the service would answer', () => {
    const code = (input: Record<string, string>) => {
      try {
        buildVerificationRequest(input);
        return 'sent';
      } catch (error) {
        return error instanceof LocalRefusal ? `${error.code} ${error.field}` : 'threw';
      }
    };
    expect(code({ ...fields })).toBe('1008 fpzl');
    expect(code({ ...fields, fpzl: '99' })).toBe('1005 fpzl');
    expect(code({ ...fields, fpzl: '01', fpje: '' })).toBe('1008 fpje');
    expect(code({ ...fields, fpzl: '04', jym: '' })).toBe('1008 jym');
    expect(code({ ...fields, fpzl: '21' })).toBe('1009 fphm');
  });

  it('the China day boundaries', () => {
    expect(chinaDay(new Date('2024-03-01T16:30:00Z'))).toEqual({ day: '20240302', fromIso: '2024-03-01T16:00:00.000Z', toIso: '2024-03-02T16:00:00.000Z' });
  });
});
