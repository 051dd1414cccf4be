/**
 * Enterprise (agency) endpoints 11–13 (spec "Enterprise (agency) record", endpoints 11–13, Limits, open
 * point 8) over real HTTP with a real SQLite file, one fresh sandbox per test. Each rule of
 * docs/sandbox/rules-agency-faults.md has its own test here.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHmacSigner } from '../../../main/api/signer.js';
import { closeDatabase, openDatabase } from '../../../sandbox/database.js';
import { DEMO_CREDENTIALS, DEMO_ENTERPRISE, SANDBOX_CODES } from '../../../sandbox/index.js';
import { sandboxMigrations } from '../../../sandbox/migrations/index.js';
import { SANDBOX_DB_FILE } from '../../../sandbox/store.js';
import { agencyStoreFor } from '../../../sandbox/stores/agency.js';
import { EnterprisePageResponse, EnterpriseResponse, type EnterprisePage, type EnterpriseRecord } from '../../../shared/spec/agency.js';
import { sampleIssuance } from '../../support/sample-issuance.js';
import { startTestSandbox, type Answer, type CallOptions, type TestSandbox } from '../../support/sandbox-caller.js';

const AGENCY = '/openApi/agency';
const ISSUE = '/openApi/v4/fp/fpkj';
const OTHER = { appKey: 'other-app', appSecret: 'other-secret-0123456789', taxNumbers: ['91440300MA5EXAMPLE'] };
const asOther: CallOptions = { signer: createHmacSigner(OTHER) };

let sandbox: TestSandbox;
beforeEach(async () => {
  sandbox = await startTestSandbox({ issueDelayMs: 0, credentials: [DEMO_CREDENTIALS, OTHER] });
});
afterEach(async () => {
  await sandbox.close();
});

let counter = 0;
function taxNumber(): string {
  counter += 1;
  return `91310000TEST${String(counter).padStart(6, '0')}`;
}

const taxUser = {
  idCard: '310101199001011234',
  name: '王会计',
  identityPwd: 'identity-secret-1',
  phone: '13800138000',
  taxPwd: 'tax-secret-1',
  loginIdentity: '7',
  email: 'wang@example.com',
};

function completeEnterprise(overrides: Record<string, unknown> = {}) {
  return {
    taxNumber: taxNumber(),
    agencyName: '上海测试贸易有限公司',
    address: '上海市浦东新区世纪大道 100 号',
    phone: '021-12345678',
    bank: '中国工商银行上海分行',
    account: '1001234567890123',
    taxUser: { ...taxUser },
    ...overrides,
  };
}

const initialise = (body: unknown, options?: CallOptions) => sandbox.call(AGENCY, body as object, { method: 'POST', ...options });
const modify = (body: unknown, options?: CallOptions) => sandbox.call(AGENCY, body as object, { method: 'PATCH', ...options });
const list = (query = '', options?: CallOptions) => sandbox.call(`${AGENCY}${query}`, undefined, options);

function page(answer: Answer): EnterprisePage {
  expect(answer.status).toBe(200);
  const parsed = EnterprisePageResponse.parse(answer.body);
  expect(parsed).toMatchObject({ status: true, code: 0 });
  return parsed.data;
}

function refusedWith(answer: Answer, code: number): void {
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ status: false, code, data: null });
}

describe('endpoint 11: page through enterprises', () => {
  it('lists the current organisation: the enterprises of the credential (spec endpoint 11 purpose)', async () => {
    const data = page(await list());
    expect(data.list).toEqual([{ taxNumber: DEMO_ENTERPRISE.taxNumber, agencyName: DEMO_ENTERPRISE.name }]);
    expect(data).toMatchObject({ pageNum: 1, pageSize: 10, size: 1, total: 1 });
  });

  it('lists the enterprises initialised under the AppKey after its own (spec endpoint 11 purpose)', async () => {
    const first = completeEnterprise();
    const second = completeEnterprise();
    expect((await initialise(first)).body['code']).toBe(0);
    expect((await initialise(second)).body['code']).toBe(0);
    const data = page(await list());
    expect(data.list.map((enterprise) => enterprise.taxNumber)).toEqual([DEMO_ENTERPRISE.taxNumber, first.taxNumber, second.taxNumber]);
  });

  it('defaults to pageNum 1 and pageSize 10 (spec Limits: page size default 10, page number default 1)', async () => {
    for (let index = 0; index < 12; index += 1) await initialise(completeEnterprise());
    const data = page(await list());
    expect(data).toMatchObject({ pageNum: 1, pageSize: 10, size: 10, total: 13 });
  });

  it('pages with size and total: size is the count of this response (spec endpoint 11 response)', async () => {
    for (let index = 0; index < 24; index += 1) await initialise(completeEnterprise());
    const pages = [page(await list('?pageNum=1&pageSize=10')), page(await list('?pageNum=2&pageSize=10')), page(await list('?pageNum=3&pageSize=10'))];
    expect(pages.map((p) => [p.pageNum, p.size, p.total])).toEqual([
      [1, 10, 25],
      [2, 10, 25],
      [3, 5, 25],
    ]);
    const numbers = pages.flatMap((p) => p.list.map((enterprise) => enterprise.taxNumber));
    expect(new Set(numbers).size).toBe(25);
    expect(page(await list('?pageSize=20'))).toMatchObject({ pageSize: 20, size: 20, total: 25 });
  });

  it('answers an empty page past the last one, with the total (spec endpoint 11 response)', async () => {
    expect(page(await list('?pageNum=5'))).toMatchObject({ pageNum: 5, size: 0, total: 1, list: [] });
  });

  it('refuses a pageSize outside 10 to 20 with 4001 (spec Limits: page size 10 to 20)', async () => {
    for (const size of ['9', '21', '0', '-10', 'ten', '10.5']) refusedWith(await list(`?pageSize=${size}`), SANDBOX_CODES.pageOutOfRange);
    expect(page(await list('?pageSize=10')).pageSize).toBe(10);
    expect(page(await list('?pageSize=20')).pageSize).toBe(20);
  });

  it('refuses a pageNum of 0, negative or not a whole number with 4001 (spec Limits: page number from 1)', async () => {
    for (const number of ['0', '-1', 'x', '1.5']) refusedWith(await list(`?pageNum=${number}`), SANDBOX_CODES.pageOutOfRange);
  });

  it('filters by a part of the tax number (spec endpoint 11 query parameter taxNumber)', async () => {
    const wanted = completeEnterprise();
    await initialise(wanted);
    await initialise(completeEnterprise());
    const data = page(await list(`?taxNumber=${wanted.taxNumber.slice(-6)}`));
    expect(data.list.map((enterprise) => enterprise.taxNumber)).toEqual([wanted.taxNumber]);
    expect(data.total).toBe(1);
  });

  it('filters by a part of the name (spec endpoint 11 query parameter agencyName)', async () => {
    await initialise(completeEnterprise({ agencyName: '杭州西湖茶叶有限公司' }));
    await initialise(completeEnterprise({ agencyName: '苏州园林设计有限公司' }));
    const data = page(await list(`?agencyName=${encodeURIComponent('西湖')}`));
    expect(data.list.map((enterprise) => enterprise.agencyName)).toEqual(['杭州西湖茶叶有限公司']);
  });

  it('treats % and _ in a filter as plain characters', async () => {
    await initialise(completeEnterprise({ agencyName: '百分百_公司' }));
    expect(page(await list(`?agencyName=${encodeURIComponent('%')}`)).total).toBe(0);
    expect(page(await list(`?agencyName=${encodeURIComponent('_')}`)).total).toBe(1);
  });

  it('refuses query filters longer than their lengths with 1009 (spec endpoint 11: taxNumber 20, agencyName 100)', async () => {
    refusedWith(await list(`?taxNumber=${'9'.repeat(21)}`), SANDBOX_CODES.fieldLength);
    refusedWith(await list(`?agencyName=${encodeURIComponent('名'.repeat(101))}`), SANDBOX_CODES.fieldLength);
  });

  it('shows an AppKey only its own enterprises (spec endpoint 11: the enterprises under the current organisation)', async () => {
    await initialise(completeEnterprise());
    const data = page(await list('', asOther));
    expect(data.list).toEqual([{ taxNumber: OTHER.taxNumbers[0], agencyName: `沙箱企业 ${OTHER.taxNumbers[0]}` }]);
  });

  it('never answers the tax-bureau passwords in the list (docs/architecture.md §7)', async () => {
    await initialise(completeEnterprise());
    const answer = await list();
    expect(answer.text).not.toContain('identityPwd');
    expect(answer.text).not.toContain('taxPwd');
    expect(answer.text).not.toContain(taxUser.identityPwd);
    expect(page(answer).list[1]?.taxUser).toEqual({ idCard: taxUser.idCard, name: taxUser.name, phone: taxUser.phone, loginIdentity: '7', email: taxUser.email });
  });

  it('accepts ttaxNumber as the filter and refuses both spellings at once with 2003 (spec open point 8)', async () => {
    const wanted = completeEnterprise();
    await initialise(wanted);
    expect(page(await list(`?ttaxNumber=${wanted.taxNumber}`)).list.map((enterprise) => enterprise.taxNumber)).toEqual([wanted.taxNumber]);
    refusedWith(await list(`?ttaxNumber=${wanted.taxNumber}&taxNumber=${wanted.taxNumber}`), SANDBOX_CODES.format);
  });

  it('refuses an unsigned request with 2002 (spec Authentication, docs/architecture.md §7)', async () => {
    const response = await fetch(`${sandbox.sandbox.baseUrl}${AGENCY}`);
    expect(await response.json()).toMatchObject({ status: false, code: SANDBOX_CODES.authorisation });
  });
});

describe('endpoint 12: initialise an enterprise', () => {
  it('initialises with taxNumber and agencyName alone and answers the enterprise (spec endpoint 12)', async () => {
    const body = { taxNumber: taxNumber(), agencyName: '最小企业' };
    const answer = await initialise(body);
    const parsed = EnterpriseResponse.parse(answer.body);
    expect(parsed).toMatchObject({ status: true, code: 0, data: body });
  });

  it('answers the full record as initialised, without the passwords (spec endpoint 12, docs/architecture.md §7)', async () => {
    const body = completeEnterprise();
    const answer = await initialise(body);
    const { identityPwd: _identityPwd, taxPwd: _taxPwd, ...shownUser } = body.taxUser;
    expect(EnterpriseResponse.parse(answer.body).data).toEqual({ ...body, taxUser: shownUser });
  });

  it('refuses a missing taxNumber with 1008', async () => {
    refusedWith(await initialise({ agencyName: '无税号企业' }), SANDBOX_CODES.fieldMissing);
    refusedWith(await initialise({ taxNumber: '', agencyName: '空税号企业' }), SANDBOX_CODES.fieldMissing);
  });

  it('refuses a missing agencyName with 1008', async () => {
    refusedWith(await initialise({ taxNumber: taxNumber() }), SANDBOX_CODES.fieldMissing);
  });

  it.each([
    ['taxNumber', 20],
    ['agencyName', 100],
    ['address', 100],
    ['phone', 15],
    ['bank', 30],
    ['account', 30],
  ])('refuses %s longer than %i characters with 1009 (spec Enterprise record lengths)', async (field, max) => {
    const fill = field === 'taxNumber' ? '9' : '企';
    refusedWith(await initialise(completeEnterprise({ [field]: fill.repeat(max + 1) })), SANDBOX_CODES.fieldLength);
    expect((await initialise(completeEnterprise({ [field]: fill.repeat(max) }))).body['code']).toBe(0);
  });

  it.each([
    ['idCard', 20],
    ['name', 100],
    ['identityPwd', 100],
    ['phone', 15],
    ['taxPwd', 30],
    ['email', 40],
  ])('refuses taxUser.%s longer than %i characters with 1009 (spec taxUser lengths)', async (field, max) => {
    refusedWith(await initialise(completeEnterprise({ taxUser: { ...taxUser, [field]: 'x'.repeat(max + 1) } })), SANDBOX_CODES.fieldLength);
    expect((await initialise(completeEnterprise({ taxUser: { ...taxUser, [field]: 'x'.repeat(max) } }))).body['code']).toBe(0);
  });

  it('accepts loginIdentity 1, 2 and 7 and refuses any other with 3004 (spec taxUser loginIdentity)', async () => {
    for (const identity of ['1', '2', '7']) {
      expect((await initialise(completeEnterprise({ taxUser: { ...taxUser, loginIdentity: identity } }))).body['code']).toBe(0);
    }
    for (const identity of ['3', '0', '17', 7]) {
      refusedWith(await initialise(completeEnterprise({ taxUser: { ...taxUser, loginIdentity: identity } })), SANDBOX_CODES.invalidValue);
    }
  });

  it('refuses an enterprise the AppKey already has with 4002', async () => {
    const body = completeEnterprise();
    expect((await initialise(body)).body['code']).toBe(0);
    refusedWith(await initialise({ ...body, agencyName: '同一税号的另一家' }), SANDBOX_CODES.enterpriseExists);
    refusedWith(await initialise({ taxNumber: DEMO_ENTERPRISE.taxNumber, agencyName: '演示企业' }), SANDBOX_CODES.enterpriseExists);
  });

  it('lets another AppKey initialise the same tax number for itself', async () => {
    const body = completeEnterprise();
    expect((await initialise(body)).body['code']).toBe(0);
    expect((await initialise(body, asOther)).body['code']).toBe(0);
  });

  it('authorises the new tax number for the AppKey, so issuance as that seller passes 2012 (docs/architecture.md §7)', async () => {
    const seller = completeEnterprise();
    const issuance = () => sampleIssuance({ xhdwsbh: seller.taxNumber, xhdwmc: seller.agencyName, kpzdbs: 'tax-control-server' });
    refusedWith(await sandbox.call(ISSUE, issuance()), SANDBOX_CODES.taxNumberNotAuthorised);
    expect((await initialise(seller)).body['code']).toBe(0);
    expect((await sandbox.call(ISSUE, issuance())).body).toMatchObject({ status: true, code: 0 });
    // Only for the AppKey that initialised it.
    refusedWith(await sandbox.call(ISSUE, issuance(), asOther), SANDBOX_CODES.taxNumberNotAuthorised);
  });

  it('accepts ttaxNumber and answers taxNumber; refuses both spellings at once with 2003 (spec open point 8)', async () => {
    const number = taxNumber();
    const answer = await initialise({ ttaxNumber: number, agencyName: '另一种拼写' });
    expect(answer.body).toMatchObject({ status: true, code: 0, data: { taxNumber: number, agencyName: '另一种拼写' } });
    expect(answer.body['data']).not.toHaveProperty('ttaxNumber');
    refusedWith(await initialise({ taxNumber: taxNumber(), ttaxNumber: taxNumber(), agencyName: '两种拼写' }), SANDBOX_CODES.format);
  });

  it('refuses an unknown member and a body that is not an object with 2003', async () => {
    refusedWith(await initialise(completeEnterprise({ fax: '021-1' })), SANDBOX_CODES.format);
    refusedWith(await initialise(completeEnterprise({ taxUser: { ...taxUser, wechat: 'w' } })), SANDBOX_CODES.format);
    refusedWith(await initialise([completeEnterprise()]), SANDBOX_CODES.format);
  });

  it('stores the tax-bureau passwords it never answers (docs/architecture.md §7)', async () => {
    const body = completeEnterprise();
    await initialise(body);
    await sandbox.sandbox.close();
    const db = openDatabase(path.join(sandbox.dataDir, SANDBOX_DB_FILE), { migrations: sandboxMigrations });
    try {
      const stored = agencyStoreFor(db).find(DEMO_CREDENTIALS.appKey, body.taxNumber);
      expect(stored?.taxUser).toMatchObject({ identityPwd: taxUser.identityPwd, taxPwd: taxUser.taxPwd });
    } finally {
      closeDatabase(db);
    }
  });

  it('keeps initialised enterprises in sandbox.db across a restart', async () => {
    const body = completeEnterprise();
    await initialise(body);
    await sandbox.sandbox.close();
    const restarted = await startTestSandbox({ dataDir: sandbox.dataDir, credentials: [DEMO_CREDENTIALS, OTHER] });
    sandbox = restarted;
    const data = page(await list());
    expect(data.list.map((enterprise) => enterprise.taxNumber)).toEqual([DEMO_ENTERPRISE.taxNumber, body.taxNumber]);
  });
});

describe('endpoint 13: modify an enterprise', () => {
  it('modifies every member and answers the enterprise as modified (spec endpoint 13)', async () => {
    const body = completeEnterprise();
    await initialise({ taxNumber: body.taxNumber, agencyName: '旧名称' });
    const answer = await modify(body);
    const { identityPwd: _identityPwd, taxPwd: _taxPwd, ...shownUser } = body.taxUser;
    const expected: EnterpriseRecord = { ...body, taxUser: shownUser };
    expect(EnterpriseResponse.parse(answer.body)).toMatchObject({ status: true, code: 0, data: expected });
    expect(page(await list(`?taxNumber=${body.taxNumber}`)).list).toEqual([expected]);
  });

  it.each(['taxNumber', 'agencyName', 'address', 'phone', 'bank', 'account', 'taxUser'])(
    'refuses a modification without %s with 1008 (spec endpoint 13: every member required)',
    async (member) => {
      const body = completeEnterprise();
      await initialise(body);
      const { [member as keyof typeof body]: _left, ...without } = body;
      refusedWith(await modify(without), SANDBOX_CODES.fieldMissing);
      refusedWith(await modify({ ...body, [member]: member === 'taxUser' ? null : '' }), SANDBOX_CODES.fieldMissing);
    },
  );

  it.each(['idCard', 'name', 'identityPwd', 'phone', 'taxPwd', 'loginIdentity'])(
    'refuses a modification without taxUser.%s with 1008 (spec endpoint 13: every taxUser member but email)',
    async (member) => {
      const body = completeEnterprise();
      await initialise(body);
      const { [member as keyof typeof taxUser]: _left, ...user } = taxUser;
      refusedWith(await modify({ ...body, taxUser: user }), SANDBOX_CODES.fieldMissing);
    },
  );

  it('accepts a modification without taxUser.email (spec endpoint 13: email optional)', async () => {
    const body = completeEnterprise();
    await initialise(body);
    const { email: _email, ...user } = taxUser;
    const answer = await modify({ ...body, taxUser: user });
    expect(answer.body).toMatchObject({ status: true, code: 0 });
    expect((answer.body['data'] as EnterpriseRecord).taxUser).not.toHaveProperty('email');
  });

  it('refuses an enterprise the sandbox does not know with 4003', async () => {
    refusedWith(await modify(completeEnterprise()), SANDBOX_CODES.enterpriseUnknown);
  });

  it('refuses an enterprise of another AppKey with 2012 and leaves it unchanged (only enterprises of that AppKey)', async () => {
    const body = completeEnterprise();
    await initialise(body, asOther);
    refusedWith(await modify({ ...body, agencyName: '被篡改' }), SANDBOX_CODES.taxNumberNotAuthorised);
    expect(page(await list(`?taxNumber=${body.taxNumber}`, asOther)).list[0]?.agencyName).toBe(body.agencyName);
  });

  it("modifies the credential's own enterprise", async () => {
    const body = completeEnterprise({ taxNumber: DEMO_ENTERPRISE.taxNumber, agencyName: DEMO_ENTERPRISE.name });
    expect((await modify(body)).body).toMatchObject({ status: true, code: 0 });
    expect(page(await list()).list[0]).toMatchObject({ taxNumber: DEMO_ENTERPRISE.taxNumber, address: body.address });
  });

  it('applies the lengths and code table to a modification too (spec Enterprise record, taxUser)', async () => {
    const body = completeEnterprise();
    await initialise(body);
    refusedWith(await modify({ ...body, bank: '银'.repeat(31) }), SANDBOX_CODES.fieldLength);
    refusedWith(await modify({ ...body, taxUser: { ...taxUser, loginIdentity: '5' } }), SANDBOX_CODES.invalidValue);
  });

  it('accepts ttaxNumber and refuses both spellings at once with 2003 (spec open point 8)', async () => {
    const { taxNumber: number, ...rest } = completeEnterprise();
    await initialise({ taxNumber: number, agencyName: '旧名称' });
    expect((await modify({ ...rest, ttaxNumber: number })).body).toMatchObject({ status: true, code: 0, data: { taxNumber: number } });
    refusedWith(await modify({ ...rest, taxNumber: number, ttaxNumber: number }), SANDBOX_CODES.format);
  });
});

describe('sandbox migration 0040', () => {
  it('creates agency_enterprises and records the credential enterprises', async () => {
    await sandbox.sandbox.close();
    const db = new Database(path.join(sandbox.dataDir, SANDBOX_DB_FILE), { readonly: true });
    try {
      expect(db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(40);
      const rows = db.prepare<[], { app_key: string; tax_number: string; origin: string }>('SELECT app_key, tax_number, origin FROM agency_enterprises ORDER BY app_key').all();
      expect(rows).toEqual([
        { app_key: DEMO_CREDENTIALS.appKey, tax_number: DEMO_ENTERPRISE.taxNumber, origin: 'credential' },
        { app_key: OTHER.appKey, tax_number: OTHER.taxNumbers[0], origin: 'credential' },
      ]);
    } finally {
      db.close();
    }
  });
});
