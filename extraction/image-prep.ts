/**
 * A picture prepared for recognition as the spec's image recommendations say: the EXIF orientation a phone
 * wrote applied to the pixels (recognition sees the invoice upright), the long side scaled down to about
 * 1280 (1280×960 suggested; proportional compression allowed; a PNG scan is scaled while it is decoded), and
 * JPEG. Smaller pictures are not scaled up. PDF, OFD and XML go to recognition as they are. Pure JavaScript
 * (jpeg-js, pngjs, node:zlib): no native code.
 */
import jpeg from 'jpeg-js';
import { sniffFileKind } from './file-type.js';
import { decodePicture, type Bitmap } from './picture.js';

export const RECOGNITION_LONG_SIDE = 1280;
export const RECOGNITION_SHORT_SIDE = 960;
const JPEG_QUALITY = 85;

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

export interface PreparedPicture {
  bytes: Uint8Array;
  /** 'jpeg' when prepared; the original kind when sent as it is (PDF/OFD/XML). */
  kind: string;
  width?: number;
  height?: number;
}

/**
 * The picture to send to recognition. Throws an ExtractionError when a PNG/JPEG is past the size caps
 * (refused by its header) or cannot be decoded; a big scan is scaled down while it is decoded (picture.ts).
 */
export async function prepareForRecognition(bytes: Uint8Array): Promise<PreparedPicture> {
  const kind = sniffFileKind(bytes);
  if (kind !== 'png' && kind !== 'jpeg') return { bytes, kind: kind ?? 'unknown' };
  const decoded = await decodePicture(bytes, kind, RECOGNITION_LONG_SIDE * RECOGNITION_SHORT_SIDE, { long: RECOGNITION_LONG_SIDE, short: RECOGNITION_SHORT_SIDE });
  const image = kind === 'jpeg' ? orient(decoded, exifOrientation(bytes)) : decoded;
  const encoded = jpeg.encode({ width: image.width, height: image.height, data: image.data }, JPEG_QUALITY);
  return { bytes: new Uint8Array(encoded.data), kind: 'jpeg', width: image.width, height: image.height };
}
