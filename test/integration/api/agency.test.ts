/**
 * The enterprise (agency) endpoints of the service client against the real sandbox: page through (a
 * GET whose query string, Chinese included, is signed exactly as sent), initialise and modify.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../../main/api/client.js';
import { DEMO_CREDENTIALS, DEMO_ENTERPRISE } from '../../../sandbox/index.js';
import type { ModifyEnterpriseRequest } from '../../../shared/spec/agency.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-caller.js';
import { clientFor, refusalOf, wrongSecretClient } from './client-support.js';

const OTHER = { appKey: 'other-app', appSecret: 'other-secret-0123456789', taxNumbers: ['91440300MA5EXAMPLE'] };
const AUTHORISATION_ERROR = 'authorisation information error';

let box: TestSandbox;
let client: ServiceClient;

beforeAll(async () => {
  box = await startTestSandbox({ credentials: [DEMO_CREDENTIALS, OTHER] });
  client = clientFor(box.sandbox.baseUrl);
});
afterAll(() => box.close());

const enterprise = (taxNumber: string, overrides: Partial<ModifyEnterpriseRequest> = {}): ModifyEnterpriseRequest => ({
  taxNumber,
  agencyName: `客户端测试企业 ${taxNumber.slice(-4)}`,
  address: '上海市浦东新区世纪大道 100 号',
  phone: '021-55556666',
  bank: '招商银行上海分行',
  account: '6214830000000001',
  taxUser: { idCard: '310101199001011234', name: '李四', identityPwd: 'identity-pwd-0001', phone: '13800000000', taxPwd: 'tax-pwd-0001', loginIdentity: '7' },
  ...overrides,
});

describe('listEnterprises', () => {
  it('pages through the enterprises, with a Chinese name filter in the signed query string', async () => {
    const page = await client.listEnterprises();
    expect(page).toMatchObject({ pageNum: 1, pageSize: 10 });
    expect(page.list.map((record) => record.taxNumber)).toContain(DEMO_ENTERPRISE.taxNumber);

    const filtered = await client.listEnterprises({ agencyName: '演示 科技', pageNum: 1, pageSize: 20 });
    expect(filtered.pageSize).toBe(20);
    const byName = await client.listEnterprises({ agencyName: '演示科技' });
    expect(byName.list.map((record) => record.agencyName)).toEqual([DEMO_ENTERPRISE.name]);
  });

  it('refusal: a wrong app secret is 2002 with its meaning', async () => {
    const refusal = await refusalOf(wrongSecretClient(box.sandbox.baseUrl).listEnterprises());
    expect(refusal).toMatchObject({ envelope: 'E1', code: '2002', meaning: AUTHORISATION_ERROR });
  });

  it('refusal without a spec meaning: a page size outside 10–20 keeps the code, meaning undefined', async () => {
    const refusal = await refusalOf(client.listEnterprises({ pageSize: 30 }));
    expect(refusal).toMatchObject({ envelope: 'E1', code: '4001', meaning: undefined });
  });
});

describe('initialiseEnterprise', () => {
  it('initialises an enterprise; the answer never carries the tax-bureau passwords', async () => {
    const request = enterprise('91310000MA1CLIEN01');
    const record = await client.initialiseEnterprise(request);
    expect(record).toMatchObject({ taxNumber: request.taxNumber, agencyName: request.agencyName, taxUser: { name: '李四', loginIdentity: '7' } });
    expect(record.taxUser?.identityPwd).toBeUndefined();
    expect(record.taxUser?.taxPwd).toBeUndefined();
  });

  it('refusal: a wrong app secret is 2002; initialising twice keeps the sandbox code without a meaning', async () => {
    const request = enterprise('91310000MA1CLIEN02');
    const refusal = await refusalOf(wrongSecretClient(box.sandbox.baseUrl).initialiseEnterprise(request));
    expect(refusal).toMatchObject({ envelope: 'E1', code: '2002', meaning: AUTHORISATION_ERROR });
    await client.initialiseEnterprise(request);
    expect(await refusalOf(client.initialiseEnterprise(request))).toMatchObject({ code: '4002', meaning: undefined });
  });
});

describe('modifyEnterprise', () => {
  it('modifies an initialised enterprise', async () => {
    const request = enterprise('91310000MA1CLIEN03');
    await client.initialiseEnterprise(request);
    const record = await client.modifyEnterprise({ ...request, agencyName: '客户端测试企业（已改名）' });
    expect(record).toMatchObject({ taxNumber: request.taxNumber, agencyName: '客户端测试企业（已改名）' });
    const listed = await client.listEnterprises({ taxNumber: request.taxNumber });
    expect(listed.list.map((entry) => entry.agencyName)).toEqual(['客户端测试企业（已改名）']);
  });

  it('refusal: an enterprise of another AppKey is 2012 with its meaning', async () => {
    const refusal = await refusalOf(client.modifyEnterprise(enterprise(OTHER.taxNumbers[0] ?? '')));
    expect(refusal).toMatchObject({ envelope: 'E1', code: '2012', meaning: 'confirm that the address and the tax number are authorised' });
  });
});
