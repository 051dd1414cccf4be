/**
 * Issuance rules of the sandbox (spec "Issuance request", "Issuance detail line", "Specific business
 * information", endpoint 2) over real HTTP with the real signer and a real SQLite file. One rule, one test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CODES } from '../../../sandbox/index.js';
import type { IssuanceRequest } from '../../../shared/spec/issuance.js';
import type { SpecificBusinessInfo } from '../../../shared/spec/specific-business.js';
import { BUYER, ISSUE, blueRequest, issue } from '../../support/output-sandbox.js';
import { sampleIssuance } from '../../support/sample-issuance.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-caller.js';

let box: TestSandbox;
beforeAll(async () => {
  box = await startTestSandbox({ issueDelayMs: 0 });
});
afterAll(() => box.close());

const refusal = async (request: unknown) => (await box.call(ISSUE, request as object)).body;

const oneLine = (overrides: Partial<IssuanceRequest['details'][number]> = {}): IssuanceRequest['details'] => [
  { fphxz: 0, spmc: '*运输服务*客运服务', spbm: '3010101020000000000', spsl: 1, dj: 109, je: 109, sl: 0.09, ...overrides },
];

const JZFW = {
  jzfwfsd: '上海市浦东新区',
  fsdxxdz: '张江路 88 号',
  jzxmmc: '张江办公楼装修工程',
  kdsbz: '0',
  tdzzsxmbh: 'TD2025001',
} as const;

/** A digital-electronic general invoice of a special kind with the given tdywxx. */
const special = (tspz: IssuanceRequest['tspz'], tdywxx: SpecificBusinessInfo | undefined): IssuanceRequest =>
  sampleIssuance({ fplxdm: '82', tspz, jshj: 109, details: oneLine(), ...(tdywxx ? { tdywxx } : {}) });

describe('issuance: required fields by invoice type', () => {
  it('Issuance request ghdwsbh: required when fplxdm is 004, 028 or 81', async () => {
    for (const fplxdm of ['004', '028', '81'] as const) {
      const { ghdwsbh: _omit, ...buyer } = BUYER;
      const body = await refusal(sampleIssuance({ fplxdm, ...buyer }));
      expect(body, fplxdm).toMatchObject({ status: false, code: SANDBOX_CODES.fieldMissing });
      expect(body.msg).toContain('ghdwsbh');
    }
  });

  it('Issuance request ghdwdz/ghdwdh/ghdwyh/ghdwzh: required for 004 and 028', async () => {
    for (const field of ['ghdwdz', 'ghdwdh', 'ghdwyh', 'ghdwzh'] as const) {
      const body = await refusal(blueRequest('028', { [field]: undefined }));
      expect(body, field).toMatchObject({ status: false, code: SANDBOX_CODES.fieldMissing });
      expect(body.msg).toContain(field);
    }
  });

  it('Issuance request lengths: counted in GBK, a character outside GBK refused', async () => {
    expect(await refusal(sampleIssuance({ bz: '备'.repeat(116) }))).toMatchObject({ code: SANDBOX_CODES.fieldLength });
    expect(await refusal(sampleIssuance({ bz: '备'.repeat(115) }))).toMatchObject({ status: true });
    expect(await refusal(sampleIssuance({ ghdwmc: '客户😀公司' }))).toMatchObject({ code: SANDBOX_CODES.format });
  });
});

describe('issuance: detail lines', () => {
  it('Issuance detail line: spsl, dj and spbm are required on a line that is not a discount line', async () => {
    const request = sampleIssuance({ jshj: 109, details: oneLine({ spbm: undefined }) });
    expect(await refusal(request)).toMatchObject({ code: SANDBOX_CODES.fieldMissing });
  });

  it('Issuance detail line dw: when tspz is 08 it must be 吨 or 升', async () => {
    const oil = (dw: string) => sampleIssuance({ tspz: '08', jshj: 113, details: oneLine({ dw, spsl: 1, dj: 113, je: 113, sl: 0.13 }) });
    expect(await refusal(oil('桶'))).toMatchObject({ code: SANDBOX_CODES.invalidValue });
    expect(await refusal(oil('升'))).toMatchObject({ status: true });
  });

  it('Issuance detail line spsl: when tspz is 08 it is non-zero', async () => {
    const request = sampleIssuance({ tspz: '08', jshj: 0.01, details: oneLine({ dw: '吨', spsl: 0, dj: 113, je: 0.01, sl: 0.13 }) });
    const body = await refusal(request);
    expect(body).toMatchObject({ code: SANDBOX_CODES.invalidValue });
    expect(body.msg).toContain('数量不能为 0');
  });

  const discounted = { fphxz: 2 as const, spmc: '*软件*办公软件', spbm: '1060201070000000000', spsl: 2, dj: 100, je: 200, sl: 0.13 };
  const discount = { fphxz: 1 as const, spmc: '*软件*办公软件', je: -20, sl: 0.13 };

  it('Issuance detail line fphxz 1: a discount line needs only spmc, je and sl', async () => {
    const record = await issue(box, sampleIssuance({ jshj: 180, details: [discounted, discount] }));
    expect(record).toMatchObject({ kplx: '0', jshj: 180 });
  });

  it('Issuance detail line fphxz: a discount line directly follows its discounted line (fphxz 2)', async () => {
    const normal = { ...discounted, fphxz: 0 as const };
    expect(await refusal(sampleIssuance({ jshj: 180, details: [normal, discount] }))).toMatchObject({ code: SANDBOX_CODES.invalidValue });
    expect(await refusal(sampleIssuance({ jshj: 200, details: [discounted] }))).toMatchObject({ code: SANDBOX_CODES.invalidValue });
  });

  it('Issuance detail line spmc: a discount line carries the discounted line’s name', async () => {
    const body = await refusal(sampleIssuance({ jshj: 180, details: [discounted, { ...discount, spmc: '*软件*其他软件' }] }));
    expect(body).toMatchObject({ code: SANDBOX_CODES.invalidValue });
    expect(body.msg).toContain('折扣行的商品名称');
  });

  it('Issuance detail line spmc: a discounted line cannot be discounted over several lines', async () => {
    const twice = sampleIssuance({ jshj: 170, details: [discounted, discount, { ...discount, je: -10 }] });
    expect(await refusal(twice)).toMatchObject({ code: SANDBOX_CODES.invalidValue });
  });
});

describe('issuance: specific business information (tdywxx)', () => {
  it('endpoint 2 rule 4: tdywxx is required for digital-electronic invoices with tspz 53–59, with its matching member', async () => {
    for (const [tspz, member] of [['53', 'jzfw'], ['54', 'hwysfw'], ['55', 'bdcxsfw'], ['56', 'bdcjyzlfw'], ['59', 'lkysfw']] as const) {
      const body = await refusal(special(tspz, undefined));
      expect(body, tspz).toMatchObject({ code: SANDBOX_CODES.fieldMissing });
      expect(body.msg).toContain(`tdywxx.${member}`);
    }
  });

  it('endpoint 2 rule 4: a tdywxx member that does not match tspz is refused', async () => {
    const body = await refusal(special('53', { jzfw: JZFW, hwysfw: [] }));
    expect(body).toMatchObject({ code: SANDBOX_CODES.invalidValue });
    expect(body.msg).toContain('tdywxx.hwysfw');
  });

  it('tdywxx jzfw: a complete construction service is issued', async () => {
    const record = await issue(box, special('53', { jzfw: JZFW }));
    expect(record.fphm).toMatch(/^\d{20}$/);
  });

  it('tdywxx address rule: an area address starts with a province-level name and ends with 市/盟/自治州/地区/区', async () => {
    for (const jzfwfsd of ['浦东新区', '上海市浦东新区张江镇', '广东省']) {
      expect(await refusal(special('53', { jzfw: { ...JZFW, jzfwfsd } })), jzfwfsd).toMatchObject({ code: SANDBOX_CODES.invalidValue });
    }
    for (const jzfwfsd of ['广东省广州市天河区', '内蒙古自治区锡林郭勒盟', '香港特别行政区', '北京市']) {
      expect(await refusal(special('53', { jzfw: { ...JZFW, jzfwfsd } })), jzfwfsd).toMatchObject({ status: true });
    }
  });

  it('tdywxx address rule: a detailed address contains one of 街/路/村/乡/镇/道/巷/号', async () => {
    const body = await refusal(special('53', { jzfw: { ...JZFW, fsdxxdz: '张江高科技园区' } }));
    expect(body).toMatchObject({ code: SANDBOX_CODES.invalidValue });
    expect(body.msg).toContain('fsdxxdz');
  });

  it('tdywxx address rule: area address plus detailed address at most 120 in total', async () => {
    const fsdxxdz = `张江路${'八'.repeat(50)}号`; // 上海市浦东新区 7 × 2 + 54 × 2 = 122 GBK
    const body = await refusal(special('53', { jzfw: { ...JZFW, fsdxxdz } }));
    expect(body).toMatchObject({ code: SANDBOX_CODES.invalidValue });
    expect(body.msg).toContain('120');
    expect(await refusal(special('53', { jzfw: { ...JZFW, fsdxxdz: `张江路${'八'.repeat(49)}号` } }))).toMatchObject({ status: true });
  });

  it('tdywxx jzfw kqysssxbgglbm: required when kdsbz is 1', async () => {
    expect(await refusal(special('53', { jzfw: { ...JZFW, kdsbz: '1' } }))).toMatchObject({ code: SANDBOX_CODES.fieldMissing });
    expect(await refusal(special('53', { jzfw: { ...JZFW, kdsbz: '1', kqysssxbgglbm: 'BY2025-001' } }))).toMatchObject({ status: true });
  });

  it('tdywxx jzfw jzxmmc: at most 80 GBK', async () => {
    expect(await refusal(special('53', { jzfw: { ...JZFW, jzxmmc: '工'.repeat(41) } }))).toMatchObject({ code: SANDBOX_CODES.fieldLength });
  });

  it('tdywxx hwysfw: each freight transport with its vehicle kind from the ysgjzl table', async () => {
    const freight = { ddd: '上海市浦东新区', qyd: '江苏省苏州市昆山市', ysgjhp: '沪A12345', ysgjzl: '1', yshwmc: '电子元件' } as const;
    expect(await refusal(special('54', { hwysfw: [freight] }))).toMatchObject({ status: true });
    expect(await refusal(special('54', { hwysfw: [{ ...freight, ysgjzl: '9' as never }] }))).toMatchObject({ code: SANDBOX_CODES.format });
    expect(await refusal(special('54', { hwysfw: [] }))).toMatchObject({ code: SANDBOX_CODES.fieldMissing });
  });

  const SALE = { bdcdz: '上海市徐汇区', bdcxxdz: '漕溪北路 1 号', fwcqzshm: '沪(2025)徐字第001号', kdsbz: '0', mjdw: '0' } as const;

  it('tdywxx bdcxsfw sjcjhsje: required when taxed on an approved price (hdjsjg given)', async () => {
    expect(await refusal(special('55', { bdcxsfw: { ...SALE, hdjsjg: 1_000_000 } }))).toMatchObject({ code: SANDBOX_CODES.fieldMissing });
    expect(await refusal(special('55', { bdcxsfw: { ...SALE, hdjsjg: 1_000_000, sjcjhsje: 1_090_000 } }))).toMatchObject({ status: true });
    expect(await refusal(special('55', { bdcxsfw: SALE }))).toMatchObject({ status: true });
  });

  it('tdywxx bdcjyzlfw zlqq/zlqz: real dates, yyyy-MM-dd HH:mm, the lease not ending before it starts', async () => {
    const lease = { ...SALE, zlqq: '2025-01-01 00:00', zlqz: '2025-12-31 23:59' };
    expect(await refusal(special('56', { bdcjyzlfw: lease }))).toMatchObject({ status: true });
    expect(await refusal(special('56', { bdcjyzlfw: { ...lease, zlqz: '2025-02-30 10:00' } }))).toMatchObject({ code: SANDBOX_CODES.invalidValue });
    expect(await refusal(special('56', { bdcjyzlfw: { ...lease, zlqz: '2024-12-31 10:00' } }))).toMatchObject({ code: SANDBOX_CODES.invalidValue });
    expect(await refusal(special('56', { bdcjyzlfw: { ...lease, zlqq: '2025-01-01' } }))).toMatchObject({ code: SANDBOX_CODES.format });
  });

  const TRIP = { cfd: '上海市浦东新区', cxr: '张三', cxrq: '2025-03-01', cxrzjhm: '310101199001011234', cxrzjlx: '201', ddd: '北京市朝阳区' } as const;

  it('tdywxx lkysfw dengj: required when the vehicle is a plane, train or ship (jtgjlx 1/2/7)', async () => {
    for (const jtgjlx of ['1', '2', '7'] as const) {
      expect(await refusal(special('59', { lkysfw: [{ ...TRIP, jtgjlx }] })), jtgjlx).toMatchObject({ code: SANDBOX_CODES.fieldMissing });
    }
    expect(await refusal(special('59', { lkysfw: [{ ...TRIP, jtgjlx: '3' }] }))).toMatchObject({ status: true });
  });

  it('tdywxx lkysfw dengj: from the list of its vehicle type', async () => {
    expect(await refusal(special('59', { lkysfw: [{ ...TRIP, jtgjlx: '1', dengj: '二等座' }] }))).toMatchObject({ code: SANDBOX_CODES.invalidValue });
    expect(await refusal(special('59', { lkysfw: [{ ...TRIP, jtgjlx: '2', dengj: '二等座' }] }))).toMatchObject({ status: true });
    expect(await refusal(special('59', { lkysfw: [{ ...TRIP, jtgjlx: '7', dengj: '三等舱' }] }))).toMatchObject({ status: true });
  });

  it('tdywxx lkysfw cxrq: a real date; cxrzjlx from the Document type code table', async () => {
    expect(await refusal(special('59', { lkysfw: [{ ...TRIP, jtgjlx: '3', cxrq: '2025-13-01' }] }))).toMatchObject({ code: SANDBOX_CODES.invalidValue });
    expect(await refusal(special('59', { lkysfw: [{ ...TRIP, jtgjlx: '3', cxrzjlx: '209' as never }] }))).toMatchObject({ code: SANDBOX_CODES.format });
  });
});

describe('issuance: the issued record', () => {
  it('Issued invoice record: fpdm except for 81/82, fphm 8 or 20 digits, kprq, jym, skm and file addresses', async () => {
    const paper = await issue(box, blueRequest('004'));
    expect(paper.fpdm).toMatch(/^\d{12}$/);
    expect(paper.fphm).toMatch(/^\d{8}$/);
    expect(paper.skm).toBeTruthy();
    expect(paper.jym).toMatch(/^\d{20}$/);
    expect(paper.kprq).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+0800$/);
    for (const kind of ['pdf', 'ofd', 'xml'] as const) expect(paper[kind]).toMatch(new RegExp(`^${box.sandbox.baseUrl}/sandbox/files/[0-9a-f]{32}\\.${kind}$`));
    expect(paper.qr).toMatch(/\.png$/);

    const digital = await issue(box, blueRequest('81'));
    expect(digital).not.toHaveProperty('fpdm');
    expect(digital.fphm).toMatch(/^\d{20}$/);
  });
});
