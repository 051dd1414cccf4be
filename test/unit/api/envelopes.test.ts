/**
 * Reading answers in their envelopes (main/api/envelopes.ts) without a network: which answers are
 * results, refusals (with which meaning) or unclear, and what is kept of them.
 */
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { meaningOf, readAnswer } from '../../../main/api/envelopes.js';
import { ServiceError, TransportError } from '../../../main/api/errors.js';
import type { Exchange } from '../../../main/api/exchange.js';
import { secretValuesIn } from '../../../main/api/redact.js';
import { ENDPOINTS, type EndpointName } from '../../../shared/spec/endpoints.js';
import { VerificationResponse } from '../../../shared/spec/verification.js';

const exchangeFor = (name: EndpointName, secrets: string[] = []): Exchange => ({
  endpoint: ENDPOINTS[name],
  context: { endpoint: name, requestHeaders: {} },
  secrets,
  redact: (text) => text,
});

function outcome(name: EndpointName, body: unknown, schema: z.ZodType = z.unknown(), httpStatus = 200): unknown {
  try {
    return readAnswer({ httpStatus, body: typeof body === 'string' ? body : JSON.stringify(body) }, exchangeFor(name), schema);
  } catch (error) {
    return error;
  }
}

describe('meaningOf: each envelope explains codes with its own spec table', () => {
  it.each([
    ['E1', '2012', 'confirm that the address and the tax number are authorised'],
    ['E1', '3001', undefined],
    ['E2', '2013', 'no such group'],
    ['E3', '2002', 'authorisation information error'],
    ['E3', '2003', undefined],
    ['E4', '1015', 'invoices older than 5 years cannot be verified'],
    ['E4', '2002', 'authorisation information error'],
    ['E2', 'constructor', undefined],
  ] as const)('%s %s', (envelope, code, meaning) => {
    expect(meaningOf(envelope, code)).toBe(meaning);
  });
});

describe('E4: verification outcomes are results, the rest refusals', () => {
  it.each(['0001', '0006', '0009'])('%s is a result', (code) => {
    const answer = outcome('verifyInvoice', { success: true, code, message: 'm', data: { cyjg: code } }, VerificationResponse);
    expect(answer).toMatchObject({ code, data: { cyjg: code } });
  });

  it('0006 and 0009 stay results when success is false', () => {
    expect(outcome('verifyInvoice', { success: false, code: '0009', message: 'm', data: null }, VerificationResponse)).toMatchObject({ code: '0009' });
  });

  it.each(['0002', '1014', '1015', '1008', '9999'])('%s is a refusal with its meaning', (code) => {
    const error = outcome('verifyInvoice', { success: false, code, message: 'm', data: null });
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ envelope: 'E4', code, meaning: meaningOf('E4', code) });
  });

  it.each([
    [{ success: false, code: '0001', message: 'm', data: null }, 'consistent but not successful'],
    [{ success: true, code: '0000', message: 'm', data: null }, 'successful with a code of no table'],
  ])('contradicting status members are unclear: %j (%s)', (body) => {
    expect(outcome('verifyInvoice', body)).toMatchObject({ name: 'TransportError', kind: 'bad-shape' });
  });
});

describe('E1, E2, E3 status members', () => {
  it('E1 refusal code is text', () => {
    expect(outcome('printInvoice', { status: false, code: 2012, msg: '未授权' })).toMatchObject({ code: '2012', serviceMessage: '未授权' });
  });

  it('E2 ZTDM 0000 is success, others refusals', () => {
    expect(outcome('applyCertification', { ZTDM: '0000', ZTXX: 'ok' })).toEqual({ ZTDM: '0000', ZTXX: 'ok' });
    expect(outcome('applyCertification', { ZTDM: '2004', ZTXX: '内容不一致' })).toMatchObject({ code: '2004', meaning: meaningOf('E2', '2004') });
  });

  it('E3 returnCode other than 0000 is a refusal', () => {
    expect(outcome('recognise', { returnStateInfo: { returnCode: '4002', returnMessage: '无发票' }, invoice: [] })).toMatchObject({ envelope: 'E3', code: '4002', meaning: undefined });
  });

  it('an answer in no envelope at all is unclear', () => {
    const error = outcome('collectInvoices', { hello: 'world' });
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ kind: 'bad-shape', rawBody: '{"hello":"world"}' });
  });
});

describe('what is kept', () => {
  it('finds secret member values anywhere in a request body', () => {
    expect(secretValuesIn({ taxUser: { identityPwd: 'a-secret-1', taxPwd: 'b-secret-2', name: 'n' }, list: [{ password: 'c-secret-3' }] })).toEqual([
      'a-secret-1',
      'b-secret-2',
      'c-secret-3',
    ]);
  });

  it('removes known secrets from the service message and the raw body of a refusal', () => {
    const secret = 'tax-pwd-secret-22';
    const body = JSON.stringify({ status: false, code: 2003, msg: `密码 ${secret} 不正确` });
    let error: unknown;
    try {
      readAnswer({ httpStatus: 200, body }, exchangeFor('modifyEnterprise', [secret]), z.unknown());
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ServiceError);
    expect(JSON.stringify({ ...(error as ServiceError), message: (error as ServiceError).message })).not.toContain(secret);
  });
});
