/**
 * The red lines of a reversal, in decimals: which blue lines are reversed and by how much, under the
 * rules of the reversal reason (spec "Red-letter application request" chyydm):
 *   1 goods returned    — only the quantity changes; the amount follows at the blue unit price;
 *   2 invoice error     — every line in full, unchanged;
 *   3 service terminated — quantity and amount may change, the unit price may not;
 *   4 sales allowance    — neither unit price nor quantity: an amount only.
 * The same lines become the red invoice's details (issuance) and, for special and digital-electronic
 * invoices, the red-letter form's details, so the form and the invoice agree to the cent. Pure.
 */
import Decimal from 'decimal.js';
import type { RedIssue, RedPreviewLine, RedReason, RedRequest } from '../../../shared/ipc/index.js';
import { taxContained } from '../../../shared/rules/invoice-amounts.js';
import type { IssuanceDetailLine } from '../../../shared/spec/issuance.js';
import type { RedLetterDetailLine } from '../../../shared/spec/redletter.js';

const HALF_UP = Decimal.ROUND_HALF_UP;
/** fphxz of the issuance line: 1 discount line, 2 discounted line. */
const DISCOUNT = 1;
const QUANTITY_PLACES = 6;

export interface RedLines {
  preview: RedPreviewLine[];
  /** Negative lines of the red invoice (issuance details). */
  issuance: IssuanceDetailLine[];
  /** Lines of the red-letter form; undefined for a full reversal (the form then takes every blue line). */
  form: RedLetterDetailLine[] | undefined;
  /** Amount reversed including tax, positive. */
  total: Decimal;
  tax: Decimal;
  issues: RedIssue[];
}

const fmt2 = (value: Decimal.Value) => new Decimal(value).toFixed(2);
const plain = (value: Decimal.Value) => new Decimal(value).toFixed();

/** Whether the clerk may change the quantity / amount of a line under a reason. */
export function editable(reason: RedReason): { quantity: boolean; amount: boolean } {
  return { quantity: reason === '1' || reason === '3', amount: reason === '3' || reason === '4' };
}

interface Reversed {
  blue: IssuanceDetailLine;
  xh: number;
  /** Positive quantity reversed; null when the quantity is left as it was (allowance). */
  quantity: Decimal | null;
  /** Positive amount reversed including tax (for a discount line: the discount reversed, positive). */
  amount: Decimal;
  full: boolean;
}

export function buildRedLines(blueLines: readonly IssuanceDetailLine[], request: Pick<RedRequest, 'reason' | 'lines'>): RedLines {
  const issues: RedIssue[] = [];
  const reason = request.reason;
  const can = editable(reason);
  const fullReversal = request.lines === undefined || reason === '2';
  const hasDiscounts = blueLines.some((line) => line.fphxz === DISCOUNT || line.fphxz === 2);
  const changes = new Map<number, NonNullable<RedRequest['lines']>[number]>();
  for (const change of request.lines ?? []) {
    if (changes.has(change.xh)) issues.push({ field: `lines.${change.xh}`, key: 'reversal.duplicateLine', params: { xh: change.xh } });
    if (change.xh > blueLines.length) issues.push({ field: `lines.${change.xh}`, key: 'reversal.noSuchLine', params: { xh: change.xh } });
    changes.set(change.xh, change);
  }
  if (!fullReversal && hasDiscounts) {
    issues.push({ field: 'lines', key: 'reversal.discountLinesFullOnly', params: {} });
  }

  const reversed: Reversed[] = [];
  blueLines.forEach((blue, index) => {
    const xh = index + 1;
    const blueAmount = new Decimal(blue.je).abs();
    const blueQuantity = blue.spsl === undefined ? null : new Decimal(blue.spsl).abs();
    if (fullReversal) {
      reversed.push({ blue, xh, quantity: blueQuantity, amount: blueAmount, full: true });
      return;
    }
    const change = changes.get(xh);
    if (!change) return;
    const line = { xh, name: blue.spmc };
    if (change.quantity !== undefined && !can.quantity) {
      issues.push({ field: `lines.${xh}.quantity`, key: 'reversal.quantityNotEditable', params: { ...line, reason } });
    }
    if (change.amount !== undefined && !can.amount) {
      issues.push({ field: `lines.${xh}.amount`, key: 'reversal.amountNotEditable', params: { ...line, reason } });
    }
    const price = blue.dj === undefined ? null : new Decimal(blue.dj);
    let quantity: Decimal | null = blueQuantity;
    let amount = blueAmount;
    if (change.quantity !== undefined && can.quantity) {
      quantity = new Decimal(change.quantity);
      if (quantity.decimalPlaces() > QUANTITY_PLACES) issues.push({ field: `lines.${xh}.quantity`, key: 'reversal.quantityPlaces', params: { ...line, places: QUANTITY_PLACES } });
      if (blueQuantity && quantity.greaterThan(blueQuantity)) {
        issues.push({ field: `lines.${xh}.quantity`, key: 'reversal.quantityTooLarge', params: { ...line, quantity: plain(quantity), original: plain(blueQuantity) } });
      }
      amount = price ? quantity.times(price).toDecimalPlaces(2, HALF_UP) : amount;
    }
    if (change.amount !== undefined && can.amount) {
      const wanted = new Decimal(change.amount);
      if (wanted.decimalPlaces() > 2) issues.push({ field: `lines.${xh}.amount`, key: 'reversal.amountPlaces', params: line });
      if (reason === '3' && change.quantity !== undefined && price && !wanted.minus(amount).abs().lessThanOrEqualTo('0.01')) {
        issues.push({ field: `lines.${xh}.amount`, key: 'reversal.amountMismatch', params: { ...line, amount: fmt2(amount) } });
      }
      amount = wanted.toDecimalPlaces(2, HALF_UP);
      if (reason === '3' && change.quantity === undefined && price) {
        // The unit price stays: the quantity is what the amount buys at that price.
        quantity = amount.dividedBy(price).toDecimalPlaces(QUANTITY_PLACES, HALF_UP);
      }
      if (reason === '4') quantity = null;
    }
    if (amount.greaterThan(blueAmount)) {
      issues.push({ field: `lines.${xh}.amount`, key: 'reversal.amountTooLarge', params: { ...line, amount: fmt2(amount), original: fmt2(blueAmount) } });
    }
    if (amount.isZero()) {
      issues.push({ field: `lines.${xh}.amount`, key: 'reversal.amountZero', params: line });
      return;
    }
    const full = amount.equals(blueAmount) && (quantity === null ? reason !== '4' : blueQuantity !== null && quantity.equals(blueQuantity));
    reversed.push({ blue, xh, quantity, amount, full });
  });
  if (reversed.length === 0 && issues.length === 0) issues.push({ field: 'lines', key: 'reversal.noLineChosen', params: {} });

  const issuance = reversed.map((line) => issuanceLine(line));
  const everyLineInFull = reversed.length === blueLines.length && reversed.every((line) => line.full);
  const form = everyLineInFull ? undefined : reversed.map((line) => formLine(line, reason));
  // Red amounts are negative on the wire (a discount line reverses a negative discount, so it is positive).
  const total = issuance.reduce((sum, line) => sum.plus(line.je), new Decimal(0)).negated();
  const tax = issuance.reduce((sum, line) => sum.plus(taxContained(line.je, line.sl)), new Decimal(0)).negated();
  const preview = blueLines.map((blue, index): RedPreviewLine => {
    const line = reversed.find((candidate) => candidate.xh === index + 1);
    return {
      xh: index + 1,
      name: blue.spmc,
      rate: fmt2(blue.sl),
      unitPrice: blue.dj === undefined ? null : plain(blue.dj),
      blueQuantity: blue.spsl === undefined ? null : plain(blue.spsl),
      blueAmount: fmt2(blue.je),
      quantity: line?.quantity ? plain(line.quantity) : null,
      amount: line ? fmt2(line.blue.fphxz === DISCOUNT ? line.amount.negated() : line.amount) : '0.00',
      quantityEditable: can.quantity && !fullReversal,
      amountEditable: can.amount && !fullReversal,
    };
  });
  return { preview, issuance, form, total, tax, issues };
}

function issuanceLine(line: Reversed): IssuanceDetailLine {
  const { blue } = line;
  const sign = blue.fphxz === DISCOUNT ? 1 : -1;
  const je = line.amount.times(sign);
  const base: IssuanceDetailLine = {
    mxbh: String(line.xh),
    fphxz: blue.fphxz,
    spmc: blue.spmc,
    ...(blue.ggxh === undefined ? {} : { ggxh: blue.ggxh }),
    ...(blue.dw === undefined ? {} : { dw: blue.dw }),
    je: je.toNumber(),
    sl: blue.sl,
    ...(blue.spbm === undefined ? {} : { spbm: blue.spbm }),
    ...(blue.lslbs === undefined ? {} : { lslbs: blue.lslbs }),
    ...(blue.zzstsgl === undefined ? {} : { zzstsgl: blue.zzstsgl }),
  };
  if (blue.fphxz === DISCOUNT || blue.spsl === undefined || blue.dj === undefined) return base;
  if (line.quantity === null) {
    // An allowance keeps the quantity; the issuance line still needs spsl and dj (endpoint 2 requires
    // them), so the price is the allowance per unit — je = spsl × dj within a cent.
    const quantity = new Decimal(blue.spsl).abs();
    return { ...base, spsl: quantity.negated().toNumber(), dj: line.amount.dividedBy(quantity).toDecimalPlaces(QUANTITY_PLACES, HALF_UP).toNumber() };
  }
  return { ...base, spsl: line.quantity.negated().toNumber(), dj: blue.dj };
}

const ZERO_RATE_FLAGS = new Set(['1', '2', '3']);

function formLine(line: Reversed, reason: RedReason): RedLetterDetailLine {
  const { blue } = line;
  const discount = blue.fphxz === DISCOUNT;
  const amountOnly = discount || line.quantity === null || (reason === '4' && !line.full);
  return {
    fphxz: discount ? 1 : 0,
    spmc: blue.spmc,
    ...(blue.ggxh === undefined ? {} : { ggxh: blue.ggxh }),
    ...(blue.dw === undefined ? {} : { dw: blue.dw }),
    ...(amountOnly || line.quantity === null || blue.dj === undefined ? {} : { spsl: line.quantity.negated().toNumber(), dj: blue.dj }),
    je: line.amount.times(discount ? 1 : -1).toNumber(),
    sl: blue.sl,
    ...(blue.spbm === undefined ? {} : { spbm: blue.spbm }),
    ...(blue.lslbs && ZERO_RATE_FLAGS.has(blue.lslbs) ? { lslbs: blue.lslbs as '1' | '2' | '3' } : {}),
    xh: line.xh,
  };
}

export const money = fmt2;
