/**
 * Local extraction on the five real invoice files (test/fixtures/intake, sources in its README): every
 * value each file shows comes out in the verification result's names and formats, and nothing else is
 * claimed. Also `npm run intake` on the same files prints exactly those fields, one JSON line per file.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { extractInvoice, fpzlFromQrType } from '../../../extraction/index.js';
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

/** The manifest's names → the extraction's (spec verification result) names and formats. */
function expectedFields(expected: Record<string, string>): Record<string, string> {
  const map: Record<string, string> = { fphm: 'fphm', fpdm: 'fpdm', kprq: 'kprq', je: 'fpje', se: 'fpse', jshj: 'jshj', xsfNsrsbh: 'xhfsbh', gmfNsrsbh: 'gmfsbh', jym: 'jym', fpzl: 'fpzl' };
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(expected)) {
    const field = map[name];
    if (!field) continue;
    if (field === 'kprq') fields.kprq = value.replace(/-/g, '');
    else if (field === 'fpzl') fields.fpzl = fpzlFromQrType(value) ?? `unmapped ${value}`;
    else fields[field] = value;
  }
  return fields;
}

describe('extraction of the real sample files', () => {
  for (const entry of manifest) {
    it(`${entry.file}: exactly what the file shows`, async () => {
      const bytes = new Uint8Array(fs.readFileSync(path.join(FIXTURES, entry.file)));
      const outcome = await extractInvoice(bytes);
      if (!outcome.ok) throw new Error(`${entry.file}: ${outcome.error.code} ${outcome.error.message}`);
      expect(outcome.extraction.fields).toEqual(expectedFields(entry.expected));
      expect(outcome.extraction.complete).toBe(true);
      // Every field says where it came from.
      expect(Object.keys(outcome.extraction.sources).sort()).toEqual(Object.keys(outcome.extraction.fields).sort());
    });
  }

  it('reads the QR where a file has one and says so', async () => {
    const read = async (file: string) => {
      const outcome = await extractInvoice(new Uint8Array(fs.readFileSync(path.join(FIXTURES, file))));
      if (!outcome.ok) throw new Error(outcome.error.message);
      return outcome.extraction;
    };
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
});

describe('the text layer alone', () => {
  // The QR images switched off: what a PDF whose QR is vector-drawn (or missing) still yields.
  it.each(['pdf-01-shudian-special-lodging.pdf', 'pdf-05-legacy-beijing-ordinary.pdf'])('%s', async (file) => {
    const entry = manifest.find((candidate) => candidate.file === file);
    const into = new FieldCollector();
    extractFromPdfText(await readPdf(new Uint8Array(fs.readFileSync(path.join(FIXTURES, file))), { images: false }), into);
    expect(into.fields).toEqual(expectedFields(entry?.expected ?? {}));
    expect(new Set(Object.values(into.sources))).toEqual(new Set(['pdf-text']));
  });
});

describe('npm run intake', () => {
  it('prints one JSON line per sample with exactly the manifest fields', async () => {
    const files = manifest.map((entry) => path.join(FIXTURES, entry.file));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/intake.ts', ...files], { cwd: path.resolve('.') });
    const lines = stdout.trim().split('\n').map((line) => JSON.parse(line) as { file: string; ok: boolean; fields: Record<string, string>; sources: Record<string, string> });
    expect(lines).toHaveLength(manifest.length);
    lines.forEach((line, index) => {
      const entry = manifest[index];
      if (!entry) throw new Error('more lines than files');
      expect(Object.keys(line)).toEqual(['file', 'ok', 'fields', 'sources']);
      expect(line.file).toBe(files[index]);
      expect(line.ok).toBe(true);
      expect(line.fields).toEqual(expectedFields(entry.expected));
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
