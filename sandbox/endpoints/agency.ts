/**
 * Enterprise (agency) endpoints 11–13 on /openApi/agency: page through (GET), initialise (POST), modify
 * (PATCH). Each AppKey sees "the current organisation and the enterprises under it": the enterprises of
 * its credential plus those it initialised, and an initialised enterprise becomes authorised for it
 * (withAgencyAuthorisations), so it can then issue as that seller. Rules: docs/sandbox/rules-agency-faults.md.
 */
import type { z } from 'zod';
import {
  EnterpriseQuery,
  InitialiseEnterpriseRequest,
  ModifyEnterpriseRequest,
  withOneTaxNumberSpelling,
  type EnterprisePage,
  type EnterpriseRecord,
  type TaxUserRecord,
} from '../../shared/spec/agency.js';
import type { Authenticator, SandboxCredential } from '../auth.js';
import { SANDBOX_CODES, type SandboxCode } from '../codes.js';
import type { EndpointHandler, EndpointRequest } from '../context.js';
import { e1Success, failure, type SandboxReply } from '../envelope.js';
import type { Db } from '../database.js';
import { seedLaterBuyer } from '../tax-authority/seeding.js';
import { agencyStoreFor, type StoredEnterprise, type StoredTaxUser } from '../stores/agency.js';

export const LISTED_MESSAGE = '查询成功';
export const INITIALISED_MESSAGE = '企业初始化成功';
export const MODIFIED_MESSAGE = '企业修改成功';

const MAX_LISTED_ISSUES = 10;
const QUERY_PARAMETERS = ['taxNumber', 'ttaxNumber', 'agencyName', 'pageNum', 'pageSize'] as const;

export const listEnterprises: EndpointHandler = (request, context) => {
  const now = context.now();
  const given: Record<string, string> = {};
  for (const name of QUERY_PARAMETERS) {
    const value = request.query.get(name);
    if (value !== null) given[name] = value;
  }
  const spelling = withOneTaxNumberSpelling(given);
  if (!spelling.ok) return failure('E1', SANDBOX_CODES.format, spelling.message, now);
  const parsed = EnterpriseQuery.safeParse(spelling.value);
  if (!parsed.success) return refusal(parsed.error.issues, spelling.value, now);

  const { pageNum, pageSize, taxNumber, agencyName } = parsed.data;
  const { total, list } = agencyStoreFor(context.db).page(request.credential.appKey, { taxNumber, agencyName }, pageNum, pageSize);
  const page: EnterprisePage = { pageNum, pageSize, size: list.length, total, list: list.map(toRecord) };
  return e1Success(page, LISTED_MESSAGE, now);
};

export const initialiseEnterprise: EndpointHandler = (request, context) => {
  const now = context.now();
  const body = objectBody(request, now);
  if (!body.ok) return body.reply;
  const parsed = InitialiseEnterpriseRequest.safeParse(body.value);
  if (!parsed.success) return refusal(parsed.error.issues, body.value, now);

  const enterprise = toStored(parsed.data);
  const store = agencyStoreFor(context.db);
  if (!store.initialise(request.credential.appKey, enterprise, now.getTime())) {
    return failure('E1', SANDBOX_CODES.enterpriseExists, `税号 ${enterprise.taxNumber} 已在 AppKey ${request.credential.appKey} 下`, now);
  }
  // The seeded tax authority knows the new enterprise too: it has received invoices to collect.
  if (context.seed !== undefined) seedLaterBuyer(context.db, { taxNumber: enterprise.taxNumber, name: enterprise.agencyName }, now.getTime());
  return e1Success(toRecord(enterprise), INITIALISED_MESSAGE, now);
};

export const modifyEnterprise: EndpointHandler = (request, context) => {
  const now = context.now();
  const body = objectBody(request, now);
  if (!body.ok) return body.reply;
  const store = agencyStoreFor(context.db);
  const appKey = request.credential.appKey;

  // Who may act comes before what is wrong with the content, as for issuance.
  const taxNumber = (body.value as Record<string, unknown>)['taxNumber'];
  if (typeof taxNumber === 'string' && !store.find(appKey, taxNumber) && store.belongsToAnotherAppKey(appKey, taxNumber)) {
    return failure('E1', SANDBOX_CODES.taxNumberNotAuthorised, `企业 ${taxNumber} 不属于 AppKey ${appKey}`, now);
  }
  const parsed = ModifyEnterpriseRequest.safeParse(body.value);
  if (!parsed.success) return refusal(parsed.error.issues, body.value, now);

  const enterprise = toStored(parsed.data);
  if (!store.modify(appKey, enterprise, now.getTime())) {
    return failure('E1', SANDBOX_CODES.enterpriseUnknown, `AppKey ${appKey} 下没有税号为 ${enterprise.taxNumber} 的企业，请先初始化`, now);
  }
  return e1Success(toRecord(enterprise), MODIFIED_MESSAGE, now);
};

/**
 * Wraps the signature check so that an authenticated caller's credential also carries the tax numbers its
 * AppKey initialised: every endpoint's 2012 check (isAuthorisedFor) then sees them without knowing agency.
 */
export function withAgencyAuthorisations(authenticator: Authenticator, db: Db): Authenticator {
  const store = agencyStoreFor(db);
  return {
    verify(request) {
      const verdict = authenticator.verify(request);
      if (!verdict.ok) return verdict;
      const added = store.initialisedTaxNumbers(verdict.credential.appKey).filter((taxNumber) => !verdict.credential.taxNumbers.includes(taxNumber));
      if (added.length === 0) return verdict;
      return { ok: true, credential: { ...verdict.credential, taxNumbers: [...verdict.credential.taxNumbers, ...added] } };
    },
  };
}

/**
 * Records each credential's own enterprises (the "current organisation" of endpoint 11). `nameOf` gives
 * the name the sandbox knows for a configured tax number.
 */
export function registerCredentialEnterprises(db: Db, credentials: readonly SandboxCredential[], nameOf: (taxNumber: string) => string, at: Date): void {
  const store = agencyStoreFor(db);
  for (const credential of credentials) {
    store.ensureCredentialEnterprises(
      credential.appKey,
      credential.taxNumbers.map((taxNumber) => ({ taxNumber, agencyName: nameOf(taxNumber) })),
      at.getTime(),
    );
  }
}

type BodyCheck = { ok: true; value: object } | { ok: false; reply: SandboxReply };

/** The JSON body as an object with one spelling of the tax number (open point 8). */
function objectBody(request: EndpointRequest, now: Date): BodyCheck {
  const json = request.json;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { ok: false, reply: failure('E1', SANDBOX_CODES.format, '请求体必须是 JSON 对象', now) };
  }
  const spelling = withOneTaxNumberSpelling(json);
  if (!spelling.ok) return { ok: false, reply: failure('E1', SANDBOX_CODES.format, spelling.message, now) };
  return { ok: true, value: spelling.value as object };
}

function toStored(request: InitialiseEnterpriseRequest | ModifyEnterpriseRequest): Omit<StoredEnterprise, 'origin'> {
  const user = request.taxUser;
  return {
    taxNumber: request.taxNumber,
    agencyName: request.agencyName,
    address: request.address ?? null,
    phone: request.phone ?? null,
    bank: request.bank ?? null,
    account: request.account ?? null,
    taxUser: user
      ? {
          idCard: user.idCard ?? null,
          name: user.name ?? null,
          identityPwd: user.identityPwd ?? null,
          phone: user.phone ?? null,
          taxPwd: user.taxPwd ?? null,
          loginIdentity: user.loginIdentity ?? null,
          email: user.email ?? null,
        }
      : null,
  };
}

/** The record as answered: members never given are left out, and so are the two passwords, always. */
function toRecord(enterprise: Omit<StoredEnterprise, 'origin'>): EnterpriseRecord {
  return {
    taxNumber: enterprise.taxNumber,
    agencyName: enterprise.agencyName,
    ...present({ address: enterprise.address, phone: enterprise.phone, bank: enterprise.bank, account: enterprise.account }),
    ...(enterprise.taxUser ? { taxUser: toTaxUserRecord(enterprise.taxUser) } : {}),
  };
}

function toTaxUserRecord(user: StoredTaxUser): TaxUserRecord {
  const { identityPwd: _identityPwd, taxPwd: _taxPwd, ...shown } = user;
  return present(shown);
}

function present(members: Record<string, string | null>): Record<string, string> {
  return Object.fromEntries(Object.entries(members).filter((entry): entry is [string, string] => entry[1] !== null));
}

function refusal(issues: readonly z.core.$ZodIssue[], input: unknown, now: Date): SandboxReply {
  const listed = issues.slice(0, MAX_LISTED_ISSUES).map((issue) => issue.message);
  const more = issues.length > MAX_LISTED_ISSUES ? `；另有 ${issues.length - MAX_LISTED_ISSUES} 处错误` : '';
  return failure('E1', codeFor(issues[0], input), `${listed.join('；')}${more}`, now);
}

/** The code of the first problem: missing (1008), too long (1009), bad page (4001), bad code (3004), else 2003. */
function codeFor(issue: z.core.$ZodIssue | undefined, input: unknown): SandboxCode {
  if (!issue) return SANDBOX_CODES.format;
  const rule = issue.code === 'custom' ? issue.params?.['rule'] : undefined;
  if (rule === 'page') return SANDBOX_CODES.pageOutOfRange;
  if (rule === 'length') return SANDBOX_CODES.fieldLength;
  const value = valueAt(input, issue.path);
  if (value === undefined || value === null) return SANDBOX_CODES.fieldMissing;
  if (issue.code === 'too_small' && issue.minimum === 1) return SANDBOX_CODES.fieldMissing;
  if (issue.code === 'invalid_value') return SANDBOX_CODES.invalidValue;
  return SANDBOX_CODES.format;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
