/**
 * The issuance rule book as the form and main run it (shared/rules/issuance-form): each test is named
 * after the spec row it comes from and has a failing and a passing case, asserted on the draft field the
 * clerk would fix. Wire-only behaviour of the same rules is in output-rules.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { DraftLine, InvoiceDraft } from '../../../shared/ipc/schemas/issuance.js';
import { InvoiceDraft as InvoiceDraftSchema } from '../../../shared/ipc/schemas/issuance.js';
import { checkDraft, draftIssueText, isSendable, type DraftIssue } from '../../../shared/rules/issuance-form/index.js';
import { totalRule } from '../../../shared/rules/issuance/lines.js';
import { usccCheckCharacter } from '../../../shared/rules/uscc.js';
import type { PassengerTransportLine } from '../../../shared/spec/specific-business.js';

const SELLER = { taxNumber: '91330106MA27XK1234', name: '杭州演示科技有限公司' };
const uscc = (first17: string) => first17 + usccCheckCharacter(first17);
const BUYER_ID = uscc('91310115MA1K4ABCD');

const line = (overrides: Partial<DraftLine> = {}): DraftLine => ({
  name: '办公用品',
  taxCode: '1060201070000000000',
  quantity: '3',
  unitPrice: '33.33',
  rate: '0.13',
  ...overrides,
});

const draft = (overrides: Partial<InvoiceDraft> = {}): InvoiceDraft => ({
  invoiceType: '026',
  buyerName: '上海星河贸易有限公司',
  issuer: '张三',
  lines: [line()],
  ...overrides,
});

const special = (overrides: Partial<InvoiceDraft> = {}): InvoiceDraft =>
  draft({
    invoiceType: '028',
    buyerTaxNumber: BUYER_ID,
    buyerAddress: '上海市浦东新区世纪大道100号',
    buyerPhone: '021-12345678',
    buyerBank: '中国银行上海分行',
    buyerAccount: '6222000011112222',
    ...overrides,
  });

const FREIGHT = { ddd: '上海市浦东新区', qyd: '浙江省杭州市西湖区', ysgjhp: '沪A12345', ysgjzl: '1' as const, yshwmc: '电子元件' };
const freight = (overrides: Partial<InvoiceDraft> = {}): InvoiceDraft =>
  draft({ invoiceType: '81', buyerTaxNumber: BUYER_ID, specialKind: '54', specificBusiness: { hwysfw: [FREIGHT] }, ...overrides });

const TRAVEL = {
  cfd: '北京市朝阳区',
  cxr: '李四',
  cxrq: '2026-03-01',
  cxrzjhm: '110101199001011234',
  cxrzjlx: '201' as string,
  ddd: '上海市浦东新区',
  jtgjlx: '2' as string,
  dengj: '二等座' as string | undefined,
};
const passenger = (travel: Partial<typeof TRAVEL> & Record<string, unknown>) =>
  draft({ invoiceType: '82', specialKind: '59', specificBusiness: { lkysfw: [{ ...TRAVEL, ...travel } as unknown as PassengerTransportLine] } });

const SITE = { jzfwfsd: '浙江省杭州市', fsdxxdz: '西湖区文三路90号', jzxmmc: '办公楼装修', kdsbz: '0' as '0' | '1', tdzzsxmbh: 'XM001' };
const construction = (site: Partial<typeof SITE> & Record<string, unknown>) =>
  draft({ invoiceType: '82', specialKind: '53', specificBusiness: { jzfw: { ...SITE, ...site } as typeof SITE } });

const LEASE = {
  bdcdz: '上海市浦东新区',
  bdcxxdz: '世纪大道100号',
  fwcqzshm: '沪房地浦字001号',
  kdsbz: '0' as const,
  mjdw: '2' as const,
  zlqq: '2026-01-01 00:00',
  zlqz: '2026-12-31 23:59',
};

function issues(d: InvoiceDraft): DraftIssue[] {
  return checkDraft(d, { seller: SELLER }).issues;
}
function errorsAt(d: InvoiceDraft, path: string): string[] {
  return issues(d)
    .filter((issue) => issue.path === path && issue.severity === 'error')
    .map((issue) => draftIssueText(issue, 'zh'));
}
function expectClean(d: InvoiceDraft): void {
  const check = checkDraft(d, { seller: SELLER });
  expect(check.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
  expect(isSendable(check)).toBe(true);
}

describe('Issuance request', () => {
  it('Issuance request › ghdwsbh: required when fplxdm is 004, 028 or 81', () => {
    for (const invoiceType of ['004', '028', '81'] as const) {
      const [message] = errorsAt(special({ invoiceType, buyerTaxNumber: undefined }), 'buyerTaxNumber');
      expect(message).toContain('购买方纳税人识别号 不能为空');
    }
    expectClean(draft({ invoiceType: '026' }));
    expectClean(draft({ invoiceType: '82' }));
  });

  it('Issuance request › ghdwdz, ghdwdh, ghdwyh, ghdwzh: required for 004 and 028', () => {
    const bare = special({ buyerAddress: undefined, buyerPhone: '', buyerBank: undefined, buyerAccount: undefined });
    for (const field of ['buyerAddress', 'buyerPhone', 'buyerBank', 'buyerAccount']) expect(errorsAt(bare, field)).toHaveLength(1);
    expect(errorsAt(bare, 'buyerAddress')[0]).toContain('购买方地址');
    expectClean(special());
    // 81 needs the tax ID but not the bank details.
    expectClean(draft({ invoiceType: '81', buyerTaxNumber: BUYER_ID }));
  });

  it('Issuance request › ghdwsbh: a USCC with a wrong check character is refused, legacy 15/17/20 IDs only warned', () => {
    const wrong = BUYER_ID.slice(0, 17) + (BUYER_ID.endsWith('0') ? '1' : '0');
    expect(errorsAt(special({ buyerTaxNumber: wrong }), 'buyerTaxNumber')[0]).toContain('校验位不正确');
    const legacy = issues(special({ buyerTaxNumber: '310115123456789' })).filter((issue) => issue.path === 'buyerTaxNumber');
    expect(legacy).toEqual([expect.objectContaining({ severity: 'warning' })]);
    expect(isSendable(checkDraft(special({ buyerTaxNumber: '310115123456789' }), { seller: SELLER }))).toBe(true);
    expectClean(special());
  });

  it('Conventions › lengths are GBK lengths (ghdwmc 100: 50 Chinese characters)', () => {
    expect(errorsAt(draft({ buyerName: '中'.repeat(51) }), 'buyerName')[0]).toMatch(/购买方名称 超过 100 个 GBK 字节/);
    expectClean(draft({ buyerName: '中'.repeat(50) }));
    expect(errorsAt(draft({ remark: '备'.repeat(116) }), 'remark')[0]).toContain('备注');
    expectClean(draft({ remark: '备'.repeat(115) }));
  });

  it('Issuance request › jshj: total including tax = Σ je − discount, 2 decimals', () => {
    const withDiscount = draft({ lines: [line({ kind: 'discounted' }), line({ kind: 'discount', amount: '9.99', quantity: undefined, unitPrice: undefined, taxCode: undefined })] });
    const check = checkDraft(withDiscount, { seller: SELLER });
    expect(check.built.totals).toEqual({ total: '90.00', tax: '10.35', net: '79.65', discount: '9.99' });
    expect(check.request?.jshj).toBe(90);
    expect(check.request?.details.map((d) => d.je)).toEqual([99.99, -9.99]);
    expectClean(withDiscount);
    // A request whose jshj does not add up is refused by the shared rule book.
    expect(totalRule({ ...check.request!, jshj: 99.99 })).toEqual([expect.objectContaining({ path: 'jshj', code: 'total-mismatch' })]);
    expect(totalRule(check.request!)).toEqual([]);
  });

  it('Issuance request › email / phone: push needs a real e-mail address or an 11-digit mobile number', () => {
    expect(errorsAt(draft({ push: { email: 'not-an-address' } }), 'push.email')).toHaveLength(1);
    expect(errorsAt(draft({ push: { phone: '1381234' } }), 'push.phone')[0]).toContain('11 位');
    expectClean(draft({ push: { email: 'finance@example.com', phone: '13812345678' } }));
  });

  it('Issuance request › sfzsghdwyhzh / sfzsghdwdzdh: only effective for digital-electronic invoices (a warning elsewhere)', () => {
    const warned = issues(draft({ showBuyerBankAccount: true })).filter((issue) => issue.path === 'showBuyerBankAccount');
    expect(warned).toEqual([expect.objectContaining({ severity: 'warning' })]);
    expect(issues(draft({ invoiceType: '82', showBuyerBankAccount: true }))).toEqual([]);
    expect(checkDraft(draft({ invoiceType: '82', showBuyerBankAccount: true }), { seller: SELLER }).request?.sfzsghdwyhzh).toBe('1');
  });
});

describe('Issuance detail line', () => {
  it('Issuance detail line › je: amount including tax = spsl × dj, 2 decimals half-up', () => {
    const check = checkDraft(draft({ lines: [line({ quantity: '1', unitPrice: '1.005' })] }), { seller: SELLER });
    expect(check.request?.details[0]?.je).toBe(1.01);
    // A source that states its amount (a batch row) is held to spsl × dj within 0.01.
    expect(errorsAt(draft({ lines: [line({ amount: '100.50' })] }), 'lines.0.unitPrice')[0]).toContain('与数量×单价 99.99 不符');
    expectClean(draft({ lines: [line({ amount: '100.00' })] }));
  });

  it('Issuance detail line › je/sl: the tax is taken from the tax-inclusive amount, a stated tax within 0.06', () => {
    // 99.99 at 13%: tax 99.99 × 0.13 / 1.13 = 11.50.
    expect(checkDraft(draft(), { seller: SELLER }).built.lines[0]?.se).toBe('11.50');
    expect(errorsAt(draft({ lines: [line({ tax: '11.57' })] }), 'lines.0.tax')[0]).toContain('相差超过 0.06');
    expectClean(draft({ lines: [line({ tax: '11.56' })] }));
  });

  it('Issuance detail line › sl: only the allowed rates; lslbs 1/2/3 mean a 0% rate', () => {
    expect(InvoiceDraftSchema.safeParse(draft({ lines: [{ ...line(), rate: '0.07' as '0.06' }] })).success).toBe(false);
    expect(errorsAt(draft({ lines: [line({ specialLevy: '1' })] }), 'lines.0.rate')).toHaveLength(1);
    expect(errorsAt(draft({ lines: [line({ rate: '0.00' })] }), 'lines.0.specialLevy')).toHaveLength(1);
    expectClean(draft({ lines: [line({ rate: '0.00', specialLevy: '1', preferentialPolicy: '03' })] }));
  });

  it('Issuance detail line › spsl, dj, spbm: required except on a discount line; dj not 0', () => {
    expect(errorsAt(draft({ lines: [line({ quantity: undefined })] }), 'lines.0.quantity')[0]).toContain('数量 不能为空');
    expect(errorsAt(draft({ lines: [line({ taxCode: undefined })] }), 'lines.0.taxCode')).toHaveLength(1);
    expect(errorsAt(draft({ lines: [line({ unitPrice: '0' })] }), 'lines.0.unitPrice')[0]).toContain('含税单价 不能为 0');
    expectClean(draft());
  });

  const discount = (overrides: Partial<DraftLine> = {}) =>
    line({ kind: 'discount', amount: '10', quantity: undefined, unitPrice: undefined, taxCode: undefined, ...overrides });

  it('Issuance detail line › fphxz 1: a discount line directly follows its discounted line (fphxz 2)', () => {
    expect(errorsAt(draft({ lines: [line(), discount()] }), 'lines.1.kind')).toHaveLength(1);
    expect(errorsAt(draft({ lines: [line({ kind: 'discounted' }), line()] }), 'lines.0.kind')).toHaveLength(1);
    expectClean(draft({ lines: [line({ kind: 'discounted' }), discount()] }));
  });

  it("Issuance detail line › spmc: a discount line's name equals the discounted line's name", () => {
    expect(errorsAt(draft({ lines: [line({ kind: 'discounted' }), discount({ name: '折扣' })] }), 'lines.1.name')[0]).toContain('办公用品');
    expectClean(draft({ lines: [line({ kind: 'discounted' }), discount({ name: '办公用品' })] }));
  });

  it('Issuance detail line › spmc: a discounted line cannot be discounted over several lines', () => {
    const twice = draft({ lines: [line({ kind: 'discounted' }), discount({ amount: '5' }), discount({ amount: '5' })] });
    expect(errorsAt(twice, 'lines.2.kind')).toHaveLength(1);
    expectClean(draft({ lines: [line({ kind: 'discounted' }), discount({ amount: '10' }), line({ name: '文件夹' })] }));
  });

  it('Issuance detail line › je of a discount line: positive discount, not beyond its line', () => {
    expect(errorsAt(draft({ lines: [line({ kind: 'discounted' }), discount({ amount: '100.00' })] }), 'lines.1.amount')).toHaveLength(1);
    expect(errorsAt(draft({ lines: [line({ kind: 'discounted' }), discount({ amount: '' })] }), 'lines.1.amount')).toContainEqual(
      expect.stringContaining('折扣金额不能为空'),
    );
    expectClean(draft({ lines: [line({ kind: 'discounted' }), discount({ amount: '99.99' }), line({ name: '文件夹' })] }));
  });

  it('Issuance detail line › dw: when tspz is 08 it is required and must be 吨 or 升', () => {
    expect(errorsAt(draft({ specialKind: '08', lines: [line({ unit: 'kg' })] }), 'lines.0.unit')[0]).toContain('吨 或 升');
    expect(errorsAt(draft({ specialKind: '08' }), 'lines.0.unit')).toHaveLength(1);
    expectClean(draft({ specialKind: '08', lines: [line({ unit: '升' })] }));
  });

  it('Issuance detail line › spsl: when tspz is 08 it is required and non-zero', () => {
    expect(errorsAt(draft({ specialKind: '08', lines: [line({ unit: '吨', quantity: '0' })] }), 'lines.0.quantity')[0]).toContain('不能为 0');
    expectClean(draft({ specialKind: '08', lines: [line({ unit: '吨', quantity: '1.5' })] }));
  });

  it('Preferential policy code table › zzstsgl: only codes 01–18', () => {
    expect(InvoiceDraftSchema.safeParse(draft({ lines: [{ ...line(), preferentialPolicy: '19' as '18' }] })).success).toBe(false);
    expect(InvoiceDraftSchema.safeParse(draft({ lines: [line({ preferentialPolicy: '18' })] })).success).toBe(true);
  });
});

describe('Specific business information (tdywxx)', () => {
  it('Issuance request › tdywxx: required for digital-electronic invoices whose tspz is 53, 54, 55, 56 or 59', () => {
    expect(errorsAt(freight({ specificBusiness: undefined }), 'specificBusiness.hwysfw')[0]).toContain('货物运输服务 不能为空');
    expect(errorsAt(freight({ specificBusiness: { hwysfw: [] } }), 'specificBusiness.hwysfw')).toHaveLength(1);
    expectClean(freight());
  });

  it('hwysfw[] › ysgjzl: vehicle kind 0–5; every member required', () => {
    const bad = freight({ specificBusiness: { hwysfw: [{ ...FREIGHT, ysgjzl: '9' as '1', yshwmc: '' }] } });
    expect(errorsAt(bad, 'specificBusiness.hwysfw.0.ysgjzl')).toHaveLength(1);
    expect(errorsAt(bad, 'specificBusiness.hwysfw.0.yshwmc')[0]).toContain('运输货物名称 不能为空');
    expectClean(freight({ specificBusiness: { hwysfw: [FREIGHT, { ...FREIGHT, ysgjzl: '0', ysgjhp: '无' }] } }));
  });

  it('Address rules › area address: starts with a province-level unit and ends with 市/盟/自治州/地区/区', () => {
    expect(errorsAt(construction({ jzfwfsd: '杭州西湖' }), 'specificBusiness.jzfw.jzfwfsd')).toHaveLength(1);
    expectClean(construction({}));
  });

  it('Address rules › detailed address: contains 街/路/村/乡/镇/道/巷/号', () => {
    expect(errorsAt(construction({ fsdxxdz: '西湖区某大楼' }), 'specificBusiness.jzfw.fsdxxdz')).toHaveLength(1);
    expectClean(construction({ fsdxxdz: '西湖区某大楼8号' }));
  });

  it('Address rules › area address plus detailed address at most 120 (GBK: 浙江省杭州市 is 12)', () => {
    expect(errorsAt(construction({ fsdxxdz: `${'长'.repeat(52)}路1号` }), 'specificBusiness.jzfw.fsdxxdz')[0]).toContain('120');
    expectClean(construction({ fsdxxdz: `${'长'.repeat(45)}路1号` }));
  });

  it('jzfw › kqysssxbgglbm: required when kdsbz is 1', () => {
    expect(errorsAt(construction({ kdsbz: '1' }), 'specificBusiness.jzfw.kqysssxbgglbm')).toHaveLength(1);
    expectClean(construction({ kdsbz: '1', kqysssxbgglbm: 'KQ2026001' }));
  });

  it('bdcxsfw › sjcjhsje: required when taxed on an approved price (hdjsjg)', () => {
    const sale = { bdcdz: LEASE.bdcdz, bdcxxdz: LEASE.bdcxxdz, fwcqzshm: LEASE.fwcqzshm, kdsbz: '0' as const, mjdw: '0' as const, hdjsjg: 1000000 };
    const d = (extra: Record<string, unknown>) => draft({ invoiceType: '82', specialKind: '55', specificBusiness: { bdcxsfw: { ...sale, ...extra } } });
    expect(errorsAt(d({}), 'specificBusiness.bdcxsfw.sjcjhsje')).toHaveLength(1);
    expectClean(d({ sjcjhsje: 1200000 }));
  });

  it('bdcjyzlfw › zlqq, zlqz: yyyy-MM-dd HH:mm, real times, the lease does not end before it starts', () => {
    const d = (extra: Partial<typeof LEASE>) => draft({ invoiceType: '82', specialKind: '56', specificBusiness: { bdcjyzlfw: { ...LEASE, ...extra } } });
    expect(errorsAt(d({ zlqz: '2025-12-31 23:59' }), 'specificBusiness.bdcjyzlfw.zlqz')[0]).toContain('租赁期止不能早于租赁期起');
    expect(errorsAt(d({ zlqq: '2026-02-30 10:00' }), 'specificBusiness.bdcjyzlfw.zlqq')).toHaveLength(1);
    expectClean(d({}));
  });

  it('lkysfw[] › cxrq: travel date yyyy-MM-dd, a real day', () => {
    expect(errorsAt(passenger({ cxrq: '2026-02-30' }), 'specificBusiness.lkysfw.0.cxrq')[0]).toContain('出行日期');
    expectClean(passenger({}));
  });

  it('Document type code table › cxrzjlx: only the listed codes', () => {
    expect(errorsAt(passenger({ cxrzjlx: '209' }), 'specificBusiness.lkysfw.0.cxrzjlx')).toHaveLength(1);
    expectClean(passenger({ cxrzjlx: '227' }));
  });

  it('lkysfw[] › dengj: required for plane, train and ship, from that vehicle’s list', () => {
    expect(errorsAt(passenger({ jtgjlx: '1', dengj: undefined }), 'specificBusiness.lkysfw.0.dengj')[0]).toContain('等级 不能为空');
    expect(errorsAt(passenger({ jtgjlx: '1', dengj: '二等座' }), 'specificBusiness.lkysfw.0.dengj')[0]).toContain('经济舱');
    expectClean(passenger({ jtgjlx: '1', dengj: '经济舱' }));
    expectClean(passenger({ jtgjlx: '3', dengj: undefined }));
  });
});
