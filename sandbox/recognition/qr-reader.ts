/**
 * QR codes in pictures, with zxing-wasm. Its default loader fetches the .wasm from a CDN, which fails
 * offline and would leak that a clerk is scanning; the binary is read from the package's own folder and
 * handed over as `wasmBinary` instead, once per process.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';

/** Decoded RGBA pixels, the shape zxing-wasm reads as ImageData. */
export interface RgbaPixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export interface DecodedQr {
  text: string;
  /** Rotation of the code in the picture, degrees clockwise, normalised to 0/90/180/270. */
  rotation: number;
}

const READER_OPTIONS: ReaderOptions = { formats: ['QRCode'], tryHarder: true, tryRotate: true, tryInvert: true, maxNumberOfSymbols: 16 };

let prepared = false;

function prepareOnce(): void {
  if (prepared) return;
  // __filename exists in the CommonJS bundle of the app, import.meta.url under Node's ESM (tests, tsx).
  const require = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
  const bytes = fs.readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  prepareZXingModule({ overrides: { wasmBinary } });
  prepared = true;
}

function normaliseRotation(degrees: number): number {
  return (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
}

/** QR codes in an encoded PNG/JPEG file (zxing decodes those itself) or in raw RGBA pixels. */
export async function readQrCodes(input: Uint8Array | RgbaPixels): Promise<DecodedQr[]> {
  prepareOnce();
  // zxing-wasm only reads data/width/height of an ImageData; Node has no ImageData class to construct.
  const source = input instanceof Uint8Array ? input : ({ ...input, colorSpace: 'srgb' } as ImageData);
  const results = await readBarcodes(source, READER_OPTIONS);
  const seen = new Set<string>();
  const decoded: DecodedQr[] = [];
  for (const result of results) {
    if (!result.isValid || seen.has(result.text)) continue;
    seen.add(result.text);
    decoded.push({ text: result.text, rotation: normaliseRotation(result.orientation) });
  }
  return decoded;
}
