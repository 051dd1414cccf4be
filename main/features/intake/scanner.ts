/**
 * ScannerPort: how intake drives a scanner on each platform.
 * - Linux: SANE's `scanimage` — `-L` lists devices; a scan is 300 dpi PNG (the spec's recommendation for
 *   scans); with the feeder, `--batch` writes each page to its own file.
 * - Windows: WIA through PowerShell (the WIA.DeviceManager COM object, no driver SDK needed), 300 dpi, one
 *   file per page while the feeder has paper. WIA itself cannot run on this project's Linux machines and
 *   CI: the adapter is type-checked and unit-tested against the captured PowerShell invocation
 *   (test/unit/intake/wia-scanner.test.ts).
 * - macOS: ImageCapture has no command line; the clerk points the scanner's own software at the scan
 *   folder, which intake watches (this port lists no devices and says so by its kind).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface ScannerDevice {
  id: string;
  name: string;
}

export interface ScannerPort {
  readonly kind: 'sane' | 'wia' | 'scan-folder';
  listDevices(): Promise<ScannerDevice[]>;
  /** Scans into `folder`; resolves with the files written, one per page. */
  scan(device: string, options: { feeder: boolean; folder: string }): Promise<string[]>;
}

export const SCAN_DPI = 300;

/** Runs a command (execFile, no shell); tests give a runner that records the invocation instead. */
export type CommandRunner = (command: string, args: string[], timeoutMs: number) => Promise<{ stdout: string; stderr: string; code: number }>;

const run: CommandRunner = (command, args, timeoutMs) => {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024, windowsHide: true }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') return reject(new Error(`${command} is not installed`));
      resolve({ stdout: String(stdout), stderr: String(stderr), code: error ? Number((error as { code?: number }).code ?? 1) : 0 });
    });
  });
};

/** N of a page file named …-N.png. */
const pageNumber = (name: string) => Number(name.slice(name.lastIndexOf('-') + 1, name.lastIndexOf('.'))) || 0;

const pagesIn = (folder: string, prefix: string) =>
  fs
    .readdirSync(folder)
    .filter((name) => name.startsWith(prefix))
    .sort((a, b) => pageNumber(a) - pageNumber(b))
    .map((name) => path.join(folder, name));

export function createSaneScanner(command = 'scanimage'): ScannerPort {
  return {
    kind: 'sane',
    async listDevices() {
      const { stdout } = await run(command, ['-L'], 30_000);
      return [...stdout.matchAll(/device [`'‘]([^'’`]+)['’] is an? (.+)$/gm)].map((match) => ({ id: match[1] ?? '', name: `${match[1]} — ${match[2]}` }));
    },
    async scan(device, { feeder, folder }) {
      fs.mkdirSync(folder, { recursive: true });
      const prefix = `scan-${Date.now()}-`;
      const args = ['-d', device, '--resolution', String(SCAN_DPI), '--format=png'];
      if (feeder) {
        // Each feeder page to its own file; scanimage ends the batch when the feeder is empty.
        const result = await run(command, [...args, '--source', 'Automatic Document Feeder', `--batch=${path.join(folder, `${prefix}%d.png`)}`], 10 * 60_000);
        const pages = pagesIn(folder, prefix);
        if (pages.length === 0) throw new Error(`scanimage scanned no page: ${result.stderr.trim()}`);
        return pages;
      }
      const file = path.join(folder, `${prefix}1.png`);
      let result = await run(command, [...args, '-o', file], 5 * 60_000);
      // A scanner another program (or another scan) holds answers "busy": wait for it a few times.
      for (let attempt = 1; attempt <= 5 && result.code !== 0 && /busy/i.test(result.stderr); attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
        result = await run(command, [...args, '-o', file], 5 * 60_000);
      }
      if (result.code !== 0 || !fs.existsSync(file)) throw new Error(`scanimage failed: ${result.stderr.trim()}`);
      return [file];
    },
  };
}

/** PowerShell driving WIA: lists devices, or scans every page the feeder gives to numbered PNG files. */
const WIA_SCRIPT = String.raw`
param([string]$Mode, [string]$Device, [string]$Folder, [int]$Feeder)
$manager = New-Object -ComObject WIA.DeviceManager
if ($Mode -eq 'list') { foreach ($info in $manager.DeviceInfos) { if ($info.Type -eq 1) { "$($info.DeviceID)` + "`t" + String.raw`$($info.Properties['Name'].Value)" } }; exit 0 }
$info = $manager.DeviceInfos | Where-Object { $_.DeviceID -eq $Device } | Select-Object -First 1
if (-not $info) { Write-Error "no such scanner"; exit 2 }
$device = $info.Connect()
if ($Feeder -eq 1) { $device.Properties['Document Handling Select'].Value = 1 }
$item = $device.Items[1]
foreach ($id in 6147, 6148) { $item.Properties.Item([string]$id).Value = 300 }
$page = 0
do {
  try { $image = $item.Transfer('{B96B3CAF-0728-11D3-9D7B-0000F81EF32E}') } catch { break }
  $page++
  $image.SaveFile((Join-Path $Folder ("wia-page-" + $page + ".png")))
} while ($Feeder -eq 1)
`;

export function createWiaScanner(runner: CommandRunner = run): ScannerPort {
  const invoke = (args: string[], timeoutMs: number) => runner('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', `& {${WIA_SCRIPT}} ${args.join(' ')}`], timeoutMs);
  return {
    kind: 'wia',
    async listDevices() {
      const { stdout, stderr, code } = await invoke(['-Mode', 'list'], 60_000);
      if (code !== 0) throw new Error(`WIA could not list scanners: ${stderr.trim() || `exit code ${code}`}`);
      return stdout.split(/\r?\n/).filter(Boolean).map((line) => {
        const [id = '', name = ''] = line.split('\t');
        return { id, name };
      });
    },
    async scan(device, { feeder, folder }) {
      fs.mkdirSync(folder, { recursive: true });
      const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
      const { stderr, code } = await invoke(['-Mode', 'scan', '-Device', quote(device), '-Folder', quote(folder), '-Feeder', feeder ? '1' : '0'], 10 * 60_000);
      const pages = pagesIn(folder, 'wia-page-');
      // No page is a failure the clerk must hear about (no paper, no such scanner), never an empty success.
      if (pages.length === 0) throw new Error(`WIA scanned no page: ${stderr.trim() || `exit code ${code}`}`);
      return pages;
    },
  };
}

export function createScanFolderOnly(): ScannerPort {
  return { kind: 'scan-folder', listDevices: () => Promise.resolve([]), scan: () => Promise.reject(new Error('this platform scans into the scan folder')) };
}

export function defaultScanner(platform: NodeJS.Platform = process.platform): ScannerPort {
  if (platform === 'win32') return createWiaScanner();
  if (platform === 'darwin') return createScanFolderOnly();
  return createSaneScanner();
}
