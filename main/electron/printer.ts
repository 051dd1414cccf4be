/**
 * PrinterPort over Electron (Windows hosts; Linux and macOS use CUPS, main/features/print/cups.ts, which
 * the tests exercise for real): `webContents.getPrintersAsync` lists the printers; a job's PDF is opened
 * in a hidden window and printed with `webContents.print` — silent, to the chosen `deviceName`, the
 * sheet as `pageSize` in microns, margins none, scale 100 % — so a 套打 job lands millimetre for
 * millimetre. Electron objects come in as parameters (`import type` only), so this runs under unit tests
 * with fakes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserWindow, BrowserWindowConstructorOptions, PrinterInfo as ElectronPrinterInfo, WebContentsPrintOptions } from 'electron';
import { PrinterError, type PrinterInfo, type PrinterPort, type PrintRequest } from '../ports.js';

/** The part of a BrowserWindow the port uses. */
export type PrintWindowLike = Pick<BrowserWindow, 'loadURL' | 'destroy'> & {
  webContents: Pick<BrowserWindow['webContents'], 'print' | 'getPrintersAsync'>;
};

export interface ElectronPrinterDeps {
  /** Makes a hidden window (tests: a fake). */
  createWindow: (options: BrowserWindowConstructorOptions) => PrintWindowLike;
  /** Folder for the job's PDF while the window prints it. */
  tempDir?: string;
}

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
  // The PDF viewer is a plugin; nothing else runs in this window (no preload, no Node).
  webPreferences: { plugins: true, sandbox: true, contextIsolation: true, nodeIntegration: false, webSecurity: true, devTools: false },
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
      const dir = fs.mkdtempSync(path.join(deps.tempDir ?? os.tmpdir(), 'fapiao-print-'));
      const file = path.join(dir, 'job.pdf');
      fs.writeFileSync(file, request.pdf);
      const window = deps.createWindow(HIDDEN);
      try {
        await window.loadURL(pathToFileURL(file).href);
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
