/** The output side's pure rules (shared/rules), with cases from the spec's tables and remarks. */
import { describe, expect, it } from 'vitest';
import { fullAddressLength, isAreaAddress, isDetailedAddress } from '../../../shared/rules/address.js';
import { isCompactDate, isValidDate, isValidDateMinute } from '../../../shared/rules/dates.js';
import { invoiceTotals, taxContained, unitPriceExcludingTax } from '../../../shared/rules/invoice-amounts.js';
import { buildInvoiceQr, parseInvoiceQr, qrAmountOf, qrChecksum } from '../../../shared/rules/invoice-qr.js';
import { checkIssuanceRules, invoiceDirection } from '../../../shared/rules/issuance/index.js';
import { ruleText } from '../../../shared/rules/rule-messages.js';
import { checkRedLetterRequest, fullReversalLines, redLetterChangeRule, type OriginalLine } from '../../../shared/rules/redletter.js';
import { PRINT_INVOICE_STATUSES, TRAVEL_CLASSES } from '../../../shared/spec/codes.js';
import { PrintRequest, PrintResult } from '../../../shared/spec/print.js';
import { RedLetterApplicationRequest, RedLetterDetailLine, RedLetterQuery } from '../../../shared/spec/redletter.js';
import { SpecificBusinessInfo } from '../../../shared/spec/specific-business.js';
import { sampleIssuance } from '../../support/sample-issuance.js';

describe('address rules (tdywxx)', () => {
  it('area address: a province-level start (…省, …自治区, …特别行政区, or a municipality) and 市/盟/自治州/地区/区 at the end', () => {
    expect(['广东省广州市', '上海市浦东新区', '新疆维吾尔自治区阿克苏地区', '吉林省延边朝鲜族自治州', '内蒙古自治区锡林郭勒盟'].every(isAreaAddress)).toBe(true);
    expect(['浦东新区', '广东省', '上海市浦东新区张江镇', ''].some(isAreaAddress)).toBe(false);
  });

  it('detailed address: contains one of 街/路/村/乡/镇/道/巷/号', () => {
    expect(['张江路 88 号', '某某村', '人民大道'].every(isDetailedAddress)).toBe(true);
    expect(isDetailedAddress('张江高科技园区')).toBe(false);
  });

  it('area + detailed address length counted in GBK', () => {
    expect(fullAddressLength('上海市', '1号')).toBe(9);
  });
});

describe('dates', () => {
  it('yyyy-MM-dd, yyyy-MM-dd HH:mm and yyyyMMdd name real days', () => {
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('2025-02-29')).toBe(false);
    expect(isValidDateMinute('2025-01-01 23:59')).toBe(true);
    expect(isValidDateMinute('2025-01-01 24:00')).toBe(false);
    expect(isCompactDate('20250430')).toBe(true);
    expect(isCompactDate('20250431')).toBe(false);
  });
});

describe('invoice amounts', () => {
  it('tax contained in a tax-inclusive amount, 2 dp half-up; totals add up', () => {
    expect(taxContained(113, 0.13)).toBe('13.00');
    expect(taxContained(-113, 0.13)).toBe('-13.00');
    expect(invoiceTotals([{ je: 113, sl: 0.13 }, { je: 106, sl: 0.06 }])).toEqual({ hjje: '200.00', hjse: '19.00', jshj: '219.00' });
    expect(unitPriceExcludingTax(56.5, 0.13)).toBe('50');
  });
});

describe('invoice QR payload (docs/architecture.md §9)', () => {
  it('builds 01,<type>,<code>,<number>,<amount>,<yyyyMMdd>,<check code>,<crc>, and parses it back', () => {
    const text = buildInvoiceQr({ fplxdm: '004', fpdm: '031025004001', fphm: '00000001', amount: '200.00', date: '20250301', checkCode: '12345678901234567890' });
    expect(text).toMatch(/^01,01,031025004001,00000001,200\.00,20250301,12345678901234567890,[0-9A-F]{4},$/);
    expect(parseInvoiceQr(text)).toMatchObject({ fplxdm: '004', fphm: '00000001', amount: '200.00', crcMatches: true });
  });

  it('digital-electronic invoices have an empty code and type 31/32; a foreign checksum is read, not refused', () => {
    const text = buildInvoiceQr({ fplxdm: '82', fphm: '25312000000000000001', amount: '100.00', date: '20250301' });
    expect(text.startsWith('01,32,,25312000000000000001,')).toBe(true);
    expect(parseInvoiceQr('01,10,031001900111,12345678,88.50,20250301,12345678901234567890,A1B2,')).toMatchObject({ fplxdm: '026', crcMatches: false });
    expect(parseInvoiceQr('not a qr')).toBeUndefined();
    expect(qrChecksum('123456789')).toBe('29B1');
  });

  it('the amount a kind carries: 金额 on VAT invoices, 价税合计 on 数电 ones (as the real samples: 01,31,,…,4449.00 of 4197.17 + 251.83)', () => {
    const totals = { hjje: '4197.17', jshj: '4449.00' };
    for (const fplxdm of ['004', '007', '025', '026', '028'] as const) expect(qrAmountOf(fplxdm, totals)).toBe('4197.17');
    for (const fplxdm of ['81', '82'] as const) expect(qrAmountOf(fplxdm, totals)).toBe('4449.00');
    expect(parseInvoiceQr('01,31,,24112000000048542163,4449.00,20240528,,B2B6')).toMatchObject({ amount: '4449.00', amountBasis: 'including-tax' });
    expect(parseInvoiceQr('01,10,033002000211,83089647,510.68,20200723,16197833567414507415,0941,')).toMatchObject({ amount: '510.68', amountBasis: 'excluding-tax' });
  });
});

describe('issuance rules (pure)', () => {
  it('direction: kplx 1 when the total is negative', () => {
    expect(invoiceDirection({ jshj: -1 })).toBe('1');
    expect(invoiceDirection({ jshj: 1 })).toBe('0');
  });

  it('endpoint 2 rule 3: a red invoice lists every missing original field with path, code and Chinese message', () => {
    const red = sampleIssuance({ fplxdm: '004', ghdwsbh: 'X', ghdwdz: 'a', ghdwdh: 'b', ghdwyh: 'c', ghdwzh: 'd', jshj: -226 });
    red.details = red.details.map((line) => ({ ...line, spsl: -(line.spsl ?? 0), je: -line.je }));
    const issues = checkIssuanceRules(red);
    expect(issues.filter((issue) => issue.code === 'required').map((issue) => issue.path)).toEqual(['yfpdm', 'yfphm', 'ykprq', 'chyydm', 'xxbbh']);
    expect(ruleText(issues[0]!)).toContain('原发票代码');
  });

  it('TRAVEL_CLASSES: the dengj lists of plane (1), train (2) and ship (7)', () => {
    expect(Object.keys(TRAVEL_CLASSES).sort()).toEqual(['1', '2', '7']);
  });
});

describe('red-letter rules (pure)', () => {
  const original: OriginalLine[] = [
    { xh: 1, fphxz: 0, spmc: 'A', spsl: 2, dj: 50, je: 100, sl: 0.13 },
    { xh: 2, fphxz: 0, spmc: 'B', spsl: 1, dj: 10, je: 10, sl: 0.13 },
  ];
  const base = { lsh: 'L1', fphm: '1', sqly: '2', xhdwsbh: 'S' } as const;

  it('chyydm required for a digital-electronic original; fpdm and kpzdbs for the others', () => {
    expect(checkRedLetterRequest({ ...base }, '82').map((issue) => issue.path)).toEqual(['chyydm']);
    expect(checkRedLetterRequest({ ...base }, '004').map((issue) => issue.path)).toEqual(['fpdm', 'kpzdbs']);
  });

  it('chyydm 1: the unit price may not change', () => {
    const request = { ...base, chyydm: '1' as const, details: [{ fphxz: 0 as const, spmc: 'A', spsl: -1, dj: 40, je: -40, sl: 0.13, xh: 1 }] };
    expect(redLetterChangeRule(request, original).map((issue) => issue.path)).toEqual(['details.0.dj']);
  });

  it('full reversal lines negate every original line and keep xh', () => {
    expect(fullReversalLines(original).map((line) => [line.xh, line.spsl, line.dj, line.je])).toEqual([
      [1, -2, 50, -100],
      [2, -1, 10, -10],
    ]);
  });
});

describe('output schemas', () => {
  it('every field is described (red-letter, print, tdywxx members)', () => {
    const shapes = [RedLetterApplicationRequest, RedLetterDetailLine, RedLetterQuery, PrintRequest, PrintResult, SpecificBusinessInfo];
    for (const schema of shapes) for (const [name, field] of Object.entries(schema.shape)) expect(field.description, name).toBeTruthy();
    for (const member of Object.values(SpecificBusinessInfo.shape)) {
      const inner = member.unwrap();
      const shape = 'shape' in inner ? inner.shape : inner.element.shape;
      for (const [name, field] of Object.entries(shape)) expect((field as { description?: string }).description, name).toBeTruthy();
    }
  });

  it('Print result fpzt: the five statuses 00–04', () => {
    expect(Object.keys(PRINT_INVOICE_STATUSES)).toEqual(['00', '01', '02', '03', '04']);
  });

  it('Red-letter detail line: spsl negative and dj positive, 10 integer digits and 8 decimals', () => {
    const line = { fphxz: 0, spmc: 'A', spsl: -1, dj: 1, je: -1, sl: 0.13 };
    expect(RedLetterDetailLine.safeParse(line).success).toBe(true);
    expect(RedLetterDetailLine.safeParse({ ...line, spsl: 1 }).success).toBe(false);
    expect(RedLetterDetailLine.safeParse({ ...line, dj: 12345678901 }).success).toBe(false);
    expect(RedLetterDetailLine.safeParse({ ...line, dj: 1.123456789 }).success).toBe(false);
  });
});
