/**
 * Local extraction of a received invoice file — the one library the app's intake, the embedded sandbox's
 * recognition endpoint and `npm run intake` all use. Pure Node (imports only shared/ and npm packages),
 * no service call, nothing fetched.
 *
 * The file's kind comes from its bytes; each reader adds the fields it finds, most trusted first (the QR
 * code, then the file's XML / OFD data, then the PDF text layer), and every field records its source.
 */
import { EXTRACTION_ERRORS, ExtractionError, MAX_FILE_BYTES } from './errors.js';
import { FieldCollector, EXTRACTED_FIELDS, isComplete, unverifiableKind, type ExtractedFields, type ExtractedNames, type FieldSources, type InvoiceFamily } from './fields.js';
import type { UnverifiableKind } from '../shared/rules/intake-fields.js';
import { sniffFileKind } from './file-type.js';
import { pictureSize } from './picture.js';
import { extractFromOfd } from './ofd.js';
import { renderPdfPixels } from './pdf-render.js';
import { readPdfDocument } from './pdf.js';
import { extractFromPdfText } from './pdf-text.js';
import { collectQrPayload, parseQrPayload, readQrCodes, type DecodedQr } from './qr.js';
import { extractFromXml } from './xml.js';

export { EXTRACTION_ERRORS, ExtractionError, MAX_FILE_BYTES, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, MAX_OFD_UNPACKED_BYTES } from './errors.js';
export { checkPictureSize, pictureSize } from './picture.js';
export type { ExtractionErrorCode } from './errors.js';
export type { UnverifiableKind } from '../shared/rules/intake-fields.js';
export { EXTRACTED_FIELDS, isComplete, compactDate, normaliseAmount, fpzlFromQrType } from './fields.js';
export type { ExtractedField, ExtractedFields, FieldSource, FieldSources, ExtractedNames, InvoiceFamily } from './fields.js';
export { parseQrPayload, readQrCodes } from './qr.js';
export type { InvoiceQrPayload, DecodedQr, RgbaPixels } from './qr.js';
export { sniffFileKind, imageSize } from './file-type.js';
export { openPackage, readPart, type ZipEntry } from './ofd.js';
export { readPdf, type PdfPage } from './pdf.js';
export { parseXml, decodeXml } from './xml.js';
export type { FileKind } from './file-type.js';

/** The stored file type of a kind (received_invoice.file_type). */
export type InvoiceFileType = 'png' | 'jpg' | 'pdf' | 'ofd' | 'xml';

export interface Extraction {
  fileType: InvoiceFileType;
  fields: ExtractedFields;
  sources: FieldSources;
  names: ExtractedNames;
  family: InvoiceFamily | undefined;
  /**
   * Set when the file holds a kind the service cannot verify (the spec's verification table has no fpzl
   * for it): the review says so plainly instead of spending a call. Absent for every verifiable kind.
   */
  unverifiable?: UnverifiableKind;
  /** Enough to verify without recognition (for a kind that cannot be verified: nothing left to recognise). */
  complete: boolean;
  /** The QR payloads read off the file (its QR codes, or written as text in its data), as written. */
  qrTexts: string[];
  /** Rotation of the QR code in an image (degrees clockwise), the recognition result's XZJD when local. */
  rotation: number;
}

export type ExtractionOutcome = { ok: true; extraction: Extraction } | { ok: false; error: { code: ExtractionError['code']; message: string } };

function collectCodes(codes: readonly DecodedQr[], into: FieldCollector, qrTexts: string[]): number {
  let rotation = 0;
  for (const code of codes) {
    const payload = parseQrPayload(code.text);
    if (!payload) continue;
    qrTexts.push(code.text);
    if (into.fields.fphm === undefined) rotation = code.rotation;
    collectQrPayload(payload, into, 'qr');
  }
  return rotation;
}

/** An XML embedded in a PDF (a ticket's XBRL): a broken or refused one is passed over, the PDF itself still read. */
function readAttachedXml(bytes: Uint8Array, into: FieldCollector): void {
  try {
    extractFromXml(bytes, into, 'xml');
  } catch (error) {
    if (!(error instanceof ExtractionError)) throw error;
  }
}

async function run(bytes: Uint8Array): Promise<Extraction> {
  if (bytes.length > MAX_FILE_BYTES) {
    throw new ExtractionError(EXTRACTION_ERRORS.tooLarge, `the file has ${bytes.length} bytes (at most ${MAX_FILE_BYTES})`);
  }
  const kind = sniffFileKind(bytes);
  const into = new FieldCollector();
  const qrTexts: string[] = [];
  let rotation = 0;
  let fileType: InvoiceFileType;
  switch (kind) {
    case undefined:
      throw new ExtractionError(EXTRACTION_ERRORS.unsupportedType, 'the file is none of PNG, JPEG, PDF, OFD or XML');
    case 'png':
    case 'jpeg': {
      fileType = kind === 'png' ? 'png' : 'jpg';
      // The size from the header, refused past the caps before anything decodes the picture.
      pictureSize(bytes, kind);
      let codes: DecodedQr[];
      try {
        codes = await readQrCodes(bytes);
      } catch (error) {
        if (error instanceof ExtractionError) throw error;
        throw new ExtractionError(EXTRACTION_ERRORS.corruptImage, `the image cannot be decoded: ${error instanceof Error ? error.message : String(error)}`);
      }
      rotation = collectCodes(codes, into, qrTexts);
      break;
    }
    case 'pdf': {
      fileType = 'pdf';
      const { pages, attachments } = await readPdfDocument(bytes);
      for (const page of pages) for (const image of page.images) collectCodes(await readQrCodes(image), into, qrTexts);
      for (const attachment of attachments) readAttachedXml(attachment.bytes, into);
      // No QR code among the images: some issuers draw it as vector squares, found only on the drawn page.
      if (qrTexts.length === 0) {
        for (const pixels of await renderPdfPixels(bytes).catch(() => [])) collectCodes(await readQrCodes(pixels), into, qrTexts);
      }
      extractFromPdfText(pages, into);
      break;
    }
    case 'zip':
      fileType = 'ofd';
      await extractFromOfd(bytes, into);
      break;
    case 'xml':
      fileType = 'xml';
      extractFromXml(bytes, into, 'xml');
      break;
  }
  into.settleFamily();
  if (into.fields.fphm === undefined && into.fields.fpdm === undefined && into.fields.jshj === undefined && into.fields.fpje === undefined) {
    throw new ExtractionError(EXTRACTION_ERRORS.noInvoice, 'no invoice QR code or invoice fields were found in the file');
  }
  const fields: ExtractedFields = {};
  const sources: FieldSources = {};
  for (const field of EXTRACTED_FIELDS) {
    if (into.fields[field] === undefined) continue;
    fields[field] = into.fields[field];
    sources[field] = into.sources[field];
  }
  for (const text of into.payloadTexts) if (!qrTexts.includes(text)) qrTexts.push(text);
  const unverifiable = unverifiableKind(into.family);
  return {
    fileType, fields, sources, names: into.names, family: into.family, ...(unverifiable ? { unverifiable } : {}),
    complete: isComplete(fields, into.family), qrTexts, rotation,
  };
}

/** Extracts what a file says about its invoice; never throws for a bad file (the outcome says why). */
export async function extractInvoice(bytes: Uint8Array): Promise<ExtractionOutcome> {
  try {
    return { ok: true, extraction: await run(bytes) };
  } catch (error) {
    if (error instanceof ExtractionError) return { ok: false, error: { code: error.code, message: error.message } };
    throw error;
  }
}
