/**
 * Recognition of one picture (spec endpoint 1) as far as the sandbox goes: the invoice QR code in a
 * PNG/JPEG or in the images of a PDF, the invoice fields of an XML or of an OFD's XML parts, and — when
 * no QR is readable — whatever the app's extraction library reads locally (a PDF's text layer, a 数电
 * OFD's custom tags). Sniffing, QR decoding, PDF reading and safe XML/OFD opening are that same library
 * (extraction/), so the sandbox and the app read a file the same way — under the same caps on pictures'
 * sizes (4004 before any decoding). One result per distinct invoice.
 */
import type { ParsedInvoiceQr } from '../../shared/rules/invoice-qr.js';
import type { RecognitionResult } from '../../shared/spec/ocr.js';
import type { TaxAuthorityReader } from '../tax-authority/types.js';
import { OCR_CODES, type OcrCode } from './codes.js';
import { EXTRACTION_ERRORS, ExtractionError, checkPictureSize, extractInvoice, imageSize, readPdf, readQrCodes, sniffFileKind, type DecodedQr, type Extraction } from '../../extraction/index.js';
import { UnreadableFileError, invoiceFactsFromXml, mergeFacts, readOfd, type InvoiceFacts } from './invoice-xml.js';
import { ocrTypeOf, toRecognitionResult, type ReadInvoice } from './layout.js';
import { normaliseQrText } from './qr-text.js';

export type RecognitionOutcome = { ok: true; invoices: RecognitionResult[] } | { ok: false; code: OcrCode; detail: string };

type Region = ReadInvoice['region'];
const NO_PICTURE: Region = [0, 0, 0, 0];

/** A QR's facts: its amount is 金额 on a VAT invoice and 价税合计 on a 数电 one (shared/rules/invoice-qr.ts). */
function factsFromQr(qr: ParsedInvoiceQr): InvoiceFacts {
  const amount = qr.amountBasis === 'including-tax' ? { JSHJ: qr.amount } : { HJJE: qr.amount };
  return { typeCode: qr.type, FPDM: qr.fpdm, FPHM: qr.fphm, KPRQ: qr.date, JYM: qr.checkCode, ...amount, lines: [] };
}

const qrAmountOf = (qr: ParsedInvoiceQr) => ({ amount: qr.amount, basis: qr.amountBasis });

function fromQrCodes(codes: readonly DecodedQr[], region: Region, extra?: InvoiceFacts): ReadInvoice[] {
  return codes.flatMap((code) => {
    const qr = normaliseQrText(code.text);
    if (!qr) return [];
    // The QR is the machine-readable truth for identity and amount; a file's XML may add the rest.
    const facts = extra ? mergeFacts([factsFromQr(qr), extra]) : factsFromQr(qr);
    return [{ type: ocrTypeOf(qr.type, facts), facts, qrText: code.text, qrAmount: qrAmountOf(qr), rotation: code.rotation, region }];
  });
}

function fromFacts(facts: InvoiceFacts, region: Region): ReadInvoice[] {
  const qr = facts.qrText === undefined ? undefined : normaliseQrText(facts.qrText);
  const merged = qr ? mergeFacts([factsFromQr(qr), facts]) : facts;
  if (!merged.FPHM) return [];
  return [
    {
      type: ocrTypeOf(facts.typeCode ?? qr?.type, merged),
      facts: merged,
      ...(qr ? { qrText: facts.qrText, qrAmount: qrAmountOf(qr) } : {}),
      rotation: 0,
      region,
    },
  ];
}

/** Verification kinds 21/22 are the QR's 31/32; the other kinds share the QR's and the OCR table's codes. */
const FPZL_TO_TYPE: Readonly<Record<string, string>> = { '21': '31', '22': '32' };

/** What the extraction library read, as the sandbox's facts (when no QR image was readable). */
function factsFromExtraction(extraction: Extraction): InvoiceFacts {
  const { fields, names } = extraction;
  const fpzl = fields.fpzl;
  return {
    ...(fpzl ? { typeCode: FPZL_TO_TYPE[fpzl] ?? fpzl } : {}),
    FPDM: fields.fpdm, FPHM: fields.fphm, KPRQ: fields.kprq, JYM: fields.jym, HJJE: fields.fpje, HJSE: fields.fpse, JSHJ: fields.jshj,
    XHFSBH: fields.xhfsbh, GMFSBH: fields.gmfsbh, XHFMC: names.xhfmc, GMFMC: names.gmfmc, lines: [],
  };
}

async function fromLibrary(bytes: Uint8Array, region: Region, known?: InvoiceFacts): Promise<ReadInvoice[]> {
  const outcome = await extractInvoice(bytes);
  if (!outcome.ok) return [];
  const facts = known ? mergeFacts([known, factsFromExtraction(outcome.extraction)]) : factsFromExtraction(outcome.extraction);
  return fromFacts(facts, region);
}

async function readPicture(bytes: Uint8Array): Promise<ReadInvoice[] | { code: OcrCode; detail: string }> {
  const type = sniffFileKind(bytes);
  switch (type) {
    case undefined:
      return { code: OCR_CODES.unsupportedFile, detail: '无法识别的文件格式' };
    case 'png':
    case 'jpeg': {
      const size = imageSize(bytes, type);
      if (!size) return { code: OCR_CODES.unreadableFile, detail: `${type.toUpperCase()} 文件头损坏` };
      checkPictureSize(size, `the ${type.toUpperCase()}`);
      return fromQrCodes(await readQrCodes(bytes), [0, 0, size.width, size.height]);
    }
    case 'pdf': {
      let pages;
      try {
        pages = await readPdf(bytes);
      } catch (error) {
        if (error instanceof ExtractionError && error.code !== EXTRACTION_ERRORS.imageTooLarge) return { code: OCR_CODES.unreadableFile, detail: `PDF 无法解析：${error.message}` };
        throw error;
      }
      const found: ReadInvoice[] = [];
      for (const page of pages) {
        for (const image of page.images) found.push(...fromQrCodes(await readQrCodes(image), [0, 0, page.width, page.height]));
      }
      // No QR image (vector-drawn or missing): the text layer, as the app's intake reads it.
      return found.length > 0 ? found : fromLibrary(bytes, [0, 0, pages[0]?.width ?? 0, pages[0]?.height ?? 0]);
    }
    case 'zip': {
      const ofd = await readOfd(bytes);
      if (!ofd) return { code: OCR_CODES.unsupportedFile, detail: 'ZIP 文件不是 OFD（缺少 OFD.xml）' };
      // A broken part must not hide the invoice the other parts describe.
      const facts = mergeFacts(ofd.xmlTexts.flatMap((xml) => {
        try {
          return [invoiceFactsFromXml(xml)];
        } catch (error) {
          if (error instanceof UnreadableFileError) return [];
          throw error;
        }
      }));
      const fromImages: ReadInvoice[] = [];
      for (const image of ofd.images) fromImages.push(...fromQrCodes(await readQrCodes(image), NO_PICTURE, facts));
      if (fromImages.length > 0) return fromImages;
      const fromXml = fromFacts(facts, NO_PICTURE);
      // A 数电 OFD has its fields only as custom tags into the page text: the library reads those.
      return fromXml.length > 0 ? fromXml : fromLibrary(bytes, NO_PICTURE, facts);
    }
    case 'xml': {
      const text = new TextDecoder('utf-8').decode(bytes);
      try {
        return fromFacts(invoiceFactsFromXml(text), NO_PICTURE);
      } catch (error) {
        if (error instanceof UnreadableFileError) return { code: OCR_CODES.unreadableFile, detail: `XML 无法解析：${error.message}` };
        throw error;
      }
    }
  }
}

/**
 * A picture past the extraction library's size caps (its header claims too many pixels, or a PDF/OFD draws
 * such an image) is refused with 4004 before anything decodes it — the guard the app's intake has.
 */
async function readGuarded(bytes: Uint8Array): ReturnType<typeof readPicture> {
  try {
    return await readPicture(bytes);
  } catch (error) {
    if (error instanceof ExtractionError && error.code === EXTRACTION_ERRORS.imageTooLarge) return { code: OCR_CODES.pictureTooLarge, detail: error.message };
    throw error;
  }
}

export async function recognisePicture(bytes: Uint8Array, taxAuthority: TaxAuthorityReader | undefined): Promise<RecognitionOutcome> {
  const read = await readGuarded(bytes);
  if (!Array.isArray(read)) return { ok: false, ...read };
  const seen = new Set<string>();
  const distinct = read.filter((invoice) => {
    const key = `${invoice.facts.FPDM ?? ''}|${invoice.facts.FPHM ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (distinct.length === 0) return { ok: false, code: OCR_CODES.noInvoice, detail: '未找到发票二维码或发票数据' };
  return { ok: true, invoices: distinct.map((invoice) => toRecognitionResult(invoice, taxAuthority)) };
}
