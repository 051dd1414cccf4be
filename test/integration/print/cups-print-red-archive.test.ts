/**
 * Printing for real on the CUPS printer `PDF` (cups-pdf), read back with `pdftotext -bbox`:
 * - a negative (red) 004, issued through its red-letter form, prints 销项负数 in its box on the form (as
 *   the real form carries it), every other field at its layout position, the amounts negative and the
 *   amount in words with 负; a positive invoice carries no such mark;
 * - an electronic invoice (026) printed for the paper archive: its layout PDF goes to the printer at its
 *   own size and 100 %, and the PDF cups-pdf wrote has every word of the layout file at the same place.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import { createCupsPrinterPort } from '../../../main/features/print/cups.js';
import type { InvoiceSummary, RedStarted } from '../../../shared/ipc/index.js';
import type { PreviewPage, PrintJobView, PrintLog } from '../../../shared/ipc/schemas/print.js';
import { NEGATIVE_MARK } from '../../../shared/print/compose.js';
import { FIELDS } from '../../../shared/print/layouts/invoice-form.js';
import { POINTS_PER_MM } from '../../../shared/print/page.js';
import { amountInWords } from '../../../shared/rules/amount-in-words.js';
import { BUYER_004, call, GOODS, issueBlue, waitFor } from '../core/red-support.js';
import { createTestCipher } from '../../support/test-cipher.js';
import { CUPS_PDF_PRINTER, MM_PER_PT, pdfPageCount, pdfWords, waitForPrintedPdf, type Word } from '../../support/cups-pdf.js';

let core: Core;
/** Files the app asked the system viewer to open (issuance:openFile): how the test finds the layout file. */
const opened: string[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-print-red-'));
beforeAll(async () => {
  core = await createCore(
    { dataDir, appVersion: 'test', sandboxIssueDelayMs: 50, outboxBaseDelayMs: 40, outboxMaxDelayMs: 400 },
    { cipher: createTestCipher(), printer: createCupsPrinterPort(), opener: { open: async (file: string) => void opened.push(file) } },
  );
});
afterAll(async () => {
  await core.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function printed(invoiceId: number): Promise<{ words: Word[]; preview: PreviewPage }> {
  const { jobs } = await call<{ jobs: PrintJobView[] }>(core, 'print:print', { invoiceIds: [invoiceId], documents: ['invoice'], printer: CUPS_PDF_PRINTER, copies: 1, mode: 'overlay' });
  expect(jobs).toEqual([expect.objectContaining({ status: 'printed', errorCode: null })]);
  const words = pdfWords(await waitForPrintedPdf(jobs[0]!.printerJobId!));
  const { pages } = await call<{ pages: PreviewPage[] }>(core, 'print:preview', { invoiceId, document: 'invoice' });
  return { words, preview: pages[0]! };
}

/** Every data line's first word of the preview page, not found in the printed words at its place (±0.5 mm). */
function misplaced(words: Word[], page: PreviewPage): string[] {
  const missing: string[] = [];
  for (const item of page.items) {
    if (item.kind !== 'text' || item.layer !== 'data') continue;
    for (const line of item.lines) {
      const text = line.text.split(/\s+/)[0]!;
      const centre = line.top + item.sizePt / POINTS_PER_MM / 2;
      if (!words.some((w) => w.text === text && Math.abs(w.xMin - line.x) <= 0.5 && Math.abs((w.yMin + w.yMax) / 2 - centre) <= 0.5)) missing.push(`${item.id} "${text}"`);
    }
  }
  return missing;
}

describe('a negative (red) paper invoice on the CUPS printer PDF', () => {
  it('prints 销项负数 inside its box on the form, the amounts negative and 大写 with 负', async () => {
    const blue = await issueBlue(core, { invoiceType: '004', ...BUYER_004, issuer: '李四', lines: GOODS });
    const positive = await printed(blue.id);
    expect(positive.words.some((w) => w.text.includes(NEGATIVE_MARK))).toBe(false);

    // The red 004 goes through its red-letter form; wait for it from before it can be issued.
    const redIssued = waitFor(core, (row) => row.invoiceType === '004' && row.status === 'issued' && row.total.startsWith('-'));
    const started = await call<RedStarted>(core, 'reversal:start', { blueInvoiceId: blue.id, reason: '2', letterReason: '2', letterSubReason: 'buyer-refused', terminal: 'kpzd-01' });
    expect(started.kind).toBe('form');
    const red: InvoiceSummary = await redIssued;
    expect(red.total).toBe('-1310.00');

    const { words, preview } = await printed(red.id);
    expect(misplaced(words, preview)).toEqual([]);
    // The mark itself: one word, inside the layout's box for it.
    const box = FIELDS.negative;
    const marks = words.filter((w) => w.text === NEGATIVE_MARK);
    expect(marks).toHaveLength(1);
    const mark = marks[0]!;
    expect(mark.xMin).toBeGreaterThanOrEqual(box.x - 0.5);
    expect(mark.xMax).toBeLessThanOrEqual(box.x + box.w + 0.5);
    expect(mark.yMin).toBeGreaterThanOrEqual(box.y - 0.5);
    expect(mark.yMax).toBeLessThanOrEqual(box.y + box.h + 0.5);

    const texts = words.map((w) => w.text);
    // 合计 amount and tax and 价税合计 in figures: all three negative.
    expect(texts.filter((t) => t.startsWith('¥-'))).toHaveLength(3);
    expect(texts).toContain('¥-1310.00');
    const inWords = amountInWords('-1310.00', { yuan: '圆' });
    expect(inWords.startsWith('负')).toBe(true);
    expect(texts).toContain(inWords);
    const amounts = texts.filter((t) => /^-\d+\.\d{2}$/.test(t)).map((t) => new Decimal(t));
    expect(amounts.length).toBeGreaterThanOrEqual(4);
    const log = await call<PrintLog>(core, 'print:log', { invoiceId: red.id });
    expect(log.jobs).toEqual([expect.objectContaining({ status: 'printed', invoiceStatus: '01' })]);
  });
});

describe('an electronic invoice printed for the paper archive', () => {
  it('sends its layout PDF at its own size and 100 %: cups-pdf wrote every word of it at the same place', async () => {
    const invoice = await issueBlue(core, { invoiceType: '026', buyerName: BUYER_004.buyerName, buyerTaxNumber: BUYER_004.buyerTaxNumber, issuer: '李四', lines: GOODS });
    const result = await call<{ status: string; printerJobId: string | null; errorCode: string | null }>(core, 'print:archive', { invoiceId: invoice.id, printer: CUPS_PDF_PRINTER, copies: 1 });
    expect(result).toMatchObject({ status: 'printed', errorCode: null });
    const file = await waitForPrintedPdf(result.printerJobId!);
    expect(pdfPageCount(file)).toBe(1);

    await call(core, 'issuance:openFile', { id: invoice.id, format: 'pdf' });
    const layout = opened.at(-1)!;
    /** The sheet as seen (cups-pdf writes landscape sheets as portrait pages turned by /Rotate 90). */
    const size = (pdf: string) => {
      const info = execFileSync('pdfinfo', [pdf]).toString();
      const match = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
      const [w, h] = [Math.round(Number(match[1]) * MM_PER_PT), Math.round(Number(match[2]) * MM_PER_PT)];
      return /Page rot:\s+(90|270)/.test(info) ? [h, w] : [w, h];
    };
    expect(size(file)).toEqual(size(layout));

    const source = pdfWords(layout);
    const copy = pdfWords(file);
    expect(source.map((w) => w.text)).toContain(invoice.invoiceNumber);
    expect(copy.map((w) => w.text)).toEqual(source.map((w) => w.text));
    copy.forEach((word, index) => {
      expect(Math.abs(word.xMin - source[index]!.xMin), word.text).toBeLessThanOrEqual(0.5);
      expect(Math.abs(word.yMin - source[index]!.yMin), word.text).toBeLessThanOrEqual(0.5);
    });
    const log = await call<PrintLog>(core, 'print:log', { invoiceId: invoice.id });
    expect(log.archive).toEqual([expect.objectContaining({ printer: CUPS_PDF_PRINTER, status: 'printed', printerJobId: result.printerJobId })]);
    const printers = await call<{ preferences: Record<string, string> }>(core, 'print:printers', {});
    expect(printers.preferences['026']).toBe(CUPS_PDF_PRINTER);
  });
});
