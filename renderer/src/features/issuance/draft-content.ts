/**
 * A saved draft read back into the form. Drafts may come from an older version of the form or be
 * incomplete, so each known field is taken only when it has the right shape and everything else falls
 * back to the empty form — a draft never fails to open because one value is off.
 */
import { TAX_RATES, type TaxRate } from '../../../../shared/rules/money.js';
import { DraftLine, InvoiceType, LineKind, SpecialKind } from '../../../../shared/ipc/schemas/issuance.js';
import { emptyForm, emptyLine, type FormLine, type FormValues } from './draft.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Copies the string (or boolean) members of `source` that `shape` also has, keeping shape's types. */
function mergeTexts<T extends object>(shape: T, source: unknown): T {
  if (!isObject(source)) return shape;
  const out: Record<string, unknown> = { ...(shape as Record<string, unknown>) };
  for (const [key, fallback] of Object.entries(shape)) {
    const value = source[key];
    if (typeof value === typeof fallback && typeof value !== 'object') out[key] = value;
  }
  return out as T;
}

function line(source: unknown): FormLine {
  const base = mergeTexts(emptyLine(), source);
  if (!isObject(source)) return base;
  const kind = LineKind.safeParse(source.kind);
  const rate = (TAX_RATES as readonly unknown[]).includes(source.rate) ? (source.rate as TaxRate) : emptyLine().rate;
  // Codes are checked against the contract: a code from an older table must not reach the form unseen.
  const levy = DraftLine.shape.specialLevy.safeParse(source.specialLevy).data;
  const policy = DraftLine.shape.preferentialPolicy.safeParse(source.preferentialPolicy).data;
  return { ...base, kind: kind.success ? kind.data : 'normal', rate, ...(levy ? { specialLevy: levy } : {}), ...(policy ? { preferentialPolicy: policy } : {}) };
}

function rows<T extends object>(empty: T, source: unknown): T[] {
  return Array.isArray(source) && source.length > 0 ? source.map((row) => mergeTexts(empty, row)) : [empty];
}

export function formFromDraftContent(content: unknown, issuer: string): FormValues {
  const empty = emptyForm(issuer);
  if (!isObject(content)) return empty;
  const base = mergeTexts(empty, content);
  const type = InvoiceType.safeParse(content.invoiceType);
  const kind = SpecialKind.safeParse(content.specialKind);
  const business = isObject(content.specificBusiness) ? content.specificBusiness : {};
  const e = empty.specificBusiness;
  return {
    ...base,
    invoiceType: type.success ? type.data : empty.invoiceType,
    specialKind: kind.success ? kind.data : empty.specialKind,
    isAuto: content.isAuto === 0 ? 0 : 1,
    push: mergeTexts(empty.push, content.push),
    lines: Array.isArray(content.lines) && content.lines.length > 0 ? content.lines.map(line) : empty.lines,
    specificBusiness: {
      jzfw: mergeTexts(e.jzfw, business.jzfw),
      hwysfw: rows(e.hwysfw[0]!, business.hwysfw),
      bdcxsfw: mergeTexts(e.bdcxsfw, business.bdcxsfw),
      bdcjyzlfw: mergeTexts(e.bdcjyzlfw, business.bdcjyzlfw),
      lkysfw: rows(e.lkysfw[0]!, business.lkysfw),
    },
  };
}
