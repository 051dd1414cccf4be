/**
 * No file can exhaust the desk (issue 22.5). Picture bombs — the 69-byte PNG claiming 30000 × 30000,
 * a JPEG header claiming the same, a PDF drawing one 20000 × 20000 image (its size written plainly, and
 * behind references), and OFDs carrying such pictures (a header bomb, and 400 MB of real pixels deflated) —
 * go in one batch with good files, to `npm run intake` (a child process) and to the app's intake (the
 * core's intake over its extraction pool, in a child process; then the same files to its sandbox's
 * recognition). Each bomb is refused by its header with image-too-large (4004 in the sandbox) — not by the
 * per-file time budget nor the memory ceiling, which are the backstop — the good files are read, and the
 * peak resident set (the kernel's VmHWM, worker threads included) of every process stays under 1 GB.
 * Speed is not asserted here: the refusal is a header check, and the bench (picture-bombs) measures it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntakeItem } from '../../../shared/ipc/index.js';
import { qrPdf, qrPng } from '../../support/intake-fixtures.js';
import { jpegHeaderBomb, ofdWithPicture, pdfImageBomb, pngHeaderBomb, pngPixelBomb } from '../../support/picture-bombs.js';
import { childArgs } from '../../support/child-bundles.js';

const GIGABYTE_KB = 1024 * 1024;
const REPORT_PEAK = path.resolve('test/support/report-peak-rss.mjs');
const GOOD_PNG = '01,32,,24312000000012345678,2260.00,20240415,,C3D4';
const GOOD_PDF = '01,10,044031900111,55667788,66.00,20240302,09876543210987655566,FFFF,';

let folder: string;
const bombs: Record<string, string> = {};
const good: Record<string, string> = {};

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'picture-bombs-'));
  const write = (name: string, bytes: Uint8Array) => {
    fs.writeFileSync(path.join(folder, name), bytes);
    return path.join(folder, name);
  };
  const pixels = await pngPixelBomb(20_000);
  bombs['png-header-30000.png'] = write('png-header-30000.png', pngHeaderBomb(30_000));
  bombs['jpeg-header-30000.jpg'] = write('jpeg-header-30000.jpg', jpegHeaderBomb(30_000));
  bombs['pdf-image-20000.pdf'] = write('pdf-image-20000.pdf', await pdfImageBomb(20_000));
  bombs['pdf-image-20000-by-reference.pdf'] = write('pdf-image-20000-by-reference.pdf', await pdfImageBomb(20_000, { sizesByReference: true }));
  bombs['ofd-png-header-30000.ofd'] = write('ofd-png-header-30000.ofd', await ofdWithPicture(pngHeaderBomb(30_000)));
  bombs['ofd-png-pixels-20000.ofd'] = write('ofd-png-pixels-20000.ofd', await ofdWithPicture(pixels));
  good['good-qr.png'] = write('good-qr.png', await qrPng(GOOD_PNG));
  good['good-invoice.pdf'] = write('good-invoice.pdf', await qrPdf(GOOD_PDF));
  expect(fs.statSync(bombs['png-header-30000.png']!).size).toBe(69);
}, 120_000);

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** Bombs and good files interleaved, a good file last: the batch goes on around the bombs. */
const batch = () => [bombs['png-header-30000.png'], good['good-qr.png'], bombs['jpeg-header-30000.jpg'], bombs['pdf-image-20000.pdf'], bombs['pdf-image-20000-by-reference.pdf'], bombs['ofd-png-header-30000.ofd'], bombs['ofd-png-pixels-20000.ofd'], good['good-invoice.pdf']] as string[];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: path.resolve('.'), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const lines = (text: string) => text.split('\n').filter((line) => line.trim().startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);

describe('picture bombs', () => {
  it('npm run intake refuses each bomb by its header, reads the good files, and no process passes 1 GB', async () => {
    // Every Node process of the command (npm, tsx, the reader) reports its own peak when it exits.
    const result = await run('npm', ['run', '--silent', 'intake', '--', ...batch()], { NODE_OPTIONS: `--import ${REPORT_PEAK}` });
    expect(result.code).toBe(1);
    const outcomes = new Map(lines(result.stdout).map((line) => [path.basename(String(line.file)), line]));
    for (const name of Object.keys(bombs)) {
      expect(outcomes.get(name), name).toMatchObject({ ok: false, error: { code: 'image-too-large', message: expect.stringContaining(' pixels (at most 16384 a side and 36 megapixels)') } });
    }
    expect(outcomes.get('good-qr.png')).toMatchObject({ ok: true, fields: { fphm: '24312000000012345678', jshj: '2260.00' } });
    expect(outcomes.get('good-invoice.pdf')).toMatchObject({ ok: true, fields: { fpdm: '044031900111', fphm: '55667788' } });
    const peaks = [...result.stderr.matchAll(/peak-rss-kb (\d+)/g)].map((match) => Number(match[1]));
    expect(peaks.length).toBeGreaterThanOrEqual(2);
    console.log(`npm run intake: peak resident set ${Math.round(Math.max(...peaks) / 1024)} MB (processes: ${peaks.map((kb) => Math.round(kb / 1024)).join(', ')} MB)`);
    expect(Math.max(...peaks)).toBeLessThan(GIGABYTE_KB);
  }, 240_000);

  it("the app's intake refuses each bomb on its queue item while the good files are saved; its sandbox's recognition answers 4004; both stay under 1 GB", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'picture-bombs-core-'));
    try {
      const result = await run(process.execPath, childArgs('intake-core-child', [dataDir, ...batch()]));
      expect(result.code, result.stderr).toBe(0);
      const out = lines(result.stdout);
      const items = new Map(out.filter((line) => line.item).map((line) => [(line.item as IntakeItem).fileName, line as { item: IntakeItem; ms: number }]));
      for (const name of Object.keys(bombs)) {
        // Refused by the header check: not the per-file time budget (extraction-timeout) nor the memory ceiling.
        expect(items.get(name)?.item, name).toMatchObject({ status: 'failed', receivedId: null, error: { code: 'image-too-large' } });
      }
      expect(items.get('good-qr.png')?.item).toMatchObject({ status: 'ready', fields: { fphm: '24312000000012345678' }, error: null });
      expect(items.get('good-invoice.pdf')?.item).toMatchObject({ status: 'ready', fields: { fphm: '55667788' }, error: null });
      console.log(`app intake: settled after ${[...items.values()].map(({ item, ms }) => `${item.fileName} ${ms} ms`).join(', ')}`);

      const ocr = new Map(out.filter((line) => line.ocr).map((line) => [String(line.ocr), line]));
      for (const name of Object.keys(bombs)) expect(ocr.get(name), name).toMatchObject({ returnCode: '4004', returnMessage: expect.stringContaining('图片尺寸过大') });
      expect(ocr.get('good-qr.png')).toMatchObject({ returnCode: '0000' });

      const peaks = out.find((line) => line.peakKb !== undefined) as { peakKb: number; sandboxPeakKb: number };
      console.log(`app intake: peak resident set ${Math.round(peaks.peakKb / 1024)} MB, sandbox ${Math.round(peaks.sandboxPeakKb / 1024)} MB`);
      expect(peaks.peakKb).toBeLessThan(GIGABYTE_KB);
      expect(peaks.sandboxPeakKb).toBeLessThan(GIGABYTE_KB);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
