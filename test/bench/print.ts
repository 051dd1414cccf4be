/**
 * print: 100 paper invoices (004, 3 lines each) printed through the bridge — print:print over the IPC
 * router: fpdy per invoice from the embedded sandbox, page description, fitting, PDF with the embedded
 * CJK font, the printer's calibration, `lp` to the CUPS printer PDF — until cups-pdf has written all 100
 * files, vs `lp` of the same 100 ready PDFs (rendered beforehand, same lp options) to the same printer
 * until cups-pdf has written those. Both sides wait on the queue by condition (lpstat + the folder).
 * ratio = ours / baseline (wall time; lower is better, 1.00 = the bridge costs nothing beyond CUPS).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createServiceClient } from '../../main/api/client.js';
import { createHmacSigner } from '../../main/api/signer.js';
import { createCore } from '../../main/core.js';
import { createCupsPrinterPort, mediaOption } from '../../main/features/print/cups.js';
import { renderPdf } from '../../main/features/print/pdf.js';
import type { InvoiceSummary } from '../../shared/ipc/index.js';
import type { PrintJobView } from '../../shared/ipc/schemas/print.js';
import { invoicePage } from '../../shared/print/compose.js';
import { DEMO_CREDENTIALS, DEMO_ENTERPRISE } from '../../sandbox/index.js';
import { createTestCipher } from '../support/test-cipher.js';
import { benchDir, fmt, report } from './common.js';

const COUNT = Number(process.env.BENCH_PRINT_INVOICES ?? 100);
const PRINTER = 'PDF';
const OUT_DIR = process.env.CUPS_PDF_DIR ?? path.join(process.env.HOME ?? '/root', 'PDF');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until none of the job ids is pending in the queue and each has its cups-pdf file. */
async function waitForJobs(jobIds: string[]): Promise<void> {
  const suffixes = new Set(jobIds.map((id) => `-job_${id.split('-').pop()}.pdf`));
  for (;;) {
    const pending = execFileSync('lpstat', ['-W', 'not-completed', '-o', PRINTER], { env: { ...process.env, LANG: 'C' } }).toString();
    const files = fs.existsSync(OUT_DIR) ? fs.readdirSync(OUT_DIR).filter((name) => suffixes.has(name.slice(name.lastIndexOf('-job_')))) : [];
    if (pending.trim() === '' && files.length === jobIds.length) return;
    await sleep(50);
  }
}

export async function benchPrint(): Promise<void> {
  const { dir, remove } = benchDir('print');
  const core = await createCore(
    { dataDir: dir, appVersion: 'bench', sandboxIssueDelayMs: 0, outboxBaseDelayMs: 20, outboxMaxDelayMs: 200 },
    { cipher: createTestCipher(), printer: createCupsPrinterPort() },
  );
  try {
    const call = async <T>(channel: string, payload: unknown): Promise<T> => {
      const result = await core.router.dispatch(channel, payload);
      if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
      return result.value as T;
    };
    const issued = new Map<string, InvoiceSummary>();
    const stop = core.onEvent((event, payload) => {
      if (event === 'issuance:updated' && payload.status === 'issued') issued.set(payload.lsh, payload);
    });
    const lines = [1, 2, 3].map((i) => ({ name: `办公椅${i}型`, taxCode: '1060201070000000000', quantity: String(i), unitPrice: `${100 * i}.00`, rate: '0.13' }));
    const queued: InvoiceSummary[] = [];
    for (let i = 0; i < COUNT; i++) {
      queued.push(
        await call<InvoiceSummary>('issuance:submit', {
          invoiceType: '004',
          buyerName: `杭州云栖商贸有限公司${i}`,
          buyerTaxNumber: '91330106MA27XK5R3T',
          buyerAddress: '浙江省杭州市西湖区文三路 100 号',
          buyerPhone: '0571-88886666',
          buyerBank: '中国工商银行杭州文三路支行',
          buyerAccount: '1202021109900012345',
          issuer: '李四',
          lines,
        }),
      );
    }
    while (issued.size < COUNT) await sleep(50);
    stop();
    const ids = queued.map((invoice) => issued.get(invoice.lsh)!.id);

    // Warm the font and the sandbox once, so neither side pays for a first load.
    await call('print:preview', { invoiceId: ids[0]!, document: 'invoice' });

    // ours: the bridge, one run of all invoices.
    const oursStart = performance.now();
    const { jobs } = await call<{ jobs: PrintJobView[] }>('print:print', { invoiceIds: ids, documents: ['invoice'], printer: PRINTER, copies: 1, mode: 'overlay' });
    if (jobs.some((job) => job.status !== 'printed')) throw new Error(`not all printed: ${jobs.filter((j) => j.status !== 'printed').map((j) => j.errorDetail).join('; ')}`);
    await waitForJobs(jobs.map((job) => job.printerJobId!));
    const oursMs = performance.now() - oursStart;

    // The same 100 PDFs, ready on disk before timing: each invoice's print data from the same sandbox,
    // the same page description and renderer the bridge used.
    const info = await call<{ serviceBaseUrl: string }>('app:info', {});
    const client = createServiceClient({ baseUrl: info.serviceBaseUrl, signer: createHmacSigner(DEMO_CREDENTIALS) });
    const ready: string[] = [];
    for (const invoice of queued.map((q) => issued.get(q.lsh)!)) {
      const data = await client.printInvoice({ fpdm: invoice.invoiceCode!, fphm: invoice.invoiceNumber!, dylx: '0', fplxdm: '004', xhdwsbh: DEMO_ENTERPRISE.taxNumber });
      const file = path.join(dir, `ready-${invoice.invoiceNumber}.pdf`);
      fs.writeFileSync(file, await renderPdf([invoicePage(data, { fplxdm: '004' })], { layers: ['data'] }));
      ready.push(file);
    }
    const baseStart = performance.now();
    const baseIds: string[] = [];
    for (const file of ready) {
      const result = spawnSync('lp', ['-d', PRINTER, '-t', path.basename(file), '-o', `media=${mediaOption({ widthMm: 240, heightMm: 140 })}`, '-o', 'fit-to-page=false', '-o', 'print-scaling=none', '-o', 'pdftops-renderer=pdftocairo', file], { env: { ...process.env, LANG: 'C' } });
      const id = /request id is (\S+)/.exec(result.stdout.toString())?.[1];
      if (!id) throw new Error(`lp failed: ${result.stderr.toString()}`);
      baseIds.push(id);
    }
    await waitForJobs(baseIds);
    const baseMs = performance.now() - baseStart;
    report('print', `${fmt(oursMs / 1000)} s`, `${fmt(baseMs / 1000)} s`, oursMs / baseMs, `${COUNT} invoices of 3 lines to cups-pdf; ours ${fmt(oursMs / COUNT)} ms/invoice, lp ${fmt(baseMs / COUNT)} ms/PDF`);
  } finally {
    await core.close();
    remove();
  }
}
