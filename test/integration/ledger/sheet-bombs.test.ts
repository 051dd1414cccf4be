/**
 * Issue 10 point 8, spreadsheets: a zip bomb (1.5 MB inflating to 1.5 GB) and a sheet of a million rows
 * are refused WHILE reading — the streaming reader stops at its cap, measured by its own counters — in a
 * worker thread, with the real cause named; encrypted and broken files are told apart; a normal sheet
 * still imports through the library import.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core.js';
import { importSheet } from '../../../main/features/libraries/sheet-import.js';
import { MAX_INFLATED_BYTES } from '../../../main/features/libraries/sheet-reader.js';
import type { ZipCounters } from '../../../main/features/libraries/zip-guard.js';
import type { DialogPort } from '../../../main/ports.js';
import { createTestCipher } from '../../support/test-cipher.js';
import { buildZip, deflatedRepeat, deflatedText, workbookSkeleton } from '../../support/zip-writer.js';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-bombs-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const HEADERS = new Map([['客户名称', 'name' as const]]);
const REQUEST = { headers: HEADERS, maxRows: 10_000, required: ['name' as const], labels: { name: '客户名称' } };
/** One step of the inflater: the most the reader holds beyond what it has counted. */
const CHUNK = 64 * 1024;

async function refusal(file: string): Promise<{ key: string; details: { reason: string; counters?: ZipCounters } }> {
  const error = await importSheet(file, REQUEST).then(
    () => null,
    (caught: unknown) => caught as { code: string; key: string; details: { reason: string; counters?: ZipCounters } },
  );
  expect(error).not.toBeNull();
  expect(error!.code).toBe('VALIDATION_FAILED');
  return error!;
}

describe('spreadsheet imports against hostile zips', () => {
  it('refuses a 1.5 MB zip bomb after at most the stated cap of inflated bytes, naming the cause', async () => {
    // Six 256 MB runs of spaces: 1.5 GB unpacked.
    const run = await deflatedRepeat(Buffer.alloc(1024 * 1024, 0x20), 256);
    const entries = [...workbookSkeleton()];
    for (let i = 1; i <= 6; i += 1) entries.push({ name: `xl/media/blob${i}.xml`, deflated: run, size: 256 * 1024 * 1024 });
    const file = path.join(dir, 'bomb.xlsx');
    fs.writeFileSync(file, buildZip(entries));
    const zipBytes = fs.statSync(file).size;
    expect(zipBytes).toBeLessThan(2 * 1024 * 1024);

    const { key, details } = await refusal(file);
    expect(details.reason).toBe('too-large-unpacked');
    expect(key).toBe('app.sheetUnpackedTooLarge');
    const counters = details.counters!;
    // Stopped at the cap: never more than one inflater step past it, of 1.5 GB it would have produced.
    expect(counters.inflatedBytes).toBeGreaterThan(MAX_INFLATED_BYTES);
    expect(counters.inflatedBytes).toBeLessThanOrEqual(MAX_INFLATED_BYTES + CHUNK);
    expect(counters.largestChunk).toBeLessThanOrEqual(CHUNK);
    console.log(`zip bomb: zip=${zipBytes} B, would inflate to ${6 * 256} MB, reader stopped at inflated=${counters.inflatedBytes} B (cap ${MAX_INFLATED_BYTES})`);
  }, 120_000);

  it('refuses a sheet of a million rows while reading it, not after', async () => {
    const unit = Buffer.from('<row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row>');
    // Deflated in blocks of 1,000 rows: the same million rows, generated quickly.
    const sheet = await deflatedRepeat(Buffer.concat(Array.from({ length: 1_000 }, () => unit)), 1_000);
    const file = path.join(dir, 'rows.xlsx');
    fs.writeFileSync(file, buildZip([...workbookSkeleton(), { name: 'xl/worksheets/sheet1.xml', deflated: sheet, size: unit.length * 1_000_000 }]));
    const { key, details } = await refusal(file);
    expect(details.reason).toBe('too-many-rows');
    expect(key).toBe('app.sheetRowsTooMany');
    // Stopped just past the row limit (2 × 10,000 + 100), a small part of the 60 MB sheet.
    expect(details.counters!.sheetRows).toBeGreaterThan(20_100);
    expect(details.counters!.sheetRows).toBeLessThanOrEqual(20_100 + Math.ceil(CHUNK / unit.length) + 1);
    expect(details.counters!.inflatedBytes).toBeLessThan(unit.length * 25_000);
  }, 120_000);

  it('names encrypted workbooks, old .xls files and broken zips', async () => {
    const encrypted = path.join(dir, 'encrypted.xlsx');
    const cfb = Buffer.alloc(4096);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(cfb);
    Buffer.from('EncryptionInfo', 'utf16le').copy(cfb, 1024);
    fs.writeFileSync(encrypted, cfb);
    expect((await refusal(encrypted)).details.reason).toBe('encrypted');

    const flagged = path.join(dir, 'flagged.xlsx');
    fs.writeFileSync(flagged, buildZip([...workbookSkeleton(), { name: 'xl/worksheets/sheet1.xml', deflated: deflatedText('<x/>'), size: 4, flags: 1 }]));
    expect((await refusal(flagged)).details.reason).toBe('encrypted');

    const xls = path.join(dir, 'old.xls');
    fs.writeFileSync(xls, cfb.fill(0, 1024));
    expect((await refusal(xls)).details.reason).toBe('not-xlsx');

    const broken = path.join(dir, 'broken.xlsx');
    const zip = buildZip([...workbookSkeleton(), { name: 'xl/worksheets/sheet1.xml', deflated: Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff]), size: 100 }]);
    fs.writeFileSync(broken, zip);
    expect((await refusal(broken)).details.reason).toBe('corrupt');
  }, 120_000);

  it('still imports a normal sheet, read in a worker thread', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet1');
    sheet.addRow(['客户名称', '纳税人识别号']);
    for (let i = 1; i <= 300; i += 1) sheet.addRow([`客户${i}`, '']);
    const file = path.join(dir, 'normal.xlsx');
    await workbook.xlsx.writeFile(file);

    const result = await importSheet(file, REQUEST);
    expect(result.table.records).toHaveLength(300);
    expect(result.threadId).not.toBe(threadId);
    expect(result.counters.sheetRows).toBe(301);

    // And end to end through the library import.
    const dataDir = path.join(dir, 'data');
    const dialog: DialogPort = { chooseSavePath: () => Promise.resolve(null), chooseOpenPath: () => Promise.resolve(file) };
    const core: Core = await createCore({ dataDir, appVersion: 'test', dailyBackups: false }, { cipher: createTestCipher(), dialog });
    try {
      const imported = await core.router.dispatch('customers:import', {});
      expect(imported).toMatchObject({ ok: true, value: { created: 300, errors: [] } });
    } finally {
      await core.close();
    }
  }, 120_000);
});
