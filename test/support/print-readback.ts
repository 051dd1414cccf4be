/**
 * @needs cups
 * Reading a printed page back as ink, beside `pdftotext -bbox` (cups-pdf.ts): poppler's `pdftoppm` renders
 * the PDF cups-pdf wrote, `zbarimg` (ZBar) decodes the QR code from that picture — as a desk scanner
 * would read it off the paper — and the grey raster tells where ink landed (next to a pre-printed rule,
 * where the QR symbol starts and ends).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Raster {
  width: number;
  height: number;
  pxPerMm: number;
  /** 0 black … 255 white, row-major. */
  grey: Uint8Array;
}

const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-readback-'));

/** The first page rendered in grey at `dpi` (a binary PGM from pdftoppm, parsed here). */
export function rasterOf(pdf: string, dpi = 200): Raster {
  const dir = scratch();
  try {
    execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-f', '1', '-l', '1', '-singlefile', pdf, path.join(dir, 'page')]);
    const bytes = fs.readFileSync(path.join(dir, 'page.pgm'));
    // Header: "P5\n<width> <height>\n255\n" (no comments from pdftoppm).
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(bytes.subarray(0, 64).toString('latin1'));
    if (!header) throw new Error('pdftoppm did not write a binary PGM');
    const width = Number(header[1]);
    const height = Number(header[2]);
    return { width, height, pxPerMm: dpi / 25.4, grey: bytes.subarray(header[0].length, header[0].length + width * height) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The QR payloads zbarimg reads from the first page rendered at 300 dpi. */
export function decodeQrCodes(pdf: string): string[] {
  const dir = scratch();
  try {
    execFileSync('pdftoppm', ['-r', '300', '-gray', '-png', '-f', '1', '-l', '1', '-singlefile', pdf, path.join(dir, 'page')]);
    const out = execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', path.join(dir, 'page.png')]).toString();
    return out.split('\n').filter((line) => line !== '');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const INK = 128;

/** The bounding box (mm) of the ink inside a region (mm), or null when the region is blank. */
export function inkBox(raster: Raster, region: { x: number; y: number; w: number; h: number }): { x: number; y: number; w: number; h: number } | null {
  const k = raster.pxPerMm;
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let py = Math.floor(region.y * k); py < Math.min(raster.height, Math.ceil((region.y + region.h) * k)); py++) {
    for (let px = Math.floor(region.x * k); px < Math.min(raster.width, Math.ceil((region.x + region.w) * k)); px++) {
      if (raster.grey[py * raster.width + px]! >= INK) continue;
      minX = Math.min(minX, px);
      maxX = Math.max(maxX, px);
      minY = Math.min(minY, py);
      maxY = Math.max(maxY, py);
    }
  }
  if (minX === Infinity) return null;
  return { x: minX / k, y: minY / k, w: (maxX + 1 - minX) / k, h: (maxY + 1 - minY) / k };
}

/**
 * Ink within `marginMm` of a pre-printed rule [x1, y1, x2, y2] (a horizontal or vertical segment): the
 * band around the rule along its length. Returns where, in mm, or null when the band is clean.
 */
export function inkNearRule(raster: Raster, [x1, y1, x2, y2]: readonly [number, number, number, number], marginMm: number): { x: number; y: number } | null {
  const horizontal = y1 === y2;
  const region = horizontal
    ? { x: Math.min(x1, x2), y: y1 - marginMm, w: Math.abs(x2 - x1), h: 2 * marginMm }
    : { x: x1 - marginMm, y: Math.min(y1, y2), w: 2 * marginMm, h: Math.abs(y2 - y1) };
  const found = inkBox(raster, region);
  return found ? { x: +found.x.toFixed(2), y: +found.y.toFixed(2) } : null;
}
