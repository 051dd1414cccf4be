/**
 * The Electron PrinterPort with a fake window: the printers Electron lists, and webContents.print called
 * silent, to the chosen device, the sheet in microns, no margins, 100 % — only after the window said the
 * job's page of pictures is drawn, from the job's own page (the one a print window may load) — and its
 * failures mapped to PrinterError causes the renderer can word.
 */
import fs from 'node:fs';
import type { BrowserWindowConstructorOptions, PrinterInfo, WebContentsPrintOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { createElectronPrinterPort, DRAWN_CHECK, isPrintJobUrl, printOptions, type DrawnPage, type PrintWindowLike } from '../../../main/electron/printer.js';
import { PrinterError } from '../../../main/ports.js';

const PRINTERS = [
  { name: 'HP-LaserJet', displayName: 'HP', description: 'office', status: 0, isDefault: true, options: {} },
  { name: 'Epson-LQ', displayName: 'Epson', description: 'paper jam', status: 3, isDefault: false, options: {} },
] as unknown as PrinterInfo[];

const PAGES: DrawnPage[] = [
  { png: new Uint8Array([137, 80, 78, 71]), widthMm: 240, heightMm: 140 },
  { png: new Uint8Array([137, 80, 78, 71]), widthMm: 240, heightMm: 140 },
];

/** `drawn`: what the window answers when asked whether the pictures are drawn (the number drawn). */
function fakeWindows(outcome: { success: boolean; reason?: string; drawn?: number }) {
  const calls = { created: [] as BrowserWindowConstructorOptions[], loaded: [] as string[], pages: [] as string[], printed: [] as WebContentsPrintOptions[], destroyed: 0, steps: [] as string[] };
  const createWindow = (options: BrowserWindowConstructorOptions): PrintWindowLike => {
    calls.created.push(options);
    return {
      loadURL: async (url: string) => {
        calls.steps.push('load');
        calls.loaded.push(url);
        calls.pages.push(fs.readFileSync(new URL(url), 'utf8'));
        expect(fs.existsSync(new URL('page-2.png', url))).toBe(true);
      },
      destroy: () => void (calls.destroyed += 1),
      webContents: {
        getPrintersAsync: async () => PRINTERS,
        executeJavaScript: async (code: string) => {
          calls.steps.push(code === DRAWN_CHECK ? 'drawn?' : 'other script');
          return outcome.drawn ?? PAGES.length;
        },
        print: (options: WebContentsPrintOptions, callback?: (success: boolean, reason: string) => void) => {
          calls.steps.push('print');
          calls.printed.push(options);
          callback?.(outcome.success, outcome.reason ?? '');
        },
      },
    } as unknown as PrintWindowLike;
  };
  return { calls, port: createElectronPrinterPort({ createWindow, renderPages: async () => PAGES }) };
}

const request = { printer: 'HP-LaserJet', pdf: new TextEncoder().encode('%PDF-1.7\n'), title: 't', paper: { widthMm: 240, heightMm: 140 }, copies: 2 };

describe('Electron PrinterPort', () => {
  it('lists printers with their state', async () => {
    const { port, calls } = fakeWindows({ success: true });
    expect(await port.list()).toEqual([
      { name: 'HP-LaserJet', isDefault: true, state: 'idle', detail: 'office' },
      { name: 'Epson-LQ', isDefault: false, state: 'stopped', detail: 'paper jam' },
    ]);
    expect(calls.destroyed).toBe(1);
  });

  it('prints silently to the device, 240 × 140 mm in microns, margins none, scale 100 %', async () => {
    const { port, calls } = fakeWindows({ success: true });
    await port.print(request);
    expect(calls.printed).toEqual([printOptions(request)]);
    expect(calls.printed[0]).toMatchObject({ silent: true, deviceName: 'HP-LaserJet', copies: 2, pageSize: { width: 240000, height: 140000 }, margins: { marginType: 'none' }, scaleFactor: 100 });
    expect(calls.loaded[0]).toMatch(/^file:.*job\.html$/);
    // Printed only once the window said both pictures are drawn.
    expect(calls.steps.slice(-3)).toEqual(['load', 'drawn?', 'print']);
    // The job's page: the sheet's size with no margin, each picture its page's size in mm.
    expect(calls.pages[0]).toContain('@page{size:240mm 140mm;margin:0}');
    expect(calls.pages[0]!.match(/<img src="page-\d\.png" alt="" style="display:block;width:240mm;height:140mm/g)).toHaveLength(2);
    // The job's files do not outlive the job.
    expect(fs.existsSync(new URL(calls.loaded[0]!))).toBe(false);
    expect(calls.created.every((options) => options.show === false && options.webPreferences?.nodeIntegration === false && options.webPreferences?.plugins === false)).toBe(true);
  });

  it('does not print a page that was not drawn', async () => {
    const { port, calls } = fakeWindows({ success: true, drawn: 1 });
    await expect(port.print(request)).rejects.toMatchObject({ reason: 'refused', detail: 'the page was not drawn (1 of 2 pictures)' });
    expect(calls.printed).toEqual([]);
    expect(calls.destroyed).toBeGreaterThan(1);
  });

  it("lets a print window load its job's page and nothing else", () => {
    expect(isPrintJobUrl('file:///C:/Users/clerk/AppData/Local/Temp/fapiao-print-a1B2c3/job.html')).toBe(true);
    expect(isPrintJobUrl('file:///tmp/fapiao-print-x9/job.html')).toBe(true);
    expect(isPrintJobUrl('file:///tmp/other/job.html')).toBe(false);
    expect(isPrintJobUrl('file:///tmp/fapiao-print-x9/page-1.png')).toBe(false);
    expect(isPrintJobUrl('https://example.com/fapiao-print-x9/job.html')).toBe(false);
    expect(isPrintJobUrl('chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/index.html')).toBe(false);
  });

  it('a missing, a stopped and a refusing printer are PrinterErrors with their cause', async () => {
    const { port } = fakeWindows({ success: false, reason: 'Print job failed' });
    await expect(port.print({ ...request, printer: 'Nope' })).rejects.toMatchObject({ reason: 'missing', printer: 'Nope' });
    await expect(port.print({ ...request, printer: 'Epson-LQ' })).rejects.toMatchObject({ reason: 'offline', detail: 'paper jam' });
    await expect(port.print(request)).rejects.toBeInstanceOf(PrinterError);
    await expect(port.print(request)).rejects.toMatchObject({ reason: 'refused', detail: 'Print job failed' });
  });
});
