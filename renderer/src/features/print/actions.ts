/** The print feature's calls to main (the only caller of window.api for printing). */
import type { PrintDocument, PrintJobView } from '../../../../shared/ipc/schemas/print.js';
import { i18n } from '../../app/i18n.js';
import { getApi } from '../../lib/api.js';
import type { IpcError } from '../../../../shared/ipc/result.js';
import { describeFailure, reportFailure, reportSuccess } from '../../lib/messages.js';
import { jobOutcome, type JobItem, type JobOutcome } from '../../lib/job-outcome.js';
import { usePrintStore } from './store.js';

const store = () => usePrintStore.getState();

/** A failure while the print dialog is open is shown inside it; elsewhere as the usual notification. */
function fail(error: IpcError, key: string): void {
  if (store().open) store().set({ failure: describeFailure(error) });
  else reportFailure(error, key);
}

/** Field ids ('field.remark', 'line.3.amount') in the clerk's words: 备注, 第 3 行金额. */
export function fieldNames(ids: readonly string[]): string {
  return ids
    .map((id) => {
      const line = /^line\.(\d+)\.(\w+)$/.exec(id);
      if (line) return i18n.t('print.fields.line', { row: line[1], column: i18n.t(`print.columns.${line[2] as 'name'}`) });
      const name = id.replace(/^(field|list)\./, '');
      return i18n.exists(`print.fields.${name}`) ? i18n.t(`print.fields.${name as 'remark'}`) : name;
    })
    .join(i18n.t('print.fields.separator'));
}

/** A failed job in the clerk's words: the cause by code, the system's own words below it. */
export function jobFailureText(job: PrintJobView): string {
  const fields = job.errorCode === 'TEXT_TOO_LONG' && job.errorDetail ? fieldNames(job.errorDetail.split(', ')) : '';
  const main = i18n.t(`print.errors.${job.errorCode ?? 'INTERNAL'}`, { printer: job.printer, fpzt: job.invoiceStatus ?? '', fields });
  return job.errorDetail && !fields ? `${main} ${i18n.t('print.errors.detail', { detail: job.errorDetail })}` : main;
}

export async function loadPrinters(): Promise<void> {
  const result = await getApi().print.printers({});
  if (!result.ok) return fail(result.error, 'print:printers');
  const { backend, printers, preferences } = result.value;
  const s = store();
  const remembered = preferences[s.invoiceType];
  const printer = s.printer ?? remembered ?? printers.find((p) => p.isDefault)?.name ?? printers[0]?.name ?? null;
  s.set({ backend, printers, preferences, printer });
}

/** The preview of the invoice at `previewIndex` of the selection, on the chosen printer's form edition. */
export async function loadPreview(document: PrintDocument = store().previewDocument, index = store().previewIndex): Promise<void> {
  const s = store();
  const invoiceId = s.invoiceIds[index];
  if (invoiceId === undefined) return;
  s.set({ previewDocument: document, previewIndex: index });
  const result = await getApi().print.preview({ invoiceId, document, ...(s.printer ? { printer: s.printer } : {}) });
  if (!result.ok) return fail(result.error, 'print:preview');
  const { pages, hasList, invoiceStatus, problems } = result.value;
  store().set({ preview: pages, hasList, invoiceStatus, problems });
  // One invoice: its goods list is offered — and ticked — only when it has one (qdbz 1 or more than 8 lines).
  if (store().invoiceIds.length === 1) store().set({ documents: hasList ? ['invoice', 'list'] : ['invoice'] });
}

/** Pages the preview through the selected invoices (each previewed as it will print). */
export function showInvoice(index: number): Promise<void> {
  const { invoiceIds } = store();
  if (index < 0 || index >= invoiceIds.length) return Promise.resolve();
  return loadPreview('invoice', index);
}

/**
 * Opens the print dialog for one invoice or several (printed in invoice-number order). It always opens on
 * 套打 with the invoice only: the full form and the goods list are chosen for this print, never inherited
 * from the last one (a full form printed on the pre-printed paper spoils it).
 */
export async function openPrint(invoiceIds: number[], invoiceType: string): Promise<void> {
  store().set({
    open: true,
    invoiceIds,
    invoiceType,
    printer: null,
    preview: null,
    problems: [],
    jobs: [],
    progress: null,
    failure: null,
    notice: null,
    previewDocument: 'invoice',
    previewIndex: 0,
    mode: 'overlay',
    documents: ['invoice'],
  });
  await loadPrinters();
  await loadPreview('invoice', 0);
}

/**
 * A run counted per invoice (lib/job-outcome.ts): printed when every document printed, failed when any did
 * (named by its first failed job), not reached when a printer failure stopped the run before it.
 */
export function runSummary(jobs: readonly PrintJobView[], total: number): JobOutcome {
  const byInvoice = new Map<string, JobItem>();
  for (const job of jobs) {
    const id = `${job.invoiceCode}-${job.invoiceNumber}`;
    const held = byInvoice.get(id);
    if (held?.state === 'failed') continue;
    byInvoice.set(id, job.status === 'failed' ? { id, name: job.invoiceNumber, state: 'failed', reason: jobFailureText(job) } : { id, name: job.invoiceNumber, state: job.status === 'printed' ? 'succeeded' : 'pending' });
  }
  return jobOutcome([...byInvoice.values()], (item) => item, total);
}

export async function print(): Promise<void> {
  const s = store();
  if (!s.printer) return;
  s.set({ busy: true, jobs: [], failure: null, progress: { done: 0, total: s.invoiceIds.length } });
  const off = getApi().on('print:progress', (progress) => {
    store().set({ progress: { done: progress.done, total: progress.total }, jobs: [...store().jobs.filter((job) => job.id !== progress.job.id), progress.job] });
  });
  try {
    const result = await getApi().print.print({ invoiceIds: s.invoiceIds, documents: s.documents, printer: s.printer, copies: s.copies, mode: s.mode });
    if (!result.ok) return fail(result.error, 'print:print');
    const { jobs, progress } = result.value;
    // The dialog shows the outcome (printed / failed counts, each failure named): no toast floats over it.
    store().set({ jobs, progress, preferences: { ...store().preferences, [s.invoiceType]: s.printer } });
  } finally {
    off();
    store().set({ busy: false });
  }
}

export async function retry(job: PrintJobView, printer: string): Promise<void> {
  store().set({ busy: true });
  try {
    const result = await getApi().print.retry({ jobId: job.id, printer });
    if (!result.ok) return fail(result.error, 'print:retry');
    // The printer that worked is the one the dialog prints on from now on.
    store().set({ jobs: [...store().jobs.filter((j) => j.id !== job.id), result.value], ...(result.value.status === 'printed' ? { printer } : {}) });
  } finally {
    store().set({ busy: false });
  }
}

export async function savePdf(): Promise<void> {
  const s = store();
  const invoiceId = s.invoiceIds[s.previewIndex];
  if (invoiceId === undefined) return;
  const result = await getApi().print.savePdf({ invoiceId, document: s.previewDocument, mode: 'full' });
  if (!result.ok) return fail(result.error, 'print:savePdf');
  if (result.value.path) store().set({ notice: i18n.t('print.pdfSaved', { path: result.value.path }) });
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

export async function saveCalibration(printer: string, downMm: number, rightMm: number, edition: 'hx' | 'bw'): Promise<void> {
  const result = await getApi().print.calibrate({ printer, downMm, rightMm, edition });
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
