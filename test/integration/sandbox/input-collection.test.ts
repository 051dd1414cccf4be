/**
 * Collection (spec endpoints 3 and 6, "Collected invoice record") over real HTTP against a seeded
 * sandbox: which invoices a buyer's initial and later collections return, the split between invoices with
 * details and main information only, and the record layout of each FPLXDM.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CollectionResponse, MainInformationResponse } from '../../../shared/spec/collection.js';
import {
  BUYER,
  COLLECT,
  COLLECT_MAIN,
  collectAll,
  collection,
  mainCollection,
  readTaxAuthority,
  startInputSandbox,
  type InputSandbox,
  type WireRecord,
} from '../../support/input-sandbox.js';

const TYPES = ['01', '03', '08', '14', '31'] as const;
const key = (record: { FPDM: string; FPHM: string }) => `${record.FPDM}|${record.FPHM}`;

describe('initial collection scope (endpoint 3 behaviour: certified of two tax periods, uncertified since 2017-01-01)', () => {
  let sandbox: InputSandbox;
  // 2019-06-15: the three seeded years reach back into 2016, so the 2017-01-01 limit has something to cut.
  beforeAll(async () => {
    sandbox = await startInputSandbox({ nowMs: Date.parse('2019-06-15T10:00:00+08:00'), seedInvoicesPerBuyer: 600 });
  });
  afterAll(() => sandbox.close());

  for (const type of TYPES) {
    it(`the first collection of FPLXDM ${type} returns exactly the certified invoices of 201906/201905 and the uncertified ones issued since 20170101`, async () => {
      const initial = await collectAll(sandbox, COLLECT, collection(`initial-${type}`, { FPLXDM: type, CJKSRQ: '20190601000000', CJJSRQ: '20190601000001' }));
      const everything = await collectAll(sandbox, COLLECT, collection(`all-${type}`, { FPLXDM: type }));
      const inScope = (record: WireRecord) =>
        (record.RZZT === '1' && ['201906', '201905'].includes(String(record.RZSQ))) || (record.RZZT === '0' && String(record.KPRQ) >= '20170101');
      expect(initial.all.map(key).sort()).toEqual(everything.all.filter(inScope).map(key).sort());
      // The scope really cuts: some invoices of the full range fall outside it.
      expect(everything.all.length).toBeGreaterThan(initial.all.length);
    });
  }

  it('the initial scope applies to endpoint 6 (main information) too, once per buyer', async () => {
    const initial = await collectAll(sandbox, COLLECT_MAIN, mainCollection('initial-main', { CJKSRQ: '20190601000000', CJJSRQ: '20190601000001' }));
    const everything = await collectAll(sandbox, COLLECT_MAIN, mainCollection('all-main'));
    const inScope = (record: WireRecord) =>
      (record.RZZT === '1' && ['201906', '201905'].includes(String(record.RZSQ))) || (record.RZZT === '0' && String(record.KPRQ) >= '20170101');
    expect(initial.all.map(key).sort()).toEqual(everything.all.filter(inScope).map(key).sort());
  });

  it('only the first collection of a buyer and kind is initial: the next one with the same dates goes by collection date', async () => {
    const body = { FPLXDM: '01', CJKSRQ: '20190601000000', CJJSRQ: '20190601000001' };
    const again = await sandbox.post(COLLECT, collection('after-initial-01', body));
    expect(again.body).toMatchObject({ ZTDM: '0000', ZHS: 0, BCQQFHHS: 0, FPZHXX: [] });
  });
});

describe('collection by date range and the details / main-information split', () => {
  let sandbox: InputSandbox;
  let reader: ReturnType<typeof readTaxAuthority>;
  beforeAll(async () => {
    sandbox = await startInputSandbox();
    reader = readTaxAuthority(sandbox.dataDir);
    // Use up the initial collections, so every request below goes by date.
    for (const type of TYPES) await collectAll(sandbox, COLLECT, collection(`init-${type}`, { FPLXDM: type }));
    await collectAll(sandbox, COLLECT_MAIN, mainCollection('init-main'));
  });
  afterAll(async () => {
    reader.close();
    await sandbox.close();
  });

  it('after the initial collection, CJKSRQ–CJJSRQ select by the date the platform collected each invoice, both ends inclusive', async () => {
    const from = '20240101000000';
    const to = '20240630235959';
    const window = await collectAll(sandbox, COLLECT, collection('window-01', { CJKSRQ: from, CJJSRQ: to }));
    expect(window.all.length).toBeGreaterThan(0);
    for (const record of window.all) {
      const collectedAt = reader.store.findInvoice(record.FPDM, record.FPHM)?.collectedAt ?? '';
      expect(collectedAt >= from && collectedAt <= to, `${key(record)} collected ${collectedAt}`).toBe(true);
    }
    // Two adjacent windows add up to the window that spans both, with nothing counted twice.
    const first = await collectAll(sandbox, COLLECT, collection('window-01-a', { CJKSRQ: from, CJJSRQ: '20240331235959' }));
    const second = await collectAll(sandbox, COLLECT, collection('window-01-b', { CJKSRQ: '20240401000000', CJJSRQ: to }));
    expect([...first.all, ...second.all].map(key).sort()).toEqual(window.all.map(key).sort());
    // An invoice's exact collection second matches a one-second window.
    const sample = window.all[0] as WireRecord;
    const at = reader.store.findInvoice(sample.FPDM, sample.FPHM)?.collectedAt ?? '';
    const exact = await collectAll(sandbox, COLLECT, collection('window-exact', { CJKSRQ: at, CJJSRQ: at }));
    expect(exact.all.map(key)).toContain(key(sample));
  });

  it('endpoint 3 returns only invoices with details and endpoint 6 only invoices without, together all of the buyer', async () => {
    const detailed: WireRecord[] = [];
    for (const type of TYPES) detailed.push(...(await collectAll(sandbox, COLLECT, collection(`split-${type}`, { FPLXDM: type }))).all);
    const main = (await collectAll(sandbox, COLLECT_MAIN, mainCollection('split-main'))).all;
    for (const record of detailed) expect(reader.store.findInvoice(record.FPDM, record.FPHM)?.hasDetails).toBe(true);
    for (const record of main) expect(reader.store.findInvoice(record.FPDM, record.FPHM)?.hasDetails).toBe(false);
    expect(main.length).toBeGreaterThan(0);
    const all = reader.store.listInvoices(BUYER).map((invoice) => `${invoice.fpdm}|${invoice.fphm}`).sort();
    expect([...detailed, ...main].map(key).sort()).toEqual(all);
  });

  it('endpoint 6 without GMFSBH means the caller\'s one authorised tax number', async () => {
    const withBuyer = await sandbox.post(COLLECT_MAIN, mainCollection('main-with-buyer'));
    const { GMFSBH: _omitted, ...withoutBuyer } = mainCollection('main-without-buyer');
    const answer = await sandbox.post(COLLECT_MAIN, withoutBuyer);
    expect(answer.body.ZTDM).toBe('0000');
    expect(answer.body.ZHS).toBe(withBuyer.body.ZHS);
  });
});

describe('record layouts per FPLXDM ("Collected invoice record")', () => {
  let sandbox: InputSandbox;
  const firstPage: Record<string, WireRecord[]> = {};
  beforeAll(async () => {
    sandbox = await startInputSandbox();
    for (const type of TYPES) {
      const answer = await sandbox.post(COLLECT, collection(`layout-${type}`, { FPLXDM: type }));
      expect(CollectionResponse.safeParse(answer.body).success, answer.text.slice(0, 300)).toBe(true);
      firstPage[type] = answer.body.FPZHXX as WireRecord[];
    }
  });
  afterAll(() => sandbox.close());

  const HEADER = ['FPDM', 'FPHM', 'DQSKSSQ', 'GXJZR', 'GXRQQ', 'GXRQZ', 'FPLXDM', 'GMFMC', 'GMFSBH', 'GMFDZDH', 'GMFYHZH', 'XHFMC', 'XHFSBH', 'XHFDZDH', 'XHFYHZH', 'KPRQ', 'HJJE', 'SE', 'JSHJ', 'BZ', 'FPZT', 'RZZT', 'RZRQ', 'RZSQ', 'SFDBTS', 'RZLX', 'JYM', 'TXFBZ', 'LSLBZ', 'XXLY', 'YXSE', 'YQKGXBZ', 'GLZT'];
  const SPECIAL_LINE = ['XH', 'SPMC', 'SPBM', 'SPBMJC', 'GGXH', 'DW', 'SPSL', 'DJ', 'JE', 'SL', 'SE'];

  for (const type of ['01', '08', '31'] as const) {
    it(`FPLXDM ${type} answers the special record, FPDM through GLZT, with its lines nested in MXXX (open point 4)`, () => {
      const records = firstPage[type] ?? [];
      expect(records.length).toBeGreaterThan(0);
      for (const record of records) {
        expect(Object.keys(record)).toEqual([...HEADER, 'MXXX']);
        expect(record.FPLXDM).toBe(type);
        const lines = record.MXXX as Record<string, string>[];
        expect(lines.length).toBeGreaterThan(0);
        for (const line of lines) expect(Object.keys(line)).toEqual(SPECIAL_LINE);
        expect(lines.map((line) => line.XH)).toEqual(lines.map((_, index) => String(index + 1)));
        // The header amounts are the sums of the lines; the total is amount plus tax (2 dp).
        const sum = (field: string) => lines.reduce((total, line) => total.plus(line[field] ?? '0'), new Decimal(0)).toFixed(2);
        expect(record.HJJE).toBe(sum('JE'));
        expect(record.SE).toBe(sum('SE'));
        expect(record.JSHJ).toBe(new Decimal(String(record.HJJE)).plus(String(record.SE)).toFixed(2));
        expect(record.JYM).toBe('');
      }
    });
  }

  it('FPLXDM 31 (fully digital) has no invoice code and a 20-digit number; 01 has a 10-digit code and 08 a 12-digit one', () => {
    for (const record of firstPage['31'] ?? []) expect([record.FPDM, record.FPHM.length]).toEqual(['', 20]);
    for (const record of firstPage['01'] ?? []) expect(record.FPDM).toMatch(/^\d{10}$/);
    for (const record of firstPage['08'] ?? []) expect(record.FPDM).toMatch(/^\d{12}$/);
  });

  it('FPLXDM 14 answers the toll record: the special header and MXXX lines with plate, type and pass times', () => {
    const records = firstPage['14'] ?? [];
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      expect(Object.keys(record)).toEqual([...HEADER, 'MXXX']);
      expect(record.JYM).toMatch(/^\d{20}$/);
      expect(['Y', 'N']).toContain(record.TXFBZ);
      for (const line of record.MXXX as Record<string, string>[]) {
        expect(Object.keys(line)).toEqual(['XH', 'SPMC', 'SPBM', 'SPBMJC', 'CPH', 'LX', 'TXSJQ', 'TXSJZ', 'JE', 'SL', 'SE', 'GGXH', 'DW', 'SPSL', 'DJ']);
        expect(line.TXSJQ).toMatch(/^\d{14}$/);
        expect(String(line.TXSJZ) > String(line.TXSJQ)).toBe(true);
      }
    }
  });

  it('FPLXDM 03 answers the motor-vehicle record with JSHJ the total and RZRQ the certification date (open point 5)', () => {
    const records = firstPage['03'] ?? [];
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      expect(record).not.toHaveProperty('MXXX');
      for (const field of ['GMFMC', 'KPRQ', 'GMFSBH', 'XHFMC', 'XHFSBH', 'SL', 'SE', 'SFYGX', 'FPZT', 'RZZT', 'GLZT', 'CLSBH', 'FDJHM', 'CPXH']) {
        expect(record[field], field).not.toBe('');
      }
      expect(record.CLSBH).toMatch(/^[0-9A-HJ-NPR-Z]{17}$/);
      expect(record.SE).toBe(new Decimal(String(record.JSHJ)).times(13).dividedBy(113).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
      expect(record.SFYGX).toBe(record.RZZT === '1' ? '1' : '0');
    }
  });

  it('endpoint 6 answers main-information records (FPDM … GLZT, no lines) that parse with MainInformationResponse', async () => {
    const answer = await sandbox.post(COLLECT_MAIN, mainCollection('layout-main'));
    expect(MainInformationResponse.safeParse(answer.body).success).toBe(true);
    const MAIN = ['FPDM', 'FPHM', 'DQSKSSQ', 'GXJZR', 'GXRQQ', 'GXRQZ', 'FPLXDM', 'GMFSBH', 'XHFMC', 'XHFSBH', 'KPRQ', 'HJJE', 'SE', 'FPZT', 'RZZT', 'RZRQ', 'RZSQ', 'SFDBTS', 'RZLX', 'JYM', 'XXLY', 'YXSE', 'YQKGXBZ', 'GLZT'];
    for (const record of answer.body.FPZHXX as WireRecord[]) {
      expect(Object.keys(record)).toEqual(MAIN);
      expect(record.JYM === '').toBe(record.FPLXDM !== '14');
    }
    expect(Object.keys(answer.body)).toEqual(['ZTDM', 'ZTXX', 'ZHS', 'KSHS', 'BCQQFHHS', 'FPZHXX']);
  });

  it('every record carries the current period\'s selection window: DQSKSSQ 202503, GXJZR 20250415, GXRQQ 360 days back, GXRQZ today', () => {
    for (const record of firstPage['01'] ?? []) {
      expect([record.DQSKSSQ, record.GXJZR, record.GXRQQ, record.GXRQZ]).toEqual(['202503', '20250415', '20240320', '20250315']);
    }
  });

  it('a certified record carries RZRQ, RZSQ and RZLX, and YXSE exactly when RZLX is 1 or 4', async () => {
    const all = (await collectAll(sandbox, COLLECT, collection('layout-all-01', { FPLXDM: '01' }))).all;
    const certified = all.filter((record) => record.RZZT === '1');
    expect(certified.length).toBeGreaterThan(0);
    for (const record of certified) {
      expect(record.RZRQ).toMatch(/^\d{8}$/);
      expect(record.RZSQ).toBe(String(record.RZRQ).slice(0, 6));
      expect(String(record.RZRQ) >= String(record.KPRQ)).toBe(true);
      expect(record.YXSE !== '').toBe(record.RZLX === '1' || record.RZLX === '4');
    }
    for (const record of all.filter((candidate) => candidate.RZZT === '0')) expect([record.RZRQ, record.RZSQ, record.RZLX, record.YXSE]).toEqual(['', '', '', '']);
  });
});
