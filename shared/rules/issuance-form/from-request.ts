/**
 * An issued invoice's request → the form's content, for 再开一张 (issue the same invoice again) and for
 * templates: the inverse of build.ts. Type, kind, buyer, lines (with their discounts), remark, contacts and
 * the people are kept; the serial and the date are not (a repeat is a new invoice). Lenient like the
 * draft reader: a stored request from an older version gives what it can, never throws.
 */
import Decimal from 'decimal.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
/** Decimals travel as JSON numbers; the form types text. */
const decimalText = (value: unknown): string => {
  if (typeof value !== 'number' && typeof value !== 'string') return '';
  try {
    return new Decimal(value).toString();
  } catch {
    return '';
  }
};
const rateText = (value: unknown): string => {
  const rate = decimalText(value);
  return rate === '' ? '' : new Decimal(rate).toFixed(2);
};

const KIND_BY_FPHXZ: Record<string, 'normal' | 'discount' | 'discounted'> = { '0': 'normal', '1': 'discount', '2': 'discounted' };

function lineContent(detail: unknown): Json | null {
  if (!isObject(detail)) return null;
  const kind = KIND_BY_FPHXZ[text(detail.fphxz)] ?? 'normal';
  const name = text(detail.spmc);
  const rate = rateText(detail.sl);
  if (kind === 'discount') {
    // A discount line's je is negative on the wire; the form takes the discount as a positive amount.
    const je = decimalText(detail.je);
    return { kind, name, rate, amount: je === '' ? '' : new Decimal(je).abs().toFixed(2) };
  }
  return {
    kind,
    name,
    taxCode: text(detail.spbm),
    specification: text(detail.ggxh),
    unit: text(detail.dw),
    quantity: decimalText(detail.spsl),
    unitPrice: decimalText(detail.dj),
    rate,
    ...(detail.lslbs !== undefined ? { specialLevy: text(detail.lslbs) } : {}),
    ...(detail.zzstsgl !== undefined ? { preferentialPolicy: text(detail.zzstsgl) } : {}),
  };
}

const flag = (value: unknown) => value === '1' || value === 1;

export function draftContentFromRequest(request: unknown): Json {
  if (!isObject(request)) return {};
  const details = Array.isArray(request.details) ? request.details.map(lineContent).filter((line) => line !== null) : [];
  return {
    invoiceType: text(request.fplxdm),
    specialKind: text(request.tspz) || '00',
    isAuto: request.isAuto === 0 ? 0 : 1,
    buyerName: text(request.ghdwmc),
    buyerTaxNumber: text(request.ghdwsbh),
    buyerAddress: text(request.ghdwdz),
    buyerPhone: text(request.ghdwdh),
    buyerBank: text(request.ghdwyh),
    buyerAccount: text(request.ghdwzh),
    showBuyerBankAccount: flag(request.sfzsghdwyhzh),
    showBuyerAddressPhone: flag(request.sfzsghdwdzdh),
    issuer: text(request.kpr),
    payee: text(request.skr),
    reviewer: text(request.fhr),
    remark: text(request.bz),
    // 差额征税: the deduction goes with its line's levy, which the lines above keep.
    ...(request.kce === undefined ? {} : { deduction: decimalText(request.kce) }),
    push: { email: text(request.email), phone: text(request.phone) },
    lines: details,
    ...(isObject(request.tdywxx) ? { specificBusiness: request.tdywxx } : {}),
  };
}
