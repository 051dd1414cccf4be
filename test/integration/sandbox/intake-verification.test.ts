/**
 * Single verification (spec endpoint 4, "Verification request and result", the single verification codes
 * under Errors, Limits) over real HTTP with a real SQLite file, against the seeded tax authority
 * (`startSandbox({ seed })`). The sandbox clock is injected and moved: the signer follows it, so the
 * signature stays valid on "the next day". Each rule of docs/sandbox/rules-intake.md has its own test.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmacSigner } from '../../../main/api/signer.js';
import { closeDatabase, openDatabase } from '../../../sandbox/database.js';
import { DEMO_CREDENTIALS } from '../../../sandbox/index.js';
import { sandboxMigrations } from '../../../sandbox/migrations/index.js';
import { SANDBOX_DB_FILE } from '../../../sandbox/store.js';
import { createTaxAuthorityStore } from '../../../sandbox/stores/tax-authority.js';
import type { ReceivedInvoice } from '../../../sandbox/tax-authority/types.js';
import { VerificationResponse, type VerificationRequest } from '../../../shared/spec/verification.js';
import { startTestSandbox, type Answer, type CallOptions, type TestSandbox } from '../../support/sandbox-caller.js';

const CHECK = '/input/openApi/checkInvoiceSingle';
/** 2025-06-15 10:00 in China (+08:00). */
const START = Date.parse('2025-06-15T02:00:00.000Z');
const TODAY = '20250615';
const NO_TAX_NUMBERS = { appKey: 'no-tax-numbers', appSecret: 'no-tax-numbers-secret-0123', taxNumbers: [] };

let clock = START;
let sandbox: TestSandbox;
let invoices: ReceivedInvoice[] = [];
const signer = createHmacSigner({ appKey: DEMO_CREDENTIALS.appKey, appSecret: DEMO_CREDENTIALS.appSecret, now: () => clock });

beforeAll(async () => {
  sandbox = await startTestSandbox({ seed: 20250615, seedInvoicesPerBuyer: 400, now: () => new Date(clock), credentials: [DEMO_CREDENTIALS, NO_TAX_NUMBERS] });
  // A second handle on the same WAL database, only to pick invoices to verify.
  const db = openDatabase(path.join(sandbox.dataDir, SANDBOX_DB_FILE), { migrations: sandboxMigrations });
  try {
    const store = createTaxAuthorityStore(db);
    invoices = store.invoicesByIds(Array.from({ length: store.count() }, (_, index) => index + 1));
  } finally {
    closeDatabase(db);
  }
});
afterAll(async () => {
  await sandbox.close();
});

const verify = (body: Partial<VerificationRequest> | string, options: CallOptions = {}): Promise<Answer> => sandbox.call(CHECK, body, { signer, ...options });

/** Each test takes its own invoice, so the daily counts of one test never leak into another. */
const used = new Set<string>();
function pick(predicate: (invoice: ReceivedInvoice) => boolean): ReceivedInvoice {
  const found = invoices.find((invoice) => !used.has(`${invoice.fpdm}|${invoice.fphm}`) && invoice.kprq < TODAY && predicate(invoice));
  if (!found) throw new Error('the seeded tax authority has no such invoice');
  used.add(`${found.fpdm}|${found.fphm}`);
  return found;
}
const normal = (type: ReceivedInvoice['fplxdm']) => pick((invoice) => invoice.fplxdm === type && invoice.fpzt === '0');

/** The request a clerk sends for an invoice, by its kind. */
function requestFor(invoice: ReceivedInvoice, overrides: Partial<VerificationRequest> = {}): VerificationRequest {
  const base = { fpdm: invoice.fpdm, fphm: invoice.fphm, kprq: invoice.kprq };
  switch (invoice.fplxdm) {
    case '01':
    case '08':
      return { ...base, fpzl: invoice.fplxdm, fpje: invoice.hjje, ...overrides };
    case '03':
      return { ...base, fpzl: '03', fpje: invoice.hjje, ...overrides };
    case '14':
      return { ...base, fpzl: '14', jym: invoice.jym.slice(-6), ...overrides };
    case '31':
      return { ...base, fpzl: '21', fpje: invoice.jshj, ...overrides };
  }
}

function expectCode(answer: Answer, code: string, success: boolean): void {
  expect(answer.status).toBe(200);
  const parsed = VerificationResponse.parse(answer.body);
  expect({ code: parsed.code, success: parsed.success }).toEqual({ code, success });
  if (success) expect(parsed.data?.cyjg).toBe(code);
  else expect(parsed.data).toBeNull();
}

describe('verification outcomes (Errors: single verification codes)', () => {
  it('0001: a consistent special invoice returns the verification result with buyer, seller, amounts and lines', async () => {
    const invoice = normal('01');
    const answer = await verify(requestFor(invoice));
    expectCode(answer, '0001', true);
    const data = VerificationResponse.parse(answer.body).data;
    expect(data).toMatchObject({
      cyjg: '0001',
      fpzl: '01',
      fpdm: invoice.fpdm,
      fphm: invoice.fphm,
      cycs: '1',
      kprq: invoice.kprq,
      xhfmc: invoice.xhfmc,
      xhfsbh: invoice.xhfsbh,
      gmfmc: invoice.gmfmc,
      gmfsbh: invoice.gmfsbh,
      fpje: invoice.hjje,
      fpse: invoice.se,
      jshj: invoice.jshj,
      jym: invoice.jym,
      zfbz: 'N',
      qdbz: invoice.lines.length > 8 ? 'Y' : 'N',
    });
    expect(data?.detailList).toHaveLength(invoice.lines.length);
    const [line] = invoice.lines;
    if (line) {
      const inclusive = new Decimal(line.je).plus(line.se);
      expect(data?.detailList?.[0]).toMatchObject({ mxbh: '1', hwmc: line.spmc, je: line.je, se: line.se, bhsdj: line.dj, hsje: inclusive.toFixed(2), ssflbm: line.spbm });
    }
  });

  it('0001: a full-electronic invoice (fpzl 21) verifies with an empty fpdm and the total including tax as fpje', async () => {
    const invoice = normal('31');
    expect(invoice.fpdm).toBe('');
    expectCode(await verify(requestFor(invoice)), '0001', true);
  });

  it('0001: a toll invoice (fpzl 14) verifies with the last 6 characters of its check code', async () => {
    const invoice = normal('14');
    const answer = await verify(requestFor(invoice));
    expectCode(answer, '0001', true);
    expect(VerificationResponse.parse(answer.body).data).not.toHaveProperty('qdbz');
  });

  it('0006: the amount excluding tax differs (fpje for 01 is HJJE)', async () => {
    const invoice = normal('01');
    const wrong = new Decimal(invoice.hjje).plus('0.01').toFixed(2);
    const answer = await verify(requestFor(invoice, { fpje: wrong }));
    expectCode(answer, '0006', true);
    // An inconsistent answer reveals nothing of the real record.
    expect(VerificationResponse.parse(answer.body).data).not.toHaveProperty('jshj');
  });

  it('0006: for 21/22 fpje is the total including tax, so the amount excluding tax is inconsistent', async () => {
    const invoice = pick((candidate) => candidate.fplxdm === '31' && candidate.fpzt === '0' && candidate.hjje !== candidate.jshj);
    expectCode(await verify(requestFor(invoice, { fpje: invoice.hjje })), '0006', true);
  });

  it('0006: the last 6 characters of the check code differ', async () => {
    const invoice = normal('14');
    const tail = invoice.jym.slice(-6);
    const wrong = tail.replace(/.$/, (last) => (last === '0' ? '1' : '0'));
    expectCode(await verify(requestFor(invoice, { jym: wrong })), '0006', true);
  });

  it('0006: the issue date differs from the record', async () => {
    const invoice = normal('08');
    const day = new Date(Date.UTC(Number(invoice.kprq.slice(0, 4)), Number(invoice.kprq.slice(4, 6)) - 1, Number(invoice.kprq.slice(6, 8)) - 1));
    const earlier = day.toISOString().slice(0, 10).replaceAll('-', '');
    expectCode(await verify(requestFor(invoice, { kprq: earlier })), '0006', true);
  });

  it('0009: an invoice the tax authority does not know', async () => {
    const answer = await verify({ fpzl: '01', fpdm: '031009999999', fphm: '99999999', kprq: '20250101', fpje: '100.00' });
    expectCode(answer, '0009', true);
    expect(VerificationResponse.parse(answer.body).data).toMatchObject({ cyjg: '0009', cycs: '1' });
  });

  it('0009: a kind the tax authority holds no invoices of (04 general)', async () => {
    const invoice = normal('01');
    expectCode(await verify({ fpzl: '04', fpdm: invoice.fpdm, fphm: invoice.fphm, kprq: invoice.kprq, jym: invoice.jym.slice(-6) }), '0009', true);
  });
});

describe('zfbz (Verification result: Y voided, H red-reversed, N not voided)', () => {
  it('a voided invoice (FPZT 2) verifies with zfbz Y', async () => {
    const invoice = pick((candidate) => candidate.fpzt === '2');
    const answer = await verify(requestFor(invoice));
    expectCode(answer, '0001', true);
    expect(VerificationResponse.parse(answer.body).data?.zfbz).toBe('Y');
  });

  it('a red-reversed invoice (FPZT 3) verifies with zfbz H', async () => {
    const invoice = pick((candidate) => candidate.fpzt === '3');
    const answer = await verify(requestFor(invoice));
    expectCode(answer, '0001', true);
    expect(VerificationResponse.parse(answer.body).data?.zfbz).toBe('H');
  });
});

describe('daily limit (Limits: 5 verifications of one invoice per day; beyond it 0002)', () => {
  it('the 6th verification of one invoice on one day gets 0002; cycs counts 1 to 5', async () => {
    const invoice = normal('01');
    for (let round = 1; round <= 5; round++) {
      const answer = await verify(requestFor(invoice));
      expectCode(answer, '0001', true);
      expect(VerificationResponse.parse(answer.body).data?.cycs).toBe(String(round));
    }
    expectCode(await verify(requestFor(invoice)), '0002', false);
  });

  it('inconsistent and unknown verifications count too', async () => {
    const invoice = normal('08');
    for (let round = 1; round <= 5; round++) expectCode(await verify(requestFor(invoice, { fpje: '0.01' })), '0006', true);
    expectCode(await verify(requestFor(invoice)), '0002', false);
  });

  it('a refused request (1008) does not use up a verification', async () => {
    const invoice = normal('01');
    for (let round = 1; round <= 3; round++) expectCode(await verify(requestFor(invoice, { fpje: '' })), '1008', false);
    expect(VerificationResponse.parse((await verify(requestFor(invoice))).body).data?.cycs).toBe('1');
  });

  it('the count resets on the next day in China (00:00 +08:00)', async () => {
    const invoice = normal('31');
    try {
      // 23:59:59 in China on the first day: still the same day as START.
      clock = START + 14 * 60 * 60 * 1000 - 1000;
      for (let round = 1; round <= 5; round++) expectCode(await verify(requestFor(invoice)), '0001', true);
      expectCode(await verify(requestFor(invoice)), '0002', false);
      clock += 1000;
      const nextDay = await verify(requestFor(invoice));
      expectCode(nextDay, '0001', true);
      expect(VerificationResponse.parse(nextDay.body).data?.cycs).toBe('1');
    } finally {
      clock = START;
    }
  });
});

describe('date limits (Limits; codes 1014, 1015)', () => {
  it('1014: an invoice dated today (China time) cannot be verified', async () => {
    expectCode(await verify({ fpzl: '01', fpdm: '031001900104', fphm: '12345678', kprq: TODAY, fpje: '100.00' }), '1014', false);
  });

  it('1014 follows the sandbox clock across midnight in China, not the host zone', async () => {
    try {
      clock = Date.parse('2025-06-15T16:30:00.000Z'); // 00:30 on 16 June in China
      expectCode(await verify({ fpzl: '01', fpdm: '031001900104', fphm: '12345678', kprq: '20250616', fpje: '100.00' }), '1014', false);
    } finally {
      clock = START;
    }
  });

  it('1015: an invoice older than 5 years cannot be verified', async () => {
    expectCode(await verify({ fpzl: '01', fpdm: '031001900104', fphm: '12345678', kprq: '20200614', fpje: '100.00' }), '1015', false);
  });

  it('exactly 5 years old is still verifiable (it reaches the tax authority)', async () => {
    expectCode(await verify({ fpzl: '01', fpdm: '031001900104', fphm: '12345677', kprq: '20200615', fpje: '100.00' }), '0009', true);
  });

  it('0005: an issue date in the future is illegal', async () => {
    expectCode(await verify({ fpzl: '01', fpdm: '031001900104', fphm: '12345678', kprq: '20250616', fpje: '100.00' }), '0005', false);
  });
});

describe('request rules (endpoint 4 field table; codes 1008, 1009, 1005)', () => {
  const base = { fpdm: '031001900104', fphm: '12345678', kprq: '20250101' };

  it('1008: fpzl, fphm and kprq are required for every kind', async () => {
    expectCode(await verify({ ...base, fpje: '1.00' }), '1008', false);
    expectCode(await verify({ fpzl: '01', fpdm: base.fpdm, kprq: base.kprq, fpje: '1.00' }), '1008', false);
    expectCode(await verify({ fpzl: '01', fpdm: base.fpdm, fphm: base.fphm, fpje: '1.00' }), '1008', false);
  });

  it('1008: fpje is required for fpzl 01, 02, 03, 15, 08, 16, 21 and 22', async () => {
    for (const fpzl of ['01', '02', '03', '15', '08']) expectCode(await verify({ ...base, fpzl }), '1008', false);
    expectCode(await verify({ ...base, fpzl: '16', jym: '123456' }), '1008', false);
    for (const fpzl of ['21', '22']) expectCode(await verify({ fpzl, fphm: '25312000000000000001', kprq: base.kprq }), '1008', false);
  });

  it('1008: jym is required for fpzl 04, 10, 11, 14 and 16', async () => {
    for (const fpzl of ['04', '10', '11', '14']) expectCode(await verify({ ...base, fpzl }), '1008', false);
    expectCode(await verify({ ...base, fpzl: '16', fpje: '1.00' }), '1008', false);
  });

  it('1008: fpdm may be empty only for full-electronic kinds 21 and 22', async () => {
    expectCode(await verify({ fpzl: '01', fphm: base.fphm, kprq: base.kprq, fpje: '1.00' }), '1008', false);
    expectCode(await verify({ fpzl: '22', fpdm: '', fphm: '25312000000000000001', kprq: base.kprq, fpje: '1.00' }), '0009', true);
  });

  it('1009: lengths — fpdm 10/12, fphm 8 (20 for 21/22), kprq 8, jym 6', async () => {
    expectCode(await verify({ ...base, fpzl: '01', fpdm: '03100190010', fpje: '1.00' }), '1009', false);
    expectCode(await verify({ ...base, fpzl: '01', fphm: '1234567', fpje: '1.00' }), '1009', false);
    expectCode(await verify({ ...base, fpzl: '21', fpdm: '', fphm: '12345678', fpje: '1.00' }), '1009', false);
    expectCode(await verify({ ...base, fpzl: '01', kprq: '2025011', fpje: '1.00' }), '1009', false);
    expectCode(await verify({ ...base, fpzl: '04', jym: '12345' }), '1009', false);
  });

  it('1005: kprq must be a real yyyyMMdd date and fpzl a kind of the table', async () => {
    expectCode(await verify({ ...base, fpzl: '01', kprq: '20250230', fpje: '1.00' }), '1005', false);
    expectCode(await verify({ ...base, fpzl: '01', kprq: '2025-1-1', fpje: '1.00' }), '1005', false);
    expectCode(await verify({ ...base, fpzl: '99', fpje: '1.00' }), '1005', false);
    expectCode(await verify({ ...base, fpzl: '01', fpje: '1.001' }), '1005', false);
  });

  it('0005: a body that is not a JSON object, or members of the wrong type', async () => {
    expectCode(await verify('[]'), '0005', false);
    expectCode(await verify(JSON.stringify({ ...base, fpzl: '01', fpje: 100 })), '0005', false);
  });

  it('1020: an AppKey without any tax number has no verification permission', async () => {
    const other = createHmacSigner({ appKey: NO_TAX_NUMBERS.appKey, appSecret: NO_TAX_NUMBERS.appSecret, now: () => clock });
    expectCode(await sandbox.call(CHECK, { ...base, fpzl: '01', fpje: '1.00' }, { signer: other }), '1020', false);
  });

  it('2002: an unsigned request is refused in the E4 envelope', async () => {
    const answer = await sandbox.call(CHECK, { ...base, fpzl: '01', fpje: '1.00' }, { signer: { sign: () => ({}) } });
    expect(answer.body).toMatchObject({ success: false, code: '2002', data: null });
  });
});

describe('sandbox database migration 0050', () => {
  it('creates verification_log with its per-invoice-per-day index', () => {
    const db = new Database(path.join(sandbox.dataDir, SANDBOX_DB_FILE), { readonly: true });
    try {
      expect(db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(50);
      const columns = db.prepare<[], { name: string }>("SELECT name FROM pragma_table_info('verification_log')").all().map((column) => column.name);
      expect(columns).toEqual(['id', 'app_key', 'fpzl', 'fpdm', 'fphm', 'china_day', 'cyjg', 'verified_at']);
      const indexes = db.prepare<[], { name: string }>("SELECT name FROM pragma_index_list('verification_log')").all().map((index) => index.name);
      expect(indexes).toContain('verification_log_invoice_day');
    } finally {
      db.close();
    }
  });
});
