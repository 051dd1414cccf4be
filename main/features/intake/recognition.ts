/**
 * Recognition (spec endpoint 1) only when local extraction is incomplete: the picture prepared as the
 * spec recommends (EXIF rotation applied, long side ~1280, JPEG), sent once, and what it adds filled into
 * the fields that local extraction left empty, marked 'ocr'. Local fields are never overwritten: the QR
 * and the file's own data are exact, recognition is a reading of pixels. Every recognised layout's fields
 * are kept whole (`recognised`) for the review; the common ones map to the received invoice.
 */
import { randomUUID } from 'node:crypto';
import { EXTRACTED_FIELDS, isComplete, normaliseAmount, compactDate, type Extraction, type ExtractionOutcome, type ExtractedField } from '../../../extraction/index.js';
import { prepareForRecognition, type PreparedPicture } from '../../../extraction/image-prep.js';
import type { ServiceClient } from '../../api/client.js';
import type { RecognitionResult } from '../../../shared/spec/ocr.js';

/** Recognition's FPLXDM → verification fpzl, for the VAT types the two tables share. */
const OCR_TYPE_TO_FPZL: Readonly<Record<string, string>> = { '01': '01', '03': '03', '04': '04', '08': '08', '10': '10', '11': '11', '14': '14', '15': '15', '16': '16' };

export interface RecognisedExtraction extends Extraction {
  /** The recognition results as the service gave them (every layout's fields), when it was asked. */
  recognised?: RecognitionResult[];
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** The verification fields a recognition result carries, in the extraction's names and formats. */
export function fieldsOfRecognition(result: RecognitionResult): Partial<Record<ExtractedField, string>> {
  const data = result.data as Record<string, unknown>;
  const fpdm = text(data.FPDM);
  const fphm = text(data.FPHM);
  let fpzl = OCR_TYPE_TO_FPZL[result.FPLXDM];
  // The OCR table has no digital-electronic types: an electronic invoice without a code and with a
  // 20-digit number is one (special 08 → 21, general 10 → 22).
  if (!fpdm && fphm?.length === 20 && (fpzl === '08' || fpzl === '10')) fpzl = fpzl === '08' ? '21' : '22';
  const kprq = text(data.KPRQ);
  const fields: Partial<Record<ExtractedField, string>> = {
    fpzl,
    fpdm,
    fphm,
    kprq: kprq && compactDate(kprq),
    fpje: text(data.HJJE) && normaliseAmount(text(data.HJJE) ?? ''),
    fpse: text(data.HJSE) && normaliseAmount(text(data.HJSE) ?? ''),
    jshj: text(data.JSHJ) && normaliseAmount(text(data.JSHJ) ?? ''),
    xhfsbh: text(data.XHFSBH),
    gmfsbh: text(data.GMFSBH),
    jym: text(data.JYM)?.replace(/\s+/g, ''),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<Record<ExtractedField, string>>;
}

/**
 * Completes an extraction with recognition when it is incomplete (or found nothing in a picture).
 * A file that is bad in itself (too large, refused XML, corrupt) is not sent: recognition cannot fix it.
 */
export async function completeWithRecognition(
  client: Pick<ServiceClient, 'recognise'>,
  bytes: Uint8Array,
  outcome: ExtractionOutcome,
  // The app prepares pictures on its extraction pool (decoding a phone photo takes seconds); the CLI here.
  prepare: (bytes: Uint8Array) => PreparedPicture | Promise<PreparedPicture> = prepareForRecognition,
): Promise<ExtractionOutcome & { extraction?: RecognisedExtraction }> {
  if (outcome.ok && outcome.extraction.complete) return outcome;
  if (!outcome.ok && outcome.error.code !== 'no-invoice') return outcome;
  const picture = await prepare(bytes);
  const answer = await client.recognise({ uuid: randomUUID().replace(/-/g, ''), picture: Buffer.from(picture.bytes).toString('base64') });
  const first = answer.invoices[0];
  const base: RecognisedExtraction = outcome.ok
    ? { ...outcome.extraction, fields: { ...outcome.extraction.fields }, sources: { ...outcome.extraction.sources } }
    : { fileType: picture.kind === 'jpeg' ? 'jpg' : 'pdf', fields: {}, sources: {}, names: {}, family: undefined, complete: false, qrTexts: [], rotation: 0 };
  if (!first) return outcome;
  const recognised = fieldsOfRecognition(first);
  for (const field of EXTRACTED_FIELDS) {
    const value = recognised[field];
    if (value === undefined || base.fields[field] !== undefined) continue;
    base.fields[field] = value;
    base.sources[field] = 'ocr';
  }
  const data = first.data as Record<string, unknown>;
  base.names = { ...base.names, xhfmc: base.names.xhfmc ?? text(data.XHFMC), gmfmc: base.names.gmfmc ?? text(data.GMFMC) };
  base.rotation = Number(first.XZJD) || 0;
  base.complete = isComplete(base.fields);
  base.recognised = answer.invoices;
  return { ok: true, extraction: base };
}
