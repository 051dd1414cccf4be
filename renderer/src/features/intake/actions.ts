/**
 * The 收票 view's calls to main — the only caller of window.api for intake. Dropped files go in by path
 * when the host can resolve one (Electron's preload, webUtils.getPathForFile, granted to main by the
 * preload), otherwise by their bytes
 * (the browser harness, a pasted picture); the renderer itself never reads the disk.
 */
import type { IntakeItem, IntakeLedgerFilter, IntakeLedgerRow, KeysetPage } from '../../../../shared/ipc/index.js';
import type { IntakeFields } from '../../../../shared/rules/intake-fields.js';
import type { IpcError } from '../../../../shared/ipc/result.js';
import { i18n } from '../../app/i18n.js';
import { getApi } from '../../lib/api.js';
import { errorText, reportFailure, reportSuccess } from '../../lib/messages.js';
import { useIntakeStore } from './store.js';

const store = () => useIntakeStore.getState();

/**
 * Failures of intake carry a stable code and a message key (`intake.*`, worded from errors.intake in the
 * feature's locale by lib/messages.ts); the key decides the text, never `error.message`.
 */
function report(error: IpcError, key: string): void {
  reportFailure(error, key);
}

async function busy<T>(key: Parameters<ReturnType<typeof store>['setBusy']>[0], work: () => Promise<T>): Promise<T> {
  store().setBusy(key, true);
  try {
    return await work();
  } finally {
    store().setBusy(key, false);
  }
}

const toBase64 = async (file: Blob) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
};

export function subscribe(): () => void {
  const stops = [
    getApi().on('intake:item', (item) => store().upsert([item])),
    // Another enterprise's ledger: its own rows and totals, from the first page.
    getApi().on('enterprises:activeChanged', () => store().setFilter(store().filter)),
  ];
  return () => stops.forEach((stop) => stop());
}

export async function loadQueue(): Promise<void> {
  const result = await getApi().intake.queue();
  if (result.ok) store().upsert(result.value);
  else report(result.error, 'intake:queue');
}

/** Files dropped or pasted: by path where the host resolves one, by bytes otherwise. */
export async function addFiles(files: File[], origin: 'drop' | 'paste'): Promise<void> {
  const api = getApi() as ReturnType<typeof getApi> & { pathsForFiles?: (files: File[]) => Promise<string[]> };
  // The preload grants the paths to main first (main reads only paths it handed out); the harness has none.
  const resolvedPaths = (await api.pathsForFiles?.(files)) ?? [];
  const paths: string[] = [];
  let added = 0;
  for (const [index, file] of files.entries()) {
    const resolved = resolvedPaths[index] ?? '';
    if (resolved) {
      paths.push(resolved);
      continue;
    }
    const result = await api.intake.addFile({ name: file.name || 'pasted.png', base64: await toBase64(file), origin });
    if (result.ok) added += result.value.accepted;
    else report(result.error, 'intake:addFile');
  }
  if (paths.length > 0) {
    const result = await api.intake.addPaths({ paths, origin });
    if (result.ok) added += result.value.accepted;
    else report(result.error, 'intake:addPaths');
  }
  if (added > 0) reportSuccess(i18n.t('intake.added', { count: added }));
}

export const pickFiles = () =>
  busy('pick', async () => {
    const result = await getApi().intake.pick();
    if (!result.ok) return report(result.error, 'intake:pick');
    if (result.value.accepted > 0) reportSuccess(i18n.t('intake.added', { count: result.value.accepted }));
  });

export async function loadScanSetup(): Promise<void> {
  const [settings, scanners] = await Promise.all([getApi().intake.settings(), getApi().intake.scanners()]);
  if (settings.ok) store().setScanFolder(settings.value.scanFolder);
  store().setScanners(scanners.ok ? scanners.value : { kind: 'none', devices: [] });
}

/** Main's own folder dialog chooses the folder; the page never names one (docs/security.md). */
export async function chooseScanFolder(): Promise<void> {
  const before = store().scanFolder;
  const result = await getApi().intake.chooseScanFolder({});
  if (!result.ok) return report(result.error, 'intake:chooseScanFolder');
  store().setScanFolder(result.value.scanFolder);
  if (result.value.scanFolder && result.value.scanFolder !== before) reportSuccess(i18n.t('intake.scanFolderSaved', { folder: result.value.scanFolder }));
}

export async function stopScanFolder(): Promise<void> {
  const result = await getApi().intake.setScanFolder({ scanFolder: null });
  if (!result.ok) return report(result.error, 'intake:setScanFolder');
  store().setScanFolder(result.value.scanFolder);
}

export const scan = (device: string, feeder: boolean) =>
  busy('scan', async () => {
    const result = await getApi().intake.scan({ device, feeder });
    if (!result.ok) return report(result.error, 'intake:scan');
    reportSuccess(i18n.t('intake.added', { count: result.value.accepted }));
  });

export async function openItem(item: IntakeItem): Promise<void> {
  store().select(item.id);
  if (item.receivedId === null) return;
  const result = await getApi().intake.preview({ receivedId: item.receivedId });
  if (result.ok && store().selected === item.id) store().setPreview({ receivedId: item.receivedId, ...result.value });
}

/**
 * Saves the reviewed fields and opens the next file of the queue still waiting for review. An invoice made
 * out to another buyer goes with the clerk's reason (main refuses it without one).
 */
export const accept = (item: IntakeItem, fields: IntakeFields, buyerReason?: string) =>
  busy('accept', async () => {
    if (item.receivedId === null) return false;
    const reason = buyerReason?.trim();
    const result = await getApi().intake.review({ receivedId: item.receivedId, fields, ...(reason ? { buyerReason: reason } : {}) });
    if (!result.ok) {
      report(result.error, 'intake:review');
      return false;
    }
    store().upsert([result.value]);
    const { order, items } = store();
    const from = order.indexOf(item.id);
    const next = [...order.slice(from + 1), ...order.slice(0, from)].map((id) => items[id]).find((candidate) => candidate?.status === 'ready');
    if (next) await openItem(next);
    return true;
  });

export const verify = (receivedId: number) =>
  busy('verify', async () => {
    const result = await getApi().intake.verify({ receivedId });
    if (result.ok) store().setVerification(result.value);
    else report(result.error, 'intake:verify');
  });

/** Accepted invoices of the queue that a verification can still tell something: not verified, of a kind the service verifies. */
export const awaitingVerification = (items: readonly IntakeItem[]): IntakeItem[] =>
  items.filter((item) => item.status === 'accepted' && item.receivedId !== null && item.verification.state === 'unverified');

/**
 * 查验已接收: verifies every accepted invoice of the queue one after another — a job with progress n/m and
 * an honest outcome (lib/job-outcome.ts). A call that fails is that invoice's failure, worded by its key;
 * the others go on.
 */
export async function verifyAccepted(): Promise<void> {
  const { order, items } = store();
  const targets = awaitingVerification(order.map((id) => items[id]).filter((item): item is IntakeItem => item !== undefined));
  if (targets.length === 0 || store().verifyRun?.running) return;
  store().setVerifyRun({ ids: targets.map((item) => item.id), results: {}, running: true });
  try {
    for (const item of targets) {
      const result = await getApi().intake.verify({ receivedId: item.receivedId! });
      store().recordVerified(item.id, result.ok ? { view: result.value } : { error: errorText(result.error) });
    }
  } finally {
    const run = store().verifyRun;
    if (run) store().setVerifyRun({ ...run, running: false });
  }
}

/** Searches the ledger under `filter`: the panel loads its rows again from the first page. */
export const loadLedger = (filter: IntakeLedgerFilter) => store().setFilter(filter);

/**
 * One keyset page of the received ledger (the panel's useKeysetRows asks for them as the clerk
 * scrolls); the first page also brings the totals of the whole filtered ledger.
 */
export async function fetchLedgerPage(filter: IntakeLedgerFilter, cursor: string | undefined, limit: number): Promise<(KeysetPage<IntakeLedgerRow> & { count: number | null }) | null> {
  const result = await getApi().intake.ledger({ ...filter, limit, ...(cursor === undefined ? {} : { cursor }) });
  if (!result.ok) {
    report(result.error, 'intake:ledger');
    return null;
  }
  if (result.value.totals !== null && store().filter === filter) store().setLedgerTotals(result.value.totals, result.value.enterprise);
  return { rows: result.value.rows, next: result.value.next, count: result.value.totals?.rows ?? null };
}

export const exportLedger = (filter: IntakeLedgerFilter) =>
  busy('export', async () => {
    const result = await getApi().intake.export(filter);
    if (!result.ok) return report(result.error, 'intake:export');
    if (result.value.path) reportSuccess(i18n.t('intake.ledger.exported', { path: result.value.path }));
  });

export async function openOriginal(receivedId: number): Promise<void> {
  const result = await getApi().intake.openOriginal({ receivedId });
  if (!result.ok) report(result.error, 'intake:openOriginal');
}

/** The first of a duplicate: opened in the review when it is in the queue, else its original file. */
export async function openFirst(receivedId: number): Promise<void> {
  const first = Object.values(store().items).find((candidate) => candidate.receivedId === receivedId);
  if (first) await openItem(first);
  else await openOriginal(receivedId);
}
