/**
 * A minimal zip writer for hostile spreadsheet fixtures (zip bombs, encrypted-flag entries): real
 * local headers, deflate streams and a central directory, written by hand so that a test controls
 * exactly what a reader meets. Entries are given as already deflated data plus their sizes.
 */
import zlib from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** Raw deflate stream (method 8). */
  deflated: Buffer;
  /** What the entry claims to inflate to. */
  size: number;
  crc?: number;
  /** General-purpose flags (bit 0 = encrypted). */
  flags?: number;
}

export function deflatedText(text: string): ZipEntry['deflated'] {
  return zlib.deflateRawSync(Buffer.from(text, 'utf8'));
}

/** Deflates `repeat` copies of `unit` without ever holding them all (streaming), for bombs. */
export async function deflatedRepeat(unit: Buffer, repeat: number): Promise<Buffer> {
  const deflater = zlib.createDeflateRaw({ level: 9, memLevel: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflater.on('end', resolve);
    deflater.on('error', reject);
  });
  for (let i = 0; i < repeat; i += 1) {
    if (!deflater.write(unit)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await done;
  return Buffer.concat(out);
}

export function buildZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.flags ?? 0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc ?? 0, 14);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(Math.min(entry.size, 0xfffffffe), 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.flags ?? 0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc ?? 0, 16);
    central.writeUInt32LE(entry.deflated.length, 20);
    central.writeUInt32LE(Math.min(entry.size, 0xfffffffe), 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.deflated);
    centrals.push(central, name);
    offset += 30 + name.length + entry.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The small parts every .xlsx has, so a bomb looks like a workbook up to its big entry. */
export function workbookSkeleton(): ZipEntry[] {
  const parts: Record<string, string> = {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    'xl/workbook.xml':
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="Sheet1" sheetId="1"/></sheets></workbook>',
  };
  return Object.entries(parts).map(([name, text]) => ({ name, deflated: deflatedText(text), size: Buffer.byteLength(text) }));
}
