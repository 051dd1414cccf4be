/**
 * Invoice fields from XML: an invoice XML file (the digital-electronic invoice's own XML, or an XML in
 * the spec's field names) and the XML inside an OFD package. Issuers spell the same field differently
 * (the spec's FPHM, the national schema's InvoiceNumber, an OFD's CustomData Name="发票号码"), so fields
 * are looked up by any of their known names anywhere in the tree; the first one found wins.
 *
 * Values stay text: `parseTagValue: false`, or '13.00' would become 13 and an invoice code lose its
 * leading zero.
 */
import { ExtractionError, openPackage, parseXml, readPart } from '../../extraction/index.js';
import { normaliseQrText } from './qr-text.js';

export interface InvoiceLineFacts {
  HWMC?: string;
  GGXH?: string;
  DW?: string;
  SPSL?: string;
  DJ?: string;
  JE?: string;
  SL?: string;
  SE?: string;
}

/** Layout-A names of what a file says about its invoice. */
export interface InvoiceFacts {
  /** Type code as the file writes it (QR two digits, or an issuance fplxdm such as 004/81). */
  typeCode?: string;
  /** true/false when the file names the invoice special/general in words. */
  special?: boolean;
  FPDM?: string;
  FPHM?: string;
  KPRQ?: string;
  JYM?: string;
  HJJE?: string;
  HJSE?: string;
  JSHJ?: string;
  GMFMC?: string;
  GMFSBH?: string;
  XHFMC?: string;
  XHFSBH?: string;
  BZ?: string;
  KPR?: string;
  /** An invoice QR payload found among the values (some files carry it in an EWM-like tag). */
  qrText?: string;
  lines: InvoiceLineFacts[];
}

type ScalarField = Exclude<keyof InvoiceFacts, 'lines' | 'special' | 'qrText'>;

/** Known names per field, lower-case, namespace prefix removed. */
const FIELD_NAMES: Record<ScalarField, readonly string[]> = {
  typeCode: ['fplxdm', 'invoicetypecode', '发票类型代码'],
  FPDM: ['fpdm', 'invoicecode', '发票代码'],
  FPHM: ['fphm', 'invoicenumber', 'invoiceno', '发票号码', 'eiid'],
  KPRQ: ['kprq', 'issuetime', 'issuedate', 'requesttime', '开票日期'],
  JYM: ['jym', 'checkcode', '校验码'],
  HJJE: ['hjje', 'totalamwithouttax', 'totalamount', '合计金额'],
  HJSE: ['hjse', 'totaltaxam', 'totaltax', '合计税额'],
  JSHJ: ['jshj', 'totaltax-includedamount', 'totalamwithtax', '价税合计'],
  GMFMC: ['gmfmc', 'ghdwmc', 'buyername', '购买方名称'],
  GMFSBH: ['gmfsbh', 'ghdwsbh', 'buyeridnum', '购买方纳税人识别号'],
  XHFMC: ['xhfmc', 'xhdwmc', 'sellername', '销售方名称'],
  XHFSBH: ['xhfsbh', 'xhdwsbh', 'selleridnum', '销售方纳税人识别号'],
  BZ: ['bz', 'remark', 'additionalinformation', '备注'],
  KPR: ['kpr', 'drawer', '开票人'],
};

// A line is an element of one of these; a wrapper (<details><detail>…) yields no line itself.
const LINE_CONTAINERS = new Set(['fpmx', 'details', 'detail', 'issuiteminformation', 'mxxx', 'detaillist']);
const LINE_NAMES: Record<keyof InvoiceLineFacts, readonly string[]> = {
  HWMC: ['hwmc', 'spmc', 'itemname', '项目名称'],
  GGXH: ['ggxh', 'specmod', '规格型号'],
  DW: ['dw', 'jldw', 'meaunits', '单位'],
  SPSL: ['spsl', 'quantity', '数量'],
  DJ: ['dj', 'unprice', '单价'],
  JE: ['je', 'amount', '金额'],
  SL: ['sl', 'taxrate', '税率'],
  SE: ['se', 'comtaxam', 'taxamount', '税额'],
};
const TITLE_NAMES = new Set(['fpbt', 'labelname', 'invoicetitle', 'title', '发票名称']);

export class UnreadableFileError extends Error {}

type Node = string | Node[] | { [key: string]: Node };

function textOf(node: Node): string | undefined {
  if (typeof node === 'string') return node;
  if (!Array.isArray(node) && typeof node['#text'] === 'string') return node['#text'];
  return undefined;
}

/** Every (name, text) pair in document order; an OFD CustomData's Name attribute counts as its name. */
function collectValues(node: Node, into: [string, string][], lines: Node[][]): void {
  if (Array.isArray(node)) {
    for (const child of node) collectValues(child, into, lines);
    return;
  }
  if (typeof node !== 'object') return;
  const named = node['@_Name'];
  const namedText = textOf(node);
  if (typeof named === 'string' && namedText !== undefined) into.push([named.toLowerCase(), namedText]);
  for (const [key, child] of Object.entries(node)) {
    if (key.startsWith('@_') || key === '#text') continue;
    const name = key.toLowerCase();
    // A repeated tag parses as an array: each occurrence is a value (or a line) of its own.
    const items = Array.isArray(child) ? child : [child];
    if (LINE_CONTAINERS.has(name)) lines.push(items);
    for (const item of items) {
      const text = textOf(item);
      if (text !== undefined) into.push([name, text]);
      collectValues(item, into, lines);
    }
  }
}

function lineFacts(node: Node): InvoiceLineFacts | undefined {
  if (typeof node !== 'object' || Array.isArray(node)) return undefined;
  const values = new Map<string, string>();
  for (const [key, child] of Object.entries(node)) {
    const text = textOf(child);
    if (text !== undefined) values.set(key.toLowerCase(), text);
  }
  const line: InvoiceLineFacts = {};
  for (const [field, names] of Object.entries(LINE_NAMES) as [keyof InvoiceLineFacts, readonly string[]][]) {
    const found = names.map((name) => values.get(name)).find((value) => value !== undefined);
    if (found !== undefined) line[field] = found;
  }
  return line.HWMC !== undefined || line.JE !== undefined ? line : undefined;
}

/** yyyyMMdd from yyyy-MM-dd, yyyy年M月d日, yyyyMMdd or an ISO date-time. */
export function compactDate(text: string): string | undefined {
  const match = /^(\d{4})\D?(\d{1,2})\D?(\d{1,2})/.exec(text.trim());
  if (!match) return undefined;
  return `${match[1]}${(match[2] ?? '').padStart(2, '0')}${(match[3] ?? '').padStart(2, '0')}`;
}

/** The invoice facts in one XML text; throws UnreadableFileError when it is not well-formed XML. */
export function invoiceFactsFromXml(xml: string): InvoiceFacts {
  let tree: Node;
  try {
    // The extraction library's parser: a DOCTYPE or entity declaration is refused, never expanded.
    tree = parseXml(xml) as Node;
  } catch (error) {
    throw new UnreadableFileError(error instanceof Error ? error.message : String(error));
  }
  const values: [string, string][] = [];
  const lineGroups: Node[][] = [];
  collectValues(tree, values, lineGroups);
  const facts: InvoiceFacts = { lines: [] };
  for (const [field, names] of Object.entries(FIELD_NAMES) as [ScalarField, readonly string[]][]) {
    // Names are in order of preference (EIid is a number only when nothing better is there).
    const found = names.map((wanted) => values.find(([name, value]) => name === wanted && value !== '')).find((pair) => pair !== undefined);
    if (found) facts[field] = found[1];
  }
  if (facts.KPRQ !== undefined) facts.KPRQ = compactDate(facts.KPRQ) ?? facts.KPRQ;
  for (const [name, value] of values) {
    if (facts.qrText === undefined && normaliseQrText(value) !== undefined) facts.qrText = value;
    if (facts.special === undefined && TITLE_NAMES.has(name) && value.includes('发票')) facts.special = value.includes('专用');
  }
  facts.lines = lineGroups.flat().flatMap((node) => lineFacts(node) ?? []);
  return facts;
}

/** Merges facts from several XMLs of one file: the first value found for a field wins. */
export function mergeFacts(all: readonly InvoiceFacts[]): InvoiceFacts {
  const merged: InvoiceFacts = { lines: [] };
  for (const facts of all) {
    for (const [key, value] of Object.entries(facts) as [keyof InvoiceFacts, InvoiceFacts[keyof InvoiceFacts]][]) {
      if (key === 'lines') continue;
      if (merged[key] === undefined && value !== undefined) Object.assign(merged, { [key]: value });
    }
    if (merged.lines.length === 0) merged.lines = facts.lines;
  }
  return merged;
}

export interface OfdContents {
  /** OFD.xml first, then the other XML parts (documents, custom tags, attached invoice XML). */
  xmlTexts: string[];
  /** PNG/JPEG resources: a QR code drawn as an image. */
  images: Uint8Array[];
}

/** The parts of an OFD package; undefined when the zip is not an OFD (no OFD.xml at its root). */
export async function readOfd(bytes: Uint8Array): Promise<OfdContents | undefined> {
  // Opened by the extraction library: sizes checked against its unpacked cap before anything is inflated.
  let files;
  try {
    files = await openPackage(bytes);
  } catch (error) {
    throw new UnreadableFileError(error instanceof ExtractionError ? error.message : String(error));
  }
  const root = files.find((file) => file.name.toLowerCase() === 'ofd.xml');
  if (!root) return undefined;
  const others = files.filter((file) => file !== root);
  const text = async (file: (typeof files)[number]) => new TextDecoder('utf-8').decode(await readPart(file));
  try {
    const xmlTexts = [await text(root)];
    for (const file of others.filter((candidate) => candidate.name.toLowerCase().endsWith('.xml'))) xmlTexts.push(await text(file));
    const images: Uint8Array[] = [];
    for (const file of others.filter((candidate) => /\.(?:png|jpe?g)$/i.test(candidate.name))) images.push(await readPart(file));
    return { xmlTexts, images };
  } catch (error) {
    throw new UnreadableFileError(error instanceof Error ? error.message : String(error));
  }
}
