/**
 * The customer and product libraries: list and search, save (with de-duplication by identity), delete,
 * Excel import/export through the file dialogs, and copying another enterprise's library. Each enterprise
 * has its own (migration 0460; every store call names the active one); libraries are shared by
 * every environment (0150), `environment` only records where an entry was created. Every write is
 * announced on the change feed (aggregate `library`, the active enterprise) after its transaction resolved.
 * Kept through the ledger port only (`ledger.libraries`, store.ts).
 */
import path from 'node:path';
import {
  IpcFailure,
  type Customer,
  type Environment,
  type LibraryExportResult,
  type LibraryImportResult,
  type LibraryCopyRequest,
  type LibraryCopyResult,
  type LibraryQuery,
  type Product,
  type RowNote,
  type SavedCustomer,
  type SavedProduct,
} from '../../../shared/ipc/index.js';
import { exportFilter, exportRows, type ExportColumn, type ExportFormat } from '../../export/index.js';
import type { ChangeAction } from '../../../shared/ipc/schemas/changes.js';
import type { ChangePublisher } from '../../changes/feed.js';
import type { DialogPort } from '../../ports.js';
import { LIBRARY_FILE_NAMES, libraryProblemKey } from '../../../shared/i18n/library-texts.js';
import type { UiLanguage } from '../../../shared/i18n/ui-language.js';
import type { Problem } from '../../../shared/i18n/table.js';
import { parseRate } from './cell-values.js';
import {
  CUSTOMER_COLUMNS,
  CUSTOMER_HEADERS,
  CUSTOMER_LABELS,
  PRODUCT_COLUMNS,
  PRODUCT_HEADERS,
  PRODUCT_LABELS,
  type CustomerField,
  type ProductField,
} from './columns.js';
import { checkCustomer, checkProduct, describeIssues, storeCustomer, storeProduct, type Checked, type EntryTarget, type StoreOutcome } from './entries.js';
import type { EnterpriseScope } from '../../db/enterprise-scope.js';
import type { Ledger } from '../../ledger/port.js';
import type { CustomerFields, ProductFields } from './store.js';
import { importSheet } from './sheet-import.js';
import type { SheetRecord } from './sheet-reader.js';

/** A library larger than this is not a clerk's address book; refuse rather than freeze the window. */
export const IMPORT_MAX_ROWS = 10_000;
const EXPORT_MAX_ROWS = 100_000;

export interface LibrariesServiceDeps {
  /** The ledger the libraries are kept in (its `libraries` store); the desk's SQLite or a team's PostgreSQL. */
  ledger: Ledger;
  /** The active enterprise's scope, read at each call: whose library a call works in. */
  scope: () => EnterpriseScope;
  environment: Environment;
  dialog: DialogPort | undefined;
  /** The UI's language, for the file dialogs' filter names and the export's default file names. */
  uiLanguage: () => UiLanguage;
  now?: () => Date;
  /** Tax number of the desk's own enterprise (the seller configured in settings), which owns the unplaced entries. */
  ownEnterprise: () => string;
  changes: ChangePublisher;
}

function failStore(outcome: Extract<StoreOutcome, { ok: false }>): never {
  if (outcome.status === 'not-found') throw new IpcFailure('NOT_FOUND', 'libraries.entryGone', {}, { message: outcome.message });
  throw new IpcFailure('VALIDATION_FAILED', 'libraries.entryConflict', { other: outcome.other ?? '' }, { message: outcome.message });
}

function refuse<F extends string>(checked: Extract<Checked<unknown, F>, { ok: false }>): never {
  // The sentence by key; each field's problem travels (by key) in details for the form to put on its field.
  throw new IpcFailure('VALIDATION_FAILED', 'libraries.fieldsInvalid', { count: checked.issues.length }, {
    message: describeIssues(checked.issues),
    details: { issues: checked.issues.map((issue) => ({ path: [issue.field], key: issue.key, params: issue.params })) },
  });
}

const rowNote = (row: number, problems: ReadonlyArray<Problem & { field?: string }>): RowNote => ({
  row,
  problems: problems.map((p) => ({ field: p.field ?? null, key: p.key, params: { ...p.params } })),
});

/** A product row of a sheet as the Product schema wants it: rate as a ratio, policy codes two digits. */
function productFromSheet(values: SheetRecord<ProductField>['values']): { input: Record<string, string>; rateProblem: Problem | null } {
  const input: Record<string, string> = { ...values };
  let rateProblem: Problem | null = null;
  if (values.rate !== undefined) {
    const rate = parseRate(values.rate);
    if (rate === null) rateProblem = { key: libraryProblemKey('rateInvalid'), params: { value: values.rate } };
    else input.rate = rate;
  }
  if (values.preferentialPolicy !== undefined && /^\d$/.test(values.preferentialPolicy)) input.preferentialPolicy = `0${values.preferentialPolicy}`;
  return { input, rateProblem };
}

export function createLibrariesService(deps: LibrariesServiceDeps) {
  const { ledger } = deps;
  const store = ledger.libraries;
  const now = () => (deps.now ?? (() => new Date()))().toISOString();
  // Changes are announced after the transaction resolved, for the enterprise the call worked in.
  const announce = (scope: EnterpriseScope, action: ChangeAction, ids: readonly number[]) =>
    deps.changes.publish({ aggregate: 'library', action, ids, enterprise: scope.enterprise });
  const announceSaved = <T extends { entry: { id?: number | undefined }; merged: boolean }>(scope: EnterpriseScope, saved: T, edited: boolean): T => {
    announce(scope, saved.merged || edited ? 'updated' : 'created', saved.entry.id === undefined ? [] : [saved.entry.id]);
    return saved;
  };
  const announceImport = (scope: EnterpriseScope, result: LibraryImportResult): LibraryImportResult => {
    if (result.created + result.updated > 0) announce(scope, 'updated', []);
    return result;
  };

  function dialog(): DialogPort {
    if (!deps.dialog) throw new IpcFailure('VALIDATION_FAILED', 'app.noFileDialog');
    return deps.dialog;
  }

  async function exportLibrary<R>(kind: keyof typeof LIBRARY_FILE_NAMES, rows: readonly R[], columns: ReadonlyArray<ExportColumn<R>>, format: ExportFormat): Promise<LibraryExportResult> {
    const stamp = now().slice(0, 10).replaceAll('-', '');
    const name = LIBRARY_FILE_NAMES[kind][deps.uiLanguage()];
    const filePath = await dialog().chooseSavePath(`${name}-${stamp}.${format}`, [exportFilter(format, deps.uiLanguage())]);
    if (filePath === null) return { cancelled: true, path: null, rows: 0 };
    try {
      await exportRows(rows, columns, format, filePath);
    } catch (error) {
      const reason = error instanceof Error && 'code' in error ? String(error.code) : 'EIO';
      throw new IpcFailure('VALIDATION_FAILED', 'app.cannotSaveFile', { reason });
    }
    return { cancelled: false, path: filePath, rows: rows.length };
  }

  /**
   * Reads and checks the chosen sheet first, then stores every acceptable row in one ledger transaction
   * (nothing but the ledger is awaited inside it); a refused row is reported
   * with its row number and column, and nothing of it is written. A later row with the identity of an
   * earlier one (in the file or the library) updates it, and the report says so.
   */
  async function importLibrary<F extends string, T>(
    headers: ReadonlyMap<string, F>,
    labels: Record<F, string>,
    required: readonly F[],
    prepare: (record: SheetRecord<F>) => { checked: Checked<T, F>; identity: (fields: T) => string },
    store: (target: EntryTarget, fields: T, at: string) => Promise<StoreOutcome>,
    scope: EnterpriseScope,
  ): Promise<LibraryImportResult> {
    const filePath = await dialog().chooseOpenPath([exportFilter('xlsx', deps.uiLanguage())]);
    if (filePath === null) return { cancelled: true, fileName: null, created: 0, updated: 0, errors: [], warnings: [] };
    // Off the main thread, with the unpacked size and the rows bounded while reading (sheet-import.ts).
    const { records } = (await importSheet(filePath, { headers, maxRows: IMPORT_MAX_ROWS, required, labels })).table;

    const errors: RowNote[] = [];
    const warnings: RowNote[] = [];
    let created = 0;
    let updated = 0;
    const seen = new Map<string, number>();
    const at = now();
    await ledger.transaction(async (tx) => {
      const target = { store: tx.libraries, scope };
      for (const record of records) {
        if (record.problems.length > 0) {
          errors.push(rowNote(record.row, record.problems));
          continue;
        }
        const { checked, identity } = prepare(record);
        if (!checked.ok) {
          errors.push(rowNote(record.row, checked.issues));
          continue;
        }
        const outcome = await store(target, checked.fields, at);
        if (!outcome.ok) {
          // Only an edit (with an id) can conflict or miss its entry; an import row never has one.
          throw new Error(`library import row ${record.row}: ${outcome.message}`);
        }
        if (checked.warnings.length > 0) warnings.push(rowNote(record.row, checked.warnings));
        const key = identity(checked.fields);
        const earlier = seen.get(key);
        seen.set(key, record.row);
        if (earlier !== undefined) warnings.push(rowNote(record.row, [{ key: libraryProblemKey('sameAsRow'), params: { row: earlier } }]));
        else if (outcome.merged && outcome.note) warnings.push(rowNote(record.row, [outcome.note]));
        if (outcome.merged || earlier !== undefined) updated++;
        else created++;
      }
    });
    return { cancelled: false, fileName: path.basename(filePath), created, updated, errors, warnings };
  }

  async function save<E>(
    stored: (target: EntryTarget) => Promise<StoreOutcome>,
    read: (scope: EnterpriseScope, id: number) => Promise<E | null>,
    warnings: readonly Problem[],
    edited: boolean,
  ): Promise<{ entry: E; merged: boolean; warnings: Problem[] }> {
    const scope = deps.scope();
    const outcome = await ledger.transaction((tx) => stored({ store: tx.libraries, scope }));
    if (!outcome.ok) failStore(outcome);
    const entry = await read(scope, outcome.id);
    if (!entry) throw new Error(`library entry ${outcome.id} vanished after save`);
    return announceSaved(scope, { entry, merged: outcome.merged, warnings: [...warnings, ...(outcome.note ? [outcome.note] : [])] }, edited);
  }

  async function remove(drop: (scope: EnterpriseScope, id: number) => Promise<boolean>, id: number) {
    const scope = deps.scope();
    const deleted = await drop(scope, id);
    if (deleted) announce(scope, 'deleted', [id]);
    return { deleted };
  }

  const listed = (query: LibraryQuery) => [query.query || undefined, query.limit ?? 50, query.offset ?? 0] as const;

  return {
    listCustomers: (query: LibraryQuery) => store.listCustomers(deps.scope(), ...listed(query)),
    listProducts: (query: LibraryQuery) => store.listProducts(deps.scope(), ...listed(query)),

    async saveCustomer(input: Customer): Promise<SavedCustomer> {
      const checked = checkCustomer(input);
      if (!checked.ok) refuse(checked);
      const stored = (target: EntryTarget) => storeCustomer(target, checked.fields, input.id, deps.environment, now());
      return save(stored, (scope, id) => store.customer(scope, id), checked.warnings, input.id !== undefined);
    },

    async saveProduct(input: Product): Promise<SavedProduct> {
      const checked = checkProduct(input);
      if (!checked.ok) refuse(checked);
      const stored = (target: EntryTarget) => storeProduct(target, checked.fields, input.id, deps.environment, now());
      return save(stored, (scope, id) => store.product(scope, id), [], input.id !== undefined);
    },

    deleteCustomer: (id: number) => remove((scope, entry) => store.deleteCustomer(scope, entry), id),
    deleteProduct: (id: number) => remove((scope, entry) => store.deleteProduct(scope, entry), id),

    /** Another enterprise's library into the active one's; entries it has already (by identity) stay as they are. */
    async copy(request: LibraryCopyRequest): Promise<LibraryCopyResult> {
      const scope = deps.scope();
      if (request.from === scope.enterprise) throw new IpcFailure('VALIDATION_FAILED', 'libraries.copySelf', {});
      const from = { enterprise: request.from, own: request.from === deps.ownEnterprise() };
      const { ids, total } = await ledger.transaction((tx) => tx.libraries.copyLibrary(scope, request.kind, from, deps.environment, now()));
      if (ids.length > 0) announce(scope, 'created', ids);
      return { copied: ids.length, skipped: total - ids.length };
    },

    async importCustomers() {
      const scope = deps.scope();
      return announceImport(scope, await importLibrary<CustomerField, CustomerFields>(
        CUSTOMER_HEADERS,
        CUSTOMER_LABELS,
        ['name'],
        (record) => ({
          checked: checkCustomer(record.values),
          identity: (fields) => (fields.taxNumber !== null ? `tax:${fields.taxNumber}` : `name:${fields.name}`),
        }),
        (target, fields, at) => storeCustomer(target, fields, undefined, deps.environment, at),
        scope,
      ));
    },

    async importProducts() {
      const scope = deps.scope();
      return announceImport(scope, await importLibrary<ProductField, ProductFields>(
        PRODUCT_HEADERS,
        PRODUCT_LABELS,
        ['name', 'taxCode', 'rate'],
        (record) => {
          const { input, rateProblem } = productFromSheet(record.values);
          const checked: ReturnType<typeof checkProduct> = rateProblem ? { ok: false, issues: [{ field: 'rate', ...rateProblem }] } : checkProduct(input);
          return { checked, identity: (fields) => `${fields.name}\u0000${fields.specification ?? ''}` };
        },
        (target, fields, at) => storeProduct(target, fields, undefined, deps.environment, at),
        scope,
      ));
    },

    exportCustomers: async (format: ExportFormat) =>
      exportLibrary('customers', (await store.listCustomers(deps.scope(), undefined, EXPORT_MAX_ROWS, 0)).rows, CUSTOMER_COLUMNS, format),
    exportProducts: async (format: ExportFormat) =>
      exportLibrary('products', (await store.listProducts(deps.scope(), undefined, EXPORT_MAX_ROWS, 0)).rows, PRODUCT_COLUMNS, format),
  };
}

export type LibrariesService = ReturnType<typeof createLibrariesService>;
