/**
 * The tax authority's 商品和服务税收分类编码表 as the app reads it: a CSV with the columns
 * `code,name,short_name,rate,description,keywords,parent_code` (the shipped copy is in
 * resources/tax-codes/, a newer one can be imported by the clerk). Parsing is strict because an imported
 * table replaces the one every invoice line is coded from: a bad row refuses the whole file, by line.
 */
import { TAX_RATES, type TaxRate } from '../rules/money.js';

export interface TaxCodeEntry {
  /** 19 digits (spbm). */
  code: string;
  name: string;
  /** 商品和服务分类简称: printed as *简称* before the goods name on the invoice. */
  shortName: string;
  /** Rates this code may use, most usual first; empty for summary rows, which cannot be put on a line. */
  rates: TaxRate[];
  description: string;
  keywords: string;
  parentCode: string;
}

export const TAX_CODE_COLUMNS = ['code', 'name', 'short_name', 'rate', 'description', 'keywords', 'parent_code'] as const;

/** Refusals name the line (1-based, the header is line 1) and what is wrong, by code for the renderer. */
export class TaxCodeTableError extends Error {
  constructor(
    readonly key: 'header' | 'columns' | 'code' | 'duplicate' | 'rate' | 'name' | 'quote' | 'empty',
    readonly line: number,
    readonly value = '',
  ) {
    super(`tax code table: ${key} at line ${line}${value ? ` (${value})` : ''}`);
    this.name = 'TaxCodeTableError';
  }
}

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsvRecords(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let line = 1;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"') {
        if (body[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
    } else if (ch === '"') {
      if (field !== '') throw new TaxCodeTableError('quote', line);
      quoted = true;
    } else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      line++;
    } else field += ch;
  }
  if (quoted) throw new TaxCodeTableError('quote', line);
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records.filter((r) => !(r.length === 1 && r[0] === ''));
}

const RATE_BY_PERCENT = new Map<string, TaxRate>(TAX_RATES.map((rate) => [`${Math.round(Number(rate) * 100)}%`, rate]));

function parseRates(cell: string, line: number): TaxRate[] {
  if (cell.trim() === '') return [];
  return cell.split(/[、,，/]/).map((part) => {
    const rate = RATE_BY_PERCENT.get(part.trim());
    if (!rate) throw new TaxCodeTableError('rate', line, cell);
    return rate;
  });
}

export function parseTaxCodeTable(text: string): TaxCodeEntry[] {
  const records = parseCsvRecords(text);
  const header = records[0];
  if (!header || header.map((h) => h.trim()).join(',') !== TAX_CODE_COLUMNS.join(',')) throw new TaxCodeTableError('header', 1);
  const seen = new Set<string>();
  const entries: TaxCodeEntry[] = [];
  records.slice(1).forEach((cells, index) => {
    const line = index + 2;
    if (cells.length !== TAX_CODE_COLUMNS.length) throw new TaxCodeTableError('columns', line, String(cells.length));
    const [code, name, shortName, rate, description, keywords, parentCode] = cells.map((c) => c.trim()) as [string, string, string, string, string, string, string];
    if (!/^\d{19}$/.test(code)) throw new TaxCodeTableError('code', line, code.slice(0, 40));
    if (seen.has(code)) throw new TaxCodeTableError('duplicate', line, code);
    if (name === '') throw new TaxCodeTableError('name', line, code);
    seen.add(code);
    entries.push({ code, name, shortName: shortName || name, rates: parseRates(rate, line), description, keywords, parentCode });
  });
  if (entries.length === 0) throw new TaxCodeTableError('empty', 2);
  return entries;
}
