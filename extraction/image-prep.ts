/**
 * A picture prepared for recognition as the spec's image recommendations say: the EXIF orientation a phone
 * wrote applied to the pixels (recognition sees the invoice upright), the long side scaled down to about
 * 1280 (1280×960 suggested; proportional compression allowed), and JPEG. Smaller pictures are not scaled
 * up. PDF, OFD and XML go to recognition as they are. Pure JavaScript (jpeg-js, pngjs): no native code.
 */
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { sniffFileKind } from './file-type.js';

export const RECOGNITION_LONG_SIDE = 1280;
export const RECOGNITION_SHORT_SIDE = 960;
const JPEG_QUALITY = 85;
/** jpeg-js refuses to allocate more than this, which a 12-megapixel photo stays under. */
const MAX_MEMORY_MB = 512;

interface Bitmap {
  width: number;
  height: number;
  data: Uint8Array;
}

/** EXIF Orientation (1–8) of a JPEG; 1 when there is none. */
export function exifOrientation(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 2;
  while (offset + 4 < bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1];
    const length = view.getUint16(offset + 2);
    if (marker === 0xe1 && view.getUint32(offset + 4) === 0x45786966) {
      const tiff = offset + 10;
      const little = view.getUint16(tiff) === 0x4949;
      const ifd = tiff + view.getUint32(tiff + 4, little);
      const count = view.getUint16(ifd, little);
      for (let entry = 0; entry < count; entry++) {
        const at = ifd + 2 + entry * 12;
        if (at + 12 > bytes.length) break;
        if (view.getUint16(at, little) === 0x0112) return view.getUint16(at + 8, little);
      }
      return 1;
    }
    if (marker === 0xda) break;
    offset += 2 + length;
  }
  return 1;
}

/** Applies an EXIF orientation: the pixel at (x, y) of the stored image lands where an upright view shows it. */
function orient(image: Bitmap, orientation: number): Bitmap {
  if (orientation <= 1 || orientation > 8) return image;
  const { width: w, height: h, data } = image;
  const swap = orientation >= 5;
  const out = { width: swap ? h : w, height: swap ? w : h, data: new Uint8Array(data.length) };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let [nx, ny] = [x, y];
      switch (orientation) {
        case 2: nx = w - 1 - x; break;
        case 3: nx = w - 1 - x; ny = h - 1 - y; break;
        case 4: ny = h - 1 - y; break;
        case 5: nx = y; ny = x; break;
        case 6: nx = h - 1 - y; ny = x; break;
        case 7: nx = h - 1 - y; ny = w - 1 - x; break;
        case 8: nx = y; ny = w - 1 - x; break;
      }
      out.data.set(data.subarray((y * w + x) * 4, (y * w + x) * 4 + 4), (ny * out.width + nx) * 4);
    }
  }
  return out;
}

/** Box-filter downscale (averages each source block): sharp enough for text, no aliasing of thin strokes. */
function scaleDown(image: Bitmap, factor: number): Bitmap {
  if (factor >= 1) return image;
  const width = Math.max(1, Math.round(image.width * factor));
  const height = Math.max(1, Math.round(image.height * factor));
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y / factor);
    const y1 = Math.min(image.height, Math.max(y0 + 1, Math.floor((y + 1) / factor)));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x / factor);
      const x1 = Math.min(image.width, Math.max(x0 + 1, Math.floor((x + 1) / factor)));
      const sum = [0, 0, 0, 0];
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0; sx < x1; sx++) {
          const at = (sy * image.width + sx) * 4;
          for (let c = 0; c < 4; c++) sum[c] = (sum[c] ?? 0) + (image.data[at + c] ?? 0);
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      for (let c = 0; c < 4; c++) data[(y * width + x) * 4 + c] = Math.round((sum[c] ?? 0) / n);
    }
  }
  return { width, height, data };
}

export interface PreparedPicture {
  bytes: Uint8Array;
  /** 'jpeg' when prepared; the original kind when sent as it is (PDF/OFD/XML). */
  kind: string;
  width?: number;
  height?: number;
}

/** The picture to send to recognition. Throws when a PNG/JPEG cannot be decoded. */
export function prepareForRecognition(bytes: Uint8Array): PreparedPicture {
  const kind = sniffFileKind(bytes);
  if (kind !== 'png' && kind !== 'jpeg') return { bytes, kind: kind ?? 'unknown' };
  let image: Bitmap;
  if (kind === 'jpeg') {
    const decoded = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: MAX_MEMORY_MB });
    image = orient({ width: decoded.width, height: decoded.height, data: decoded.data }, exifOrientation(bytes));
  } else {
    const decoded = PNG.sync.read(Buffer.from(bytes));
    image = { width: decoded.width, height: decoded.height, data: new Uint8Array(decoded.data) };
  }
  const long = Math.max(image.width, image.height);
  const short = Math.min(image.width, image.height);
  const scaled = scaleDown(image, Math.min(1, RECOGNITION_LONG_SIDE / long, RECOGNITION_SHORT_SIDE / short));
  const encoded = jpeg.encode({ width: scaled.width, height: scaled.height, data: scaled.data }, JPEG_QUALITY);
  return { bytes: new Uint8Array(encoded.data), kind: 'jpeg', width: scaled.width, height: scaled.height };
}
