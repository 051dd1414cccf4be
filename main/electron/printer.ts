/**
 * PrinterPort over Electron (Windows hosts; Linux and macOS use CUPS, main/features/print/cups.ts, which
 * the tests exercise for real): `webContents.getPrintersAsync` lists the printers; a job is printed with
 * `webContents.print` — silent, to the chosen `deviceName`, the sheet as `pageSize` in microns, margins
 * none, scale 100 % — so a 套打 job lands millimetre for millimetre.
 *
 * Not through Chromium's PDF viewer (issue 26): it draws the page some time after the load has finished,
 * so printing on load can print a blank sheet, and it runs in a frame the app's navigation guard refuses.
 * The job's pages are drawn to 300 dpi pictures first (`renderPages`), put in a plain HTML page of exactly
 * the sheet's size (`@page`, pictures sized in mm) in the job's own folder, and printed only once the
 * window says every picture is decoded and a frame has been painted. The app's guard lets a print window
 * load only such a page (`isPrintJobUrl`). Electron objects come in as parameters (`import type` only), so
 * this runs under unit tests with fakes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserWindow, BrowserWindowConstructorOptions, PrinterInfo as ElectronPrinterInfo, WebContentsPrintOptions } from 'electron';
import { PrinterError, type PrinterInfo, type PrinterPort, type PrintRequest } from '../ports.js';

/** The part of a BrowserWindow the port uses. */
export type PrintWindowLike = Pick<BrowserWindow, 'loadURL' | 'destroy'> & {
  webContents: Pick<BrowserWindow['webContents'], 'print' | 'getPrintersAsync' | 'executeJavaScript'>;
};

/** One page of the job drawn as a picture, with the page's size. */
export interface DrawnPage {
  png: Uint8Array;
  widthMm: number;
  heightMm: number;
}

export interface ElectronPrinterDeps {
  /** Makes a hidden window (tests: a fake). */
  createWindow: (options: BrowserWindowConstructorOptions) => PrintWindowLike;
  /** Draws the job's PDF pages as pictures (the app: pdf.js at 300 dpi, main/electron/print-pages.ts). */
  renderPages: (pdf: Uint8Array) => Promise<DrawnPage[]>;
  /** Folder for the job's page while the window prints it. */
  tempDir?: string;
}

const JOB_FOLDER_PREFIX = 'fapiao-print-';
const JOB_PAGE = 'job.html';

/** A print job's own page (file:…/fapiao-print-…/job.html): the only page a print window may load. */
export function isPrintJobUrl(url: string): boolean {
  if (!url.startsWith('file:')) return false;
  const parts = new URL(url).pathname.split('/');
  return parts.at(-1) === JOB_PAGE && (parts.at(-2) ?? '').startsWith(JOB_FOLDER_PREFIX);
}

/** The job's page: the sheet's size with no margin, each picture exactly its page's size in mm. */
export function jobPage(request: PrintRequest, pages: readonly DrawnPage[]): string {
  const { widthMm, heightMm } = request.paper;
  const images = pages
    .map((page, index) => `<img src="page-${index + 1}.png" alt="" style="display:block;width:${page.widthMm}mm;height:${page.heightMm}mm;break-after:page">`)
    .join('\n');
  return `<!doctype html>\n<html><head><meta charset="utf-8"><style>@page{size:${widthMm}mm ${heightMm}mm;margin:0}html,body{margin:0;padding:0}img:last-child{break-after:auto}</style></head><body>\n${images}\n</body></html>\n`;
}

/** Run in the print window: resolves with the number of pictures once all are decoded and a frame painted. */
export const DRAWN_CHECK =
  'Promise.all(Array.from(document.images, (image) => image.decode())).then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(document.images.length)))))';

/** Electron's printer status is the OS's: 0 is ready on every platform; anything else is shown as stopped. */
export function toPrinterInfo(printer: ElectronPrinterInfo): PrinterInfo {
  const status = (printer as ElectronPrinterInfo & { status?: number }).status;
  return {
    name: printer.name,
    isDefault: (printer as ElectronPrinterInfo & { isDefault?: boolean }).isDefault === true,
    state: status === undefined ? 'unknown' : status === 0 ? 'idle' : 'stopped',
    ...(printer.description ? { detail: printer.description } : {}),
  };
}

/** The options of webContents.print for one job. */
export function printOptions(request: PrintRequest): WebContentsPrintOptions {
  return {
    silent: true,
    printBackground: true,
    deviceName: request.printer,
    copies: request.copies,
    // Microns: 240 × 140 mm → 240000 × 140000.
    pageSize: { width: Math.round(request.paper.widthMm * 1000), height: Math.round(request.paper.heightMm * 1000) },
    margins: { marginType: 'none' },
    scaleFactor: 100,
    landscape: false,
  };
}

const HIDDEN: BrowserWindowConstructorOptions = {
  show: false,
  // Our own page of pictures and nothing else: no plugins, no preload, no Node.
  webPreferences: { plugins: false, sandbox: true, contextIsolation: true, nodeIntegration: false, webSecurity: true, devTools: false },
};

export function createElectronPrinterPort(deps: ElectronPrinterDeps): PrinterPort {
  async function list(): Promise<PrinterInfo[]> {
    const window = deps.createWindow(HIDDEN);
    try {
      return (await window.webContents.getPrintersAsync()).map(toPrinterInfo);
    } finally {
      window.destroy();
    }
  }

  return {
    backend: 'electron',
    list,
    async print(request) {
      const printer = (await list()).find((p) => p.name === request.printer);
      if (!printer) throw new PrinterError(request.printer, 'missing', 'not among the printers of this computer');
      if (printer.state === 'stopped') throw new PrinterError(request.printer, 'offline', printer.detail ?? 'the printer is not ready');
      const pages = await deps.renderPages(request.pdf);
      if (pages.length === 0) throw new PrinterError(request.printer, 'refused', 'the job has no page');
      const dir = fs.mkdtempSync(path.join(deps.tempDir ?? os.tmpdir(), JOB_FOLDER_PREFIX));
      pages.forEach((page, index) => fs.writeFileSync(path.join(dir, `page-${index + 1}.png`), page.png));
      const file = path.join(dir, JOB_PAGE);
      fs.writeFileSync(file, jobPage(request, pages));
      const window = deps.createWindow(HIDDEN);
      try {
        await window.loadURL(pathToFileURL(file).href);
        // Print only what has been drawn: a blank sheet of a 套打 form is a wasted pre-printed form.
        const drawn: unknown = await window.webContents.executeJavaScript(DRAWN_CHECK, true);
        if (drawn !== pages.length) throw new PrinterError(request.printer, 'refused', `the page was not drawn (${String(drawn)} of ${pages.length} pictures)`);
        await new Promise<void>((resolve, reject) => {
          window.webContents.print(printOptions(request), (success, failureReason) => {
            if (success) resolve();
            else reject(new PrinterError(request.printer, 'refused', failureReason || 'the print failed'));
          });
        });
        return { jobId: `${request.printer}:${Date.now()}` };
      } finally {
        window.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
