/**
 * A minimal baseline JPEG encoder (greyscale, standard luminance tables), so the intake tests can make a
 * JPEG of an invoice QR code at run time instead of committing a binary: nothing in node_modules encodes
 * JPEG, and the point is to prove the sandbox decodes a real JPEG stream (DCT, Huffman, byte stuffing).
 */

const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29,
  22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

const LUMINANCE_QUANT = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68,
  109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];

const DC_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const AC_BITS = [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d];
const AC_VALUES = [
  0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xa1, 0x08, 0x23,
  0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a,
  0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64,
  0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x92, 0x93, 0x94,
  0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2,
  0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8,
  0xe9, 0xea, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
];

interface Code {
  code: number;
  length: number;
}

function huffmanCodes(bits: readonly number[], values: readonly number[]): Map<number, Code> {
  const codes = new Map<number, Code>();
  let code = 0;
  let index = 0;
  for (let length = 1; length <= 16; length++) {
    for (let count = 0; count < (bits[length - 1] ?? 0); count++) codes.set(values[index++] ?? 0, { code: code++, length });
    code <<= 1;
  }
  return codes;
}

class BitWriter {
  readonly bytes: number[] = [];
  private buffer = 0;
  private count = 0;

  write(value: number, length: number): void {
    for (let bit = length - 1; bit >= 0; bit--) {
      this.buffer = (this.buffer << 1) | ((value >> bit) & 1);
      if (++this.count === 8) this.flushByte();
    }
  }

  private flushByte(): void {
    this.bytes.push(this.buffer);
    // Byte stuffing: a 0xFF in entropy-coded data would read as a marker.
    if (this.buffer === 0xff) this.bytes.push(0);
    this.buffer = 0;
    this.count = 0;
  }

  /** Pads the last byte with 1 bits, as the standard asks. */
  finish(): void {
    while (this.count !== 0) this.write(1, 1);
  }
}

function category(value: number): { size: number; bits: number } {
  const magnitude = Math.abs(value);
  const size = magnitude === 0 ? 0 : Math.floor(Math.log2(magnitude)) + 1;
  return { size, bits: value >= 0 ? value : value + (1 << size) - 1 };
}

const COS = Array.from({ length: 64 }, (_, index) => Math.cos(((2 * (index >> 3) + 1) * (index & 7) * Math.PI) / 16));
const scale = (frequency: number) => (frequency === 0 ? Math.SQRT1_2 : 1);

/** Encodes greyscale pixels (one byte per pixel, row by row) as a baseline JFIF JPEG. */
export function encodeGreyscaleJpeg(pixels: Uint8Array, width: number, height: number, quality = 90): Uint8Array {
  const factor = quality < 50 ? 5000 / quality : 200 - quality * 2;
  const quant = LUMINANCE_QUANT.map((value) => Math.min(255, Math.max(1, Math.floor((value * factor + 50) / 100))));
  const dcCodes = huffmanCodes(DC_BITS, DC_VALUES);
  const acCodes = huffmanCodes(AC_BITS, AC_VALUES);
  const writer = new BitWriter();
  const emit = (codes: Map<number, Code>, symbol: number) => {
    const entry = codes.get(symbol);
    if (!entry) throw new Error(`no Huffman code for ${symbol}`);
    writer.write(entry.code, entry.length);
  };

  let previousDc = 0;
  const block = new Float64Array(64);
  for (let by = 0; by < height; by += 8) {
    for (let bx = 0; bx < width; bx += 8) {
      for (let y = 0; y < 8; y++) {
        for (let x = 0; x < 8; x++) {
          // Edge blocks repeat the last row/column, which keeps the padding invisible.
          const sx = Math.min(bx + x, width - 1);
          const sy = Math.min(by + y, height - 1);
          block[y * 8 + x] = (pixels[sy * width + sx] ?? 0) - 128;
        }
      }
      const coefficients = new Array<number>(64);
      for (let v = 0; v < 8; v++) {
        for (let u = 0; u < 8; u++) {
          let sum = 0;
          for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) sum += (block[y * 8 + x] ?? 0) * (COS[x * 8 + u] ?? 0) * (COS[y * 8 + v] ?? 0);
          const natural = v * 8 + u;
          coefficients[natural] = Math.round((0.25 * scale(u) * scale(v) * sum) / (quant[natural] ?? 1));
        }
      }
      const zigzag = ZIGZAG.map((natural) => coefficients[natural] ?? 0);
      const dc = zigzag[0] ?? 0;
      const dcCategory = category(dc - previousDc);
      previousDc = dc;
      emit(dcCodes, dcCategory.size);
      writer.write(dcCategory.bits, dcCategory.size);
      let run = 0;
      for (let k = 1; k < 64; k++) {
        const value = zigzag[k] ?? 0;
        if (value === 0) {
          run++;
          continue;
        }
        while (run > 15) {
          emit(acCodes, 0xf0);
          run -= 16;
        }
        const acCategory = category(value);
        emit(acCodes, (run << 4) | acCategory.size);
        writer.write(acCategory.bits, acCategory.size);
        run = 0;
      }
      if (run > 0) emit(acCodes, 0x00);
    }
  }
  writer.finish();

  const segment = (marker: number, payload: number[]) => [0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload];
  const huffmanTable = (tableClass: number, bits: readonly number[], values: readonly number[]) => [(tableClass << 4) | 0, ...bits, ...values];
  const bytes = [
    0xff, 0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0, ...ZIGZAG.map((natural) => quant[natural] ?? 1)]),
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ...segment(0xc4, [...huffmanTable(0, DC_BITS, DC_VALUES), ...huffmanTable(1, AC_BITS, AC_VALUES)]),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
  ];
  const out = new Uint8Array(bytes.length + writer.bytes.length + 2);
  out.set(bytes, 0);
  out.set(writer.bytes, bytes.length);
  out.set([0xff, 0xd9], bytes.length + writer.bytes.length);
  return out;
}
