/**
 * Pictures decoded within bounds. A picture's header names its size; a 69-byte PNG may claim 30000 × 30000
 * pixels (3.6 GB once decoded), so the size is read from the header and refused past the caps before any
 * decoder allocates a byte (`checkPictureSize`). What is under the caps but bigger than its use needs is
 * scaled down while it is decoded (`decodePicture`):
 * - PNG (not interlaced) is inflated as a stream and each row is unfiltered, made RGBA (over white: a
 *   transparent background must not read as black) and added into the box filter of its output row at
 *   once, so the full-size picture never exists: memory is a few rows plus the output;
 * - JPEG (jpeg-js) and interlaced PNG (pngjs) have no row-by-row decoder here: they are decoded whole —
 *   which the pixel cap bounds — under jpeg-js's own allocation guard, then scaled down.
 * Pure JavaScript (jpeg-js, pngjs, node:zlib): no native code, so a worker's termination stops it anywhere.
 */
import { once } from 'node:events';
import zlib from 'node:zlib';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { EXTRACTION_ERRORS, ExtractionError, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from './errors.js';
import { imageSize, type PixelSize } from './file-type.js';

export interface Bitmap {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Uint8Array;
}

/** jpeg-js refuses to allocate more than this; a picture at the pixel cap needs less. */
const JPEG_MEMORY_MB = 400;

/** Refuses a picture whose size is past the caps; `what` names it in the message (a PNG, an OFD's image…). */
export function checkPictureSize(size: PixelSize, what: string): void {
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE || size.width * size.height > MAX_IMAGE_PIXELS) {
    throw new ExtractionError(
      EXTRACTION_ERRORS.imageTooLarge,
      `${what} is ${size.width} × ${size.height} pixels (at most ${MAX_IMAGE_SIDE} a side and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels)`,
    );
  }
}

/** The size of a PNG/JPEG from its header, refused when damaged or past the caps. */
export function pictureSize(bytes: Uint8Array, kind: 'png' | 'jpeg', what = `the ${kind.toUpperCase()}`): PixelSize {
  const size = imageSize(bytes, kind);
  if (!size) throw new ExtractionError(EXTRACTION_ERRORS.corruptImage, `the ${kind.toUpperCase()} header is damaged`);
  checkPictureSize(size, what);
  return size;
}

/** The scale (≤ 1) that fits a picture into `maxPixels`, and into a long × short box when one is given. */
export function fitScale(size: PixelSize, maxPixels: number, box?: { long: number; short: number }): number {
  let scale = Math.min(1, Math.sqrt(maxPixels / (size.width * size.height)));
  if (box) scale = Math.min(scale, box.long / Math.max(size.width, size.height), box.short / Math.min(size.width, size.height));
  return scale;
}

/**
 * Box filter: source rows are added into the output row they fall in and the row is written out (averaged)
 * when the next one starts. Columns map to output columns by index; each output pixel averages its block.
 */
export class BoxScaler {
  readonly out: Bitmap;
  private readonly columnOf: Uint32Array;
  private readonly columnCount: Uint32Array;
  private readonly sums: Float64Array;
  private row = -1;
  private rowsInBlock = 0;

  constructor(
    private readonly sourceWidth: number,
    private readonly sourceHeight: number,
    scale: number,
  ) {
    const width = Math.max(1, Math.round(sourceWidth * scale));
    const height = Math.max(1, Math.round(sourceHeight * scale));
    this.out = { width, height, data: new Uint8Array(width * height * 4) };
    this.columnOf = new Uint32Array(sourceWidth);
    this.columnCount = new Uint32Array(width);
    for (let x = 0; x < sourceWidth; x++) {
      const column = Math.min(width - 1, Math.floor((x * width) / sourceWidth));
      this.columnOf[x] = column;
      this.columnCount[column] = (this.columnCount[column] ?? 0) + 1;
    }
    this.sums = new Float64Array(width * 4);
  }

  /** One source row of RGBA, rows in order from the top. */
  addRow(y: number, rgba: Uint8Array): void {
    const row = Math.min(this.out.height - 1, Math.floor((y * this.out.height) / this.sourceHeight));
    if (row !== this.row) this.flush(row);
    for (let x = 0; x < this.sourceWidth; x++) {
      const at = (this.columnOf[x] ?? 0) * 4;
      for (let c = 0; c < 4; c++) this.sums[at + c] = (this.sums[at + c] ?? 0) + (rgba[x * 4 + c] ?? 0);
    }
    this.rowsInBlock++;
  }

  finish(): Bitmap {
    this.flush(-1);
    return this.out;
  }

  private flush(next: number): void {
    if (this.row >= 0 && this.rowsInBlock > 0) {
      const base = this.row * this.out.width * 4;
      for (let column = 0; column < this.out.width; column++) {
        const n = (this.columnCount[column] ?? 1) * this.rowsInBlock;
        for (let c = 0; c < 4; c++) this.out.data[base + column * 4 + c] = Math.round((this.sums[column * 4 + c] ?? 0) / n);
      }
    }
    this.sums.fill(0);
    this.rowsInBlock = 0;
    this.row = next;
  }
}

/** Whole decoded RGBA scaled by the box filter (pictures that could not be decoded row by row). */
export function scaleBitmap(image: Bitmap, scale: number): Bitmap {
  if (scale >= 1) return image;
  const scaler = new BoxScaler(image.width, image.height, scale);
  const rowBytes = image.width * 4;
  for (let y = 0; y < image.height; y++) scaler.addRow(y, image.data.subarray(y * rowBytes, (y + 1) * rowBytes));
  return scaler.finish();
}

interface PngHeader {
  width: number;
  height: number;
  depth: number;
  colour: number;
  interlaced: boolean;
  palette?: Uint8Array;
  transparency?: Uint8Array;
  data: Uint8Array[];
}

function pngChunks(bytes: Uint8Array): PngHeader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header: PngHeader = { width: 0, height: 0, depth: 0, colour: 0, interlaced: false, data: [] };
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const body = bytes.subarray(at + 8, Math.min(bytes.length, at + 8 + length));
    if (type === 'IHDR' && body.length >= 13) {
      Object.assign(header, { width: view.getUint32(at + 8), height: view.getUint32(at + 12), depth: body[8], colour: body[9], interlaced: body[12] === 1 });
    } else if (type === 'PLTE') header.palette = body;
    else if (type === 'tRNS') header.transparency = body;
    else if (type === 'IDAT') header.data.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  return header;
}

const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Undoes a row's PNG filter in place (`previous` is the unfiltered row above, zeros for the first). */
function unfilter(filter: number, row: Uint8Array, previous: Uint8Array, bpp: number): void {
  for (let i = 0; i < row.length; i++) {
    const left = i >= bpp ? (row[i - bpp] ?? 0) : 0;
    const up = previous[i] ?? 0;
    const upLeft = i >= bpp ? (previous[i - bpp] ?? 0) : 0;
    let add = 0;
    if (filter === 1) add = left;
    else if (filter === 2) add = up;
    else if (filter === 3) add = (left + up) >> 1;
    else if (filter === 4) {
      const p = left + up - upLeft;
      const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
      add = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
    }
    row[i] = ((row[i] ?? 0) + add) & 0xff;
  }
}

/** One unfiltered row as RGBA composited over white. */
function rowToRgba(png: PngHeader, row: Uint8Array, into: Uint8Array): void {
  const { width, depth, colour, palette, transparency } = png;
  const sample = (index: number): number => {
    if (depth === 8) return row[index] ?? 0;
    if (depth === 16) return row[index * 2] ?? 0;
    const perByte = 8 / depth;
    const value = ((row[Math.floor(index / perByte)] ?? 0) >> (8 - depth * ((index % perByte) + 1))) & ((1 << depth) - 1);
    return colour === 3 ? value : Math.round((value * 255) / ((1 << depth) - 1));
  };
  const channels = CHANNELS[colour] ?? 1;
  for (let x = 0; x < width; x++) {
    let r: number, g: number, b: number;
    let a = 255;
    if (colour === 3) {
      const entry = sample(x);
      [r, g, b] = [palette?.[entry * 3] ?? 0, palette?.[entry * 3 + 1] ?? 0, palette?.[entry * 3 + 2] ?? 0];
      a = transparency?.[entry] ?? 255;
    } else if (colour === 0 || colour === 4) {
      r = g = b = sample(x * channels);
      if (colour === 4) a = sample(x * channels + 1);
    } else {
      [r, g, b] = [sample(x * channels), sample(x * channels + 1), sample(x * channels + 2)];
      if (colour === 6) a = sample(x * channels + 3);
    }
    const over = (value: number) => Math.round((value * a + 255 * (255 - a)) / 255);
    into.set([over(r), over(g), over(b), 255], x * 4);
  }
}

/** A non-interlaced PNG inflated as a stream, each row scaled into the output as it comes. */
async function decodePngRows(png: PngHeader, scale: number): Promise<Bitmap> {
  const channels = CHANNELS[png.colour];
  if (channels === undefined || ![1, 2, 4, 8, 16].includes(png.depth)) throw new ExtractionError(EXTRACTION_ERRORS.corruptImage, 'the PNG header names an unknown pixel format');
  const bitsPerPixel = channels * png.depth;
  const rowBytes = Math.ceil((png.width * bitsPerPixel) / 8);
  const bpp = Math.max(1, bitsPerPixel >> 3);
  const scaler = new BoxScaler(png.width, png.height, scale);
  let row = new Uint8Array(rowBytes + 1);
  let previous = new Uint8Array(rowBytes + 1);
  const rgba = new Uint8Array(png.width * 4);
  let filled = 0;
  let y = 0;
  const inflater = zlib.createInflate();
  const feeding = (async () => {
    for (const chunk of png.data) if (!inflater.write(chunk)) await once(inflater, 'drain');
    inflater.end();
  })();
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      for (let at = 0; at < chunk.length && y < png.height; ) {
        const take = Math.min(chunk.length - at, row.length - filled);
        row.set(chunk.subarray(at, at + take), filled);
        filled += take;
        at += take;
        if (filled < row.length) continue;
        const body = row.subarray(1);
        unfilter(row[0] ?? 0, body, previous.subarray(1), bpp);
        rowToRgba(png, body, rgba);
        scaler.addRow(y++, rgba);
        [row, previous] = [previous, row];
        filled = 0;
      }
    }
    await feeding;
  } catch (error) {
    inflater.destroy();
    throw new ExtractionError(EXTRACTION_ERRORS.corruptImage, `the PNG cannot be decoded: ${error instanceof Error ? error.message : String(error)}`);
  }
  // A truncated picture keeps the rows it had (white below), as viewers show it.
  return scaler.finish();
}

/**
 * A PNG/JPEG as RGBA, refused past the caps, scaled down (never up) to at most `maxPixels` and into `box`
 * when given. Throws an ExtractionError when the picture cannot be decoded.
 */
export async function decodePicture(bytes: Uint8Array, kind: 'png' | 'jpeg', maxPixels: number, box?: { long: number; short: number }): Promise<Bitmap> {
  const size = pictureSize(bytes, kind);
  const scale = fitScale(size, maxPixels, box);
  if (kind === 'png') {
    const png = pngChunks(bytes);
    if (!png.interlaced) return decodePngRows(png, scale);
  }
  let image: Bitmap;
  try {
    if (kind === 'jpeg') {
      const decoded = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: JPEG_MEMORY_MB, maxResolutionInMP: MAX_IMAGE_PIXELS / 1_000_000 });
      image = { width: decoded.width, height: decoded.height, data: decoded.data };
    } else {
      const decoded = PNG.sync.read(Buffer.from(bytes));
      image = { width: decoded.width, height: decoded.height, data: new Uint8Array(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength) };
    }
  } catch (error) {
    throw new ExtractionError(EXTRACTION_ERRORS.corruptImage, `the ${kind.toUpperCase()} cannot be decoded: ${error instanceof Error ? error.message : String(error)}`);
  }
  return scaleBitmap(image, fitScale(image, maxPixels, box));
}
