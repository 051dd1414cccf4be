/**
 * PrinterPort over CUPS's command-line clients (Linux and macOS hosts, the harness and the tests):
 * `lpstat -p -d` lists the queues, `lp` submits the PDF on standard input with the sheet as a custom
 * media size, no fit-to-page (a 套打 job must land at 100 %, millimetre for millimetre), and Cairo as the
 * PDF→PostScript renderer for queues that need PostScript: Ghostscript's ps2write, CUPS's default there,
 * re-encodes the embedded CJK font without its Unicode map, so the text of the printed PDF (cups-pdf)
 * can no longer be read back or searched; pdftocairo keeps it.
 */
import { execFile, spawn } from 'node:child_process';
import { PrinterError, type PrinterInfo, type PrinterPort, type PrintRequest } from '../../ports.js';

export interface CupsOptions {
  /** Folder of lp/lpstat when they are not on PATH (macOS apps started from Finder). */
  binDir?: string;
}

/** C locale: lpstat's and lp's messages are parsed and must not be translated. */
const ENV = { ...process.env, LANG: 'C', LC_ALL: 'C' };

function run(command: string, args: string[], input?: Uint8Array): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: ENV, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
    // lp reads the document from stdin; an EPIPE (lp refused before reading) is reported by its exit code.
    child.stdin.on('error', () => undefined);
    child.stdin.end(input ?? undefined);
  });
}

/** Parses `lpstat -p -d` (C locale). */
export function parseLpstat(output: string): PrinterInfo[] {
  const defaultName = /^system default destination: (.+)$/m.exec(output)?.[1]?.trim();
  const printers: PrinterInfo[] = [];
  const lines = output.split('\n');
  lines.forEach((line, index) => {
    // "printer X is idle.", "printer X now printing X-12.", "printer X disabled since …".
    const match = /^printer (\S+) (is idle|now printing|disabled)\b/.exec(line);
    if (!match) return;
    const name = match[1]!;
    const state = match[2] === 'disabled' ? 'stopped' : match[2] === 'is idle' ? 'idle' : 'printing';
    // The reason of a stopped queue is on the following indented line(s).
    const reason = lines[index + 1]?.startsWith('\t') ? lines[index + 1]!.trim() : undefined;
    printers.push({ name, isDefault: name === defaultName, state, ...(reason ? { detail: reason } : {}) });
  });
  return printers;
}

/** The CUPS media name of a sheet: Custom.240x140mm, or A4 for 210 × 297. */
export function mediaOption(paper: PrintRequest['paper']): string {
  if (paper.widthMm === 210 && paper.heightMm === 297) return 'A4';
  return `Custom.${paper.widthMm}x${paper.heightMm}mm`;
}

export function createCupsPrinterPort(options: CupsOptions = {}): PrinterPort {
  const bin = (name: string) => (options.binDir ? `${options.binDir}/${name}` : name);
  const lpstat = (args: string[]) => run(bin('lpstat'), args);

  async function check(printer: string): Promise<void> {
    const result = await lpstat(['-p', printer]);
    if (result.code !== 0 || !result.stdout.includes(`printer ${printer} `)) {
      throw new PrinterError(printer, "missing", (result.stderr || result.stdout).trim() || `no printer named ${printer}`);
    }
    const [info] = parseLpstat(result.stdout);
    if (info?.state === 'stopped') throw new PrinterError(printer, 'offline', info.detail ?? 'the queue is disabled');
  }

  return {
    backend: 'cups',
    async list() {
      const result = await lpstat(['-p', '-d']);
      // No printer at all: lpstat says so on stderr and exits 1; that is an empty list, not a failure.
      if (result.code !== 0 && /no destinations added/i.test(result.stderr)) return [];
      if (result.code !== 0) throw new Error(`lpstat failed: ${result.stderr.trim()}`);
      return parseLpstat(result.stdout);
    },
    async print(request) {
      if (request.printer.startsWith('-') || /[\s/]/.test(request.printer)) throw new PrinterError(request.printer, 'missing', 'not a CUPS queue name');
      await check(request.printer);
      const args = [
        '-d', request.printer,
        '-n', String(request.copies),
        '-t', request.title,
        '-o', `media=${mediaOption(request.paper)}`,
        '-o', 'fit-to-page=false',
        '-o', 'print-scaling=none',
        '-o', 'pdftops-renderer=pdftocairo',
        '-',
      ];
      const result = await run(bin('lp'), args, request.pdf);
      const jobId = /request id is (\S+)/.exec(result.stdout)?.[1];
      if (result.code !== 0 || !jobId) throw new PrinterError(request.printer, 'refused', (result.stderr || result.stdout).trim() || `lp exited with ${result.code}`);
      return { jobId };
    },
  };
}

/** Whether CUPS's clients are on this machine (the harness falls back to no printer without them). */
export function cupsAvailable(): Promise<boolean> {
  return new Promise((resolve) => execFile('lpstat', ['-r'], { env: ENV }, (error) => resolve(!error)));
}
