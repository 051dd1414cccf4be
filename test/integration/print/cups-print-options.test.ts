/**
 * The print dialog's choices, for real on CUPS (cups-pdf): copies reach the queue (read back from CUPS
 * with ipptool, since cups-pdf writes one file whatever the copies), the invoice or the list alone, the
 * printer remembered per invoice type, and a queue that is stopped (offline): the job fails naming the
 * printer and the queue's own reason, nothing is queued, and it prints once retried on a working printer.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import { createCupsPrinterPort } from '../../../main/features/print/cups.js';
import type { InvoiceSummary } from '../../../shared/ipc/index.js';
import type { PrintJobView, PrintLog } from '../../../shared/ipc/schemas/print.js';
import { BUYER_004, call, issueBlue } from '../core/red-support.js';
import { createTestCipher } from '../../support/test-cipher.js';
import { CUPS_PDF_PRINTER, pdfPageCount, pdfWords, waitForPrintedPdf } from '../../support/cups-pdf.js';

const OFFLINE = `OFFLINE_${process.pid}`;
const OTHER = `OTHER_${process.pid}`;
const lines = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ name: `办公椅${i + 1}型`, taxCode: '1060201070000000000', quantity: String(i + 1), unitPrice: `${100 + i * 10}.00`, rate: '0.13' }));
const addQueue = (name: string) => execFileSync('lpadmin', ['-p', name, '-E', '-v', 'cups-pdf:/', '-m', 'lsb/usr/cups-pdf/CUPS-PDF_opt.ppd'], { stdio: 'ignore' });

let core: Core;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-print-options-'));
beforeAll(async () => {
  addQueue(OFFLINE);
  addQueue(OTHER);
  // A stopped queue, with the reason the clerk would see in the system's printer settings.
  execFileSync('cupsdisable', ['-r', 'paper jam in tray 2', OFFLINE]);
  core = await createCore(
    { dataDir, appVersion: 'test', sandboxIssueDelayMs: 50, outboxBaseDelayMs: 40, outboxMaxDelayMs: 400 },
    { cipher: createTestCipher(), printer: createCupsPrinterPort() },
  );
});
afterAll(async () => {
  await core?.close();
  for (const queue of [OFFLINE, OTHER]) spawnSync('lpadmin', ['-x', queue], { stdio: 'ignore' });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const issue = (invoiceType: '004' | '007', count: number): Promise<InvoiceSummary> => issueBlue(core, { invoiceType, ...BUYER_004, issuer: '张三', lines: lines(count) });
const print = (invoiceId: number, options: { documents?: Array<'invoice' | 'list'>; printer?: string; copies?: number } = {}) =>
  call<{ jobs: PrintJobView[] }>(core, 'print:print', {
    invoiceIds: [invoiceId],
    documents: options.documents ?? ['invoice', 'list'],
    printer: options.printer ?? CUPS_PDF_PRINTER,
    copies: options.copies ?? 1,
    mode: 'overlay',
  });

/** The copies CUPS recorded for a (finished) job, from its IPP attributes. */
function queuedCopies(jobId: string): number {
  const output = execFileSync('ipptool', ['-tv', `ipp://localhost/jobs/${jobId.split('-').pop()}`, 'get-job-attributes.test'], { env: { ...process.env, LANG: 'C' } }).toString();
  return Number(/copies \(integer\) = (\d+)/.exec(output)?.[1]);
}

describe('the print choices on CUPS', () => {
  it('copies: 2 copies are asked of the queue and recorded on the job', async () => {
    const invoice = await issue('004', 2);
    const { jobs } = await print(invoice.id, { copies: 2 });
    expect(jobs).toEqual([expect.objectContaining({ document: 'invoice', status: 'printed', copies: 2 })]);
    await waitForPrintedPdf(jobs[0]!.printerJobId!);
    expect(queuedCopies(jobs[0]!.printerJobId!)).toBe(2);
  });

  it('invoice or list: each alone prints only itself', async () => {
    const invoice = await issue('004', 12);
    const listOnly = await print(invoice.id, { documents: ['list'] });
    expect(listOnly.jobs.map((job) => [job.document, job.status])).toEqual([['list', 'printed']]);
    const list = await waitForPrintedPdf(listOnly.jobs[0]!.printerJobId!);
    expect(pdfPageCount(list)).toBe(2);
    expect(pdfWords(list).some((w) => w.text === '总计')).toBe(true);

    const faceOnly = await print(invoice.id, { documents: ['invoice'] });
    expect(faceOnly.jobs.map((job) => [job.document, job.status])).toEqual([['invoice', 'printed']]);
    const face = pdfWords(await waitForPrintedPdf(faceOnly.jobs[0]!.printerJobId!));
    expect(face.some((w) => w.text === '（详见销货清单）')).toBe(true);
    expect(face.some((w) => w.text === '总计')).toBe(false);
  });

  it('the printer is remembered per invoice type', async () => {
    const special = await issue('004', 1);
    const general = await issue('007', 1);
    expect((await print(special.id, { documents: ['invoice'], printer: OTHER })).jobs[0]).toMatchObject({ status: 'printed', printer: OTHER });
    expect((await print(general.id, { documents: ['invoice'] })).jobs[0]).toMatchObject({ status: 'printed', printer: CUPS_PDF_PRINTER });
    const { preferences } = await call<{ preferences: Record<string, string> }>(core, 'print:printers', {});
    expect(preferences).toMatchObject({ '004': OTHER, '007': CUPS_PDF_PRINTER });
  });

  it('an offline (stopped) printer: failed with the printer and its reason, nothing queued, printed on retry elsewhere', async () => {
    const invoice = await issue('004', 2);
    const { jobs } = await print(invoice.id, { printer: OFFLINE });
    expect(jobs).toEqual([expect.objectContaining({ status: 'failed', errorCode: 'PRINTER_OFFLINE', printer: OFFLINE, printerJobId: null })]);
    expect(jobs[0]!.errorDetail).toContain('paper jam in tray 2');
    expect(execFileSync('lpstat', ['-o', OFFLINE]).toString().trim()).toBe('');

    const retried = await call<PrintJobView>(core, 'print:retry', { jobId: jobs[0]!.id, printer: CUPS_PDF_PRINTER });
    expect(retried).toMatchObject({ status: 'printed', retryOf: jobs[0]!.id, printer: CUPS_PDF_PRINTER });
    await waitForPrintedPdf(retried.printerJobId!);
    const log = await call<PrintLog>(core, 'print:log', { invoiceId: invoice.id });
    expect(log.jobs.map((job) => [job.status, job.errorCode])).toEqual([
      ['failed', 'PRINTER_OFFLINE'],
      ['printed', null],
    ]);
  });
});
