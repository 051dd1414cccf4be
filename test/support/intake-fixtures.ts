/**
 * Received-invoice files for the intake tests, made at run time (nothing binary is committed): a PNG and
 * a JPEG of an invoice QR code, a PDF with the QR embedded as an image, an OFD package and an invoice
 * XML. Amounts are written as '1000.00'-style text on purpose: a parser that turns them into numbers
 * loses the trailing zeros and the tests notice.
 */
import JSZip from 'jszip';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { encodeGreyscaleJpeg } from './jpeg-encoder.js';

/** Pixels per QR module and quiet-zone modules, as a 300-dpi scan of a printed invoice roughly gives. */
const MODULE_PIXELS = 4;
const QUIET_MODULES = 4;

export async function qrPng(text: string): Promise<Uint8Array> {
  return new Uint8Array(await QRCode.toBuffer(text, { type: 'png', margin: QUIET_MODULES, scale: MODULE_PIXELS, errorCorrectionLevel: 'M' }));
}

/** The QR symbol as greyscale pixels (0 black, 255 white) with its quiet zone. */
export function qrGreyscale(text: string): { pixels: Uint8Array; width: number; height: number } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 2 * QUIET_MODULES) * MODULE_PIXELS;
  const pixels = new Uint8Array(side * side).fill(255);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let dy = 0; dy < MODULE_PIXELS; dy++) {
        const y = (row + QUIET_MODULES) * MODULE_PIXELS + dy;
        pixels.fill(0, y * side + (col + QUIET_MODULES) * MODULE_PIXELS, y * side + (col + QUIET_MODULES + 1) * MODULE_PIXELS);
      }
    }
  }
  return { pixels, width: side, height: side };
}

export function qrJpeg(text: string): Uint8Array {
  const { pixels, width, height } = qrGreyscale(text);
  return encodeGreyscaleJpeg(pixels, width, height, 90);
}

/** An A4 invoice PDF with a title and the QR code drawn as an image in the top-left corner, as issuers place it. */
export async function qrPdf(text: string, image: 'png' | 'jpeg' = 'png'): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage([595.28, 841.89]);
  const font = await document.embedFont(StandardFonts.Helvetica);
  page.drawText('Electronic invoice (sandbox test)', { x: 200, y: 800, size: 14, font });
  const embedded = image === 'png' ? await document.embedPng(await qrPng(text)) : await document.embedJpg(qrJpeg(text));
  page.drawImage(embedded, { x: 30, y: 720, width: 90, height: 90 });
  return document.save();
}

/**
 * The same PDF with the QR code drawn as vector squares (one filled rectangle a dark module), as some
 * issuers' software draws it: no image on the page, so only the drawn page shows the code.
 */
export async function vectorQrPdf(text: string): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage([595.28, 841.89]);
  const font = await document.embedFont(StandardFonts.Helvetica);
  page.drawText('Electronic invoice (sandbox test)', { x: 200, y: 800, size: 14, font });
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const module = 90 / (modules.size + 2 * QUIET_MODULES);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      // PDF's y grows upwards: row 0 is the top of the 90 pt square whose lower-left corner is (30, 720).
      page.drawRectangle({ x: 30 + (col + QUIET_MODULES) * module, y: 720 + 90 - (row + QUIET_MODULES + 1) * module, width: module, height: module, color: rgb(0, 0, 0) });
    }
  }
  return document.save();
}

export interface InvoiceFileFields {
  fpdm: string;
  fphm: string;
  /** yyyyMMdd */
  kprq: string;
  jym: string;
  hjje: string;
  hjse: string;
  jshj: string;
  buyerName: string;
  buyerTaxNumber: string;
  sellerName: string;
  sellerTaxNumber: string;
}

const dashed = (date: string) => `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;

/** A digital-electronic invoice XML in the national schema's element names. */
export function invoiceXml(fields: InvoiceFileFields, title = '电子发票（增值税专用发票）'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<EInvoice>
  <Header><EIid>${fields.fphm}</EIid><InherentLabel><EInvoiceType><LabelName>${title}</LabelName></EInvoiceType></InherentLabel></Header>
  <EInvoiceData>
    <SellerInformation><SellerIdNum>${fields.sellerTaxNumber}</SellerIdNum><SellerName>${fields.sellerName}</SellerName></SellerInformation>
    <BuyerInformation><BuyerIdNum>${fields.buyerTaxNumber}</BuyerIdNum><BuyerName>${fields.buyerName}</BuyerName></BuyerInformation>
    <BasicInformation>
      <TotalAmWithoutTax>${fields.hjje}</TotalAmWithoutTax><TotalTaxAm>${fields.hjse}</TotalTaxAm><TotalTax-includedAmount>${fields.jshj}</TotalTax-includedAmount>
    </BasicInformation>
    <IssuItemInformation><ItemName>*信息技术服务*软件维护</ItemName><SpecMod>V2</SpecMod><MeaUnits>次</MeaUnits><Quantity>2</Quantity><UnPrice>250.00</UnPrice><Amount>500.00</Amount><TaxRate>0.13</TaxRate><ComTaxAm>65.00</ComTaxAm></IssuItemInformation>
    <IssuItemInformation><ItemName>*信息技术服务*咨询</ItemName><Quantity>1</Quantity><UnPrice>500.00</UnPrice><Amount>500.00</Amount><TaxRate>0.13</TaxRate><ComTaxAm>65.00</ComTaxAm></IssuItemInformation>
  </EInvoiceData>
  <TaxSupervisionInfo><InvoiceNumber>${fields.fphm}</InvoiceNumber><IssueTime>${dashed(fields.kprq)}</IssueTime></TaxSupervisionInfo>
</EInvoice>`;
}

/** An OFD package whose OFD.xml carries the invoice in CustomData entries, as OFD invoices do. */
export async function invoiceOfd(fields: InvoiceFileFields): Promise<Uint8Array> {
  const custom = (name: string, value: string) => `<ofd:CustomData Name="${name}">${value}</ofd:CustomData>`;
  const zip = new JSZip();
  zip.file(
    'OFD.xml',
    `<?xml version="1.0" encoding="UTF-8"?>
<ofd:OFD xmlns:ofd="http://www.ofdspec.org/2016" Version="1.1" DocType="OFD">
  <ofd:DocBody>
    <ofd:DocInfo><ofd:DocID>sandbox-test</ofd:DocID><ofd:CustomDatas>
      ${custom('发票代码', fields.fpdm)}${custom('发票号码', fields.fphm)}${custom('开票日期', `${fields.kprq.slice(0, 4)}年${fields.kprq.slice(4, 6)}月${fields.kprq.slice(6, 8)}日`)}
      ${custom('校验码', fields.jym)}${custom('合计金额', fields.hjje)}${custom('合计税额', fields.hjse)}
      ${custom('购买方纳税人识别号', fields.buyerTaxNumber)}${custom('销售方纳税人识别号', fields.sellerTaxNumber)}
    </ofd:CustomDatas></ofd:DocInfo>
    <ofd:DocRoot>Doc_0/Document.xml</ofd:DocRoot>
  </ofd:DocBody>
</ofd:OFD>`,
  );
  zip.file(
    'Doc_0/Document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><ofd:Document xmlns:ofd="http://www.ofdspec.org/2016"><ofd:CommonData><ofd:PageArea><ofd:PhysicalBox>0 0 210 140</ofd:PhysicalBox></ofd:PageArea></ofd:CommonData></ofd:Document>`,
  );
  return zip.generateAsync({ type: 'uint8array' });
}

/** A zip that is not an OFD (no OFD.xml). */
export async function plainZip(): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('readme.txt', 'not an invoice');
  return zip.generateAsync({ type: 'uint8array' });
}

export const base64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64');

/**
 * A heavy picture: a large greyscale scan of speckled paper with the invoice QR in one corner. The QR
 * reader's try-harder passes over every pixel make it take seconds — the load intake must keep off main.
 */
export function heavyQrPng(text: string, side = 2600, seed = 1): Uint8Array {
  const qr = qrGreyscale(text);
  const pixels = new Uint8Array(side * side);
  let state = seed >>> 0 || 1;
  for (let index = 0; index < pixels.length; index++) {
    // xorshift: light speckles, deterministic per seed.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    pixels[index] = (state >>> 0) % 7 === 0 ? 60 + ((state >>> 8) & 127) : 235;
  }
  for (let y = 0; y < qr.height; y++) pixels.set(qr.pixels.subarray(y * qr.width, (y + 1) * qr.width), (y + 40) * side + 40);
  const png = new PNG({ width: side, height: side, colorType: 0, inputColorType: 0, bitDepth: 8 });
  png.data = Buffer.from(pixels);
  return new Uint8Array(PNG.sync.write(png, { colorType: 0, inputColorType: 0 }));
}

/** The invoice QR picture turned 90° clockwise, as a sheet fed sideways gives it. */
export function sidewaysQrPng(text: string): Uint8Array {
  const { pixels, width, height } = qrGreyscale(text);
  const turned = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) turned[x * height + (height - 1 - y)] = pixels[y * width + x] ?? 255;
  // A dark bar along the (new) right edge, where the sheet's top now is: the preview shows which way is up.
  for (let y = 0; y < width; y++) turned.fill(0, y * height + height - 12, y * height + height);
  const png = new PNG({ width: height, height: width, colorType: 0, inputColorType: 0, bitDepth: 8 });
  png.data = Buffer.from(turned);
  return new Uint8Array(PNG.sync.write(png, { colorType: 0, inputColorType: 0 }));
}
