/**
 * The invoice's QR code (ewm) as modules, encoded with `qrcode` (a maintained encoder, bundled into main by
 * esbuild): error correction level M (15 % of the symbol may be smudged or creased and it still reads,
 * the level the billing programs use for a symbol this small), byte mode as the payload is ASCII. The
 * page keeps a quiet zone of four modules around the symbol blank (ISO/IEC 18004), so a phone or a desk
 * scanner finds it on the pre-printed form.
 */
import QRCode from 'qrcode';

/** Modules of blank margin the reader needs around the symbol. */
export const QUIET_ZONE_MODULES = 4;

export interface QrSymbol {
  /** Modules per side. */
  size: number;
  /** Row-major dark modules: rows[y][x]. */
  rows: boolean[][];
}

export function encodeQr(payload: string): QrSymbol {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const rows = Array.from({ length: modules.size }, (_, y) => Array.from({ length: modules.size }, (_, x) => modules.get(y, x) === 1));
  return { size: modules.size, rows };
}

/**
 * The dark modules of a symbol as horizontal runs (x, y, length in modules), so a renderer draws one
 * rectangle per run rather than one per module — fewer PDF operators and no hairline gaps between
 * neighbouring modules.
 */
export function darkRuns(symbol: QrSymbol): Array<{ x: number; y: number; length: number }> {
  const runs: Array<{ x: number; y: number; length: number }> = [];
  symbol.rows.forEach((row, y) => {
    let start = -1;
    for (let x = 0; x <= row.length; x++) {
      const dark = x < row.length && row[x];
      if (dark && start < 0) start = x;
      if (!dark && start >= 0) {
        runs.push({ x: start, y, length: x - start });
        start = -1;
      }
    }
  });
  return runs;
}
