/**
 * The font the app prints with: Noto Sans SC Regular (SIL Open Font License 1.1), shipped with the app
 * from the npm package @expo-google-fonts/noto-sans-sc (its 400Regular TTF; electron-builder copies only
 * that file). Printing never depends on the fonts of the clerk's machine, so the preview, the PDF and the
 * paper are the same everywhere. 密码区 uses the PDF standard Courier (a monospace face every PDF reader
 * and printer has) because its characters are ASCII.
 *
 * It also works around a bug of @pdf-lib/fontkit 1.1.1's TrueType subsetter: glyph records are not padded
 * to an even length, so when the subset's 'loca' table comes out in the short format (offset ÷ 2) every
 * glyph after an odd-length one points into the middle of another. Poppler happens to cope; Ghostscript
 * and Cairo — which CUPS runs on every print job — draw empty boxes and lose the text. Padding each glyph
 * to 4 bytes (what the TrueType spec recommends) fixes it.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';

// __filename exists in the CommonJS bundle of the app, import.meta.url under Node's ESM (tests, tsx).
const require = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
const FONT_PACKAGE_FILE = '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';

/** Ideographic em box of Noto Sans SC: top at 0.88 em above the baseline (OS/2 typo ascender 880/1000). */
export const EM_TOP_ABOVE_BASELINE = 0.88;
/** Courier's advance width is 600/1000 em for every character. */
export const COURIER_ADVANCE_EM = 0.6;

let cached: Uint8Array | undefined;

/** The bytes of the shipped TTF, read once. `FAPIAO_PRINT_FONT` overrides the location (the packaged app). */
export function printFontBytes(): Uint8Array {
  if (cached) return cached;
  const file = process.env.FAPIAO_PRINT_FONT ?? resolveFontFile();
  cached = fs.readFileSync(file);
  return cached;
}

function resolveFontFile(): string {
  try {
    return require.resolve(FONT_PACKAGE_FILE);
  } catch {
    // Not installed (a broken package): say which file is missing rather than fail somewhere in pdf-lib.
    throw new Error(`the print font ${FONT_PACKAGE_FILE} is missing; reinstall the app (or set FAPIAO_PRINT_FONT)`);
  }
}

interface SubsetLike {
  glyf: Array<Uint8Array & { constructor: { alloc(size: number): Uint8Array } }>;
  offset: number;
  _addGlyph(gid: number): number;
}

let patched = false;

/** Installs the glyph-padding fix on fontkit's TrueType subsetter (once per process). */
export function patchFontkitSubsetter(fontBytes: Uint8Array): void {
  if (patched) return;
  const font = fontkit.create(fontBytes) as unknown as { createSubset(): object };
  const proto = Object.getPrototypeOf(font.createSubset()) as SubsetLike;
  const original = proto._addGlyph;
  if (typeof original !== 'function') throw new Error('fontkit changed: TTFSubset._addGlyph is gone; re-check the padding fix');
  proto._addGlyph = function addPaddedGlyph(this: SubsetLike, gid: number): number {
    const index = original.call(this, gid);
    const glyph = this.glyf[index]!;
    const pad = (4 - (glyph.length % 4)) % 4;
    if (pad > 0) {
      const padded = glyph.constructor.alloc(glyph.length + pad);
      padded.set(glyph);
      this.glyf[index] = padded as SubsetLike['glyf'][number];
      this.offset += pad;
    }
    return index;
  };
  patched = true;
}

type ParsedFont = ReturnType<typeof fontkit.create>;
let parsed: ParsedFont | undefined;

/** The print font parsed once per process (fontkit reads its tables lazily and caches glyphs and layouts). */
export function parsedPrintFont(): ParsedFont {
  parsed ??= fontkit.create(printFontBytes());
  return parsed;
}

/**
 * What pdf-lib's `registerFontkit` needs, handing every document the one parsed font instead of parsing
 * the 10 MB file again for each PDF: pdf-lib only lays text out with it and builds a fresh subset per
 * document (`createSubset`), so sharing it between documents is safe.
 */
export function sharedFontkit(): { create(bytes: Uint8Array): ParsedFont } {
  const bytes = printFontBytes();
  patchFontkitSubsetter(bytes);
  return {
    create(data) {
      return data === bytes ? parsedPrintFont() : fontkit.create(data);
    },
  };
}

export interface TextMetrics {
  /** Width in points of `text` in the sans face at `sizePt`. */
  sansWidthPt(text: string, sizePt: number): number;
}

let metrics: TextMetrics | undefined;

/** Measures with the very font that is embedded (parsed once per process). */
export function printTextMetrics(): TextMetrics {
  if (metrics) return metrics;
  const font = parsedPrintFont() as unknown as { unitsPerEm: number; layout(text: string): { glyphs: Array<{ advanceWidth: number }> } };
  const widths = new Map<string, number>();
  metrics = {
    sansWidthPt(text, sizePt) {
      let units = widths.get(text);
      if (units === undefined) {
        // The sum of the glyphs' advances, as pdf-lib draws them (no kerning), so measure and print agree.
        units = font.layout(text).glyphs.reduce((sum, glyph) => sum + glyph.advanceWidth, 0);
        if (widths.size > 20_000) widths.clear();
        widths.set(text, units);
      }
      return (units / font.unitsPerEm) * sizePt;
    },
  };
  return metrics;
}
