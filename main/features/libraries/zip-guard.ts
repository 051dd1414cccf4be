/**
 * Looks inside an .xlsx (a zip) before any spreadsheet library unpacks it (issue 10 point 8): every entry
 * is inflated with a streaming inflater that counts the bytes it produces and stops at the cap, and the
 * worksheets' `<row` tags are counted as they stream past, so a zip bomb (1 MB inflating to GBs) or a
 * sheet of a million rows is refused with its real cause after at most `cap` bytes were produced — the
 * inflated data itself is never kept. Encrypted workbooks (an OLE container with EncryptionInfo, or a
 * zip entry with the encryption flag), old .xls files and broken zips are told apart.
 * Node built-ins only; runs inside the sheet worker (sheet-worker.ts), off the main thread.
 */
import zlib from 'node:zlib';

export interface ZipLimits {
  /** Total bytes all entries may inflate to. */
  maxInflatedBytes: number;
  /** Entries in the zip (a real workbook has a few dozen). */
  maxEntries: number;
  /** `<row>` elements in one worksheet. */
  maxSheetRows: number;
}

export type SheetRefusalReason = 'too-large-unpacked' | 'too-many-rows' | 'corrupt' | 'encrypted' | 'not-xlsx';

/** The reader's own counters, reported with every refusal and success. */
export interface ZipCounters {
  /** Bytes produced by the inflater so far (what a parser would have had to hold). */
  inflatedBytes: number;
  /** Compressed bytes fed to the inflater. */
  compressedBytes: number;
  entries: number;
  /** Largest row count seen in one worksheet. */
  sheetRows: number;
  /** Largest single chunk the inflater handed over (the scan's own memory per step). */
  largestChunk: number;
}

export class SheetRefusal extends Error {
  constructor(
    readonly reason: SheetRefusalReason,
    /** The sentence for the clerk, as a message key under `errors.` and its params (messages by code). */
    readonly key: string,
    readonly params: Readonly<Record<string, string | number>>,
    readonly counters: ZipCounters,
  ) {
    super(`${reason}: ${key} ${JSON.stringify(params)}`);
    this.name = 'SheetRefusal';
  }
}

const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ENCRYPTION_INFO = Buffer.from('EncryptionInfo', 'utf16le');
const CHUNK = 64 * 1024;
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/i;

interface Entry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  localOffset: number;
}

function mib(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}

export async function scanXlsx(bytes: Buffer, limits: ZipLimits): Promise<ZipCounters> {
  const counters: ZipCounters = { inflatedBytes: 0, compressedBytes: 0, entries: 0, sheetRows: 0, largestChunk: 0 };
  const refuse = (reason: SheetRefusalReason, key: string, params: Readonly<Record<string, string | number>> = {}): never => {
    throw new SheetRefusal(reason, key, params, { ...counters });
  };

  if (bytes.subarray(0, 8).equals(CFB_MAGIC)) {
    if (bytes.includes(ENCRYPTION_INFO)) refuse('encrypted', 'app.sheetEncrypted');
    refuse('not-xlsx', 'app.sheetOldXls');
  }
  if (bytes.length < 22 || bytes.readUInt32LE(0) !== 0x04034b50) refuse('not-xlsx', 'app.sheetNotXlsx');

  const entries = readCentralDirectory(bytes, limits, refuse);
  counters.entries = entries.length;
  for (const entry of entries) {
    if (entry.flags & 0x1) refuse('encrypted', 'app.sheetEncrypted');
    if (entry.method !== 0 && entry.method !== 8) refuse('corrupt', 'app.sheetCorruptEntry', { entry: entry.name });
    const local = entry.localOffset;
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) refuse('corrupt', 'app.sheetCorruptEntry', { entry: entry.name });
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const end = start + entry.compressedSize;
    if (end > bytes.length) refuse('corrupt', 'app.sheetCorruptEntry', { entry: entry.name });
    const data = bytes.subarray(start, end);
    counters.compressedBytes += data.length;
    const rows = WORKSHEET.test(entry.name) ? { count: 0, tail: '' } : null;
    const onChunk = (chunk: Buffer): void => {
      counters.inflatedBytes += chunk.length;
      counters.largestChunk = Math.max(counters.largestChunk, chunk.length);
      if (counters.inflatedBytes > limits.maxInflatedBytes) {
        refuse('too-large-unpacked', 'app.sheetUnpackedTooLarge', { size: mib(limits.maxInflatedBytes) });
      }
      if (rows) {
        const text = rows.tail + chunk.toString('latin1');
        rows.count += countRows(text);
        // The last 4 characters may be the start of a '<row' cut by the chunk: carried into the next piece.
        rows.tail = text.slice(-4);
        counters.sheetRows = Math.max(counters.sheetRows, rows.count);
        if (rows.count > limits.maxSheetRows) refuse('too-many-rows', 'app.sheetRowsTooMany', { max: limits.maxSheetRows });
      }
    };
    if (entry.method === 0) {
      for (let at = 0; at < data.length; at += CHUNK) onChunk(data.subarray(at, Math.min(at + CHUNK, data.length)));
    } else {
      await inflateCounting(data, onChunk, () => refuse('corrupt', 'app.sheetCorruptEntry', { entry: entry.name }));
    }
  }
  return counters;
}

/**
 * `<row>` / `<row …>` starts in a piece of XML. A '<row' is counted only once the character after it is
 * there, so the 4-character tail the caller carries over can never be counted twice.
 */
function countRows(text: string): number {
  let count = 0;
  for (let at = text.indexOf('<row'); at !== -1; at = text.indexOf('<row', at + 4)) {
    const next = text.charCodeAt(at + 4);
    if (next === 0x20 || next === 0x3e || next === 0x09 || next === 0x0a || next === 0x0d || next === 0x2f) count += 1;
  }
  return count;
}

/** Streams `data` through raw inflate, handing each output chunk over; a throwing handler stops it at once. */
function inflateCounting(data: Buffer, onChunk: (chunk: Buffer) => void, corrupt: () => never): Promise<void> {
  return new Promise((resolve, reject) => {
    const inflater = zlib.createInflateRaw({ chunkSize: CHUNK });
    let failed = false;
    inflater.on('data', (chunk: Buffer) => {
      if (failed) return;
      try {
        onChunk(chunk);
      } catch (error) {
        failed = true;
        inflater.destroy();
        reject(error as Error);
      }
    });
    inflater.on('error', () => {
      if (failed) return;
      failed = true;
      try {
        corrupt();
      } catch (error) {
        reject(error as Error);
      }
    });
    inflater.on('end', () => {
      if (!failed) resolve();
    });
    inflater.end(data);
  });
}

function readCentralDirectory(bytes: Buffer, limits: ZipLimits, refuse: (reason: SheetRefusalReason, key: string, params?: Readonly<Record<string, string | number>>) => never): Entry[] {
  const min = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let at = bytes.length - 22; at >= min; at -= 1) {
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd === -1) refuse('corrupt', 'app.sheetCorrupt');
  const count = bytes.readUInt16LE(eocd + 10);
  const size = bytes.readUInt32LE(eocd + 12);
  const offset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) refuse('corrupt', 'app.sheetZip64');
  if (count > limits.maxEntries) refuse('too-large-unpacked', 'app.sheetTooManyFiles', { count });
  if (offset + size > bytes.length) refuse('corrupt', 'app.sheetCorrupt');
  const entries: Entry[] = [];
  let at = offset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) refuse('corrupt', 'app.sheetCorrupt');
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    entries.push({
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      localOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
