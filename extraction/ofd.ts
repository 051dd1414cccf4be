/**
 * Invoice fields from an OFD package (GB/T 33190), in the order of trust:
 * 1. the invoice QR code drawn as a PNG/JPEG resource (JBIG2 images cannot be decoded here);
 * 2. an attached invoice XML (legacy electronic invoices: `Attachs/*.xml`, the `eInvoice` schema in one of
 *    several namespaces, or none) — its GraphCode is the QR payload as text;
 * 3. the custom tags (`Tags/CustomTag.xml`): field names whose values exist only as ObjectRefs pointing
 *    into the page text (数电 OFDs have nothing else); the referenced TextObjects are read off the pages;
 * 4. the CustomData entries of OFD.xml (发票号码, 开票日期, 合计金额…), which most issuers write;
 * 5. the drawn page text, read by position as a PDF's text layer is (ofd-text.ts, pdf-text.ts): some 数电
 *    OFDs have nothing else for the tax IDs and amounts (no tags, no attachment, no CustomData).
 *
 * Safety: sizes are read from the zip's directory before anything is inflated, and a package that would
 * unpack to more than MAX_OFD_UNPACKED_BYTES or has too many parts is refused (zip bombs).
 */
import JSZip from 'jszip';
import { EXTRACTION_ERRORS, ExtractionError, MAX_OFD_ENTRIES, MAX_OFD_UNPACKED_BYTES } from './errors.js';
import type { ExtractedField, ExtractedNames, FieldCollector } from './fields.js';
import { asPdfPage, documentPages, ofdTextItems } from './ofd-text.js';
import type { PdfPage, PdfTextItem } from './pdf.js';
import { extractFromPdfText } from './pdf-text.js';
import { readQrCodes, collectQrPayload, parseQrPayload } from './qr.js';
import { collectNamedValues, collectValues, decodeXml, extractFromXml, parseXml, textOf, type XmlNode } from './xml.js';

/** Custom-tag names (lower-case local names) → field. */
const TAG_FIELDS: Readonly<Record<string, ExtractedField | keyof ExtractedNames>> = {
  invoicecode: 'fpdm',
  invoiceno: 'fphm',
  invoicenumber: 'fphm',
  issuedate: 'kprq',
  invoicecheckcode: 'jym',
  taxexclusivetotalamount: 'fpje',
  taxtotalamount: 'fpse',
  taxinclusivetotalamount: 'jshj',
  buyertaxid: 'gmfsbh',
  sellertaxid: 'xhfsbh',
  buyername: 'gmfmc',
  sellername: 'xhfmc',
};

export interface ZipEntry {
  name: string;
  dir: boolean;
  async(type: 'uint8array'): Promise<Uint8Array>;
  _data?: { uncompressedSize?: number };
}

/** The parts of a zip, refused past the caps before anything is inflated. */
export async function openPackage(bytes: Uint8Array): Promise<ZipEntry[]> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
  } catch (error) {
    throw new ExtractionError(EXTRACTION_ERRORS.corruptOfd, `the OFD (zip) cannot be opened: ${error instanceof Error ? error.message : String(error)}`);
  }
  const entries = Object.values(zip.files) as unknown as ZipEntry[];
  if (entries.length > MAX_OFD_ENTRIES) throw new ExtractionError(EXTRACTION_ERRORS.ofdTooLarge, `the OFD has ${entries.length} parts (at most ${MAX_OFD_ENTRIES})`);
  // The central directory's sizes, before inflating anything; JSZip keeps them on the entry.
  const total = entries.reduce((sum, entry) => sum + (entry._data?.uncompressedSize ?? 0), 0);
  if (total > MAX_OFD_UNPACKED_BYTES) {
    throw new ExtractionError(EXTRACTION_ERRORS.ofdTooLarge, `the OFD would unpack to ${total} bytes (at most ${MAX_OFD_UNPACKED_BYTES})`);
  }
  return entries.filter((entry) => !entry.dir);
}

/** One part's bytes, with the cap checked again on what was actually inflated. */
export async function readPart(entry: ZipEntry): Promise<Uint8Array> {
  try {
    const bytes = await entry.async('uint8array');
    // A directory that lies about sizes is caught here, after one part at most.
    if (bytes.length > MAX_OFD_UNPACKED_BYTES) throw new ExtractionError(EXTRACTION_ERRORS.ofdTooLarge, `part ${entry.name} unpacks to more than ${MAX_OFD_UNPACKED_BYTES} bytes`);
    return bytes;
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError(EXTRACTION_ERRORS.corruptOfd, `part ${entry.name} of the OFD is broken: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Text of every TextObject on the pages and templates, by its ID. */
function textObjects(tree: XmlNode, into: Map<string, string>): void {
  if (Array.isArray(tree)) {
    for (const child of tree) textObjects(child, into);
    return;
  }
  if (typeof tree !== 'object') return;
  for (const [key, child] of Object.entries(tree)) {
    if (key.startsWith('@_') || key === '#text') continue;
    for (const item of Array.isArray(child) ? child : [child]) {
      if (key === 'TextObject' && typeof item === 'object' && !Array.isArray(item)) {
        const id = item['@_ID'];
        const codes = item.TextCode;
        const text = (Array.isArray(codes) ? codes : [codes]).map((code) => textOf(code) ?? '').join('');
        if (typeof id === 'string') into.set(id, text);
      }
      textObjects(item, into);
    }
  }
}

/** (tag name, ObjectRef ids) pairs of a custom-tag file. */
function customTagRefs(tree: XmlNode, into: [string, string[]][]): void {
  if (Array.isArray(tree)) {
    for (const child of tree) customTagRefs(child, into);
    return;
  }
  if (typeof tree !== 'object') return;
  for (const [key, child] of Object.entries(tree)) {
    if (key.startsWith('@_') || key === '#text') continue;
    for (const item of Array.isArray(child) ? child : [child]) {
      if (typeof item === 'object' && !Array.isArray(item) && item.ObjectRef !== undefined) {
        const refs = (Array.isArray(item.ObjectRef) ? item.ObjectRef : [item.ObjectRef]).map((ref) => textOf(ref) ?? '').filter(Boolean);
        into.push([key.toLowerCase(), refs]);
      } else {
        customTagRefs(item, into);
      }
    }
  }
}

/** Some issuers write the custom-tag root with an empty prefix (`<:eInvoice xmlns:="">`), which no XML parser takes. */
const repairEmptyPrefix = (text: string) => text.replace(/<(\/?):(?=[A-Za-z])/g, '<$1').replace(/\sxmlns:=""/g, '');

export async function extractFromOfd(bytes: Uint8Array, into: FieldCollector): Promise<void> {
  const entries = await openPackage(bytes);
  const root = entries.find((entry) => entry.name.toLowerCase() === 'ofd.xml');
  if (!root) throw new ExtractionError(EXTRACTION_ERRORS.corruptOfd, 'the zip is not an OFD: it has no OFD.xml');
  const rootTree = parseXml(decodeXml(await readPart(root)));

  for (const image of entries.filter((entry) => /\.(?:png|jpe?g)$/i.test(entry.name))) {
    // A picture past the size caps refuses the package (image-too-large); one that is merely broken is skipped.
    const codes = await readQrCodes(await readPart(image)).catch((error: unknown) => {
      if (error instanceof ExtractionError && error.code === EXTRACTION_ERRORS.imageTooLarge) throw new ExtractionError(error.code, `${image.name} in the OFD: ${error.message}`);
      return [];
    });
    for (const code of codes) {
      const payload = parseQrPayload(code.text);
      if (!payload) continue;
      into.payloadTexts.push(code.text);
      collectQrPayload(payload, into, 'qr');
    }
  }

  for (const attachment of entries.filter((entry) => /attach/i.test(entry.name) && /\.xml$/i.test(entry.name) && !/attachments\.xml$/i.test(entry.name))) {
    extractFromXml(await readPart(attachment), into, 'ofd');
  }

  const tagFiles = entries.filter((entry) => /tags?\//i.test(entry.name) && /\.xml$/i.test(entry.name) && !/customtags\.xml$/i.test(entry.name));
  if (tagFiles.length > 0) {
    const refs: [string, string[]][] = [];
    for (const file of tagFiles) {
      try {
        customTagRefs(parseXml(repairEmptyPrefix(decodeXml(await readPart(file)))), refs);
      } catch (error) {
        // A broken tag file must not hide what the rest of the package says.
        if (!(error instanceof ExtractionError) || error.code === EXTRACTION_ERRORS.xmlRefused) throw error;
      }
    }
    if (refs.length > 0) {
      const texts = new Map<string, string>();
      for (const page of entries.filter((entry) => /content\.xml$/i.test(entry.name))) textObjects(parseXml(decodeXml(await readPart(page))), texts);
      for (const [tag, ids] of refs) {
        const target = TAG_FIELDS[tag];
        if (!target) continue;
        const value = ids.map((id) => texts.get(id) ?? '').join('').replace(/[¥￥]/g, '').trim();
        if (target === 'xhfmc' || target === 'gmfmc') into.setName(target, value);
        else into.set(target, value, 'ofd');
      }
    }
  }

  collectNamedValues(collectValues(rootTree), into, 'ofd');
  await readPageText(entries, rootTree, into);
}

/** A page or template tree; a malformed one gives no text (the rest of the package still counts), a refused one stops the file. */
async function readPageTree(entry: ZipEntry): Promise<XmlNode | undefined> {
  try {
    return parseXml(decodeXml(await readPart(entry)));
  } catch (error) {
    if (error instanceof ExtractionError && error.code === EXTRACTION_ERRORS.corruptXml) return undefined;
    throw error;
  }
}

/** The pages' drawn text (with their templates), read last: it fills only what nothing else gave. */
async function readPageText(entries: readonly ZipEntry[], rootTree: XmlNode, into: FieldCollector): Promise<void> {
  const byName = new Map(entries.map((entry) => [entry.name.replace(/^\//, '').toLowerCase(), entry]));
  const trees = new Map<string, XmlNode | undefined>();
  const readTree = async (path: string): Promise<XmlNode | undefined> => {
    const key = path.toLowerCase();
    if (!trees.has(key)) {
      const entry = byName.get(key);
      trees.set(key, entry ? await readPageTree(entry) : undefined);
    }
    return trees.get(key);
  };
  const docRoot = collectValues(rootTree).find(([name]) => name === 'docroot')?.[1]?.trim().replace(/^\//, '');
  const document = docRoot ? await readTree(docRoot) : undefined;
  if (!docRoot || !document) return;
  const pages: PdfPage[] = [];
  for (const page of await documentPages(document, docRoot, readTree)) {
    const items: PdfTextItem[] = [];
    for (const path of [...page.templates, page.content]) {
      const tree = await readTree(path);
      if (tree) ofdTextItems(tree, items);
    }
    pages.push(asPdfPage(items));
  }
  extractFromPdfText(pages, into, 'ofd');
}
