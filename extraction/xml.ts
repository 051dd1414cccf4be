/**
 * Invoice fields from XML: a digital-electronic invoice's own XML (national schema: EInvoice, EIid,
 * TotalTax-includedAmount…), a legacy electronic invoice's eInvoice XML (InvoiceCode, InvoiceNo,
 * GraphCode… in one of several namespaces, or none), an XBRL instance (facts whose local names say what
 * they are), or XML in the spec's own names (FPDM, FPHM…). Fields are looked up by any of their known
 * names anywhere in the tree, namespace prefixes removed; the first found wins.
 *
 * Safety: a DOCTYPE or an entity declaration is refused before parsing — nothing is expanded, nothing
 * external is fetched. Values stay text (`parseTagValue: false`): '13.00' stays '13.00', a code keeps its
 * leading zero. GBK/GB18030 declared encodings are decoded as such.
 */
import { XMLParser } from 'fast-xml-parser';
import { EXTRACTION_ERRORS, ExtractionError } from './errors.js';
import { fpzlFromTitle, type ExtractedField, type ExtractedNames, type FieldCollector } from './fields.js';
import { collectQrPayload, parseQrPayload } from './qr.js';

/** Known element names per field, lower-case, without namespace prefix; order is preference. */
const FIELD_NAMES: Partial<Record<ExtractedField, readonly string[]>> = {
  fpdm: ['fpdm', 'invoicecode', 'codeofinvoice', '发票代码'],
  fphm: ['fphm', 'invoicenumber', 'invoiceno', 'numberofinvoice', '发票号码', 'eiid'],
  kprq: ['kprq', 'issuetime', 'issuedate', 'invoicedate', 'dateofissue', 'requesttime', '开票日期'],
  jym: ['jym', 'checkcode', 'invoicecheckcode', 'identifyingcode', '校验码'],
  fpje: ['hjje', 'fpje', 'taxexclusivetotalamount', 'totalamwithouttax', 'totalamountexcludingtax', 'totalamount', '合计金额'],
  fpse: ['hjse', 'fpse', 'taxtotalamount', 'totaltaxam', 'totaltaxamount', 'totaltax', '合计税额'],
  jshj: ['jshj', 'taxinclusivetotalamount', 'totaltax-includedamount', 'totalamwithtax', 'totalamountincludingtax', 'taxincludedamountinfigures', '价税合计'],
  xhfsbh: ['xhfsbh', 'xsfnsrsbh', 'xhdwsbh', 'sellertaxid', 'selleridnum', 'sellertaxpayeridentificationnumber', 'taxpayeridentificationnumberunifiedsocialcreditcodeofseller', '销售方纳税人识别号'],
  gmfsbh: ['gmfsbh', 'gmfnsrsbh', 'ghdwsbh', 'buyertaxid', 'buyeridnum', 'buyertaxpayeridentificationnumber', 'taxpayeridentificationnumberunifiedsocialcreditcodeofpurchaser', '购买方纳税人识别号'],
};
const NAME_FIELDS: Record<keyof ExtractedNames, readonly string[]> = {
  xhfmc: ['xhfmc', 'xsfmc', 'sellername', 'nameofseller', '销售方名称'],
  gmfmc: ['gmfmc', 'gmfmc', 'buyername', 'nameofpurchaser', '购买方名称'],
};

/**
 * The Ministry of Finance's XBRL instances of the 数电 tickets (会计数据标准: the `rai` taxonomy for the
 * railway e-ticket, `atr` for the airline itinerary) name their facts differently, and some names mean
 * another thing than on an invoice (a ticket's TotalAmount is the total paid; its Fare the fare): a
 * ticket's facts are read with its own table only. The airline itinerary's amount excluding tax is fare
 * plus fuel surcharge and is not written: it is left out rather than added up.
 */
const TICKET_NAMES: Record<'railway' | 'air', { marker: string; fields: Partial<Record<ExtractedField, readonly string[]>>; names: Partial<Record<keyof ExtractedNames, readonly string[]>> }> = {
  railway: {
    marker: 'electronicinvoicerailwayeticketnumber',
    fields: {
      fphm: ['electronicinvoicerailwayeticketnumber'],
      kprq: ['dateofissue', 'issuedate'],
      fpje: ['totalamountexcludingtax'],
      fpse: ['taxamount'],
      jshj: ['fare'],
      gmfsbh: ['unifiedsocialcreditcodeofpurchaser', 'taxpayeridentificationnumberunifiedsocialcreditcodeofpurchaser'],
    },
    names: { gmfmc: ['nameofpurchaser'], xhfmc: ['nameofseller', 'issueparty'] },
  },
  air: {
    marker: 'electronicinvoiceairtransportreceiptnumber',
    fields: {
      fphm: ['electronicinvoiceairtransportreceiptnumber'],
      kprq: ['issuedate', 'dateofissue'],
      fpse: ['vattaxamount'],
      jshj: ['totalamount'],
      gmfsbh: ['unifiedsocialcreditcodeofpurchaser', 'taxpayeridentificationnumberunifiedsocialcreditcodeofpurchaser'],
    },
    names: { gmfmc: ['nameofpurchaser'], xhfmc: ['nameofseller', 'issueparty'] },
  },
};
const TYPE_NAMES = ['fplxdm', 'invoicetypecode', '发票类型代码'];
const TITLE_NAMES = new Set(['fpbt', 'labelname', 'invoicetitle', 'title', 'invoicetype', '发票名称', 'generalorspecialvat', 'einvoicetag', 'typeofinvoice', 'typeofvoucher']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Only the five predefined entities can occur: a DOCTYPE (where others would be declared) is refused first.
  processEntities: true,
});

export type XmlNode = string | XmlNode[] | { [key: string]: XmlNode };

/** Decodes XML bytes by their BOM or declared encoding (UTF-8, UTF-16, GBK/GB18030). */
export function decodeXml(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /encoding\s*=\s*["']([A-Za-z0-9_-]+)["']/.exec(head)?.[1]?.toLowerCase();
  const encoding = declared && /^(gbk|gb2312|gb18030)$/.test(declared) ? 'gb18030' : 'utf-8';
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    throw new ExtractionError(EXTRACTION_ERRORS.corruptXml, `the XML is not valid ${encoding}`);
  }
}

/** Parses XML text, refusing a DOCTYPE or entity declaration outright. */
export function parseXml(text: string): XmlNode {
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) {
    throw new ExtractionError(EXTRACTION_ERRORS.xmlRefused, 'the XML declares a DOCTYPE or entities, which are refused');
  }
  try {
    return parser.parse(text, true) as XmlNode;
  } catch (error) {
    throw new ExtractionError(EXTRACTION_ERRORS.corruptXml, `not well-formed XML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
}

export function textOf(node: XmlNode | undefined): string | undefined {
  if (typeof node === 'string') return node;
  if (node && !Array.isArray(node) && typeof node['#text'] === 'string') return node['#text'];
  return undefined;
}

/** Every (lower-case local name, text) pair in document order; an OFD CustomData's Name attribute counts as its name. */
export function collectValues(node: XmlNode, into: [string, string][] = []): [string, string][] {
  if (Array.isArray(node)) {
    for (const child of node) collectValues(child, into);
    return into;
  }
  if (typeof node !== 'object') return into;
  const named = node['@_Name'] ?? node['@_name'];
  const namedText = textOf(node);
  if (typeof named === 'string' && namedText !== undefined) into.push([named.toLowerCase(), namedText]);
  for (const [key, child] of Object.entries(node)) {
    if (key.startsWith('@_') || key === '#text') continue;
    const name = key.toLowerCase();
    for (const item of Array.isArray(child) ? child : [child]) {
      const text = textOf(item);
      if (text !== undefined) into.push([name, text]);
      collectValues(item, into);
    }
  }
  return into;
}

/** Fills the collector from (name, text) pairs; returns how many fields it set. */
export function collectNamedValues(values: readonly [string, string][], into: FieldCollector, source: 'xml' | 'ofd'): number {
  let found = 0;
  // A QR payload among the values (GraphCode, EWM…) is the most exact statement of identity and amount.
  for (const [, value] of values) {
    const payload = value.length < 200 ? parseQrPayload(value) : undefined;
    if (payload) {
      into.payloadTexts.push(value);
      collectQrPayload(payload, into, source);
      found++;
      break;
    }
  }
  for (const [name, value] of values) {
    if (!TITLE_NAMES.has(name) || !/发票|客票/.test(value)) continue;
    const title = fpzlFromTitle(value);
    if (title.fpzl && into.set('fpzl', title.fpzl, source)) found++;
    into.setFamily(title.family);
  }
  const ticket = (['railway', 'air'] as const).find((family) => values.some(([name]) => name === TICKET_NAMES[family].marker));
  if (ticket) {
    into.setFamily(ticket);
    return found + collectByNames(values, into, source, TICKET_NAMES[ticket].fields, TICKET_NAMES[ticket].names);
  }
  return found + collectByNames(values, into, source, FIELD_NAMES, NAME_FIELDS) + collectTypeCode(values, into, source);
}

function collectByNames(
  values: readonly [string, string][],
  into: FieldCollector,
  source: 'xml' | 'ofd',
  fieldNames: Partial<Record<ExtractedField, readonly string[]>>,
  nameFields: Partial<Record<keyof ExtractedNames, readonly string[]>>,
): number {
  let found = 0;
  for (const [field, names] of Object.entries(fieldNames) as [ExtractedField, readonly string[]][]) {
    for (const wanted of names) {
      const pair = values.find(([name, value]) => name === wanted && value.trim() !== '' && into.set(field, value, source));
      if (pair) {
        found++;
        break;
      }
    }
  }
  for (const [field, names] of Object.entries(nameFields) as [keyof ExtractedNames, readonly string[]][]) {
    const pair = values.find(([name, value]) => names.includes(name) && value.trim() !== '');
    into.setName(field, pair?.[1]);
  }
  return found;
}

function collectTypeCode(values: readonly [string, string][], into: FieldCollector, source: 'xml' | 'ofd'): number {
  const typeCode = values.find(([name]) => TYPE_NAMES.includes(name))?.[1];
  if (typeCode && /^\d{2}$/.test(typeCode) && into.fields.fpzl === undefined) {
    // A 2-digit FPLXDM in the spec's names is already a verification kind for the VAT types.
    if (['01', '03', '04', '08', '10', '11', '14', '15'].includes(typeCode) && into.set('fpzl', typeCode, source)) return 1;
  }
  return 0;
}

/** Reads a whole invoice XML file into the collector; ExtractionError when it is refused or broken. */
export function extractFromXml(bytes: Uint8Array, into: FieldCollector, source: 'xml' | 'ofd' = 'xml'): number {
  const tree = parseXml(decodeXml(bytes));
  const values = collectValues(tree);
  // A 数电 XML's number is EIid or InvoiceNumber with 20 digits and no code: digital unless a code says legacy.
  const found = collectNamedValues(values, into, source);
  if (into.fields.fpzl === undefined && into.fields.fphm?.length === 20 && into.fields.fpdm === undefined) {
    const tag = values.find(([name]) => name === 'einvoicetag' || name === 'labelname' || name === 'invoicetype')?.[1] ?? '';
    // The national schema's EInvoiceTag / LabelName says special (专用) or general (普通).
    if (/专用/.test(tag)) into.set('fpzl', '21', source);
    else if (/普通/.test(tag)) into.set('fpzl', '22', source);
  }
  return found;
}
