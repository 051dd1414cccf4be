/**
 * The canvas previews are drawn on: @napi-rs/canvas (Skia, N-API prebuilds; it is also what pdf.js uses
 * in Node). Runs on intake's worker threads only (extraction-worker.ts), never on main's event loop.
 *
 * Text is drawn with the font the app ships (Noto Sans SC, the print font's file), registered once per
 * thread under one family name: invoices name fonts (宋体, 楷体, SimSun, Courier New) that are not embedded
 * and may not exist on the clerk's machine, and a preview must not show empty boxes for Chinese text.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { GlobalFonts } from '@napi-rs/canvas';
import { checkPictureSize, imageSize, sniffFileKind } from '../../../../extraction/index.js';

export const PREVIEW_FONT_FAMILY = 'FapiaoPreview';
/** Families pdf.js asks the canvas for when a PDF's font is not embedded. */
const FALLBACK_FAMILIES = ['sans-serif', 'serif', 'monospace'];
const FONT_PACKAGE_FILE = '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';

let registered = false;

/** Registers the shipped font (FAPIAO_PRINT_FONT overrides its location in the packaged app, as for printing). */
export function registerPreviewFont(): void {
  if (registered) return;
  registered = true;
  const require = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
  let file: string;
  try {
    file = process.env.FAPIAO_PRINT_FONT ?? require.resolve(FONT_PACKAGE_FILE);
  } catch {
    return;
  }
  if (!fs.existsSync(file)) return;
  const bytes = fs.readFileSync(file);
  for (const family of [PREVIEW_FONT_FAMILY, ...FALLBACK_FAMILIES]) GlobalFonts.register(bytes, family);
}

export interface PreviewPage {
  /** PNG. */
  png: Uint8Array;
  width: number;
  height: number;
}

export interface Preview {
  pages: PreviewPage[];
  /** Pages in the file (only the first few are drawn). */
  pageCount: number;
}

/** Pages drawn at most; an invoice has one, a list perhaps two more. */
export const MAX_PREVIEW_PAGES = 3;
/** Width of a drawn page in pixels: sharp at 2× zoom in the review pane, small enough to cross IPC. */
export const PREVIEW_WIDTH_PX = 1400;

/** Width × height from a picture's header: PNG/JPEG by the extraction library, GIF and BMP here; undefined when unknown. */
function headerSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const kind = sniffFileKind(bytes);
  if (kind === 'png' || kind === 'jpeg') return imageSize(bytes, kind);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  if (magic.startsWith('GIF8') && bytes.length >= 10) return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  if (magic.startsWith('BM') && bytes.length >= 26) return { width: Math.abs(view.getInt32(18, true)), height: Math.abs(view.getInt32(22, true)) };
  return undefined;
}

/**
 * Whether a picture may be handed to Skia, which decodes it whole: its header must name a size within the
 * extraction library's caps (extraction/picture.ts). A picture with no readable header is not drawn.
 */
export function pictureFits(bytes: Uint8Array): boolean {
  const size = headerSize(bytes);
  if (!size) return false;
  try {
    checkPictureSize(size, 'a picture');
    return true;
  } catch {
    return false;
  }
}
