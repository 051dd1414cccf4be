/**
 * The clerk's draft → the service's issuance request (spec "Issuance request", "Issuance detail line"),
 * with every amount computed in decimals. Pure and tolerant: the form runs it on half-typed input to
 * check the rules live, so a value that is not a number yet is left out (and a rule then says so) instead
 * of throwing. Main runs the same function before queueing, then parses the result with the wire schema.
 */
import Decimal from 'decimal.js';
import type { DraftLine, InvoiceDraft } from '../../ipc/schemas/issuance.js';
import { DIFFERENCE_LEVY, lineTax } from '../invoice-amounts.js';
import { isDecimal, yuan } from '../money.js';

export interface Seller {
  taxNumber: string;
  name: string;
}

/**
 * A line as the history stores it (decimal strings; '' where a discount line has no such value). A
 * discount line keeps its discounted line's levy and policy: the statistics put it in that line's row of
 * the schedule of sales (its spbm stays '', as sent; the row's goods-or-services is read from the line above).
 */
export interface StoredLine {
  spmc: string;
  spbm: string;
  spsl: string;
  dj: string;
  je: string;
  sl: string;
  se: string;
  /** lslbs as sent; null: normal rate */
  lslbs: string | null;
  /** zzstsgl as sent; null: none */
  zzstsgl: string | null;
  /** kce of the invoice on its 差额征税 line (lslbs 4); null on every other line */
  kce: string | null;
}

export interface DraftTotals {
  /** jshj: total including tax, after discounts */
  total: string;
  tax: string;
  net: string;
  /** Sum of the discounts (positive), for the totals bar */
  discount: string;
}

export interface BuiltRequest {
  /** The request as it would be sent; not yet checked against the wire schema. */
  candidate: Record<string, unknown>;
  lines: StoredLine[];
  totals: DraftTotals;
  /** Indexes of discount lines (their je comes from the clerk's amount, not from quantity × price). */
  discountLines: ReadonlySet<number>;
}

const FPHXZ = { normal: 0, discount: 1, discounted: 2 } as const;

const present = (text: string | undefined): text is string => text !== undefined && text.trim() !== '';
const decimalOrNull = (text: string | undefined): Decimal | null => (present(text) && isDecimal(text.trim()) ? new Decimal(text.trim()) : null);
const optional = <K extends string>(key: K, value: string | undefined) => (present(value) ? { [key]: value.trim() } : {});

/**
 * je of a line: a discount line's is the clerk's discount with the opposite sign; any other line's is
 * spsl × dj, 2 dp half-up — or the amount the source states, when it gives one (a batch row), which the
 * rules then hold to within 0.01 of spsl × dj. Null when it cannot be computed yet.
 */
export function lineAmount(line: DraftLine): Decimal | null {
  if (line.kind === 'discount') {
    const discount = decimalOrNull(line.amount);
    return discount === null ? null : discount.negated().toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  }
  const stated = decimalOrNull(line.amount);
  if (stated !== null) return stated.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const quantity = decimalOrNull(line.quantity);
  const price = decimalOrNull(line.unitPrice);
  return quantity === null || price === null ? null : quantity.times(price).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

function wireLine(line: DraftLine, index: number, je: Decimal | null): Record<string, unknown> {
  const kind = line.kind ?? 'normal';
  const quantity = decimalOrNull(line.quantity);
  const price = decimalOrNull(line.unitPrice);
  const common = {
    mxbh: String(index + 1),
    fphxz: FPHXZ[kind],
    spmc: line.name,
    je: je === null ? 0 : je.toNumber(),
    sl: Number(line.rate),
  };
  if (kind === 'discount') return common;
  // Decimal fields travel as JSON numbers (the spec types them Decimal); the wire schema refuses more
  // decimals than a double prints back exactly.
  return {
    ...common,
    ...(present(line.taxCode) ? { spbm: line.taxCode.trim() } : {}),
    ...optional('ggxh', line.specification),
    ...optional('dw', line.unit),
    ...(quantity === null ? {} : { spsl: quantity.toNumber() }),
    ...(price === null ? {} : { dj: price.toNumber() }),
    ...(line.specialLevy ? { lslbs: line.specialLevy } : {}),
    ...(line.preferentialPolicy ? { zzstsgl: line.preferentialPolicy } : {}),
  };
}

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? '1' : '0');

export function buildRequest(draft: InvoiceDraft, context: { lsh: string; seller: Seller }): BuiltRequest {
  const discountLines = new Set<number>();
  let total = new Decimal(0);
  let tax = new Decimal(0);
  let discount = new Decimal(0);
  const details: Record<string, unknown>[] = [];
  const deduction = decimalOrNull(draft.deduction);
  const lines: StoredLine[] = draft.lines.map((line, index) => {
    const je = lineAmount(line);
    if (line.kind === 'discount') discountLines.add(index);
    details.push(wireLine(line, index, je));
    const amount = je ?? new Decimal(0);
    // A discount line is stored with its discounted line's code and levy (it sits in that line's row).
    const own = line.kind === 'discount' ? (draft.lines[index - 1] ?? line) : line;
    const levy = own.specialLevy ?? null;
    const kce = levy === DIFFERENCE_LEVY && deduction !== null && line.kind !== 'discount' ? deduction.toFixed(2) : null;
    const se = new Decimal(isDecimal(line.rate) ? lineTax({ je: amount, sl: line.rate, lslbs: levy }, kce) : 0);
    total = total.plus(amount);
    tax = tax.plus(se);
    if (line.kind === 'discount') discount = discount.minus(amount);
    return {
      spmc: line.name,
      spbm: line.kind === 'discount' ? '' : (line.taxCode ?? '').trim(),
      spsl: line.kind === 'discount' ? '' : (line.quantity ?? '').trim(),
      dj: line.kind === 'discount' ? '' : (line.unitPrice ?? '').trim(),
      je: amount.toFixed(2),
      sl: line.rate,
      se: se.toFixed(2),
      lslbs: levy,
      zzstsgl: own.preferentialPolicy ?? null,
      kce,
    };
  });

  const showFlags = {
    sfzsghdwyhzh: flag(draft.showBuyerBankAccount),
    sfzsghdwdzdh: flag(draft.showBuyerAddressPhone),
    sfzsxhdwyhzh: flag(draft.showSellerBankAccount),
    sfzsxhdwdzdh: flag(draft.showSellerAddressPhone),
  };
  const candidate: Record<string, unknown> = {
    ...optional('kpzdbs', draft.terminal),
    lsh: context.lsh,
    tspz: draft.specialKind ?? '00',
    isAuto: draft.isAuto ?? 1,
    fplxdm: draft.invoiceType,
    ...optional('ghdwsbh', draft.buyerTaxNumber),
    ghdwmc: draft.buyerName.trim(),
    ...optional('ghdwdz', draft.buyerAddress),
    ...optional('ghdwdh', draft.buyerPhone),
    ...optional('ghdwyh', draft.buyerBank),
    ...optional('ghdwzh', draft.buyerAccount),
    ...Object.fromEntries(Object.entries(showFlags).filter(([, value]) => value !== undefined)),
    xhdwsbh: context.seller.taxNumber,
    xhdwmc: context.seller.name,
    ...optional('phone', draft.push?.phone),
    ...optional('skr', draft.payee),
    kpr: draft.issuer.trim(),
    ...optional('fhr', draft.reviewer),
    ...optional('email', draft.push?.email),
    // Discounts travel as negative discount lines, so jshj is simply Σ je and zkje is not sent
    // (sending it too would subtract every discount twice: jshj = Σ je − zkje).
    jshj: total.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber(),
    ...optional('bz', draft.remark),
    ...(deduction === null ? {} : { kce: deduction.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber() }),
    details,
    ...(draft.specificBusiness ? { tdywxx: draft.specificBusiness } : {}),
  };
  return {
    candidate,
    lines,
    totals: { total: yuan(total), tax: yuan(tax), net: yuan(total.minus(tax)), discount: yuan(discount) },
    discountLines,
  };
}
