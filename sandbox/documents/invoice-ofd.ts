/**
 * The invoice as an OFD package (GB/T 33190): a zip with OFD.xml (document entry, with the invoice's key
 * fields as custom data, as issued OFD invoices carry them), Doc_0/Document.xml, one page whose content
 * holds the invoice's text, and the invoice XML attached at Doc_0/Attachs/invoice.xml — the "OFD's XML"
 * intake reads. Layout is deliberately plain: no fonts or seals are embedded.
 */
import { XMLBuilder } from 'fast-xml-parser';
import JSZip from 'jszip';
import type { InvoiceDocument } from '../output/invoice-document.js';
import { invoiceXml, invoiceXmlFields } from './invoice-xml.js';

const OFD_NS = 'http://www.ofdspec.org/2016';
/** 241 × 140 mm: the size of a VAT invoice. */
const PAGE_BOX = '0 0 241 140';

const xml = (value: unknown): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true }).build(value) as string}`;

export async function invoiceOfd(document: InvoiceDocument): Promise<Uint8Array> {
  const fields = invoiceXmlFields(document);
  const zip = new JSZip();
  zip.file(
    'OFD.xml',
    xml({
      'ofd:OFD': {
        '@_xmlns:ofd': OFD_NS,
        '@_Version': '1.1',
        '@_DocType': 'OFD',
        'ofd:DocBody': {
          'ofd:DocInfo': {
            'ofd:DocID': document.invoice.fileToken,
            'ofd:Title': `发票 ${document.invoice.fphm}`,
            'ofd:Creator': 'Fapiao Desk sandbox',
            'ofd:CustomDatas': { 'ofd:CustomData': Object.entries(fields).map(([name, value]) => ({ '@_Name': name, '#text': value })) },
          },
          'ofd:DocRoot': 'Doc_0/Document.xml',
        },
      },
    }),
  );
  zip.file(
    'Doc_0/Document.xml',
    xml({
      'ofd:Document': {
        '@_xmlns:ofd': OFD_NS,
        'ofd:CommonData': { 'ofd:MaxUnitID': String(document.lines.length + 40), 'ofd:PageArea': { 'ofd:PhysicalBox': PAGE_BOX } },
        'ofd:Pages': { 'ofd:Page': { '@_ID': '1', '@_BaseLoc': 'Pages/Page_0/Content.xml' } },
        'ofd:Attachments': 'Attachs/Attachments.xml',
      },
    }),
  );
  const texts = [
    ...Object.entries(fields).filter(([name]) => name !== 'ewm').map(([name, value]) => `${name}: ${value}`),
    ...document.lines.map((line) => `${line.xh} ${line.spmc} ${line.spsl ?? ''} ${line.dj ?? ''} ${line.je} ${line.sl} ${line.se}`),
  ];
  zip.file(
    'Doc_0/Pages/Page_0/Content.xml',
    xml({
      'ofd:Page': {
        '@_xmlns:ofd': OFD_NS,
        'ofd:Content': {
          'ofd:Layer': {
            '@_ID': '2',
            'ofd:TextObject': texts.map((value, index) => ({
              '@_ID': String(10 + index),
              '@_Boundary': `10 ${5 + index * 4} 220 4`,
              '@_Font': '3',
              '@_Size': '3',
              'ofd:TextCode': { '@_X': '0', '@_Y': '3', '#text': value },
            })),
          },
        },
      },
    }),
  );
  zip.file(
    'Doc_0/Attachs/Attachments.xml',
    xml({
      'ofd:Attachments': {
        '@_xmlns:ofd': OFD_NS,
        'ofd:Attachment': { '@_ID': '4', '@_Name': 'invoice', '@_Format': 'xml', 'ofd:FileLoc': 'invoice.xml' },
      },
    }),
  );
  zip.file('Doc_0/Attachs/invoice.xml', invoiceXml(document));
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}
