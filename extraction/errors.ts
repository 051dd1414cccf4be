/**
 * Why a file could not be read, as stable codes: the CLI prints them, main's intake feature turns them into
 * a per-file message (by code, translated in the renderer), the sandbox maps them onto its OCR codes.
 * The message is English detail for logs and integrators, never shown to a clerk as it is.
 */
export const EXTRACTION_ERRORS = {
  /** None of PNG, JPEG, PDF, OFD, XML by its bytes. */
  unsupportedType: 'unsupported-type',
  /** Over MAX_FILE_BYTES. */
  tooLarge: 'too-large',
  /** Claims to be a PDF but pdf.js cannot open it. */
  corruptPdf: 'corrupt-pdf',
  /** A zip that cannot be opened, or an OFD whose parts are missing or broken. */
  corruptOfd: 'corrupt-ofd',
  /** The OFD would unpack to more than MAX_OFD_UNPACKED_BYTES (or too many parts): a zip bomb or no invoice. */
  ofdTooLarge: 'ofd-too-large',
  /** An XML (or an OFD part) with a DOCTYPE or entity declarations: refused, never expanded. */
  xmlRefused: 'xml-refused',
  /** Not well-formed XML, or in an encoding that cannot be decoded. */
  corruptXml: 'corrupt-xml',
  /** A PNG/JPEG whose header is damaged. */
  corruptImage: 'corrupt-image',
  /**
   * A picture (a PNG/JPEG file, an image a PDF draws, an OFD's image resource) whose header claims more
   * pixels than MAX_IMAGE_PIXELS or a side longer than MAX_IMAGE_SIDE: refused before it is decoded.
   */
  imageTooLarge: 'image-too-large',
  /** The file was read but holds no invoice (no QR, no invoice fields). */
  noInvoice: 'no-invoice',
  /** The file could not be read from disk. */
  unreadable: 'unreadable',
} as const;
export type ExtractionErrorCode = (typeof EXTRACTION_ERRORS)[keyof typeof EXTRACTION_ERRORS];

export class ExtractionError extends Error {
  constructor(
    readonly code: ExtractionErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ExtractionError';
  }
}

/** Invoices are small; anything over this is refused before it is parsed. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** What an OFD may unpack to in total; real invoice OFDs unpack to well under 2 MB. */
export const MAX_OFD_UNPACKED_BYTES = 64 * 1024 * 1024;
/** Parts an OFD may have; an invoice has a few dozen. */
export const MAX_OFD_ENTRIES = 2000;
/**
 * A picture may have at most this many pixels: a 600 dpi A4 scan has 34.8 million, a phone photo 12–24
 * million. Decoded as RGBA that is 144 MB; anything bigger is refused by its header, never decoded.
 */
export const MAX_IMAGE_PIXELS = 36_000_000;
/** And at most this many on a side (a long receipt scanned at 600 dpi is under 12,000). */
export const MAX_IMAGE_SIDE = 16_384;
