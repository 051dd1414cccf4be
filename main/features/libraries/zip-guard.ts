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
    message: string,
    readonly counters: ZipCounters,
  ) {
    super(message);
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
  const refuse = (reason: SheetRefusalReason, message: string): never => {
    throw new SheetRefusal(reason, message, { ...counters });
  };

  if (bytes.subarray(0, 8).equals(CFB_MAGIC)) {
    if (bytes.includes(ENCRYPTION_INFO)) refuse('encrypted', '该工作簿设置了打开密码（已加密），请在 Excel 中取消密码后再导入');
    refuse('not-xlsx', '这是旧版 Excel 文件（.xls），请在 Excel 中另存为 .xlsx 后再导入');
  }
  if (bytes.length < 22 || bytes.readUInt32LE(0) !== 0x04034b50) refuse('not-xlsx', '该文件不是 Excel 工作簿（.xlsx）');

  const entries = readCentralDirectory(bytes, limits, refuse);
  counters.entries = entries.length;
  for (const entry of entries) {
    if (entry.flags & 0x1) refuse('encrypted', '该工作簿中的内容已加密，请在 Excel 中取消密码后再导入');
    if (entry.method !== 0 && entry.method !== 8) refuse('corrupt', `工作簿已损坏：不支持的压缩方式（${entry.name}）`);
    const local = entry.localOffset;
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) refuse('corrupt', `工作簿已损坏：找不到 ${entry.name}`);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const end = start + entry.compressedSize;
    if (end > bytes.length) refuse('corrupt', `工作簿已损坏：${entry.name} 不完整`);
    const data = bytes.subarray(start, end);
    counters.compressedBytes += data.length;
    const rows = WORKSHEET.test(entry.name) ? { count: 0, tail: '' } : null;
    const onChunk = (chunk: Buffer): void => {
      counters.inflatedBytes += chunk.length;
      counters.largestChunk = Math.max(counters.largestChunk, chunk.length);
      if (counters.inflatedBytes > limits.maxInflatedBytes) {
        refuse('too-large-unpacked', `工作簿解压后过大（超过 ${mib(limits.maxInflatedBytes)}），可能是压缩炸弹或含有大量无用内容，未导入`);
      }
      if (rows) {
        const text = rows.tail + chunk.toString('latin1');
        rows.count += countRows(text);
        // The last 4 characters may be the start of a '<row' cut by the chunk: carried into the next piece.
        rows.tail = text.slice(-4);
        counters.sheetRows = Math.max(counters.sheetRows, rows.count);
        if (rows.count > limits.maxSheetRows) refuse('too-many-rows', `工作表行数过多（超过 ${limits.maxSheetRows} 行），请拆分文件后分批导入`);
      }
    };
    if (entry.method === 0) {
      for (let at = 0; at < data.length; at += CHUNK) onChunk(data.subarray(at, Math.min(at + CHUNK, data.length)));
    } else {
      await inflateCounting(data, onChunk, () => refuse('corrupt', `工作簿已损坏：${entry.name} 无法解压`));
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

function readCentralDirectory(bytes: Buffer, limits: ZipLimits, refuse: (reason: SheetRefusalReason, message: string) => never): Entry[] {
  const min = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let at = bytes.length - 22; at >= min; at -= 1) {
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd === -1) refuse('corrupt', '工作簿已损坏：不是完整的 zip 文件');
  const count = bytes.readUInt16LE(eocd + 10);
  const size = bytes.readUInt32LE(eocd + 12);
  const offset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) refuse('corrupt', '工作簿结构异常（ZIP64），未导入');
  if (count > limits.maxEntries) refuse('too-large-unpacked', `工作簿中的文件过多（${count} 个），未导入`);
  if (offset + size > bytes.length) refuse('corrupt', '工作簿已损坏：目录不完整');
  const entries: Entry[] = [];
  let at = offset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) refuse('corrupt', '工作簿已损坏：目录项无效');
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
