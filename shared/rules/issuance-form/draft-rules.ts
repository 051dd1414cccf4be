/**
 * Rules that only the draft can check, because the wire request no longer carries what they look at
 * (the stated tax of a batch row, the clerk's discount as typed) or because they are the app's own care
 * (the USCC check character, a push address that can actually receive). Paths are draft paths. A rule
 * the wire can check (a line's levy against its rate, shared/rules/issuance/levy.ts) is the wire's alone:
 * checkDraft maps its paths onto the draft's fields.
 */
import Decimal from 'decimal.js';
import type { InvoiceDraft } from '../../ipc/schemas/issuance.js';
import { DIGITAL_INVOICE_TYPES } from '../../spec/codes.js';
import { isDecimal } from '../money.js';
import { checkTaxId, type TaxIdMessage } from '../uscc.js';
import { isEmailAddress } from '../email.js';
import { lineNo } from '../rule-issue.js';
import type { RuleMessageKey, RuleParams } from '../rule-messages.js';
import { lineTax } from '../invoice-amounts.js';
import { lineAmount } from './build.js';

export type IssueSeverity = 'error' | 'warning';

/** A problem of the draft, on the field the clerk edits (dotted draft path, e.g. `lines.2.quantity`). */
export interface DraftIssue {
  path: string;
  /** The sentence (rule-messages.ts) and its params; the renderer says it in the clerk's language. */
  key: RuleMessageKey;
  params: RuleParams;
  /** Errors block sending; warnings are shown and the clerk may go on. */
  severity: IssueSeverity;
}

export type DraftRule = (draft: InvoiceDraft) => DraftIssue[];

const error = (path: string, key: RuleMessageKey, params: RuleParams = {}): DraftIssue => ({ path, key, params, severity: 'error' });
const warning = (path: string, key: RuleMessageKey, params: RuleParams = {}): DraftIssue => ({ path, key, params, severity: 'warning' });

/** The tolerance between a stated tax and the tax computed from the tax-inclusive amount. */
export const TAX_TOLERANCE = new Decimal('0.06');

/**
 * ghdwsbh: an 18-character ID is a USCC whose check character must be right; a legacy 15/17/20-character
 * ID cannot be checked and is let through with a warning.
 */
export const buyerTaxIdCheckRule: DraftRule = (draft) => {
  const id = draft.buyerTaxNumber?.trim() ?? '';
  if (id === '') return [];
  const result = checkTaxId(id);
  if (!result.ok) return [error('buyerTaxNumber', BUYER_KEYS[result.message.key], result.message.params)];
  return result.kind === 'legacy' ? [warning('buyerTaxNumber', BUYER_KEYS[result.warning.key], result.warning.params)] : [];
};

const BUYER_KEYS = {
  taxIdCharacters: 'buyerTaxIdCharacters',
  taxIdCheckCharacter: 'buyerTaxIdCheckCharacter',
  taxIdLegacy: 'buyerTaxIdLegacy',
  taxIdLength: 'buyerTaxIdLength',
} as const satisfies Record<TaxIdMessage['key'], RuleMessageKey>;

/**
 * A tax stated by the source must match the tax contained in je (je × sl / (1 + sl); on a 差额征税 line
 * (je − kce) × sl / (1 + sl)) within 0.06.
 */
export const statedTaxRule: DraftRule = (draft) =>
  draft.lines.flatMap((line, index) => {
    if (line.tax === undefined || line.tax.trim() === '' || !isDecimal(line.tax.trim())) return [];
    const je = lineAmount(line);
    if (je === null) return [];
    const deduction = draft.deduction !== undefined && isDecimal(draft.deduction.trim()) ? draft.deduction.trim() : null;
    const computed = new Decimal(lineTax({ je, sl: line.rate, lslbs: line.specialLevy }, deduction));
    const stated = new Decimal(line.tax.trim());
    if (stated.minus(computed).abs().lessThanOrEqualTo(TAX_TOLERANCE)) return [];
    return [error(`lines.${index}.tax`, 'statedTaxMismatch', { ...lineNo(index), stated: stated.toFixed(2), computed: computed.toFixed(2) })];
  });

/** fphxz 1: a discount line carries its discount (je); spsl, dj and spbm are not sent on it. */
export const discountAmountRule: DraftRule = (draft) =>
  draft.lines.flatMap((line, index) => {
    if (line.kind !== 'discount') return [];
    const amount = line.amount?.trim() ?? '';
    if (amount === '') return [error(`lines.${index}.amount`, 'discountRequired', lineNo(index))];
    if (isDecimal(amount) && new Decimal(amount).lessThanOrEqualTo(0)) {
      return [error(`lines.${index}.amount`, 'discountPositive', lineNo(index))];
    }
    return [];
  });

const MOBILE = /^1\d{10}$/;

/** email / phone (spec endpoint 2 rule 5): pushing needs an address that can receive it. */
export const pushTargetRule: DraftRule = (draft) => {
  const issues: DraftIssue[] = [];
  const email = draft.push?.email?.trim() ?? '';
  const phone = draft.push?.phone?.trim() ?? '';
  if (email !== '' && !isEmailAddress(email)) issues.push(error('push.email', 'pushEmail', { email }));
  if (phone !== '' && !MOBILE.test(phone)) issues.push(error('push.phone', 'pushPhone'));
  return issues;
};

/** sfzs… flags are only effective for digital-electronic invoices: say so rather than silently ignoring them. */
export const showFlagsRule: DraftRule = (draft) => {
  if (DIGITAL_INVOICE_TYPES.includes(draft.invoiceType)) return [];
  return (['showBuyerBankAccount', 'showBuyerAddressPhone', 'showSellerBankAccount', 'showSellerAddressPhone'] as const)
    .filter((flag) => draft[flag] === true)
    .map((flag) => warning(flag, 'showFlagsDigitalOnly'));
};

export const DRAFT_RULES: readonly DraftRule[] = [
  buyerTaxIdCheckRule,
  discountAmountRule,
  statedTaxRule,
  pushTargetRule,
  showFlagsRule,
];
