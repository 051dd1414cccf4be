/**
 * The Windows scanner adapter (WIA through PowerShell) cannot run on Linux: it is tested against the
 * PowerShell invocation it makes, captured by a runner that plays the part of powershell.exe — answering a
 * device listing as WIA prints it, and writing page files as the script does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createWiaScanner, type CommandRunner } from '../../../main/features/intake/scanner.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

interface Captured {
  command: string;
  args: string[];
}

function capture(answer: (call: Captured) => { stdout?: string; stderr?: string; code?: number }): { runner: CommandRunner; calls: Captured[] } {
  const calls: Captured[] = [];
  const runner: CommandRunner = (command, args) => {
    const call = { command, args };
    calls.push(call);
    const { stdout = '', stderr = '', code = 0 } = answer(call);
    return Promise.resolve({ stdout, stderr, code });
  };
  return { runner, calls };
}

/** The script block and the arguments after it, from `& {<script>} <args>`. */
function commandOf(call: Captured): { script: string; args: string } {
  expect(call.command).toBe('powershell.exe');
  expect(call.args.slice(0, 3)).toEqual(['-NoProfile', '-NonInteractive', '-Command']);
  const match = /^& \{([\s\S]*)\} (.*)$/.exec(call.args[3] ?? '');
  if (!match) throw new Error(`not a script block invocation: ${call.args[3]}`);
  return { script: match[1] ?? '', args: match[2] ?? '' };
}

describe('WIA scanner (PowerShell)', () => {
  it('lists scanners: WIA.DeviceManager, scanner devices only, one "id<TAB>name" line each', async () => {
    const { runner, calls } = capture(() => ({ stdout: '{6BDD1FC6-810F-11D0-BEC7-08002BE2092F}\\0000\tCanon DR-C225\r\n{6BDD1FC6-810F-11D0-BEC7-08002BE2092F}\\0001\tHP ScanJet Pro 2500 f1\r\n' }));
    const devices = await createWiaScanner(runner).listDevices();
    expect(devices).toEqual([
      { id: '{6BDD1FC6-810F-11D0-BEC7-08002BE2092F}\\0000', name: 'Canon DR-C225' },
      { id: '{6BDD1FC6-810F-11D0-BEC7-08002BE2092F}\\0001', name: 'HP ScanJet Pro 2500 f1' },
    ]);
    const { script, args } = commandOf(calls[0] as Captured);
    expect(args).toBe('-Mode list');
    expect(script).toContain('param([string]$Mode, [string]$Device, [string]$Folder, [int]$Feeder)');
    expect(script).toContain('New-Object -ComObject WIA.DeviceManager');
    // WiaDeviceType 1 = scanner (cameras and video devices are left out).
    expect(script).toContain('$info.Type -eq 1');
  });

  it('scans at 300 dpi as PNG, the feeder page by page, with the device and folder quoted for PowerShell', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "fapiao-wia-o'brien-"));
    folders.push(folder);
    const { runner, calls } = capture(() => {
      // What the script does with a feeder of two sheets.
      fs.writeFileSync(path.join(folder, 'wia-page-1.png'), 'page 1');
      fs.writeFileSync(path.join(folder, 'wia-page-2.png'), 'page 2');
      fs.writeFileSync(path.join(folder, 'wia-page-10.png'), 'page 10');
      return {};
    });
    const device = "{6BDD1FC6-810F-11D0-BEC7-08002BE2092F}\\0000";
    const pages = await createWiaScanner(runner).scan(device, { feeder: true, folder });
    expect(pages.map((page) => path.basename(page))).toEqual(['wia-page-1.png', 'wia-page-2.png', 'wia-page-10.png']);
    const { script, args } = commandOf(calls[0] as Captured);
    expect(args).toBe(`-Mode scan -Device '${device}' -Folder '${folder.replace(/'/g, "''")}' -Feeder 1`);
    // 6147/6148: horizontal and vertical resolution; the format id is wiaFormatPNG.
    expect(script).toContain('foreach ($id in 6147, 6148) { $item.Properties.Item([string]$id).Value = 300 }');
    expect(script).toContain("$item.Transfer('{B96B3CAF-0728-11D3-9D7B-0000F81EF32E}')");
    expect(script).toContain("$device.Properties['Document Handling Select'].Value = 1");
    expect(script).toContain('} while ($Feeder -eq 1)');
  });

  it('no page scanned is an error naming why, never an empty success; a failed listing too', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-wia-'));
    folders.push(folder);
    const { runner } = capture(() => ({ stderr: 'no such scanner', code: 2 }));
    await expect(createWiaScanner(runner).scan('gone', { feeder: false, folder })).rejects.toThrow('WIA scanned no page: no such scanner');
    await expect(createWiaScanner(runner).listDevices()).rejects.toThrow('WIA could not list scanners: no such scanner');
  });
});
