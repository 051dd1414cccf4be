/**
 * The intake feature (收票): received invoices in by drop, paste, pick, scan folder or scanner → local
 * extraction → recognition when needed → review → verification → the ledger (报销台账), duplicates caught.
 * Each received invoice is the active enterprise's at the time it came in; the ledger is per enterprise.
 * Received invoices and verifications are read and written through the ledger port (`deps.ledger.received`:
 * the desk's SQLite or a team's PostgreSQL); only the scan folder's bookkeeping stays on the desk's own
 * connection (taken-files.ts says why). Its one export, createIntakeFeature, follows main/features/feature.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { IpcFailure } from '../../../shared/ipc/index.js';
import type { IntakeItem, IntakeLedger, IntakeLedgerFilter, IntakeLedgerQuery, IntakeLedgerRow } from '../../../shared/ipc/channels/intake.js';
import { fieldProblems, invoiceKey, UNVERIFIABLE_KINDS, type IntakeFields } from '../../../shared/rules/intake-fields.js';
import { nativeText } from '../../../shared/i18n/native-texts.js';
import { writeXlsx } from '../../export/xlsx.js';
import { reimbursementColumns, reimbursementFile } from './ledger-export.js';
import type { Feature, FeatureDeps } from '../feature.js';
import { fieldsOf, stateOf, type LedgerTotals, type ReceivedRow } from './store.js';
import { createTakenFileRepo } from './taken-files.js';
import { defaultScanner, type ScannerPort } from './scanner.js';
import { watchScanFolder, type ScanFolderWatcher } from './scan-folder.js';
import { createExtractionPool, type PoolOptions } from './extraction-pool.js';
import { createPathGrants } from './path-grants.js';
import { buyerMismatchOf, createIntakeQueue, itemOfRow, reviewedSources, shownName } from './service.js';
import { verifyReceived } from './verify.js';

export type IntakeFeatureDeps = Pick<FeatureDeps, 'db' | 'ledger' | 'environment' | 'dataDir' | 'client' | 'ports' | 'now' | 'emit' | 'uiLanguage' | 'seller' | 'changes'> & {
  /** The platform's scanner; SANE / WIA / scan folder by platform when absent. */
  scanner?: ScannerPort;
  /** The threads files are read on; a pool of the default size when absent. */
  pool?: PoolOptions;
};

const MIME = { png: 'image/png', jpg: 'image/jpeg', pdf: 'application/pdf', ofd: 'application/ofd', xml: 'application/xml' } as const;
const PREVIEW_MAX_BYTES = 12 * 1024 * 1024;

const LEDGER_PAGE = 50;

/** The received ledger's cursor is `r<id>`: the last id of the page before. */
function decodeLedgerCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  const id = /^r(\d{1,15})$/.exec(cursor)?.[1];
  if (id === undefined) throw new IpcFailure('VALIDATION_FAILED', 'intake.invalidCursor');
  return Number(id);
}

/** The kind the service cannot verify that extraction named (kept in data_json), if any. */
function unverifiableOf(row: ReceivedRow): IntakeLedgerRow['unverifiable'] {
  try {
    const kind = (JSON.parse(row.data_json) as { unverifiable?: unknown }).unverifiable;
    return typeof kind === 'string' && (UNVERIFIABLE_KINDS as readonly string[]).includes(kind) ? (kind as IntakeLedgerRow['unverifiable']) : null;
  } catch {
    return null;
  }
}

function ledgerRow(row: ReceivedRow): IntakeLedgerRow {
  return {
    id: row.id, fileName: shownName(row.file_name), fileType: row.file_type, fields: fieldsOf(row), xhfmc: row.xhfmc, gmfmc: row.gmfmc, status: row.status,
    lastCode: row.last_code, zfbz: row.zfbz, verification: stateOf(row), unverifiable: unverifiableOf(row),
    buyerMismatch: Boolean(row.gmfsbh && row.enterprise && row.gmfsbh !== row.enterprise), buyerReason: row.buyer_reason,
    duplicateOf: row.duplicate_of, createdAt: row.created_at,
  };
}

/** What other features may read: the received ledger's totals under a filter (the dashboard, the statistics). */
export interface IntakeApi {
  ledgerTotals(filter: IntakeLedgerFilter): Promise<LedgerTotals>;
}

export function createIntakeFeature(deps: IntakeFeatureDeps): Feature<IntakeApi> & { api: IntakeApi } {
  const received = deps.ledger.received;
  const env = deps.environment;
  const taken = createTakenFileRepo(deps.db);
  const scanner = deps.scanner ?? defaultScanner();
  const settingsFile = path.join(deps.dataDir, 'intake', 'settings.json');
  const readSettings = (): { scanFolder: string | null } => {
    try {
      return { scanFolder: null, ...(JSON.parse(fs.readFileSync(settingsFile, 'utf8')) as { scanFolder?: string | null }) };
    } catch {
      return { scanFolder: null };
    }
  };
  const pool = createExtractionPool(deps.pool);
  const grants = createPathGrants();
  const active = () => {
    const seller = deps.seller();
    return { taxNumber: seller.taxNumber, name: seller.name };
  };
  // Every write of a received invoice is announced on the change feed, with the enterprise it belongs to.
  const changed = (action: 'created' | 'updated', id: number, enterprise: string | null) => deps.changes.publish({ aggregate: 'receivedInvoice', action, ids: [id], enterprise });
  const queue = createIntakeQueue({
    received, environment: env, pool, dataDir: deps.dataDir, client: deps.client, emit: (item) => deps.emit('intake:item', item), enterprise: active, saved: (id, enterprise) => changed('created', id, enterprise),
  });
  let watcher: ScanFolderWatcher | undefined;
  const watch = (folder: string | null) => {
    watcher?.stop();
    watcher = folder ? watchScanFolder(folder, taken, (file) => queue.addPaths([file], 'folder'), (error) => console.error('[intake] scan folder', error)) : undefined;
  };

  const row = async (receivedId: number): Promise<ReceivedRow> => {
    const found = await received.get(env, receivedId);
    if (!found) throw new IpcFailure('NOT_FOUND', 'intake.notFound');
    return found;
  };

  /**
   * One keyset page of the received ledger; the first page also brings the totals of the whole filtered
   * ledger (one aggregate; duplicates are listed, flagged, but not counted twice).
   */
  const ledger = async ({ cursor, limit = LEDGER_PAGE, ...filter }: IntakeLedgerQuery): Promise<IntakeLedger> => {
    const afterId = decodeLedgerCursor(cursor);
    const enterprise = active();
    const { rows, hasMore } = await received.ledgerPage(env, enterprise.taxNumber, filter, afterId, limit);
    const last = rows.at(-1);
    return {
      rows: rows.map(ledgerRow),
      next: hasMore && last ? `r${last.id}` : null,
      enterprise,
      totals: cursor === undefined ? await received.ledgerTotals(env, enterprise.taxNumber, filter) : null,
    };
  };

  return {
    name: 'intake',
    registerIpc(router) {
      router.handle('intake:grantPaths', ({ paths }) => ({ granted: grants.grant(paths) }));
      router.handle('intake:addPaths', ({ paths, origin }) => {
        // A path the page names is read only when main handed it out (a drop the preload resolved).
        if (!grants.take(paths)) throw new IpcFailure('VALIDATION_FAILED', 'intake.pathNotGranted');
        return { accepted: queue.addPaths(paths, origin) };
      });
      router.handle('intake:addFile', ({ name, base64, origin }) => ({ accepted: queue.addBytes(path.basename(name), new Uint8Array(Buffer.from(base64, 'base64')), origin) }));
      router.handle('intake:pick', async () => {
        const dialog = deps.ports.dialog;
        if (!dialog) throw new IpcFailure('VALIDATION_FAILED', 'intake.noDialog');
        const filters = [{ name: nativeText('filterInvoiceFiles', {}, deps.uiLanguage()), extensions: ['png', 'jpg', 'jpeg', 'pdf', 'ofd', 'xml'] }];
        const paths = dialog.chooseOpenPaths ? await dialog.chooseOpenPaths(filters) : [await dialog.chooseOpenPath(filters)].filter((p): p is string => p !== null);
        return { accepted: paths.length > 0 ? queue.addPaths(paths, 'pick') : 0 };
      });
      router.handle('intake:queue', () => queue.list());
      router.handle('intake:preview', async ({ receivedId }) => {
        const found = await row(receivedId);
        const mime = MIME[found.file_type];
        const none = { mime, base64: null, pages: [], pageCount: 0 };
        if (!found.stored_path || !fs.existsSync(found.stored_path) || fs.statSync(found.stored_path).size > PREVIEW_MAX_BYTES) return none;
        const bytes = new Uint8Array(await fs.promises.readFile(found.stored_path));
        if (found.file_type === 'png' || found.file_type === 'jpg') return { ...none, base64: Buffer.from(bytes).toString('base64') };
        if (found.file_type !== 'pdf' && found.file_type !== 'ofd') return none;
        try {
          // Drawn on the extraction pool's threads: pdf.js and the OFD renderer never run on main's event loop.
          const preview = await pool.preview(bytes);
          return { mime, base64: null, pages: preview.pages.map((page) => ({ base64: Buffer.from(page.png).toString('base64'), width: page.width, height: page.height })), pageCount: preview.pageCount };
        } catch (error) {
          // A page that cannot be drawn leaves the fields and "open the original" usable.
          console.error('[intake] preview', error instanceof Error ? error.message : String(error));
          return none;
        }
      });
      router.handle('intake:review', async ({ receivedId, fields, buyerReason }) => {
        const found = await row(receivedId);
        const cleaned: IntakeFields = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value?.trim() ?? '']).filter(([, value]) => value !== ''));
        const problems = fieldProblems(cleaned);
        if (Object.keys(problems).length > 0) throw new IpcFailure('VALIDATION_FAILED', 'intake.fieldsInvalid', {}, { details: problems });
        // An invoice made out to another buyer is not the enterprise's to reimburse: accepted only with a reason.
        const reason = buyerReason ?? found.buyer_reason;
        const mismatch = buyerMismatchOf(cleaned.gmfsbh, { enterprise: found.enterprise, buyer_reason: reason }, active());
        if (mismatch && !reason) throw new IpcFailure('VALIDATION_FAILED', 'intake.buyerReasonRequired', { found: mismatch.found, expected: mismatch.expected });
        const before = fieldsOf(found);
        const current = queue.byReceivedId(receivedId) ?? itemOfRow(found, active());
        const sources = reviewedSources(before, cleaned, current.sources);
        const key = invoiceKey(cleaned) ?? null;
        const first = key ? await received.firstByKey(env, key, receivedId) : undefined;
        // A duplicate links to the first saved; the first itself never links to a later one — a later
        // original of the key becomes its duplicate, first, so that the key keeps one original.
        const duplicateOf = first && first.id < receivedId ? first.id : null;
        const relinked = await deps.ledger.transaction(async (tx) => {
          if (mismatch && buyerReason) await tx.received.setBuyerReason(env, receivedId, buyerReason);
          const later = key && duplicateOf === null ? await tx.received.linkLaterOriginals(env, key, receivedId) : [];
          await tx.received.updateFields(env, receivedId, cleaned, sources as Record<string, string>, key, duplicateOf);
          return later;
        });
        changed('updated', receivedId, found.enterprise);
        for (const id of relinked) changed('updated', id, found.enterprise);
        const next: IntakeItem = {
          ...current,
          status: duplicateOf ? 'duplicate' : 'accepted',
          fields: cleaned,
          sources,
          complete: true,
          duplicate: duplicateOf && first ? { of: first.id, fileName: shownName(first.file_name), reason: 'invoice' } : null,
          buyerMismatch: mismatch,
        };
        queue.update(next);
        return next;
      });
      router.handle('intake:verify', async ({ receivedId }) => {
        const found = await row(receivedId);
        const view = await verifyReceived({ ledger: deps.ledger, environment: env, client: deps.client, now: deps.now }, found);
        changed('updated', receivedId, found.enterprise);
        const current = queue.byReceivedId(receivedId);
        // The item shows the state (and what a consistent verification filled in: names, tax IDs, a buyer flag).
        const after = itemOfRow(await row(receivedId), active());
        if (current) {
          queue.update({
            ...current, status: view.local ? current.status : 'verified', verification: view.verification, fields: after.fields, sources: after.sources, names: after.names, buyerMismatch: after.buyerMismatch,
          });
        }
        return view;
      });
      router.handle('intake:ledger', (filter) => ledger(filter));
      router.handle('intake:export', async (filter) => {
        const dialog = deps.ports.dialog;
        if (!dialog) throw new IpcFailure('VALIDATION_FAILED', 'intake.noDialog');
        const day = deps.now().toISOString().slice(0, 10).replace(/-/g, '');
        const language = deps.uiLanguage();
        const enterprise = active();
        const target = reimbursementFile(day, enterprise.name, language);
        const file = await dialog.chooseSavePath(target.name, target.filters);
        if (!file) return { path: null };
        const rows = (await received.ledgerAll(env, enterprise.taxNumber, filter)).map(ledgerRow);
        await writeXlsx(rows, reimbursementColumns(language), file, target.sheet);
        return { path: file };
      });
      router.handle('intake:openOriginal', async ({ receivedId }) => {
        const found = await row(receivedId);
        if (!deps.ports.opener) throw new IpcFailure('VALIDATION_FAILED', 'intake.noOpener');
        if (!found.stored_path || !fs.existsSync(found.stored_path)) throw new IpcFailure('NOT_FOUND', 'intake.fileMissing');
        await deps.ports.opener.open(found.stored_path);
        return {};
      });
      router.handle('intake:settings', () => readSettings());
      const saveScanFolder = (scanFolder: string | null) => {
        fs.mkdirSync(path.dirname(settingsFile), { recursive: true });
        fs.writeFileSync(settingsFile, JSON.stringify({ scanFolder }));
        watch(scanFolder);
        return { scanFolder };
      };
      // Only main's folder dialog names a folder to watch: a page that could name one could have any
      // folder's invoice files taken and read back (issue 22, paths only from the clerk).
      router.handle('intake:chooseScanFolder', async () => {
        const dialog = deps.ports.dialog;
        if (!dialog?.chooseFolder) throw new IpcFailure('VALIDATION_FAILED', 'intake.noDialog');
        const chosen = await dialog.chooseFolder(nativeText('chooseScanFolder', {}, deps.uiLanguage()));
        if (chosen === null) return readSettings();
        if (!(fs.existsSync(chosen) && fs.statSync(chosen).isDirectory())) throw new IpcFailure('VALIDATION_FAILED', 'intake.scanFolderMissing');
        return saveScanFolder(chosen);
      });
      router.handle('intake:setScanFolder', () => saveScanFolder(null));
      router.handle('intake:scanners', async () => {
        try {
          return { kind: scanner.kind, devices: await scanner.listDevices() };
        } catch (error) {
          throw new IpcFailure('VALIDATION_FAILED', 'intake.scannerUnavailable', { detail: error instanceof Error ? error.message : String(error) });
        }
      });
      router.handle('intake:scan', async ({ device, feeder }) => {
        const folder = path.join(deps.dataDir, 'intake', 'scans', `${Date.now()}`);
        let files: string[];
        try {
          files = await scanner.scan(device, { feeder, folder });
        } catch (error) {
          throw new IpcFailure('VALIDATION_FAILED', 'intake.scanFailed', { detail: error instanceof Error ? error.message : String(error) });
        }
        return { accepted: queue.addPaths(files, 'scanner') };
      });
    },
    async start() {
      // Received invoices held from before 0430 that it could not place: the active enterprise's (see the migration).
      const enterprise = active().taxNumber;
      if ((await received.claimUnassigned(env, enterprise)) > 0) deps.changes.publish({ aggregate: 'receivedInvoice', action: 'updated', ids: [], enterprise });
      watch(readSettings().scanFolder);
    },
    async stop() {
      watcher?.stop();
      await queue.drain();
      await pool.close();
    },
    api: { ledgerTotals: (filter) => received.ledgerTotals(env, active().taxNumber, filter) },
  };
}
