/**
 * Picture bombs, made at run time: files that are small on disk and claim or hold pictures of hundreds of
 * megapixels, as the attack used them — a 69-byte PNG whose header says 30000 × 30000, a JPEG
 * header saying the same, a PDF drawing one 20000 × 20000 image (400 MB of pixels deflated to ~400 KB),
 * and OFDs carrying such pictures as resources. Real pixel data is deflated as a stream (never held).
 */
import zlib from 'node:zlib';
import JSZip from 'jszip';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, body: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ihdr(width: number, height: number): Buffer {
  const body = Buffer.alloc(13);
  body.writeUInt32BE(width, 0);
  body.writeUInt32BE(height, 4);
  body.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, deflate, adaptive filters, not interlaced
  return pngChunk('IHDR', body);
}

/** The 69-byte PNG: a header claiming 30000 × 30000 and almost no pixel data. */
export function pngHeaderBomb(side = 30_000): Uint8Array {
  return new Uint8Array(Buffer.concat([PNG_SIGNATURE, ihdr(side, side), pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(4))), pngChunk('IEND', new Uint8Array(0))]));
}

/** A JPEG whose start-of-frame claims 30000 × 30000 (three components), then ends. */
export function jpegHeaderBomb(side = 30_000): Uint8Array {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, side >> 8, side & 0xff, side >> 8, side & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  return new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8]), sof, Buffer.from([0xff, 0xd9])]));
}

/** Zlib-deflates `rows` copies of `row` as a stream: 400 MB of pixels never exist at once. */
async function deflatedRows(row: Buffer, rows: number): Promise<Buffer> {
  const deflater = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflater.on('end', resolve);
    deflater.on('error', reject);
  });
  for (let y = 0; y < rows; y++) if (!deflater.write(row)) await new Promise((resolve) => deflater.once('drain', resolve));
  deflater.end();
  await done;
  return Buffer.concat(out);
}

/** A real greyscale PNG of side × side white pixels: every row is there (400 MB decoded at 20000). */
export async function pngPixelBomb(side = 20_000): Promise<Uint8Array> {
  const row = Buffer.alloc(side + 1, 0xff);
  row[0] = 0;
  const data = await deflatedRows(row, side);
  const chunks: Buffer[] = [];
  for (let at = 0; at < data.length; at += 65_536) chunks.push(pngChunk('IDAT', data.subarray(at, at + 65_536)));
  return new Uint8Array(Buffer.concat([PNG_SIGNATURE, ihdr(side, side), ...chunks, pngChunk('IEND', new Uint8Array(0))]));
}

/** A PDF from numbered objects (the stream object as raw bytes), with a correct cross-reference table. */
function assemblePdf(objects: (string | Buffer)[]): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  objects.forEach((object, index) => {
    offsets.push(length);
    const body = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), typeof object === 'string' ? Buffer.from(object, 'latin1') : object, Buffer.from('\nendobj\n')]);
    parts.push(body);
    length += body.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(parts));
}

/**
 * An A4 PDF drawing one side × side greyscale image (white, deflated: ~400 KB for 20000). With `sizesByReference`
 * the image dictionary names its width and height as indirect objects, as a file hiding its size would.
 */
export async function pdfImageBomb(side = 20_000, options: { sizesByReference?: boolean } = {}): Promise<Uint8Array> {
  const row = Buffer.alloc(side, 0xff);
  const data = await deflatedRows(row, side);
  const size = options.sizesByReference ? '/Width 6 0 R /Height 7 0 R' : `/Width ${side} /Height ${side}`;
  const image = Buffer.concat([
    Buffer.from(`<< /Type /XObject /Subtype /Image ${size} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream'),
  ]);
  const content = 'q 400 0 0 400 100 300 cm /Im0 Do Q';
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>',
    image,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    String(side),
    String(side),
  ]);
}

/** An OFD whose one page draws `picture` (a PNG or JPEG) as its image resource, as OFD invoices carry their QR. */
export async function ofdWithPicture(picture: Uint8Array, name = 'image_1.png'): Promise<Uint8Array> {
  const ns = 'xmlns:ofd="http://www.ofdspec.org/2016"';
  const zip = new JSZip();
  zip.file('OFD.xml', `<?xml version="1.0" encoding="UTF-8"?><ofd:OFD ${ns} Version="1.1" DocType="OFD"><ofd:DocBody><ofd:DocInfo><ofd:DocID>bomb</ofd:DocID></ofd:DocInfo><ofd:DocRoot>Doc_0/Document.xml</ofd:DocRoot></ofd:DocBody></ofd:OFD>`);
  zip.file(
    'Doc_0/Document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><ofd:Document ${ns}><ofd:CommonData><ofd:PageArea><ofd:PhysicalBox>0 0 210 140</ofd:PhysicalBox></ofd:PageArea><ofd:DocumentRes>DocumentRes.xml</ofd:DocumentRes></ofd:CommonData><ofd:Pages><ofd:Page ID="1" BaseLoc="Pages/Page_0/Content.xml"/></ofd:Pages></ofd:Document>`,
  );
  zip.file('Doc_0/DocumentRes.xml', `<?xml version="1.0" encoding="UTF-8"?><ofd:Res ${ns} BaseLoc="Res"><ofd:MultiMedias><ofd:MultiMedia ID="10" Type="Image"><ofd:MediaFile>${name}</ofd:MediaFile></ofd:MultiMedia></ofd:MultiMedias></ofd:Res>`);
  zip.file('Doc_0/Res/' + name, picture);
  zip.file(
    'Doc_0/Pages/Page_0/Content.xml',
    `<?xml version="1.0" encoding="UTF-8"?><ofd:Page ${ns}><ofd:Content><ofd:Layer ID="2"><ofd:ImageObject ID="3" ResourceID="10" Boundary="10 10 30 30" CTM="30 0 0 30 0 0"/></ofd:Layer></ofd:Content></ofd:Page>`,
  );
  return zip.generateAsync({ type: 'uint8array', compression: 'STORE' });
}
