/** The print feature's calls to main (the only caller of window.api for printing). */
import type { PrintDocument, PrintJobView } from '../../../../shared/ipc/schemas/print.js';
import { i18n } from '../../app/i18n.js';
import { getApi } from '../../lib/api.js';
import { reportFailure, reportSuccess } from '../../lib/messages.js';
import { usePrintStore } from './store.js';

const store = () => usePrintStore.getState();

/** A failed job in the clerk's words: the cause by code, the system's own words below it. */
export function jobFailureText(job: PrintJobView): string {
  const main = i18n.t(`print.errors.${job.errorCode ?? 'INTERNAL'}`, { printer: job.printer, fpzt: job.invoiceStatus ?? '' });
  return job.errorDetail ? `${main} ${i18n.t('print.errors.detail', { detail: job.errorDetail })}` : main;
}

export async function loadPrinters(): Promise<void> {
  const result = await getApi().print.printers({});
  if (!result.ok) return reportFailure(result.error, 'print:printers');
  const { backend, printers, preferences } = result.value;
  const s = store();
  const remembered = preferences[s.invoiceType];
  const printer = s.printer ?? remembered ?? printers.find((p) => p.isDefault)?.name ?? printers[0]?.name ?? null;
  s.set({ backend, printers, preferences, printer });
}

export async function loadPreview(document: PrintDocument = store().previewDocument): Promise<void> {
  const [invoiceId] = store().invoiceIds;
  if (invoiceId === undefined) return;
  store().set({ previewDocument: document });
  const result = await getApi().print.preview({ invoiceId, document });
  if (!result.ok) return reportFailure(result.error, 'print:preview');
  store().set({ preview: result.value.pages, hasList: result.value.hasList, invoiceStatus: result.value.invoiceStatus });
}

/** Opens the print dialog for one invoice or several (printed in invoice-number order). */
export async function openPrint(invoiceIds: number[], invoiceType: string): Promise<void> {
  store().set({ open: true, invoiceIds, invoiceType, printer: null, preview: null, jobs: [], progress: null, previewDocument: 'invoice' });
  await loadPrinters();
  await loadPreview('invoice');
}

export async function print(): Promise<void> {
  const s = store();
  if (!s.printer) return;
  s.set({ busy: true, jobs: [], progress: { done: 0, total: s.invoiceIds.length } });
  const off = getApi().on('print:progress', (progress) => {
    store().set({ progress: { done: progress.done, total: progress.total }, jobs: [...store().jobs.filter((job) => job.id !== progress.job.id), progress.job] });
  });
  try {
    const result = await getApi().print.print({ invoiceIds: s.invoiceIds, documents: s.documents, printer: s.printer, copies: s.copies, mode: s.mode });
    if (!result.ok) return reportFailure(result.error, 'print:print');
    const { jobs, progress } = result.value;
    store().set({ jobs, progress, preferences: { ...store().preferences, [s.invoiceType]: s.printer } });
    if (jobs.length > 0 && jobs.every((job) => job.status === 'printed')) reportSuccess(i18n.t('print.printed', { printer: s.printer }));
  } finally {
    off();
    store().set({ busy: false });
  }
}

export async function retry(job: PrintJobView, printer: string): Promise<void> {
  store().set({ busy: true });
  try {
    const result = await getApi().print.retry({ jobId: job.id, printer });
    if (!result.ok) return reportFailure(result.error, 'print:retry');
    // The printer that worked is the one the dialog prints on from now on.
    store().set({ jobs: [...store().jobs.filter((j) => j.id !== job.id), result.value], ...(result.value.status === 'printed' ? { printer } : {}) });
    if (result.value.status === 'printed') reportSuccess(i18n.t('print.printed', { printer }));
  } finally {
    store().set({ busy: false });
  }
}

export async function savePdf(): Promise<void> {
  const s = store();
  const [invoiceId] = s.invoiceIds;
  if (invoiceId === undefined) return;
  const result = await getApi().print.savePdf({ invoiceId, document: s.previewDocument, mode: 'full' });
  if (!result.ok) return reportFailure(result.error, 'print:savePdf');
  if (result.value.path) reportSuccess(i18n.t('print.pdfSaved', { path: result.value.path }));
}

export async function loadLog(invoiceId: number) {
  const result = await getApi().print.log({ invoiceId });
  if (!result.ok) {
    reportFailure(result.error, 'print:log');
    return null;
  }
  return result.value;
}

export async function loadCalibration(printer: string) {
  const result = await getApi().print.calibration({ printer });
  if (!result.ok) {
    reportFailure(result.error, 'print:calibration');
    return null;
  }
  return result.value;
}

export async function saveCalibration(printer: string, downMm: number, rightMm: number): Promise<void> {
  const result = await getApi().print.calibrate({ printer, downMm, rightMm });
  if (!result.ok) return reportFailure(result.error, 'print:calibrate');
  reportSuccess(i18n.t('print.calibrationSaved', { printer }));
}

export async function printCalibrationPage(printer: string): Promise<void> {
  const result = await getApi().print.calibrationPage({ printer });
  if (!result.ok) return reportFailure(result.error, 'print:calibrationPage');
  reportSuccess(i18n.t('print.calibrationPrinted', { printer }));
}

export async function printArchive(invoiceId: number, printer: string, copies = 1): Promise<void> {
  const result = await getApi().print.archive({ invoiceId, printer, copies });
  if (!result.ok) return reportFailure(result.error, 'print:archive');
  if (result.value.status === 'printed') reportSuccess(i18n.t('print.archivePrinted', { printer }));
  else reportFailure({ code: 'VALIDATION_FAILED', key: `print.${result.value.errorCode ?? 'INTERNAL'}`, params: { printer, fpzt: '' }, message: 'archive print failed' }, 'print:archive');
}
