/**
 * Enterprise management (spec endpoints 11–13, /openApi/agency) and the active enterprise. The list is
 * the service's (paged 10–20, searched by tax number or name); what it answers is kept locally so the
 * title bar can switch without a call. The tax-bureau passwords are sealed in the vault under the
 * enterprise's tax number: sent to the service, never stored elsewhere, never answered over IPC — the
 * view says only whether each is set. Add and edit ask the same members (complete() below); an empty
 * password means "keep the sealed one" (the spec requires both on modify, so the stored one is revealed
 * for the call).
 */
import type { ServiceClient } from '../../api/client.js';
import { serviceFailure } from '../../api/ipc-failure.js';
import { SECRET_NAMES, type Vault } from '../../security/vault.js';
import { IpcFailure } from '../../../shared/ipc/index.js';
import type { EnterpriseInput, EnterpriseView, ActiveEnterprise, EnterpriseChoices } from '../../../shared/ipc/schemas/enterprises.js';
import type { EnterpriseRecord, ModifyEnterpriseRequest } from '../../../shared/spec/agency.js';
import { checkTaxId } from '../../../shared/rules/uscc.js';
import type { Environment } from '../../../shared/ipc/index.js';
import type { EnterpriseChoice } from './repo.js';
import type { EnterpriseFields, EnterpriseStore } from './store.js';
import type { AuditStore } from '../audit/store.js';

export interface EnterpriseServiceDeps {
  /** The enterprises, kept in the ledger (shared by a team's desks). */
  store: EnterpriseStore;
  environment: Environment;
  /** Which one this desk acts for: the desk's own choice, kept on the desk. */
  choice: EnterpriseChoice;
  /** `ledger.transaction` handing its body the transaction's enterprise store and audit trail. */
  transaction: (body: (store: EnterpriseStore, audit: AuditStore) => Promise<void>) => Promise<void>;
  vault: Vault;
  client: () => ServiceClient;
  /** The seller configured for this environment: current until another enterprise is activated. */
  defaultSeller: ActiveEnterprise;
  now: () => Date;
  onActiveChanged: (active: ActiveEnterprise) => void;
  /** Whether the signed-in clerk may act for an enterprise (an admin may limit a clerk to some: the clerks feature). */
  mayActFor?: (taxNumber: string) => boolean;
}

/** Tax numbers are digits and capitals; anything else typed in the search box is a name. */
const TAX_NUMBER_LIKE = /^[0-9A-Z]{4,20}$/;

const blankToNull = (value: string | undefined) => (value === undefined || value === '' ? null : value);

function fieldsOf(record: EnterpriseRecord): EnterpriseFields {
  const user = record.taxUser ?? {};
  const identity = user.loginIdentity === '1' || user.loginIdentity === '2' || user.loginIdentity === '7' ? user.loginIdentity : null;
  return {
    tax_number: record.taxNumber,
    agency_name: record.agencyName,
    address: blankToNull(record.address),
    phone: blankToNull(record.phone),
    bank: blankToNull(record.bank),
    account: blankToNull(record.account),
    tax_user_id_card: blankToNull(user.idCard),
    tax_user_name: blankToNull(user.name),
    tax_user_phone: blankToNull(user.phone),
    tax_user_login_identity: identity,
    tax_user_email: blankToNull(user.email),
  };
}

export function createEnterpriseService(deps: EnterpriseServiceDeps) {
  const { store, choice, vault, environment } = deps;
  const at = () => deps.now().toISOString();
  const secretNames = (taxNumber: string) => ({ identity: SECRET_NAMES.enterpriseIdentityPwd(taxNumber), tax: SECRET_NAMES.enterpriseTaxPwd(taxNumber) });

  function active(): ActiveEnterprise {
    const row = choice.current();
    return row ? { taxNumber: row.tax_number, name: row.agency_name } : deps.defaultSeller;
  }

  function view(row: EnterpriseFields): EnterpriseView {
    const names = secretNames(row.tax_number);
    const identity = row.tax_user_login_identity;
    return {
      taxNumber: row.tax_number,
      agencyName: row.agency_name,
      address: row.address ?? '',
      phone: row.phone ?? '',
      bank: row.bank ?? '',
      account: row.account ?? '',
      taxUser: {
        idCard: row.tax_user_id_card ?? '',
        name: row.tax_user_name ?? '',
        phone: row.tax_user_phone ?? '',
        loginIdentity: identity === '1' || identity === '2' || identity === '7' ? identity : null,
        email: row.tax_user_email ?? '',
        identityPwdSet: vault.has(names.identity),
        taxPwdSet: vault.has(names.tax),
      },
      active: active().taxNumber === row.tax_number,
    };
  }

  /** Stores the answer and seals the passwords typed, after the service accepted them. */
  async function keep(record: EnterpriseRecord, input: EnterpriseInput, action: 'enterprise.added' | 'enterprise.changed'): Promise<EnterpriseView> {
    const names = secretNames(input.taxNumber);
    if (input.taxUser.identityPwd !== '') vault.set(names.identity, input.taxUser.identityPwd);
    if (input.taxUser.taxPwd !== '') vault.set(names.tax, input.taxUser.taxPwd);
    const fields = fieldsOf({ ...record, taxNumber: input.taxNumber });
    await deps.transaction(async (tx, audit) => {
      await tx.save(environment, fields, at());
      // Which passwords were typed again is worth knowing; the passwords themselves never leave the vault.
      const detail = { name: fields.agency_name, identityPwd: input.taxUser.identityPwd !== '', taxPwd: input.taxUser.taxPwd !== '' };
      await audit.append({ action, aggregate: 'enterprise', recordIds: [input.taxNumber], enterprise: input.taxNumber, detail });
    });
    const row = await store.find(environment, input.taxNumber);
    if (!row) throw new Error(`enterprise ${input.taxNumber} was not stored`);
    // A new name of the enterprise this desk acts for shows at once in its title bar.
    if (active().taxNumber === row.tax_number && choice.current()) choice.choose(row, at());
    return view(row);
  }

  /**
   * The request of add and of edit alike (issue 23 point 4): the tax number passes the same check as
   * everywhere (shared/rules/uscc.ts), and every member the service needs to modify an enterprise (spec
   * endpoint 13: all but email) is asked when it is added too, so a later change — a new name — never
   * asks for them again: the public members come back prefilled and the passwords stay sealed (an empty
   * password keeps the sealed one).
   */
  function complete(input: EnterpriseInput): ModifyEnterpriseRequest {
    const check = checkTaxId(input.taxNumber);
    if (!check.ok) {
      throw new IpcFailure('VALIDATION_FAILED', `rules.${check.message.key}`, { ...check.message.params }, {
        details: { issues: [{ path: ['taxNumber'], message: check.message.key }] },
      });
    }
    const names = secretNames(input.taxNumber);
    const identityPwd = input.taxUser.identityPwd || vault.reveal(names.identity) || '';
    const taxPwd = input.taxUser.taxPwd || vault.reveal(names.tax) || '';
    const missing = [
      ...(['address', 'phone', 'bank', 'account'] as const).filter((field) => input[field] === ''),
      ...(['idCard', 'name', 'phone'] as const).filter((field) => input.taxUser[field] === '').map((field) => `taxUser.${field}`),
      ...(input.taxUser.loginIdentity ? [] : ['taxUser.loginIdentity']),
      ...(identityPwd ? [] : ['taxUser.identityPwd']),
      ...(taxPwd ? [] : ['taxUser.taxPwd']),
    ];
    if (missing.length > 0 || !input.taxUser.loginIdentity) {
      throw new IpcFailure('VALIDATION_FAILED', 'enterprises.errors.incomplete', { count: missing.length }, {
        details: { issues: missing.map((field) => ({ path: field.split('.'), message: 'required' })) },
      });
    }
    return {
      taxNumber: input.taxNumber,
      agencyName: input.agencyName,
      address: input.address,
      phone: input.phone,
      bank: input.bank,
      account: input.account,
      taxUser: {
        idCard: input.taxUser.idCard,
        name: input.taxUser.name,
        phone: input.taxUser.phone,
        loginIdentity: input.taxUser.loginIdentity,
        identityPwd,
        taxPwd,
        ...(input.taxUser.email ? { email: input.taxUser.email } : {}),
      },
    };
  }

  /** The page the service answered, stored in one ledger transaction. */
  const ledgerSave = (rows: EnterpriseFields[], now: string) =>
    deps.transaction(async (tx) => {
      for (const row of rows) await tx.save(environment, row, now);
    });

  return {
    active,
    async list(query: { query?: string | undefined; pageNum: number; pageSize: number }) {
      const text = query.query?.trim() ?? '';
      const filter = text === '' ? {} : TAX_NUMBER_LIKE.test(text) ? { taxNumber: text } : { agencyName: text };
      const page = await deps.client().listEnterprises({ ...filter, pageNum: query.pageNum, pageSize: query.pageSize }).catch(serviceFailure);
      const now = at();
      await ledgerSave(page.list.map(fieldsOf), now);
      const list: EnterpriseView[] = [];
      for (const record of page.list) list.push(view((await store.find(environment, record.taxNumber)) ?? fieldsOf(record)));
      return { pageNum: page.pageNum, pageSize: page.pageSize, total: page.total, list };
    },

    async initialise(input: EnterpriseInput): Promise<EnterpriseView> {
      const request = complete(input);
      const record = await deps.client().initialiseEnterprise(request).catch(serviceFailure);
      return keep(record, input, 'enterprise.added');
    },

    async modify(input: EnterpriseInput): Promise<EnterpriseView> {
      const request: ModifyEnterpriseRequest = complete(input);
      const record = await deps.client().modifyEnterprise(request).catch(serviceFailure);
      return keep(record, input, 'enterprise.changed');
    },

    async choices(): Promise<EnterpriseChoices> {
      const current = active();
      const known = (await store.all(environment)).map((row) => ({ taxNumber: row.tax_number, name: row.agency_name }));
      const choices = [deps.defaultSeller, ...known.filter((entry) => entry.taxNumber !== deps.defaultSeller.taxNumber)];
      // A clerk kept to some enterprises is offered only those.
      return { active: current, choices: choices.filter((entry) => deps.mayActFor?.(entry.taxNumber) ?? true) };
    },

    async activate(taxNumber: string): Promise<ActiveEnterprise> {
      if (deps.mayActFor && !deps.mayActFor(taxNumber)) {
        throw new IpcFailure('FORBIDDEN', 'auth.enterprise', { enterprise: taxNumber, channel: 'enterprises:activate' }, { message: `not allowed to act for ${taxNumber}` });
      }
      const known = await store.find(environment, taxNumber);
      if (taxNumber === deps.defaultSeller.taxNumber && !known) choice.clear();
      else {
        if (!known) throw new IpcFailure('NOT_FOUND', 'enterprises.errors.unknown', { taxNumber });
        choice.choose(known, at());
      }
      const now = active();
      deps.onActiveChanged(now);
      return now;
    },
  };
}

export type EnterpriseService = ReturnType<typeof createEnterpriseService>;
