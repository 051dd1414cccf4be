/**
 * Pure helpers between the issuance form and the IPC contract: the form's values (every field a string,
 * named exactly as the draft's paths so that an issue's path IS the field's name), → InvoiceDraft, and the
 * live check that runs the shared rule book (shared/rules/issuance-form) on every change.
 * No React and no antd here, so the unit tests run in plain Node.
 */
import Decimal from 'decimal.js';
import { lineTax } from '../../../../shared/rules/invoice-amounts.js';
import {
  InvoiceDraft,
  type DraftLine,
  type InvoiceType,
  type LineKind,
  type SpecialKind,
} from '../../../../shared/ipc/schemas/issuance.js';
import { amountInWords } from '../../../../shared/rules/amount-in-words.js';
import { checkDraft, draftIssueText, schemaIssue, type DraftCheck, type DraftTotals, type Seller } from '../../../../shared/rules/issuance-form/index.js';
import type { RuleMessageKey, RuleParams } from '../../../../shared/rules/rule-messages.js';
import { lineAmount } from '../../../../shared/rules/issuance-form/build.js';
import { isDecimal, type TaxRate } from '../../../../shared/rules/money.js';
import { DIGITAL_INVOICE_TYPES, SPECIFIC_BUSINESS_MEMBERS } from '../../../../shared/spec/codes.js';
import type {
  ConstructionService,
  FreightTransportLine,
  PassengerTransportLine,
  RealEstateLease,
  RealEstateSale,
  SpecificBusinessInfo,
} from '../../../../shared/spec/specific-business.js';

export const DEFAULT_RATE: TaxRate = '0.13';
/** 026 by default: the commonest invoice of a small seller, and it asks nothing of the buyer but a name. */
export const DEFAULT_INVOICE_TYPE: InvoiceType = '026';

type Texts<T> = { [K in keyof T]-?: string };

export interface FormLine {
  kind: LineKind;
  name: string;
  taxCode: string;
  specification: string;
  unit: string;
  quantity: string;
  unitPrice: string;
  /** The discount of a discount line (positive). */
  amount: string;
  rate: TaxRate;
  specialLevy?: DraftLine['specialLevy'];
  preferentialPolicy?: DraftLine['preferentialPolicy'];
}

export interface SpecificBusinessForm {
  jzfw: Texts<ConstructionService>;
  hwysfw: Texts<FreightTransportLine>[];
  bdcxsfw: Texts<RealEstateSale>;
  bdcjyzlfw: Texts<RealEstateLease>;
  lkysfw: Texts<PassengerTransportLine>[];
}

export interface FormValues {
  invoiceType: InvoiceType;
  specialKind: SpecialKind;
  isAuto: 0 | 1;
  buyerName: string;
  buyerTaxNumber: string;
  buyerAddress: string;
  buyerPhone: string;
  buyerBank: string;
  buyerAccount: string;
  showBuyerBankAccount: boolean;
  showBuyerAddressPhone: boolean;
  issuer: string;
  payee: string;
  reviewer: string;
  remark: string;
  /** 扣除额 (kce) of a 差额征税 invoice; sent only while a line is levied so (specialLevy 4). */
  deduction: string;
  push: { email: string; phone: string };
  lines: FormLine[];
  specificBusiness: SpecificBusinessForm;
}

export function emptyLine(): FormLine {
  return { kind: 'normal', name: '', taxCode: '', specification: '', unit: '', quantity: '', unitPrice: '', amount: '', rate: DEFAULT_RATE };
}

/** The discount line added under `line`: same name and rate (the spec's rule), the clerk types the amount. */
export function discountLineFor(line: Pick<FormLine, 'name' | 'rate'>): FormLine {
  return { ...emptyLine(), kind: 'discount', name: line.name, rate: line.rate };
}

export const emptyFreight = (): Texts<FreightTransportLine> => ({ ddd: '', qyd: '', ysgjhp: '', ysgjzl: '1', yshwmc: '' });
export const emptyPassenger = (): Texts<PassengerTransportLine> => ({
  cfd: '',
  cxr: '',
  cxrq: '',
  cxrzjhm: '',
  cxrzjlx: '201',
  ddd: '',
  dengj: '',
  jtgjlx: '2',
});

function emptySpecificBusiness(): SpecificBusinessForm {
  const estate = { bdcdz: '', bdcxxdz: '', fwcqzshm: '', kdsbz: '0', mjdw: '0' };
  return {
    jzfw: { jzfwfsd: '', fsdxxdz: '', jzxmmc: '', kdsbz: '0', tdzzsxmbh: '', kqysssxbgglbm: '' },
    hwysfw: [emptyFreight()],
    bdcxsfw: { ...estate, wqhtbabh: '', tdzzsxmbh: '', hdjsjg: '', sjcjhsje: '' },
    bdcjyzlfw: { ...estate, zlqq: '', zlqz: '', cph: '' },
    lkysfw: [emptyPassenger()],
  };
}

export function emptyForm(issuer: string): FormValues {
  return {
    invoiceType: DEFAULT_INVOICE_TYPE,
    specialKind: '00',
    isAuto: 1,
    buyerName: '',
    buyerTaxNumber: '',
    buyerAddress: '',
    buyerPhone: '',
    buyerBank: '',
    buyerAccount: '',
    showBuyerBankAccount: false,
    showBuyerAddressPhone: false,
    issuer,
    payee: '',
    reviewer: '',
    remark: '',
    deduction: '',
    push: { email: '', phone: '' },
    lines: [emptyLine()],
    specificBusiness: emptySpecificBusiness(),
  };
}

/** The tdywxx member the form shows for this type and kind (only digital-electronic invoices carry one). */
export function activeMember(invoiceType: InvoiceType | undefined, specialKind: SpecialKind | undefined): keyof SpecificBusinessForm | undefined {
  if (invoiceType === undefined || !DIGITAL_INVOICE_TYPES.includes(invoiceType)) return undefined;
  return (SPECIFIC_BUSINESS_MEMBERS as Partial<Record<string, keyof SpecificBusinessForm>>)[specialKind ?? '00'];
}

const text = (value: string | undefined): string => (value ?? '').trim();
const optionalText = (value: string | undefined): string | undefined => (text(value) === '' ? undefined : text(value));
/** Amounts in tdywxx are wire decimals (numbers); a non-number is passed on as NaN so the schema names the field. */
const optionalNumber = (value: string | undefined): number | undefined => (text(value) === '' ? undefined : isDecimal(text(value)) ? Number(text(value)) : Number.NaN);

/** Drops empty optional members, trims the rest: clerks paste from spreadsheets with stray spaces. */
function compact<T extends Record<string, string | undefined>>(record: T, required: readonly (keyof T)[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record).flatMap(([key, value]) => (required.includes(key) || text(value) !== '' ? [[key, text(value)]] : [])),
  );
}

function specificBusiness(values: Partial<FormValues>): SpecificBusinessInfo | undefined {
  const member = activeMember(values.invoiceType, values.specialKind);
  const form = values.specificBusiness;
  if (member === undefined || form === undefined) return undefined;
  // Casts below: the form holds every member as text; the wire schema that checkDraft runs is what
  // decides whether each value is valid, and reports it on its field — nothing is trusted by the cast.
  switch (member) {
    case 'jzfw':
      return { jzfw: compact(form.jzfw, ['jzfwfsd', 'fsdxxdz', 'jzxmmc', 'kdsbz', 'tdzzsxmbh']) as unknown as ConstructionService };
    case 'hwysfw':
      return { hwysfw: (form.hwysfw ?? []).map((row) => compact(row, ['ddd', 'qyd', 'ysgjhp', 'ysgjzl', 'yshwmc']) as unknown as FreightTransportLine) };
    case 'bdcxsfw': {
      const { hdjsjg, sjcjhsje, ...rest } = form.bdcxsfw;
      const sale = { ...compact(rest, ['bdcdz', 'bdcxxdz', 'fwcqzshm', 'kdsbz', 'mjdw']), hdjsjg: optionalNumber(hdjsjg), sjcjhsje: optionalNumber(sjcjhsje) };
      return { bdcxsfw: JSON.parse(JSON.stringify(sale)) as RealEstateSale };
    }
    case 'bdcjyzlfw':
      return { bdcjyzlfw: compact(form.bdcjyzlfw, ['bdcdz', 'bdcxxdz', 'fwcqzshm', 'kdsbz', 'mjdw', 'zlqq', 'zlqz']) as unknown as RealEstateLease };
    case 'lkysfw':
      return {
        lkysfw: (form.lkysfw ?? []).map(
          (row) => compact(row, ['cfd', 'cxr', 'cxrq', 'cxrzjhm', 'cxrzjlx', 'ddd', 'jtgjlx']) as unknown as PassengerTransportLine,
        ),
      };
  }
}

function toDraftLine(line: Partial<FormLine> | undefined): DraftLine {
  const kind = line?.kind ?? 'normal';
  const base: DraftLine = { name: line?.name?.trim() ?? '', rate: line?.rate ?? DEFAULT_RATE };
  if (kind === 'discount') return { ...base, kind, amount: text(line?.amount) };
  return {
    ...base,
    ...(kind === 'normal' ? {} : { kind }),
    ...(optionalText(line?.taxCode) ? { taxCode: text(line?.taxCode) } : {}),
    ...(optionalText(line?.specification) ? { specification: text(line?.specification) } : {}),
    ...(optionalText(line?.unit) ? { unit: text(line?.unit) } : {}),
    ...(optionalText(line?.quantity) ? { quantity: text(line?.quantity) } : {}),
    ...(optionalText(line?.unitPrice) ? { unitPrice: text(line?.unitPrice) } : {}),
    ...(line?.specialLevy ? { specialLevy: line.specialLevy } : {}),
    ...(line?.preferentialPolicy ? { preferentialPolicy: line.preferentialPolicy } : {}),
  };
}

/** lslbs 4 (差额征税) on a line that is not a discount line: the invoice then takes a deduction. */
export const DIFFERENCE_LEVY_CODE = '4';
export function hasDifferenceLevy(lines: readonly Partial<FormLine>[] | undefined): boolean {
  return (lines ?? []).some((line) => line?.kind !== 'discount' && line?.specialLevy === DIFFERENCE_LEVY_CODE);
}

/**
 * Form values → InvoiceDraft. antd leaves untouched fields undefined, so everything is defaulted; empty
 * optional fields are left out rather than sent as ''.
 */
export function toDraft(values: Partial<FormValues>): InvoiceDraft {
  const optional = <K extends string>(key: K, value: string | undefined) => (optionalText(value) ? { [key]: text(value) } : {});
  const email = optionalText(values.push?.email);
  const phone = optionalText(values.push?.phone);
  const business = specificBusiness(values);
  const digital = values.invoiceType !== undefined && DIGITAL_INVOICE_TYPES.includes(values.invoiceType);
  return {
    invoiceType: values.invoiceType ?? DEFAULT_INVOICE_TYPE,
    ...(values.specialKind && values.specialKind !== '00' ? { specialKind: values.specialKind } : {}),
    ...(values.isAuto === 0 ? { isAuto: 0 } : {}),
    buyerName: values.buyerName ?? '',
    ...optional('buyerTaxNumber', values.buyerTaxNumber?.toUpperCase()),
    ...optional('buyerAddress', values.buyerAddress),
    ...optional('buyerPhone', values.buyerPhone),
    ...optional('buyerBank', values.buyerBank),
    ...optional('buyerAccount', values.buyerAccount),
    // The show-in-remark switches are only offered (and only mean something) on 81/82.
    ...(digital && values.showBuyerBankAccount ? { showBuyerBankAccount: true } : {}),
    ...(digital && values.showBuyerAddressPhone ? { showBuyerAddressPhone: true } : {}),
    issuer: values.issuer ?? '',
    ...optional('payee', values.payee),
    ...optional('reviewer', values.reviewer),
    ...optional('remark', values.remark),
    // A deduction typed for a line that is no longer 差额征税 stays in the form, unseen, and is not sent.
    ...(hasDifferenceLevy(values.lines) ? optional('deduction', values.deduction) : {}),
    ...(email || phone ? { push: { ...(email ? { email } : {}), ...(phone ? { phone } : {}) } } : {}),
    lines: (values.lines ?? []).map(toDraftLine),
    ...(business ? { specificBusiness: business } : {}),
  };
}

export interface FieldIssues {
  errors: string[];
  warnings: string[];
}

export interface FormCheck {
  draft: InvoiceDraft;
  /** Issues by dotted draft path (= the form field's name joined with dots). */
  byPath: ReadonlyMap<string, FieldIssues>;
  errorCount: number;
  warningCount: number;
  totals: DraftTotals;
  amountInWords: string;
  rules: DraftCheck;
}

/** How a rule-book sentence reads to the clerk; the form passes its i18next one (rule-text.ts), tests the zh default. */
export type DescribeIssue = (issue: { key: RuleMessageKey; params: RuleParams }) => string;

/** The form as main will see it: the contract's schema first (its message wins on a field), then the rule book. */
export function checkForm(values: Partial<FormValues>, seller: Seller, describe: DescribeIssue = (issue) => draftIssueText(issue, 'zh')): FormCheck {
  const draft = toDraft(values);
  const parsed = InvoiceDraft.safeParse(draft);
  const rules = checkDraft(draft, { seller });
  const byPath = new Map<string, FieldIssues>();
  const add = (path: string, message: string, severity: 'error' | 'warning') => {
    const entry = byPath.get(path) ?? { errors: [], warnings: [] };
    const list = severity === 'error' ? entry.errors : entry.warnings;
    if (!list.includes(message)) list.push(message);
    byPath.set(path, entry);
  };
  if (!parsed.success) for (const issue of parsed.error.issues) add(issue.path.join('.'), describe(schemaIssue(issue, draft)), 'error');
  for (const issue of rules.issues) add(issue.path, describe(issue), issue.severity);
  let errorCount = 0;
  let warningCount = 0;
  for (const entry of byPath.values()) {
    errorCount += entry.errors.length;
    warningCount += entry.warnings.length;
  }
  const total = rules.built.totals.total;
  return {
    draft,
    byPath,
    errorCount,
    warningCount,
    totals: rules.built.totals,
    amountInWords: amountInWords(total),
    rules,
  };
}

/**
 * A line's 金额/税额 while the clerk types; null until it can be computed. A 差额征税 line's tax is on
 * je − `deduction` once the deduction is a number, as main and the service compute it.
 */
export function liveLineAmount(line: Partial<FormLine> | undefined, deduction?: string): { amount: string; tax: string } | null {
  const je = lineAmount(toDraftLine(line));
  if (je === null || !isDecimal(line?.rate ?? '')) return null;
  const kce = deduction !== undefined && isDecimal(deduction.trim()) ? deduction.trim() : null;
  return { amount: je.toFixed(2), tax: lineTax({ je, sl: line?.rate ?? 0, lslbs: line?.kind === 'discount' ? null : line?.specialLevy }, kce) };
}

/** "0.13" → "13%", in decimals so that e.g. 0.07 never shows as 7.000000000000001%. */
export function rateLabel(rate: string): string {
  return `${new Decimal(rate).times(100).toString()}%`;
}

/** 'lines.2.quantity' → ['lines', 2, 'quantity'] (an antd name path). */
export function toNamePath(path: string): (string | number)[] {
  return path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}
