/**
 * An OFD's page text as positioned items, so the PDF text-layer reader (pdf-text.ts) can read an OFD that
 * carries its invoice only as drawn text (no attachment, no custom tags, no CustomData — some issuers'
 * 数电 OFDs). Each TextObject's TextCodes are placed by GB/T 33190: the object's Boundary origin, then its
 * CTM applied to the TextCode's X/Y (baseline) and DeltaX advances, Size scaled by the CTM. Positions are
 * converted from millimetres (y down) to points (y up) as pdf.js gives them, so one set of distances
 * serves both. Rotated text (seals, the vertical download counter) is left out: no invoice field is drawn
 * turned. Each page is read with the template it names; at most MAX_PDF_PAGES pages.
 */
import type { PdfPage, PdfTextItem } from './pdf.js';
import { MAX_PDF_PAGES } from './pdf.js';
import { textOf, type XmlNode } from './xml.js';

const MM_TO_PT = 72 / 25.4;

const numbers = (text: unknown): number[] =>
  typeof text === 'string'
    ? text
        .trim()
        .split(/\s+/)
        .map(Number)
        .filter((value) => Number.isFinite(value))
    : [];

/** DeltaX/DeltaY in full or with the `g <count> <value>` repeat shorthand. */
function deltas(text: unknown): number[] {
  if (typeof text !== 'string') return [];
  const tokens = text.trim().split(/\s+/);
  const out: number[] = [];
  for (let index = 0; index < tokens.length; index++) {
    if (tokens[index] === 'g') {
      const count = Number(tokens[index + 1]);
      const value = Number(tokens[index + 2]);
      if (Number.isFinite(count) && Number.isFinite(value)) for (let n = 0; n < Math.min(count, 10_000); n++) out.push(value);
      index += 2;
    } else if (Number.isFinite(Number(tokens[index]))) {
      out.push(Number(tokens[index]));
    }
  }
  return out;
}

/** Width of a glyph in em: CJK and full-width forms are square, the rest about half. */
const glyphEm = (char: string) => (/[\u2e80-\uffef]/.test(char) ? 1 : 0.5);

type XmlObject = { [key: string]: XmlNode };
const isObject = (node: XmlNode | undefined): node is XmlObject => typeof node === 'object' && node !== null && !Array.isArray(node);
const list = (node: XmlNode | undefined): XmlNode[] => (node === undefined ? [] : Array.isArray(node) ? node : [node]);

function textObjectItems(object: XmlObject, into: PdfTextItem[]): void {
  const [bx = 0, by = 0] = numbers(object['@_Boundary']);
  const ctm = numbers(object['@_CTM']);
  const [a, b, c, d, e, f] = ctm.length === 6 ? ctm : [1, 0, 0, 1, 0, 0];
  if (Math.abs(b ?? 0) > 1e-6 || Math.abs(c ?? 0) > 1e-6) return;
  const scaleX = Math.abs(a ?? 1);
  const scaleY = Math.abs(d ?? 1);
  const size = Number(object['@_Size'] ?? 3.5) || 3.5;
  let penX = 0;
  let penY = 0;
  for (const code of list(object.TextCode)) {
    const text = textOf(code);
    if (!text || text.trim() === '') continue;
    const attributes = isObject(code) ? code : {};
    penX = attributes['@_X'] !== undefined ? Number(attributes['@_X']) : penX;
    penY = attributes['@_Y'] !== undefined ? Number(attributes['@_Y']) : penY;
    const chars = [...text];
    const advances = deltas(attributes['@_DeltaX']);
    let width = 0;
    for (let index = 0; index < chars.length; index++) width += index < chars.length - 1 ? (advances[index] ?? advances.at(-1) ?? size * glyphEm(chars[index] ?? '')) : size * glyphEm(chars[index] ?? '');
    const x = bx + (a ?? 1) * penX + (e ?? 0);
    const y = by + (d ?? 1) * penY + (f ?? 0);
    into.push({ text, x: x * MM_TO_PT, y: -y * MM_TO_PT, width: width * scaleX * MM_TO_PT, height: size * scaleY * MM_TO_PT });
    penX += width - size * glyphEm(chars.at(-1) ?? '');
  }
}

/** Every unrotated TextObject's text under a page or template tree. */
export function ofdTextItems(tree: XmlNode, into: PdfTextItem[] = []): PdfTextItem[] {
  if (Array.isArray(tree)) {
    for (const child of tree) ofdTextItems(child, into);
    return into;
  }
  if (!isObject(tree)) return into;
  for (const [key, child] of Object.entries(tree)) {
    if (key.startsWith('@_') || key === '#text') continue;
    for (const item of list(child)) {
      if (key === 'TextObject' && isObject(item)) textObjectItems(item, into);
      else ofdTextItems(item, into);
    }
  }
  return into;
}

/** The template IDs a page names (`<Template TemplateID=…>`). */
export function pageTemplateIds(tree: XmlNode): string[] {
  const page = isObject(tree) ? tree.Page : undefined;
  if (!isObject(page)) return [];
  return list(page.Template).flatMap((template) => (isObject(template) && typeof template['@_TemplateID'] === 'string' ? [template['@_TemplateID']] : []));
}

export interface OfdPageParts {
  /** Path of the page's Content.xml inside the package. */
  content: string;
  /** Paths of the templates it names. */
  templates: string[];
}

/** The pages of a Document.xml in order, each with its templates' paths, resolved against the document's folder. */
export async function documentPages(document: XmlNode, documentPath: string, readTree: (path: string) => Promise<XmlNode | undefined>): Promise<OfdPageParts[]> {
  const root = isObject(document) ? document.Document : undefined;
  if (!isObject(root)) return [];
  const folder = documentPath.includes('/') ? documentPath.slice(0, documentPath.lastIndexOf('/') + 1) : '';
  const resolve = (location: string) => (location.startsWith('/') ? location.slice(1) : `${folder}${location}`);
  const common = isObject(root.CommonData) ? root.CommonData : {};
  const templates = new Map<string, string>();
  for (const template of list(common.TemplatePage)) {
    if (isObject(template) && typeof template['@_ID'] === 'string' && typeof template['@_BaseLoc'] === 'string') templates.set(template['@_ID'], resolve(template['@_BaseLoc']));
  }
  const parts: OfdPageParts[] = [];
  for (const page of (isObject(root.Pages) ? list(root.Pages.Page) : []).slice(0, MAX_PDF_PAGES)) {
    if (!isObject(page) || typeof page['@_BaseLoc'] !== 'string') continue;
    const content = resolve(page['@_BaseLoc']);
    const tree = await readTree(content);
    parts.push({ content, templates: tree ? pageTemplateIds(tree).flatMap((id) => templates.get(id) ?? []) : [] });
  }
  return parts;
}

/** One page's items (page and templates) as a PdfPage for the text-layer reader. */
export const asPdfPage = (items: PdfTextItem[]): PdfPage => ({ width: 0, height: 0, items, images: [] });
