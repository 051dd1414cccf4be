/**
 * What kind of file an invoice file is, by its magic bytes rather than its name: a clerk's "invoice.pdf"
 * may well be a phone photo. Also the pixel size of a PNG/JPEG from its header.
 */
export type FileKind = 'png' | 'jpeg' | 'pdf' | 'zip' | 'xml';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** PDF readers accept the header anywhere in the first KiB (some scanners prepend junk). */
const PDF_HEADER_WINDOW = 1024;

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((byte, index) => bytes[at + index] === byte);
}

export function sniffFileKind(bytes: Uint8Array): FileKind | undefined {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, PDF_HEADER_WINDOW));
  if (head.includes('%PDF-')) return 'pdf';
  // XML: optional BOM (UTF-8 or UTF-16) and whitespace, then a declaration or an element.
  if (/^(?:\u00ef\u00bb\u00bf)?\s*<[?!A-Za-z]/.test(head)) return 'xml';
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return 'xml';
  return undefined;
}

export interface PixelSize {
  width: number;
  height: number;
}

/** Width and height from a PNG's IHDR or a JPEG's start-of-frame; undefined when the header is damaged. */
export function imageSize(bytes: Uint8Array, kind: 'png' | 'jpeg'): PixelSize | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === 'png') {
    if (bytes.length < 24) return undefined;
    const size = { width: view.getUint32(16), height: view.getUint32(20) };
    return size.width > 0 && size.height > 0 ? size : undefined;
  }
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] ?? 0;
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    }
    offset += 2 + view.getUint16(offset + 2);
  }
  return undefined;
}
