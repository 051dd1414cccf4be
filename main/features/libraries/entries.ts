/**
 * Checking and storing one library entry, the same way whether it comes from the form or from a
 * spreadsheet row: the IPC schema, then the rules a schema cannot say (the USCC check character, a unit
 * price that is not 0), then the identity that decides between insert and update.
 */
import Decimal from 'decimal.js';
import type { z } from 'zod';
import { Customer, Product, type Environment } from '../../../shared/ipc/index.js';
import { checkTaxId } from '../../../shared/rules/uscc.js';
import { ruleText } from '../../../shared/rules/rule-messages.js';
import { CUSTOMER_LABELS, PRODUCT_LABELS, type CustomerField, type ProductField } from './columns.js';
import type { CustomerFields, LibrariesRepo, ProductFields } from './repo.js';

export interface FieldIssue<F extends string> {
  field: F;
  message: string;
}

export type Checked<T, F extends string> = { ok: true; fields: T; warnings: string[] } | { ok: false; issues: Array<FieldIssue<F>> };

const orNull = (value: string | undefined): string | null => (value === undefined || value.trim() === '' ? null : value.trim());

function schemaIssues<F extends string>(error: z.ZodError, known: Record<F, string>): Array<FieldIssue<F>> {
  return error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    const field = (key in known ? key : Object.keys(known)[0]) as F;
    return { field, message: issue.message };
  });
}

/** "纳税人识别号：…；邮箱：…" — every message names its field (or spreadsheet column). */
export function describeIssues<F extends string>(issues: ReadonlyArray<FieldIssue<F>>, labels: Record<F, string>): string {
  return issues.map((issue) => `「${labels[issue.field]}」${issue.message}`).join('；');
}

export function checkCustomer(input: unknown): Checked<CustomerFields, CustomerField> {
  const parsed = Customer.safeParse(input);
  if (!parsed.success) return { ok: false, issues: schemaIssues(parsed.error, CUSTOMER_LABELS) };
  const c = parsed.data;
  // Tax IDs are upper-case by definition; clerks often type them in lower case.
  const taxNumber = orNull(c.taxNumber)?.toUpperCase() ?? null;
  const warnings: string[] = [];
  if (taxNumber !== null) {
    const check = checkTaxId(taxNumber);
    if (!check.ok) return { ok: false, issues: [{ field: 'taxNumber', message: ruleText(check.message, 'zh') }] };
    if (check.kind === 'legacy') warnings.push(`${CUSTOMER_LABELS.taxNumber} ${taxNumber}：${ruleText(check.warning, 'zh')}`);
  }
  return {
    ok: true,
    warnings,
    fields: {
      name: c.name,
      taxNumber,
      address: orNull(c.address),
      phone: orNull(c.phone),
      bank: orNull(c.bank),
      account: orNull(c.account),
      email: orNull(c.email),
      mobile: orNull(c.mobile),
    },
  };
}

export function checkProduct(input: unknown): Checked<ProductFields, ProductField> {
  const parsed = Product.safeParse(input);
  if (!parsed.success) return { ok: false, issues: schemaIssues(parsed.error, PRODUCT_LABELS) };
  const p = parsed.data;
  const unitPrice = orNull(p.unitPrice);
  // The spec: dj "not 0". A library price is only a default, but a 0 default would prefill a refused line.
  if (unitPrice !== null && new Decimal(unitPrice).isZero()) {
    return { ok: false, issues: [{ field: 'unitPrice', message: '单价不能为 0（不确定时请留空）' }] };
  }
  return {
    ok: true,
    warnings: [],
    fields: {
      name: p.name,
      taxCode: p.taxCode,
      specification: orNull(p.specification),
      unit: orNull(p.unit),
      unitPrice: unitPrice === null ? null : new Decimal(unitPrice).toFixed(),
      rate: p.rate,
      specialLevy: p.specialLevy ?? null,
      preferentialPolicy: p.preferentialPolicy ?? null,
    },
  };
}

/** `message` is the import report's wording of a row; `other` names the entry a conflict is with (for the key's sentence). */
export type StoreOutcome =
  | { ok: true; id: number; merged: boolean; note: string | null }
  | { ok: false; status: 'not-found' | 'conflict'; message: string; other?: string };

/**
 * Inserts, or updates the entry with the same identity: a customer's tax ID (its name when it has none).
 * With `id`, that entry is edited; taking another entry's identity is refused rather than merging two
 * customers behind the clerk's back.
 */
export function storeCustomer(repo: LibrariesRepo, fields: CustomerFields, id: number | undefined, environment: Environment, now: string): StoreOutcome {
  const same = fields.taxNumber !== null ? repo.customerByTaxNumber(fields.taxNumber) : repo.customerByUntaxedName(fields.name);
  if (id !== undefined) {
    if (!repo.customer(id)) return { ok: false, status: 'not-found', message: '该客户已被删除，请刷新列表' };
    if (same && same.id !== id) {
      const what = fields.taxNumber !== null ? `纳税人识别号 ${fields.taxNumber}` : `名称「${fields.name}」`;
      return { ok: false, status: 'conflict', message: `${what}已属于另一个客户「${same.name}」，请直接编辑那一条`, other: same.name };
    }
    repo.updateCustomer(id, fields, now);
    return { ok: true, id, merged: false, note: null };
  }
  if (same?.id !== undefined) {
    repo.updateCustomer(same.id, fields, now);
    const why = fields.taxNumber !== null ? `纳税人识别号 ${fields.taxNumber} 已存在（客户「${same.name}」）` : `已有同名客户「${same.name}」`;
    return { ok: true, id: same.id, merged: true, note: `${why}，已更新该客户` };
  }
  return { ok: true, id: repo.insertCustomer(fields, environment, now), merged: false, note: null };
}

/** As storeCustomer, with a product's identity: its name and specification. */
export function storeProduct(repo: LibrariesRepo, fields: ProductFields, id: number | undefined, environment: Environment, now: string): StoreOutcome {
  const same = repo.productByIdentity(fields.name, fields.specification);
  const what = `「${fields.name}${fields.specification ? ` ${fields.specification}` : ''}」`;
  if (id !== undefined) {
    if (!repo.product(id)) return { ok: false, status: 'not-found', message: '该商品已被删除，请刷新列表' };
    if (same && same.id !== id) return { ok: false, status: 'conflict', message: `已有同名同规格的商品${what}，请直接编辑那一条`, other: same.name };
    repo.updateProduct(id, fields, now);
    return { ok: true, id, merged: false, note: null };
  }
  if (same?.id !== undefined) {
    repo.updateProduct(same.id, fields, now);
    return { ok: true, id: same.id, merged: true, note: `已有同名同规格的商品${what}，已更新该商品` };
  }
  return { ok: true, id: repo.insertProduct(fields, environment, now), merged: false, note: null };
}
