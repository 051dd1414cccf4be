/** The ledger feature's only calls to main: database state, backups, integrity check and recovery. */
import { create } from 'zustand';
import type { BackupView, LedgerStatus } from '../../../../shared/ipc/schemas/ledger.js';
import { getApi } from '../../lib/api.js';
import { reportFailure, reportSuccess } from '../../lib/messages.js';
import { i18n } from '../../app/i18n.js';
import { formatDateTime } from '../history/format.js';
import { callOrder } from '../../lib/call-order.js';

interface LedgerState {
  status: LedgerStatus | null;
  backups: BackupView[];
  busy: boolean;
  /** True once the first status call answered (or failed: then the app shows its views as before). */
  loaded: boolean;
  setStatus(status: LedgerStatus): void;
}

/** UI state only: what main last said. */
export const useLedgerStore = create<LedgerState>()((set) => ({
  status: null,
  backups: [],
  busy: false,
  loaded: false,
  setStatus: (status) => set({ status }),
}));

async function run<T>(work: () => Promise<{ ok: true; value: T } | { ok: false; error: Parameters<typeof reportFailure>[0] }>): Promise<T | null> {
  useLedgerStore.setState({ busy: true });
  try {
    const result = await work();
    if (!result.ok) {
      reportFailure(result.error, 'ledger');
      return null;
    }
    return result.value;
  } finally {
    useLedgerStore.setState({ busy: false });
  }
}

const statusCalls = callOrder();

export async function loadLedger(): Promise<LedgerStatus | null> {
  const answered = statusCalls.begin();
  const status = await run(() => getApi().ledger.status({}));
  if (!answered(status !== null)) return status;
  useLedgerStore.setState({ loaded: true, ...(status ? { status } : {}) });
  const backups = status?.mode === 'normal' ? await run(() => getApi().ledger.listBackups({})) : null;
  if (backups) useLedgerStore.setState({ backups });
  return status;
}

export async function backupNow(): Promise<BackupView | null> {
  const backup = await run(() => getApi().ledger.backupNow({}));
  if (backup) await loadLedger();
  return backup;
}

export async function checkIntegrity(): Promise<boolean | null> {
  const result = await run(() => getApi().ledger.checkIntegrity({}));
  if (!result) return null;
  useLedgerStore.setState({ status: result.status });
  return result.ok;
}

async function after(status: LedgerStatus | null): Promise<boolean> {
  if (!status) return false;
  useLedgerStore.setState({ status });
  await loadLedger();
  return status.mode === 'normal';
}

/** After the clerk reconnected the drive, fixed permissions or freed space. */
export async function retryLedger(): Promise<boolean> {
  return after(await run(() => getApi().ledger.retry({})));
}

/** Restores a backup; on success says so, naming the backup (every view reloads from the change feed's `ledger` change). */
export async function restoreBackup(name: string): Promise<boolean> {
  const backup = useLedgerStore.getState().backups.find((entry) => entry.name === name) ?? useLedgerStore.getState().status?.newestGoodBackup ?? null;
  const restored = await after(await run(() => getApi().ledger.restore({ name })));
  if (restored) reportSuccess(i18n.t('ledger.data.restored', { name, createdAt: backup ? formatDateTime(backup.createdAt) : '' }));
  return restored;
}

export async function startFresh(confirmation: string): Promise<boolean> {
  return after(await run(() => getApi().ledger.startFresh({ confirmation })));
}

export async function openDataFolder(): Promise<boolean> {
  return after(await run(() => getApi().ledger.openFolder({})));
}

export async function chooseBackupFolder(): Promise<void> {
  await after(await run(() => getApi().ledger.chooseBackupFolder({})));
}
