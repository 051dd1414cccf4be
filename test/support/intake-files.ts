/**
 * Invoice files of every kind intake must read, made at run time for the extraction tests: legacy
 * eInvoice XML in several namespaces (or none), the 数电 national-schema XML, an XBRL instance, OFDs whose
 * invoice is in an attachment, in custom tags pointing into page text, or only in CustomData, QR payload
 * variants as issuers write them, and the bad files (bomb, DOCTYPE, corrupt, too large, no invoice).
 * Values are written as text ('1000.00'): a parser that turns them into numbers loses trailing zeros.
 */
import JSZip from 'jszip';
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';

export const LEGACY = {
  fpdm: '044031900111',
  fphm: '12345678',
  kprq: '20240302',
  jym: '09876543210987654321',
  fpje: '1000.00',
  fpse: '130.00',
  jshj: '1130.00',
  gmfsbh: '91310000MA1FL8XQ5D',
  xhfsbh: '91110105MA01ABCD3X',
} as const;

export const DIGITAL = {
  fphm: '24312000000012345678',
  kprq: '20240415',
  fpje: '2000.00',
  fpse: '260.00',
  jshj: '2260.00',
  gmfsbh: '91310000MA1FL8XQ5D',
  xhfsbh: '91440300MA5FXX1234',
} as const;

/** A legacy eInvoice XML (GraphCode is the QR payload) with the given namespace prefix and URI, or none. */
export function legacyEInvoiceXml(namespace: { prefix: string; uri: string } | undefined, type = '10'): string {
  const p = namespace ? `${namespace.prefix}:` : '';
  const xmlns = namespace ? ` xmlns:${namespace.prefix}="${namespace.uri}"` : '';
  const date = `${LEGACY.kprq.slice(0, 4)}年${LEGACY.kprq.slice(4, 6)}月${LEGACY.kprq.slice(6)}日`;
  return `<?xml version="1.0" encoding="utf-8"?>
<eInvoice${xmlns} Version="1.0"><${p}InvoiceCode>${LEGACY.fpdm}</${p}InvoiceCode><${p}InvoiceNo>${LEGACY.fphm}</${p}InvoiceNo><${p}IssueDate>${date}</${p}IssueDate><${p}InvoiceCheckCode>${LEGACY.jym}</${p}InvoiceCheckCode>
<${p}Buyer><${p}BuyerName>上海演示科技有限公司</${p}BuyerName><${p}BuyerTaxID>${LEGACY.gmfsbh}</${p}BuyerTaxID></${p}Buyer>
<${p}Seller><${p}SellerName>深圳供应商有限公司</${p}SellerName><${p}SellerTaxID>${LEGACY.xhfsbh}</${p}SellerTaxID></${p}Seller>
<${p}TaxInclusiveTotalAmount>${LEGACY.jshj}</${p}TaxInclusiveTotalAmount><${p}TaxTotalAmount>${LEGACY.fpse}</${p}TaxTotalAmount><${p}TaxExclusiveTotalAmount>${LEGACY.fpje}</${p}TaxExclusiveTotalAmount>
<${p}GraphCode>01,${type},${LEGACY.fpdm},${LEGACY.fphm},${LEGACY.fpje},${LEGACY.kprq},${LEGACY.jym},A1B2,</${p}GraphCode>
<${p}GoodsInfos><${p}GoodsInfo><${p}Item>*餐饮服务*餐费</${p}Item><${p}Amount>${LEGACY.fpje}</${p}Amount><${p}TaxAmount>${LEGACY.fpse}</${p}TaxAmount></${p}GoodsInfo></${p}GoodsInfos></eInvoice>`;
}

/** A 数电 invoice XML in the national schema's element names (EInvoice, EIid, TotalTax-includedAmount…). */
export function digitalXml(label = '电子发票（增值税专用发票）', encoding: 'UTF-8' | 'GBK' = 'UTF-8'): string {
  return `<?xml version="1.0" encoding="${encoding}"?>
<EInvoice>
  <Header><EIid>${DIGITAL.fphm}</EIid><InherentLabel><EInvoiceType><LabelName>${label}</LabelName></EInvoiceType></InherentLabel></Header>
  <EInvoiceData>
    <SellerInformation><SellerIdNum>${DIGITAL.xhfsbh}</SellerIdNum><SellerName>深圳数电科技有限公司</SellerName></SellerInformation>
    <BuyerInformation><BuyerIdNum>${DIGITAL.gmfsbh}</BuyerIdNum><BuyerName>上海演示科技有限公司</BuyerName></BuyerInformation>
    <BasicInformation><TotalAmWithoutTax>${DIGITAL.fpje}</TotalAmWithoutTax><TotalTaxAm>${DIGITAL.fpse}</TotalTaxAm><TotalTax-includedAmount>${DIGITAL.jshj}</TotalTax-includedAmount></BasicInformation>
    <IssuItemInformation><ItemName>*信息技术服务*软件维护</ItemName><Amount>${DIGITAL.fpje}</Amount><TaxRate>0.13</TaxRate><ComTaxAm>${DIGITAL.fpse}</ComTaxAm></IssuItemInformation>
  </EInvoiceData>
  <TaxSupervisionInfo><InvoiceNumber>${DIGITAL.fphm}</InvoiceNumber><IssueTime>${DIGITAL.kprq.slice(0, 4)}-${DIGITAL.kprq.slice(4, 6)}-${DIGITAL.kprq.slice(6)} 10:21:05</IssueTime></TaxSupervisionInfo>
</EInvoice>`;
}

/** An XBRL instance: facts as namespaced elements with contextRef/unitRef attributes. */
export function xbrlInstance(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<xbrli:xbrl xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:iso4217="http://www.xbrl.org/2003/iso4217" xmlns:fp="http://xbrl.example.org/einvoice/2023">
  <link:schemaRef xlink:type="simple" xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="einvoice.xsd"/>
  <xbrli:context id="c1"><xbrli:entity><xbrli:identifier scheme="http://www.chinatax.gov.cn">${DIGITAL.xhfsbh}</xbrli:identifier></xbrli:entity><xbrli:period><xbrli:instant>2024-04-15</xbrli:instant></xbrli:period></xbrli:context>
  <xbrli:unit id="CNY"><xbrli:measure>iso4217:CNY</xbrli:measure></xbrli:unit>
  <fp:InvoiceNumber contextRef="c1">${DIGITAL.fphm}</fp:InvoiceNumber>
  <fp:InvoiceType contextRef="c1">电子发票（普通发票）</fp:InvoiceType>
  <fp:DateOfIssue contextRef="c1">2024-04-15</fp:DateOfIssue>
  <fp:SellerTaxID contextRef="c1">${DIGITAL.xhfsbh}</fp:SellerTaxID>
  <fp:BuyerTaxID contextRef="c1">${DIGITAL.gmfsbh}</fp:BuyerTaxID>
  <fp:TotalAmountExcludingTax contextRef="c1" unitRef="CNY" decimals="2">${DIGITAL.fpje}</fp:TotalAmountExcludingTax>
  <fp:TotalTaxAmount contextRef="c1" unitRef="CNY" decimals="2">${DIGITAL.fpse}</fp:TotalTaxAmount>
  <fp:TotalAmountIncludingTax contextRef="c1" unitRef="CNY" decimals="2">${DIGITAL.jshj}</fp:TotalAmountIncludingTax>
</xbrli:xbrl>`;
}

const OFD_ROOT = (customDatas: string) => `<?xml version="1.0" encoding="UTF-8"?>
<ofd:OFD xmlns:ofd="http://www.ofdspec.org/2016" DocType="OFD" Version="1.1"><ofd:DocBody><ofd:DocInfo><ofd:DocID>test</ofd:DocID><ofd:CustomDatas>${customDatas}</ofd:CustomDatas></ofd:DocInfo><ofd:DocRoot>Doc_0/Document.xml</ofd:DocRoot></ofd:DocBody></ofd:OFD>`;
const DOCUMENT = `<?xml version="1.0" encoding="UTF-8"?><ofd:Document xmlns:ofd="http://www.ofdspec.org/2016"><ofd:CommonData><ofd:PageArea><ofd:PhysicalBox>0 0 210 140</ofd:PhysicalBox></ofd:PageArea></ofd:CommonData></ofd:Document>`;

/** A legacy OFD whose invoice is only in the eInvoice attachment (namespace as given). */
export async function ofdWithAttachment(namespace: { prefix: string; uri: string } | undefined): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('OFD.xml', OFD_ROOT(''));
  zip.file('Doc_0/Document.xml', DOCUMENT);
  zip.file('Doc_0/Attachs/Attachments.xml', '<?xml version="1.0"?><ofd:Attachments xmlns:ofd="http://www.ofdspec.org/2016"><ofd:Attachment ID="1" Name="original_invoice"><ofd:FileLoc>original_invoice.xml</ofd:FileLoc></ofd:Attachment></ofd:Attachments>');
  zip.file('Doc_0/Attachs/original_invoice.xml', legacyEInvoiceXml(namespace));
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/** A 数电 OFD: no attachment, no CustomData; the fields are custom tags pointing at TextObjects of the page. */
export async function ofdWithCustomTags(): Promise<Uint8Array> {
  const objects: [string, string, string][] = [
    ['InvoiceNo', '101', DIGITAL.fphm],
    ['IssueDate', '102', `${DIGITAL.kprq.slice(0, 4)}年${DIGITAL.kprq.slice(4, 6)}月${DIGITAL.kprq.slice(6)}日`],
    ['BuyerTaxID', '103', DIGITAL.gmfsbh],
    ['SellerTaxID', '104', DIGITAL.xhfsbh],
    ['TaxExclusiveTotalAmount', '105', '¥'],
    ['TaxExclusiveTotalAmount', '106', DIGITAL.fpje],
    ['TaxTotalAmount', '107', DIGITAL.fpse],
    ['TaxInclusiveTotalAmount', '108', DIGITAL.jshj],
  ];
  const text = objects
    .map(([, id, value]) => `<ofd:TextObject ID="${id}" Boundary="10 10 40 5" Font="1" Size="3"><ofd:TextCode X="0" Y="3">${value}</ofd:TextCode></ofd:TextObject>`)
    .join('');
  const byTag = new Map<string, string[]>();
  for (const [tag, id] of objects) byTag.set(tag, [...(byTag.get(tag) ?? []), id]);
  const tags = [...byTag].map(([tag, ids]) => `<ofd:${tag}>${ids.map((id) => `<ofd:ObjectRef PageRef="1">${id}</ofd:ObjectRef>`).join('')}</ofd:${tag}>`).join('');
  const zip = new JSZip();
  zip.file('OFD.xml', OFD_ROOT(''));
  zip.file('Doc_0/Document.xml', DOCUMENT);
  zip.file('Doc_0/Pages/Page_0/Content.xml', `<?xml version="1.0" encoding="UTF-8"?><ofd:Page xmlns:ofd="http://www.ofdspec.org/2016"><ofd:Content><ofd:Layer ID="2">${text}</ofd:Layer></ofd:Content></ofd:Page>`);
  zip.file('Doc_0/Tpls/Tpl_0/Content.xml', `<?xml version="1.0" encoding="UTF-8"?><ofd:Page xmlns:ofd="http://www.ofdspec.org/2016"><ofd:Content><ofd:Layer ID="3"><ofd:TextObject ID="900" Boundary="0 0 80 8"><ofd:TextCode X="0" Y="5">电子发票（普通发票）</ofd:TextCode></ofd:TextObject></ofd:Layer></ofd:Content></ofd:Page>`);
  zip.file('Doc_0/Tags/CustomTags.xml', '<?xml version="1.0" encoding="UTF-8"?><ofd:CustomTags xmlns:ofd="http://www.ofdspec.org/2016"><ofd:CustomTag><ofd:FileLoc>CustomTag.xml</ofd:FileLoc></ofd:CustomTag></ofd:CustomTags>');
  zip.file('Doc_0/Tags/CustomTag.xml', `<?xml version="1.0" encoding="UTF-8"?><ofd:root xmlns:ofd="http://www.ofdspec.org/2016">${tags}</ofd:root>`);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/** An OFD with one part that unpacks to `bytes` zeros (compresses to almost nothing): a zip bomb. */
export async function ofdBomb(bytes: number): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('OFD.xml', OFD_ROOT(''));
  zip.file('Doc_0/Res/padding.bin', new Uint8Array(bytes));
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** An OFD whose OFD.xml declares an entity (billion laughs' first step). */
export async function ofdWithDoctype(): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('OFD.xml', `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><ofd:OFD xmlns:ofd="http://www.ofdspec.org/2016"><ofd:DocBody><ofd:DocInfo><ofd:CustomDatas><ofd:CustomData Name="发票号码">&lol2;</ofd:CustomData></ofd:CustomDatas></ofd:DocInfo></ofd:DocBody></ofd:OFD>`);
  return zip.generateAsync({ type: 'uint8array' });
}

/** A PNG of the given size, all white: a picture with no invoice in it. */
export function blankPng(width = 200, height = 120): Uint8Array {
  const png = new PNG({ width, height });
  png.data.fill(255);
  return new Uint8Array(PNG.sync.write(png));
}

/** A JPEG photo-like picture (gradient noise, no QR) with an EXIF Orientation tag. */
export function photoJpeg(width: number, height: number, orientation = 1): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      data[at] = (x * 255) / width;
      data[at + 1] = (y * 255) / height;
      data[at + 2] = 128;
      data[at + 3] = 255;
    }
  }
  const body = new Uint8Array(jpeg.encode({ width, height, data }, 80).data);
  if (orientation === 1) return body;
  // APP1 Exif, little-endian TIFF with one IFD entry: Orientation (0x0112, SHORT, 1).
  const tiff = [0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00, 0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, orientation, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00];
  const payload = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00, ...tiff];
  const length = payload.length + 2;
  const app1 = [0xff, 0xe1, length >> 8, length & 0xff, ...payload];
  const out = new Uint8Array(body.length + app1.length);
  out.set(body.subarray(0, 2));
  out.set(app1, 2);
  out.set(body.subarray(2), 2 + app1.length);
  return out;
}
