/**
 * Local extraction on the eleven real invoice files (test/fixtures/intake, sources in its README and
 * manifest.json): every value each file shows comes out in the verification result's names and formats,
 * the QR payload as written, and nothing else is claimed — through the library and through
 * `npm run intake` (the script itself, one JSON line per file).
 *
 * The manifest's `fpzl` is the QR type as printed; the extraction's is the verification kind mapped from
 * it (31 → 21 …). A railway e-ticket's QR type is no verification kind: it gets no fpzl and says it cannot
 * be verified. A field the extraction reads beyond the manifest must be listed in EXTRA with its reason.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { extractInvoice, fpzlFromQrType, parseQrPayload, type Extraction } from '../../../extraction/index.js';
import { FieldCollector } from '../../../extraction/fields.js';
import { readPdf } from '../../../extraction/pdf.js';
import { extractFromPdfText } from '../../../extraction/pdf-text.js';

const FIXTURES = path.resolve('test/fixtures/intake');
interface ManifestEntry {
  file: string;
  sha256: string;
  expected: Record<string, string>;
}
const manifest = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'manifest.json'), 'utf8')) as ManifestEntry[];

/** Fields a file shows that its manifest entry leaves out, each with where the file shows it. */
const EXTRA: Record<string, Record<string, string>> = {
  // TypeOfInvoice 增值税电子普通发票: the legacy electronic general invoice, verification kind 10.
  'xml-13-ofdrw-xbrl-attachment.xml': { fpzl: '10' },
};
const RAILWAY_FILES = new Set(['qr-13-ofdgo-railway-eticket.png']);

/** The manifest's names → the extraction's (spec verification result) names and formats. */
function expectedFields(entry: ManifestEntry): Record<string, string> {
  const map: Record<string, string> = { fphm: 'fphm', fpdm: 'fpdm', kprq: 'kprq', je: 'fpje', se: 'fpse', jshj: 'jshj', xsfNsrsbh: 'xhfsbh', gmfNsrsbh: 'gmfsbh', jym: 'jym', fpzl: 'fpzl' };
  const fields: Record<string, string> = { ...EXTRA[entry.file] };
  for (const [name, value] of Object.entries(entry.expected)) {
    const field = map[name];
    if (!field) continue;
    if (field === 'kprq') fields.kprq = value.replace(/-/g, '');
    else if (field === 'fpzl') {
      if (!RAILWAY_FILES.has(entry.file)) fields.fpzl = fpzlFromQrType(value) ?? `unmapped ${value}`;
    } else fields[field] = value;
  }
  return fields;
}

/** The manifest's QR type (as printed) and payload against what was read. */
function expectQr(entry: ManifestEntry, qrTexts: readonly string[]): void {
  const { qrPayload, fpzl } = entry.expected;
  if (qrPayload === undefined) return;
  expect(qrTexts).toContain(qrPayload);
  if (fpzl !== undefined) expect(parseQrPayload(qrPayload)?.type).toBe(fpzl);
}

async function read(file: string): Promise<Extraction> {
  const outcome = await extractInvoice(new Uint8Array(fs.readFileSync(path.join(FIXTURES, file))));
  if (!outcome.ok) throw new Error(`${file}: ${outcome.error.code} ${outcome.error.message}`);
  return outcome.extraction;
}

describe('extraction of the real sample files', () => {
  it('the fixtures are the manifest\'s files, unchanged', async () => {
    const { createHash } = await import('node:crypto');
    expect(manifest).toHaveLength(11);
    for (const entry of manifest) expect(createHash('sha256').update(fs.readFileSync(path.join(FIXTURES, entry.file))).digest('hex')).toBe(entry.sha256);
  });

  for (const entry of manifest) {
    it(`${entry.file}: exactly what the file shows`, async () => {
      const extraction = await read(entry.file);
      expect(extraction.fields).toEqual(expectedFields(entry));
      expectQr(entry, extraction.qrTexts);
      expect(extraction.complete).toBe(true);
      expect(extraction.unverifiable).toBe(RAILWAY_FILES.has(entry.file) ? 'railway-eticket' : undefined);
      // Every field says where it came from.
      expect(Object.keys(extraction.sources).sort()).toEqual(Object.keys(extraction.fields).sort());
    });
  }

  it('reads the QR where a file has one and says so', async () => {
    const png = await read('qr-01-shudian-special.png');
    expect(png.qrTexts).toEqual(['01,31,,24322000000489101796,20000.00,20241205,,BBBB']);
    expect(png.sources).toEqual({ fpzl: 'qr', fphm: 'qr', kprq: 'qr', jshj: 'qr' });
    const legacyPdf = await read('pdf-05-legacy-beijing-ordinary.pdf');
    expect(legacyPdf.sources).toMatchObject({ fpdm: 'qr', fphm: 'qr', fpje: 'qr', jym: 'qr', gmfsbh: 'pdf-text', xhfsbh: 'pdf-text' });
    const shudianOfd = await read('ofd-02-ofdrw-shudian-20240531141733.ofd');
    // The 数电 OFD's tax IDs exist only as custom tags into the page text.
    expect(shudianOfd.sources).toMatchObject({ fphm: 'qr', gmfsbh: 'ofd', xhfsbh: 'ofd' });
    expect(shudianOfd.names).toEqual({ gmfmc: '海南麒麟云服科技有限公司', xhfmc: '北京互联三六五科技有限公司' });
  });

  it('an OFD whose QR is a JPEG resource and whose page text uses Kangxi radicals (⼦ ⽅ ⼀ ⼈): the rest from the drawn text', async () => {
    const jpegQr = await read('ofd-12-easyofd-shudian-jpgqr.ofd');
    expect(jpegQr.sources).toEqual({ fpzl: 'qr', fphm: 'qr', kprq: 'qr', jshj: 'qr', fpje: 'ofd', fpse: 'ofd', gmfsbh: 'ofd', xhfsbh: 'ofd' });
    const pngQr = await read('ofd-11-ofdrw-999-legacy-pngqr.ofd');
    expect(pngQr.sources).toMatchObject({ fphm: 'qr', fpdm: 'qr', jym: 'qr', xhfsbh: 'ofd' });
  });

  it('a railway e-ticket\'s QR: six fields, the number where a VAT payload has its code', async () => {
    const ticket = await read('qr-13-ofdgo-railway-eticket.png');
    expect(ticket.family).toBe('railway');
    expect(ticket.sources).toEqual({ fphm: 'qr', kprq: 'qr', fpje: 'qr' });
  });
});

describe('the text layer alone', () => {
  // The QR images switched off: what a PDF whose QR is vector-drawn (or missing) still yields.
  it.each(manifest.filter((entry) => entry.file.endsWith('.pdf')).map((entry) => entry.file))('%s', async (file) => {
    const entry = manifest.find((candidate) => candidate.file === file);
    const into = new FieldCollector();
    extractFromPdfText(await readPdf(new Uint8Array(fs.readFileSync(path.join(FIXTURES, file))), { images: false }), into);
    expect(into.fields).toEqual(expectedFields(entry ?? { file, sha256: '', expected: {} }));
    expect(new Set(Object.values(into.sources))).toEqual(new Set(['pdf-text']));
  });
});

describe('npm run intake', () => {
  it('prints one JSON line per sample with exactly the manifest fields and QR payloads', async () => {
    const files = manifest.map((entry) => path.join(FIXTURES, entry.file));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/intake.ts', ...files], { cwd: path.resolve('.') });
    type Line = { file: string; ok: boolean; fields: Record<string, string>; sources: Record<string, string>; qr?: string[]; unverifiable?: string };
    const lines = stdout.trim().split('\n').map((line) => JSON.parse(line) as Line);
    expect(lines).toHaveLength(manifest.length);
    lines.forEach((line, index) => {
      const entry = manifest[index];
      if (!entry) throw new Error('more lines than files');
      expect(line.file).toBe(files[index]);
      expect(line.ok).toBe(true);
      expect(line.fields).toEqual(expectedFields(entry));
      expectQr(entry, line.qr ?? []);
      expect(line.unverifiable).toBe(RAILWAY_FILES.has(entry.file) ? 'railway-eticket' : undefined);
      for (const source of Object.values(line.sources)) expect(['qr', 'xml', 'ofd', 'pdf-text', 'ocr']).toContain(source);
    });
  });

  it('prints an error line for a bad file, goes on with the rest, and exits 1', async () => {
    const bad = path.join(FIXTURES, 'README.md');
    const good = path.join(FIXTURES, 'qr-01-shudian-special.png');
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/intake.ts', bad, good], { cwd: path.resolve('.') });
    const failure = await run.then(() => undefined, (error: { code: number; stdout: string }) => error);
    expect(failure?.code).toBe(1);
    const [first, second] = (failure?.stdout ?? '').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(first).toEqual({ file: bad, ok: false, error: { code: 'unsupported-type', message: expect.any(String) } });
    expect(second).toMatchObject({ file: good, ok: true });
  });
});
