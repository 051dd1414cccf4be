/**
 * bench intake: local extraction of 200 invoice-QR images as the app does it — on intake's extraction
 * pool (worker threads, one per core; zxing-wasm prepared once per thread; quick pass first), `size + 1`
 * files in flight as the intake queue keeps them — vs `zbarimg` (zbar-tools, native C) decoding the very
 * same PNG files in one process, in the same run. Both read the files from disk; zbarimg only decodes and
 * prints, ours also sniffs, checks and parses. Ratio = our rate / zbarimg's rate.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createExtractionPool } from '../../main/features/intake/extraction-pool.js';
import { qrPng } from '../support/intake-fixtures.js';
import { benchDir, fmt, report } from './common.js';

const IMAGES = Number(process.env.BENCH_INTAKE_IMAGES ?? 200);

export async function benchIntake(): Promise<void> {
  const { dir, remove } = benchDir('intake');
  try {
    const files: string[] = [];
    for (let index = 0; index < IMAGES; index++) {
      const digital = index % 2 === 0;
      const number = String(10_000_000 + index);
      const payload = digital
        ? `01,31,,2431200000${number.padStart(10, '0')},${(100 + index).toFixed(2)},20240415,,C3D4`
        : `01,10,044031900111,${number},${(100 + index).toFixed(2)},20240302,0987654321098765${String(index).padStart(4, '0')},A1B2,`;
      const file = path.join(dir, `qr-${index}.png`);
      fs.writeFileSync(file, await qrPng(payload));
      files.push(file);
    }
    const pool = createExtractionPool();
    let read = 0;
    let oursMs: number;
    try {
      // Warm-up: the app's threads start once and live on; each compiles zxing-wasm's module once.
      const first = new Uint8Array(fs.readFileSync(files[0] as string));
      await Promise.all(Array.from({ length: pool.size }, () => pool.extract(first)));
      const oursStart = performance.now();
      let next = 0;
      const lane = async () => {
        while (next < files.length) {
          const file = files[next++] as string;
          const outcome = await pool.extract(new Uint8Array(fs.readFileSync(file)));
          if (outcome.ok && outcome.extraction.fields.fphm) read++;
        }
      };
      await Promise.all(Array.from({ length: pool.size + 1 }, lane));
      oursMs = performance.now() - oursStart;
    } finally {
      await pool.close();
    }

    const baseStart = performance.now();
    const output = execFileSync('zbarimg', ['-q', '--raw', '-Sdisable', '-Sqrcode.enable', ...files], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
    const baseMs = performance.now() - baseStart;
    const decoded = output.split('\n').filter((line) => line.startsWith('01,')).length;

    const ours = (IMAGES / oursMs) * 1000;
    const base = (IMAGES / baseMs) * 1000;
    report('intake', `${fmt(ours, 1)} images/s`, `${fmt(base, 1)} images/s`, ours / base, `${IMAGES} QR PNGs; ${pool.size} threads; ours read ${read} in ${fmt(oursMs / 1000)} s, zbarimg decoded ${decoded} in ${fmt(baseMs / 1000)} s`);
  } finally {
    remove();
  }
}
