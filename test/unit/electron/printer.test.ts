/**
 * The Electron PrinterPort with a fake window: the printers Electron lists, and webContents.print called
 * silent, to the chosen device, the sheet in microns, no margins, 100 % — and its failures mapped to
 * PrinterError causes the renderer can word.
 */
import fs from 'node:fs';
import type { BrowserWindowConstructorOptions, PrinterInfo, WebContentsPrintOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { createElectronPrinterPort, printOptions, type PrintWindowLike } from '../../../main/electron/printer.js';
import { PrinterError } from '../../../main/ports.js';

const PRINTERS = [
  { name: 'HP-LaserJet', displayName: 'HP', description: 'office', status: 0, isDefault: true, options: {} },
  { name: 'Epson-LQ', displayName: 'Epson', description: 'paper jam', status: 3, isDefault: false, options: {} },
] as unknown as PrinterInfo[];

function fakeWindows(outcome: { success: boolean; reason?: string }) {
  const calls: { created: BrowserWindowConstructorOptions[]; loaded: string[]; printed: WebContentsPrintOptions[]; destroyed: number } = { created: [], loaded: [], printed: [], destroyed: 0 };
  const createWindow = (options: BrowserWindowConstructorOptions): PrintWindowLike => {
    calls.created.push(options);
    return {
      loadURL: async (url: string) => {
        calls.loaded.push(url);
        expect(fs.existsSync(new URL(url))).toBe(true);
      },
      destroy: () => void (calls.destroyed += 1),
      webContents: {
        getPrintersAsync: async () => PRINTERS,
        print: (options: WebContentsPrintOptions, callback?: (success: boolean, reason: string) => void) => {
          calls.printed.push(options);
          callback?.(outcome.success, outcome.reason ?? '');
        },
      },
    } as unknown as PrintWindowLike;
  };
  return { calls, port: createElectronPrinterPort({ createWindow }) };
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
    expect(calls.loaded[0]).toMatch(/^file:.*job\.pdf$/);
    // The job's PDF does not outlive the job.
    expect(fs.existsSync(new URL(calls.loaded[0]!))).toBe(false);
    expect(calls.created.every((options) => options.show === false && options.webPreferences?.nodeIntegration === false)).toBe(true);
  });

  it('a missing, a stopped and a refusing printer are PrinterErrors with their cause', async () => {
    const { port } = fakeWindows({ success: false, reason: 'Print job failed' });
    await expect(port.print({ ...request, printer: 'Nope' })).rejects.toMatchObject({ reason: 'missing', printer: 'Nope' });
    await expect(port.print({ ...request, printer: 'Epson-LQ' })).rejects.toMatchObject({ reason: 'offline', detail: 'paper jam' });
    await expect(port.print(request)).rejects.toBeInstanceOf(PrinterError);
    await expect(port.print(request)).rejects.toMatchObject({ reason: 'refused', detail: 'Print job failed' });
  });
});
