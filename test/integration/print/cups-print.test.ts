/**
 * Printing for real: invoices issued by the embedded sandbox, print data from fpdy, pages to the CUPS
 * printer `PDF` (cups-pdf), and the PDF it wrote read back with `pdftotext -bbox`: every field's text at
 * its layout position (±0.5 mm), the amount in words matching the figures, the goods list's 小计 adding
 * up to its 总计, calibration moving every field by exactly its offsets, and a missing printer failing
 * clearly and printing on retry.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import { createCupsPrinterPort } from '../../../main/features/print/cups.js';
import type { InvoiceSummary } from '../../../shared/ipc/index.js';
import type { PreviewPage, PrintJobView, PrintLog } from '../../../shared/ipc/schemas/print.js';
import { amountInWords } from '../../../shared/rules/amount-in-words.js';
import { POINTS_PER_MM } from '../../../shared/print/page.js';
import { BUYER_004, call, issueBlue } from '../core/red-support.js';
import { usccCheckCharacter } from '../../../shared/rules/uscc.js';
import { createTestCipher } from '../../support/test-cipher.js';
import { amountsRightOf, CUPS_PDF_PRINTER, pdfPageCount, pdfWords, waitForPrintedPdf, type Word } from '../../support/cups-pdf.js';

const lines = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ name: `办公椅${i + 1}型`, taxCode: '1060201070000000000', quantity: String(i + 1), unitPrice: `${100 + i * 10}.00`, rate: '0.13' }));

let core: Core;
/** Jobs handed to the printer: a refused invoice must not add one. */
let sent = 0;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-print-'));
beforeAll(async () => {
  const cups = createCupsPrinterPort();
  core = await createCore(
    { dataDir, appVersion: 'test', sandboxIssueDelayMs: 50, outboxBaseDelayMs: 40, outboxMaxDelayMs: 400, sandboxControlApi: true },
    {
      cipher: createTestCipher(),
      printer: {
        ...cups,
        print(request) {
          sent += 1;
          return cups.print(request);
        },
      },
    },
  );
});
afterAll(async () => {
  await core.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const issue004 = (count: number): Promise<InvoiceSummary> => issueBlue(core, { invoiceType: '004', ...BUYER_004, issuer: '张三', lines: lines(count) });
const print = (invoiceId: number, documents: Array<'invoice' | 'list'>, printer = CUPS_PDF_PRINTER) =>
  call<{ jobs: PrintJobView[] }>(core, 'print:print', { invoiceIds: [invoiceId], documents, printer, copies: 1, mode: 'overlay' });

interface Expected {
  id: string;
  text: string;
  x: number;
  centre: number;
}

/** The first word of every data line of the preview — the same description and fit the PDF was drawn from. */
function expectedWords(page: PreviewPage, offset = { downMm: 0, rightMm: 0 }): Expected[] {
  return page.items.flatMap((item) =>
    item.kind === 'text' && item.layer === 'data'
      ? item.lines.map((line) => ({
          id: item.id,
          text: line.text.split(/\s+/)[0]!,
          x: line.x + offset.rightMm,
          centre: line.top + offset.downMm + item.sizePt / POINTS_PER_MM / 2,
        }))
      : [],
  );
}

function locate(words: Word[], expected: Expected): Word | undefined {
  return words.find((word) => word.text === expected.text && Math.abs(word.xMin - expected.x) <= 0.5 && Math.abs((word.yMin + word.yMax) / 2 - expected.centre) <= 0.5);
}

async function printedWords(job: PrintJobView): Promise<{ file: string; words: Word[] }> {
  expect(job).toMatchObject({ status: 'printed', errorCode: null });
  const file = await waitForPrintedPdf(job.printerJobId!);
  return { file, words: pdfWords(file) };
}

describe('printing on the CUPS printer PDF', () => {
  let threeLine: InvoiceSummary;
  let firstWords: Word[];

  it('a 004 with 3 lines: every field at its layout position (±0.5 mm), 大写 matching the figures', async () => {
    threeLine = await issue004(3);
    const { jobs } = await print(threeLine.id, ['invoice']);
    expect(jobs).toHaveLength(1);
    const { words } = await printedWords(jobs[0]!);
    firstWords = words;
    const preview = await call<{ pages: PreviewPage[] }>(core, 'print:preview', { invoiceId: threeLine.id, document: 'invoice' });
    const expected = expectedWords(preview.pages[0]!);
    expect(expected.length).toBeGreaterThan(30);
    const missing = expected.filter((e) => !locate(words, e)).map((e) => `${e.id} "${e.text}" at ${e.x.toFixed(2)},${e.centre.toFixed(2)}`);
    expect(missing).toEqual([]);
    // Only the data layer went to the pre-printed form: no caption of the form was printed.
    expect(words.some((word) => word.text.startsWith('纳税人识别号'))).toBe(false);

    const figures = expected.find((e) => e.id === 'field.totalFigures')!;
    const wordsText = expected.find((e) => e.id === 'field.totalWords')!;
    const total = figures.text.replace('¥', '');
    expect(new Decimal(total).toFixed(2)).toBe(threeLine.total);
    expect(locate(words, wordsText)?.text).toBe(amountInWords(total, { yuan: '圆' }));
  });

  it('a 004 with 12 lines: 详见销货清单 on the face and a 2-page list whose 小计 add up to its 总计', async () => {
    const invoice = await issue004(12);
    const { jobs } = await print(invoice.id, ['invoice', 'list']);
    expect(jobs.map((job) => [job.document, job.status])).toEqual([
      ['invoice', 'printed'],
      ['list', 'printed'],
    ]);
    const face = await printedWords(jobs[0]!);
    expect(face.words.some((word) => word.text === '（详见销货清单）')).toBe(true);
    expect(face.words.some((word) => word.text.startsWith('办公椅'))).toBe(false);

    const list = await printedWords(jobs[1]!);
    expect(pdfPageCount(list.file)).toBe(2);
    const [amount1, tax1] = amountsRightOf(list.words, '小计', 1);
    const [amount2, tax2] = amountsRightOf(list.words, '小计', 2);
    const [totalAmount, totalTax] = amountsRightOf(list.words, '总计', 2);
    expect(amount1!.plus(amount2!).toFixed(2)).toBe(totalAmount!.toFixed(2));
    expect(tax1!.plus(tax2!).toFixed(2)).toBe(totalTax!.toFixed(2));
    expect(totalAmount!.plus(totalTax!).toFixed(2)).toBe(invoice.total);
    expect(list.words.some((word) => word.page === 1 && word.text === '第')).toBe(true);
    const pageOf = (page: number) => list.words.filter((word) => word.page === page && word.yMin < 45 && word.xMin > 140).map((word) => word.text).join(' ');
    expect(pageOf(1)).toBe('第 1 页 共 2 页');
    expect(pageOf(2)).toBe('第 2 页 共 2 页');
  });

  it('calibration down +2.0 mm, right −1.5 mm moves every printed field by exactly that', async () => {
    await call(core, 'print:calibrate', { printer: CUPS_PDF_PRINTER, downMm: 2, rightMm: -1.5, edition: 'hx' });
    try {
      const { jobs } = await print(threeLine.id, ['invoice']);
      expect(jobs[0]!.offset).toEqual({ downMm: '2.0', rightMm: '-1.5' });
      const { words } = await printedWords(jobs[0]!);
      expect(words.map((word) => word.text)).toEqual(firstWords.map((word) => word.text));
      words.forEach((word, index) => {
        const before = firstWords[index]!;
        expect(word.xMin - before.xMin, word.text).toBeCloseTo(-1.5, 1);
        expect(word.yMin - before.yMin, word.text).toBeCloseTo(2.0, 1);
      });
      const log = await call<PrintLog>(core, 'print:log', { invoiceId: threeLine.id });
      expect(log.reprints).toBe(1);
    } finally {
      await call(core, 'print:calibrate', { printer: CUPS_PDF_PRINTER, downMm: 0, rightMm: 0, edition: 'hx' });
    }
  });

  it('a voided invoice (fpzt 03) is refused before anything reaches the printer, on retry too', async () => {
    const invoice = await issue004(2);
    const info = await call<{ serviceBaseUrl: string }>(core, 'app:info', {});
    const voided = await fetch(`${info.serviceBaseUrl}/sandbox/control/void`, {
      method: 'POST',
      body: JSON.stringify({ fplxdm: '004', fpdm: invoice.invoiceCode, fphm: invoice.invoiceNumber }),
    });
    expect(voided.status).toBe(200);
    const before = sent;
    const { jobs } = await print(invoice.id, ['invoice', 'list']);
    expect(jobs).toEqual([expect.objectContaining({ document: 'invoice', status: 'failed', errorCode: 'INVOICE_VOIDED', invoiceStatus: '03', printerJobId: null })]);
    const retried = await call<PrintJobView>(core, 'print:retry', { jobId: jobs[0]!.id });
    expect(retried).toMatchObject({ status: 'failed', errorCode: 'INVOICE_VOIDED' });
    expect(sent).toBe(before);
  });

  it('a printer that does not exist: the job fails naming the printer and cause, and prints once retried on PDF', async () => {
    const invoice = await issue004(2);
    const { jobs } = await print(invoice.id, ['invoice'], 'NO_SUCH_PRINTER');
    expect(jobs[0]).toMatchObject({ status: 'failed', errorCode: 'PRINTER_MISSING', printer: 'NO_SUCH_PRINTER' });
    expect(jobs[0]!.errorDetail).toMatch(/NO_SUCH_PRINTER/);
    const retried = await call<PrintJobView>(core, 'print:retry', { jobId: jobs[0]!.id, printer: CUPS_PDF_PRINTER });
    expect(retried).toMatchObject({ status: 'printed', retryOf: jobs[0]!.id, printer: CUPS_PDF_PRINTER });
    await printedWords(retried);
    const log = await call<PrintLog>(core, 'print:log', { invoiceId: invoice.id });
    expect(log.jobs.map((job) => job.status)).toEqual(['failed', 'printed']);
    const printers = await call<{ preferences: Record<string, string> }>(core, 'print:printers', {});
    expect(printers.preferences['004']).toBe(CUPS_PDF_PRINTER);
    // A failure is retried once: asked again (a second click, another desk), nothing more reaches the printer.
    const before = sent;
    expect(await core.router.dispatch('print:retry', { jobId: jobs[0]!.id, printer: CUPS_PDF_PRINTER })).toMatchObject({
      ok: false,
      error: { key: 'print.alreadyRetried', params: { id: jobs[0]!.id, retry: retried.id } },
    });
    expect(await core.router.dispatch('print:retry', { jobId: retried.id })).toMatchObject({ ok: false, error: { key: 'print.notRetryable' } });
    expect(sent).toBe(before);
    expect((await call<PrintLog>(core, 'print:log', { invoiceId: invoice.id })).jobs).toHaveLength(2);
  });
  it("invoices of another enterprise than the active one are refused as a whole, counted, nothing sent or logged", async () => {
    const first = await issue004(1);
    const second = await issue004(1);
    const home = (await call<{ active: { taxNumber: string } }>(core, 'enterprises:choices', {})).active.taxNumber;
    const other = `91440300MA5G8K2X7${usccCheckCharacter('91440300MA5G8K2X7')}`;
    await call(core, 'enterprises:initialise', {
      taxNumber: other,
      agencyName: '深圳打印切换测试有限公司',
      address: '深圳市南山区科技园 1 号',
      phone: '0755-86001234',
      bank: '招商银行深圳分行',
      account: '755900112233',
      taxUser: { idCard: '440301199001011234', name: '李会计', phone: '13800138000', loginIdentity: '7', email: '', identityPwd: 'Id-Pwd-it', taxPwd: 'Tax-Pwd-it' },
    });
    await call(core, 'enterprises:activate', { taxNumber: other });
    const before = sent;
    const refused = await core.router.dispatch('print:print', { invoiceIds: [first.id, second.id], documents: ['invoice'], printer: CUPS_PDF_PRINTER, copies: 1, mode: 'overlay' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', key: 'print.otherEnterprise', params: { count: 2, total: 2 } } });
    const retryLike = await core.router.dispatch('print:preview', { invoiceId: first.id, document: 'invoice' });
    expect(retryLike).toMatchObject({ ok: false, error: { key: 'print.otherEnterprise' } });
    expect(sent).toBe(before);
    await call(core, 'enterprises:activate', { taxNumber: home });
    const log = await call<PrintLog>(core, 'print:log', { invoiceId: first.id });
    expect(log.jobs).toEqual([]);
  });
});
