/**
 * The seeded tax authority (`startSandbox({ seed })`): 5,000 received invoices per buyer with the variety
 * the input side must cope with, seeded once per database, and byte-identical answers for the same seed
 * and clock.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS, startSandbox } from '../../../sandbox/index.js';
import { SANDBOX_DB_FILE } from '../../../sandbox/store.js';
import type { StoredReceivedInvoice } from '../../../sandbox/stores/tax-authority.js';
import { TaxAuthoritySeedMismatchError } from '../../../sandbox/tax-authority/seeding.js';
import { isValidUscc } from '../../../sandbox/tax-authority/uscc.js';
import { APPLY, BUYER, COLLECT, COLLECT_MAIN, FIXED_NOW, RESULT, collection, mainCollection, pch, readTaxAuthority, startInputSandbox, type InputSandbox } from '../../support/input-sandbox.js';
import { tempDir } from '../../support/sample-issuance.js';

const SEED = 20250315;

/** The same sequence of input requests; every raw answer text, in order. */
async function conversation(sandbox: InputSandbox): Promise<string[]> {
  const texts: string[] = [];
  const say = async (path: string, body: object) => texts.push((await sandbox.post(path, body)).text);
  for (const type of ['01', '03', '08', '14', '31']) {
    await say(COLLECT, collection(`det-initial-${type}`, { FPLXDM: type }));
    await say(COLLECT, collection(`det-range-${type}`, { FPLXDM: type, CJKSRQ: '20240101000000', FHHS: '1' }));
    await say(COLLECT, collection(`det-range-${type}`, { FPLXDM: type, CJKSRQ: '20240101000000', KSHS: 2, FHHS: '50' }));
  }
  await say(COLLECT_MAIN, mainCollection('det-main'));
  const first = JSON.parse(texts[0] ?? '{}') as { FPZHXX: { FPDM: string; FPHM: string }[] };
  const items = first.FPZHXX.slice(0, 20).map((record) => ({ FPDM: record.FPDM, FPHM: record.FPHM, GMFSBH: BUYER, SQRZLX: '1', FPLXDM: '01', SQSKSSQ: '202503' }));
  await say(APPLY, { GMFSBH: BUYER, PCH: pch('det-cert'), FHHS: items.length, FPZHXX: items });
  sandbox.clock.advance(5_000);
  await say(RESULT, { PCH: pch('det-cert') });
  await say(COLLECT, collection('det-after', { FPLXDM: '01' }));
  return texts;
}

describe('determinism and variety of 5,000 seeded invoices', () => {
  let a: InputSandbox;
  let b: InputSandbox;
  let invoices: StoredReceivedInvoice[];
  beforeAll(async () => {
    a = await startInputSandbox({ seed: SEED, seedInvoicesPerBuyer: undefined });
    b = await startInputSandbox({ seed: SEED, seedInvoicesPerBuyer: undefined });
    const reader = readTaxAuthority(a.dataDir);
    invoices = reader.store.listInvoices(BUYER);
    reader.close();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('two sandboxes with the same seed and the same fixed clock give byte-identical collection and certification answers', async () => {
    const left = await conversation(a);
    const right = await conversation(b);
    expect(left.length).toBe(right.length);
    expect(left).toEqual(right);
    expect(left.every((text) => text.includes('"ZTDM":"0000"'))).toBe(true);
  });

  it('seeds 5,000 invoices for the demo buyer by default, of all five types', () => {
    expect(invoices).toHaveLength(5000);
    const byType = count(invoices, (invoice) => invoice.fplxdm);
    for (const type of ['01', '03', '08', '14', '31']) expect(byType[type] ?? 0, `type ${type}`).toBeGreaterThan(200);
  });

  it('includes every invoice status (FPZT 0–4), management status (GLZT 0–2), red invoices and main-information-only invoices', () => {
    const fpzt = count(invoices, (invoice) => invoice.fpzt);
    for (const status of ['0', '1', '2', '3', '4']) expect(fpzt[status] ?? 0, `FPZT ${status}`).toBeGreaterThan(30);
    const glzt = count(invoices, (invoice) => invoice.glzt);
    for (const status of ['0', '1', '2']) expect(glzt[status] ?? 0, `GLZT ${status}`).toBeGreaterThan(30);
    expect(invoices.filter((invoice) => invoice.hjje.startsWith('-')).length).toBeGreaterThan(30);
    expect(invoices.filter((invoice) => !invoice.hasDetails && invoice.lines.length === 0).length).toBeGreaterThan(300);
    expect(invoices.filter((invoice) => invoice.lines.length >= 40).length).toBeGreaterThan(20);
  });

  it('includes certified invoices with RZRQ, RZSQ, RZLX and YXSE, some in the current and previous tax periods', () => {
    const certified = invoices.filter((invoice) => invoice.rzzt === '1');
    expect(certified.length).toBeGreaterThan(1000);
    for (const invoice of certified) {
      expect(invoice.rzrq && invoice.rzsq && invoice.rzlx).toBeTruthy();
      expect(invoice.yxse !== null).toBe(invoice.rzlx === '1' || invoice.rzlx === '4');
    }
    const byType = count(certified, (invoice) => invoice.rzlx ?? '');
    for (const rzlx of ['1', '2', '3', '4']) expect(byType[rzlx] ?? 0, `RZLX ${rzlx}`).toBeGreaterThan(0);
    expect(certified.filter((invoice) => invoice.rzsq === '202503' || invoice.rzsq === '202502').length).toBeGreaterThan(10);
  });

  it('spreads issue dates over the three years before the clock and collects each invoice after its issue date', () => {
    const threeYearsAgo = '20220315';
    for (const invoice of invoices) {
      expect(invoice.kprq >= threeYearsAgo && invoice.kprq < '20250315').toBe(true);
      expect(invoice.collectedAt.slice(0, 8) > invoice.kprq).toBe(true);
      expect(invoice.collectedAt <= '20250315100000').toBe(true);
    }
    const years = count(invoices, (invoice) => invoice.kprq.slice(0, 4));
    for (const year of ['2022', '2023', '2024']) expect(years[year] ?? 0).toBeGreaterThan(1000);
  });

  it('draws on many sellers with distinct names and valid 18-character USCC tax numbers', () => {
    const sellers = new Map(invoices.map((invoice) => [invoice.xhfsbh, invoice.xhfmc]));
    expect(sellers.size).toBeGreaterThan(100);
    expect(new Set(sellers.values()).size).toBe(sellers.size);
    for (const taxNumber of sellers.keys()) expect(isValidUscc(taxNumber), taxNumber).toBe(true);
  });

  it('uses the common rates 13, 9, 6, 3 and 1 percent on goods lines, and has unique (FPDM, FPHM)', () => {
    const rates = new Set(invoices.flatMap((invoice) => invoice.lines.map((line) => line.sl)));
    for (const rate of ['13', '9', '6', '3', '1']) expect(rates).toContain(rate);
    expect(new Set(invoices.map((invoice) => `${invoice.fpdm}|${invoice.fphm}`)).size).toBe(invoices.length);
  });
});

describe('seeding once per database', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('migration 0030 creates the tax-authority, collection and certification tables', async () => {
    const dataDir = tempDir('fapiao-input-');
    dirs.push(dataDir);
    const sandbox = await startSandbox({ dataDir, onError: () => {} });
    await sandbox.close();
    const db = new Database(path.join(dataDir, SANDBOX_DB_FILE), { readonly: true });
    const tables = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").all().map((table) => table.name);
    db.close();
    for (const table of ['tax_authority_seed', 'received_invoices', 'received_invoice_lines', 'collection_initial_done', 'collection_batches', 'collection_batch_rows', 'collection_page_starts', 'certification_batches', 'certification_items']) {
      expect(tables).toContain(table);
    }
  });

  it('a restart with the same seed keeps the data (and what was certified since); a different seed is refused with a clear error', async () => {
    const dataDir = tempDir('fapiao-input-');
    dirs.push(dataDir);
    const options = { dataDir, seed: 11, seedInvoicesPerBuyer: 100, now: () => new Date(FIXED_NOW), onError: () => {} };
    await (await startSandbox(options)).close();
    const before = readTaxAuthority(dataDir);
    const count = before.store.listInvoices(BUYER).length;
    before.close();
    // A later restart, with another clock and size, must not regenerate anything.
    await (await startSandbox({ ...options, seedInvoicesPerBuyer: 300, now: () => new Date(FIXED_NOW + 86_400_000) })).close();
    const after = readTaxAuthority(dataDir);
    expect(after.store.listInvoices(BUYER)).toHaveLength(count);
    after.close();
    await expect(startSandbox({ ...options, seed: 12 })).rejects.toThrow(TaxAuthoritySeedMismatchError);
    await expect(startSandbox({ ...options, seed: 12 })).rejects.toThrow(/种子 11.*seeded with 11/s);
  });

  it('seeds the other credentials\' tax numbers as buyers too, each collectable only by its own AppKey', async () => {
    const other = { appKey: 'other-app', appSecret: 'other-secret-0123456789', taxNumbers: ['91440300MA5G0TH3R1'] };
    const sandbox = await startInputSandbox({ credentials: [DEMO_CREDENTIALS, other], seedInvoicesPerBuyer: 40 });
    try {
      const own = await sandbox.post(COLLECT_MAIN, mainCollection('other-own', { GMFSBH: other.taxNumbers[0] }), other);
      expect(own.body.ZTDM).toBe('0000');
      const reader = readTaxAuthority(sandbox.dataDir);
      expect(reader.store.listInvoices(other.taxNumbers[0] ?? '')).toHaveLength(40);
      reader.close();
      expect((await sandbox.post(COLLECT_MAIN, mainCollection('other-demo', { GMFSBH: BUYER }), other)).body.ZTDM).toBe('2012');
    } finally {
      await sandbox.close();
    }
  });
});

function count<T>(items: readonly T[], keyOf: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[keyOf(item)] = (counts[keyOf(item)] ?? 0) + 1;
  return counts;
}
