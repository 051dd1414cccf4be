/**
 * Checking and storing one library entry, the same way whether it comes from the form or from a
 * spreadsheet row: the IPC schema, then the rules a schema cannot say (the USCC check character, a unit
 * price that is not 0), then the identity that decides between insert and update. Every problem and
 * remark is a key and its params (shared/i18n/library-texts.ts): the renderer words it.
 */
import Decimal from 'decimal.js';
import type { z } from 'zod';
import { Customer, Product, type Environment } from '../../../shared/ipc/index.js';
import { libraryProblemKey, type LibraryProblemKey } from '../../../shared/i18n/library-texts.js';
import type { Problem } from '../../../shared/i18n/table.js';
import { checkTaxId } from '../../../shared/rules/uscc.js';
import type { CustomerField, ProductField } from './columns.js';
import type { EnterpriseScope } from '../../db/enterprise-scope.js';
import type { CustomerFields, LibraryStore, ProductFields } from './store.js';

export interface FieldIssue<F extends string> extends Problem {
  field: F;
}

export type Checked<T, F extends string> = { ok: true; fields: T; warnings: Problem[] } | { ok: false; issues: Array<FieldIssue<F>> };

const problem = (key: LibraryProblemKey, params: Problem['params'] = {}): Problem => ({ key: libraryProblemKey(key), params });

/** The schemas' own sentences are Chinese (shared/ipc/schemas/libraries.ts): they travel as `text`, the zh wording. */
function schemaProblem(issue: z.core.$ZodIssue): Problem {
  if (issue.code === 'too_big' && 'maximum' in issue) return problem('schemaTooLong', { text: issue.message, max: Number(issue.maximum) });
  if (issue.code === 'invalid_type' || (issue.code === 'too_small' && issue.minimum === 1)) return problem('schemaRequired', { text: issue.message });
  return problem('schemaInvalid', { text: issue.message });
}

const CUSTOMER_FIELDS: Record<CustomerField, true> = { name: true, taxNumber: true, address: true, phone: true, bank: true, account: true, email: true, mobile: true };
const PRODUCT_FIELDS: Record<ProductField, true> = {
  name: true,
  taxCode: true,
  specification: true,
  unit: true,
  unitPrice: true,
  rate: true,
  specialLevy: true,
  preferentialPolicy: true,
};

const orNull = (value: string | undefined): string | null => (value === undefined || value.trim() === '' ? null : value.trim());

function schemaIssues<F extends string>(error: z.ZodError, known: Record<F, unknown>): Array<FieldIssue<F>> {
  return error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    const field = (key in known ? key : Object.keys(known)[0]) as F;
    return { field, ...schemaProblem(issue) };
  });
}

/** "taxNumber: rules.taxIdCheckCharacter; email: …" — for the log only; the clerk reads the keys' sentences. */
export function describeIssues(issues: ReadonlyArray<{ field: string; key: string }>): string {
  return issues.map((issue) => `${issue.field}: ${issue.key}`).join('; ');
}

export function checkCustomer(input: unknown): Checked<CustomerFields, CustomerField> {
  const parsed = Customer.safeParse(input);
  if (!parsed.success) return { ok: false, issues: schemaIssues(parsed.error, CUSTOMER_FIELDS) };
  const c = parsed.data;
  // Tax IDs are upper-case by definition; clerks often type them in lower case.
  const taxNumber = orNull(c.taxNumber)?.toUpperCase() ?? null;
  const warnings: Problem[] = [];
  if (taxNumber !== null) {
    const check = checkTaxId(taxNumber);
    if (!check.ok) return { ok: false, issues: [{ field: 'taxNumber', key: `rules.${check.message.key}`, params: check.message.params }] };
    if (check.kind === 'legacy') warnings.push(problem('legacyTaxId', { ...check.warning.params, taxNumber }));
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
  if (!parsed.success) return { ok: false, issues: schemaIssues(parsed.error, PRODUCT_FIELDS) };
  const p = parsed.data;
  const unitPrice = orNull(p.unitPrice);
  // The spec: dj "not 0". A library price is only a default, but a 0 default would prefill a refused line.
  if (unitPrice !== null && new Decimal(unitPrice).isZero()) {
    return { ok: false, issues: [{ field: 'unitPrice', ...problem('unitPriceZero') }] };
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

/** `note` is the remark of a merge (by key); `message` is English for the log; `other` names the entry a conflict is with (for the key's sentence). */
export type StoreOutcome =
  | { ok: true; id: number; merged: boolean; note: Problem | null }
  | { ok: false; status: 'not-found' | 'conflict'; message: string; other?: string };

/** Where an entry is stored: the library store (or a transaction's) and the enterprise whose library it is. */
export interface EntryTarget {
  store: LibraryStore;
  scope: EnterpriseScope;
}

/**
 * Inserts, or updates the entry with the same identity: a customer's tax ID (its name when it has none).
 * With `id`, that entry is edited; taking another entry's identity is refused rather than merging two
 * customers behind the clerk's back.
 */
export async function storeCustomer({ store, scope }: EntryTarget, fields: CustomerFields, id: number | undefined, environment: Environment, now: string): Promise<StoreOutcome> {
  const same = fields.taxNumber !== null ? await store.customerByTaxNumber(scope, fields.taxNumber) : await store.customerByUntaxedName(scope, fields.name);
  if (id !== undefined) {
    if (!(await store.customer(scope, id))) return { ok: false, status: 'not-found', message: `customer ${id} was deleted` };
    if (same && same.id !== id) {
      const what = fields.taxNumber !== null ? `tax ID ${fields.taxNumber}` : `name ${fields.name}`;
      return { ok: false, status: 'conflict', message: `${what} belongs to customer ${same.id}`, other: same.name };
    }
    await store.updateCustomer(scope, id, fields, now);
    return { ok: true, id, merged: false, note: null };
  }
  if (same?.id !== undefined) {
    await store.updateCustomer(scope, same.id, fields, now);
    const note = fields.taxNumber !== null ? problem('customerTaxIdMerged', { taxNumber: fields.taxNumber, other: same.name }) : problem('customerNameMerged', { other: same.name });
    return { ok: true, id: same.id, merged: true, note };
  }
  return { ok: true, id: await store.insertCustomer(scope, fields, environment, now), merged: false, note: null };
}

/** As storeCustomer, with a product's identity: its name and specification. */
export async function storeProduct({ store, scope }: EntryTarget, fields: ProductFields, id: number | undefined, environment: Environment, now: string): Promise<StoreOutcome> {
  const same = await store.productByIdentity(scope, fields.name, fields.specification);
  const what = `${fields.name}${fields.specification ? ` ${fields.specification}` : ''}`;
  if (id !== undefined) {
    if (!(await store.product(scope, id))) return { ok: false, status: 'not-found', message: `product ${id} was deleted` };
    if (same && same.id !== id) return { ok: false, status: 'conflict', message: `product ${what} is product ${same.id}`, other: same.name };
    await store.updateProduct(scope, id, fields, now);
    return { ok: true, id, merged: false, note: null };
  }
  if (same?.id !== undefined) {
    await store.updateProduct(scope, same.id, fields, now);
    return { ok: true, id: same.id, merged: true, note: problem('productMerged', { product: what }) };
  }
  return { ok: true, id: await store.insertProduct(scope, fields, environment, now), merged: false, note: null };
}
