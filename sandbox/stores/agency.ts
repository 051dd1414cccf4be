/**
 * SQL of the enterprise (agency) endpoints. Enterprises belong to an AppKey: what one AppKey initialised
 * is invisible to another, as each AppKey stands for a separate organisation using the service.
 */
import type { Db } from '../database.js';

export interface StoredTaxUser {
  idCard: string | null;
  name: string | null;
  identityPwd: string | null;
  phone: string | null;
  taxPwd: string | null;
  loginIdentity: string | null;
  email: string | null;
}

export interface StoredEnterprise {
  taxNumber: string;
  agencyName: string;
  address: string | null;
  phone: string | null;
  bank: string | null;
  account: string | null;
  /** null when no taxUser was ever given for the enterprise. */
  taxUser: StoredTaxUser | null;
  origin: 'credential' | 'initialised';
}

export interface EnterpriseFilter {
  /** Substring of the tax number. */
  taxNumber: string | undefined;
  /** Substring of the name. */
  agencyName: string | undefined;
}

export interface AgencyStore {
  /** Records the enterprises a credential comes with (idempotent: a restart keeps what PATCH changed). */
  ensureCredentialEnterprises(appKey: string, enterprises: readonly { taxNumber: string; agencyName: string }[], at: number): void;
  find(appKey: string, taxNumber: string): StoredEnterprise | undefined;
  /** Whether some other AppKey has this enterprise. */
  belongsToAnotherAppKey(appKey: string, taxNumber: string): boolean;
  /** false when the AppKey already has an enterprise with this tax number. */
  initialise(appKey: string, enterprise: Omit<StoredEnterprise, 'origin'>, at: number): boolean;
  /** false when the AppKey has no enterprise with this tax number. */
  modify(appKey: string, enterprise: Omit<StoredEnterprise, 'origin'>, at: number): boolean;
  /** One page and the total count, read in one transaction so the two agree. */
  page(appKey: string, filter: EnterpriseFilter, pageNum: number, pageSize: number): { total: number; list: StoredEnterprise[] };
  /** Tax numbers the AppKey initialised: authorised for it like those of its credential. */
  initialisedTaxNumbers(appKey: string): string[];
}

interface EnterpriseRow {
  tax_number: string;
  origin: 'credential' | 'initialised';
  agency_name: string;
  address: string | null;
  phone: string | null;
  bank: string | null;
  account: string | null;
  has_tax_user: number;
  tax_user_id_card: string | null;
  tax_user_name: string | null;
  tax_user_identity_pwd: string | null;
  tax_user_phone: string | null;
  tax_user_tax_pwd: string | null;
  tax_user_login_identity: string | null;
  tax_user_email: string | null;
}

const COLUMNS = `tax_number, origin, agency_name, address, phone, bank, account, has_tax_user, tax_user_id_card, tax_user_name,
  tax_user_identity_pwd, tax_user_phone, tax_user_tax_pwd, tax_user_login_identity, tax_user_email`;

// instr() rather than LIKE: a filter containing % or _ means those characters, not wildcards.
const MATCHES = `app_key = @appKey
  AND (@taxNumber IS NULL OR instr(tax_number, @taxNumber) > 0)
  AND (@agencyName IS NULL OR instr(agency_name, @agencyName) > 0)`;

function fromRow(row: EnterpriseRow): StoredEnterprise {
  return {
    taxNumber: row.tax_number,
    agencyName: row.agency_name,
    address: row.address,
    phone: row.phone,
    bank: row.bank,
    account: row.account,
    taxUser:
      row.has_tax_user === 0
        ? null
        : {
            idCard: row.tax_user_id_card,
            name: row.tax_user_name,
            identityPwd: row.tax_user_identity_pwd,
            phone: row.tax_user_phone,
            taxPwd: row.tax_user_tax_pwd,
            loginIdentity: row.tax_user_login_identity,
            email: row.tax_user_email,
          },
    origin: row.origin,
  };
}

function toParameters(appKey: string, enterprise: Omit<StoredEnterprise, 'origin'>, at: number) {
  const user = enterprise.taxUser;
  return {
    appKey,
    taxNumber: enterprise.taxNumber,
    agencyName: enterprise.agencyName,
    address: enterprise.address,
    phone: enterprise.phone,
    bank: enterprise.bank,
    account: enterprise.account,
    hasTaxUser: user ? 1 : 0,
    idCard: user?.idCard ?? null,
    name: user?.name ?? null,
    identityPwd: user?.identityPwd ?? null,
    userPhone: user?.phone ?? null,
    taxPwd: user?.taxPwd ?? null,
    loginIdentity: user?.loginIdentity ?? null,
    email: user?.email ?? null,
    at,
  };
}

function openAgencyStore(db: Db): AgencyStore {
  const ensureCredential = db.prepare(
    `INSERT INTO agency_enterprises (app_key, tax_number, origin, agency_name, created_at, updated_at)
     VALUES (?, ?, 'credential', ?, ?, ?) ON CONFLICT (app_key, tax_number) DO NOTHING`,
  );
  const selectOne = db.prepare<[string, string], EnterpriseRow>(`SELECT ${COLUMNS} FROM agency_enterprises WHERE app_key = ? AND tax_number = ?`);
  const selectElsewhere = db.prepare<[string, string], { found: number }>(
    'SELECT 1 AS found FROM agency_enterprises WHERE tax_number = ? AND app_key <> ? LIMIT 1',
  );
  const insert = db.prepare(
    `INSERT INTO agency_enterprises (app_key, tax_number, origin, agency_name, address, phone, bank, account, has_tax_user,
       tax_user_id_card, tax_user_name, tax_user_identity_pwd, tax_user_phone, tax_user_tax_pwd, tax_user_login_identity,
       tax_user_email, created_at, updated_at)
     VALUES (@appKey, @taxNumber, 'initialised', @agencyName, @address, @phone, @bank, @account, @hasTaxUser, @idCard, @name,
       @identityPwd, @userPhone, @taxPwd, @loginIdentity, @email, @at, @at)
     ON CONFLICT (app_key, tax_number) DO NOTHING`,
  );
  const update = db.prepare(
    `UPDATE agency_enterprises SET agency_name = @agencyName, address = @address, phone = @phone, bank = @bank, account = @account,
       has_tax_user = @hasTaxUser, tax_user_id_card = @idCard, tax_user_name = @name, tax_user_identity_pwd = @identityPwd,
       tax_user_phone = @userPhone, tax_user_tax_pwd = @taxPwd, tax_user_login_identity = @loginIdentity, tax_user_email = @email,
       updated_at = @at
     WHERE app_key = @appKey AND tax_number = @taxNumber`,
  );
  const count = db.prepare<[{ appKey: string; taxNumber: string | null; agencyName: string | null }], { total: number }>(
    `SELECT count(*) AS total FROM agency_enterprises WHERE ${MATCHES}`,
  );
  // The organisation's own enterprises first, then the ones it initialised in the order it did.
  const selectPage = db.prepare<[{ appKey: string; taxNumber: string | null; agencyName: string | null; limit: number; offset: number }], EnterpriseRow>(
    `SELECT ${COLUMNS} FROM agency_enterprises WHERE ${MATCHES}
     ORDER BY origin = 'credential' DESC, created_at, tax_number LIMIT @limit OFFSET @offset`,
  );
  const selectInitialised = db.prepare<[string], { tax_number: string }>(
    "SELECT tax_number FROM agency_enterprises WHERE app_key = ? AND origin = 'initialised'",
  );

  const ensureAll = db.transaction((appKey: string, enterprises: readonly { taxNumber: string; agencyName: string }[], at: number) => {
    for (const enterprise of enterprises) ensureCredential.run(appKey, enterprise.taxNumber, enterprise.agencyName, at, at);
  });
  const readPage = db.transaction((appKey: string, filter: EnterpriseFilter, pageNum: number, pageSize: number) => {
    const match = { appKey, taxNumber: filter.taxNumber ?? null, agencyName: filter.agencyName ?? null };
    const total = count.get(match)?.total ?? 0;
    const list = selectPage.all({ ...match, limit: pageSize, offset: (pageNum - 1) * pageSize }).map(fromRow);
    return { total, list };
  });

  return {
    ensureCredentialEnterprises: (appKey, enterprises, at) => ensureAll(appKey, enterprises, at),
    find(appKey, taxNumber) {
      const row = selectOne.get(appKey, taxNumber);
      return row && fromRow(row);
    },
    belongsToAnotherAppKey: (appKey, taxNumber) => selectElsewhere.get(taxNumber, appKey) !== undefined,
    initialise: (appKey, enterprise, at) => insert.run(toParameters(appKey, enterprise, at)).changes === 1,
    modify: (appKey, enterprise, at) => update.run(toParameters(appKey, enterprise, at)).changes === 1,
    page: (appKey, filter, pageNum, pageSize) => readPage(appKey, filter, pageNum, pageSize),
    initialisedTaxNumbers: (appKey) => selectInitialised.all(appKey).map((row) => row.tax_number),
  };
}

// Statements are prepared once per database, not per request; the context hands endpoints only the handle.
const stores = new WeakMap<Db, AgencyStore>();

export function agencyStoreFor(db: Db): AgencyStore {
  let store = stores.get(db);
  if (!store) {
    store = openAgencyStore(db);
    stores.set(db, store);
  }
  return store;
}
