/**
 * The tax-code table as shipped (resources/tax-codes/tax-codes-v32.csv, v32.0) and the lookup over it:
 * every row parses, the counts match the source's, and the clerk's words find the codes they mean.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTaxCodeIndex } from '../../../shared/tax-classification/search.js';
import { parseCsvRecords, parseTaxCodeTable, TaxCodeTableError } from '../../../shared/tax-classification/table.js';

const shipped = fs.readFileSync(path.resolve('resources/tax-codes/tax-codes-v32.csv'), 'utf8');
const HEADER = 'code,name,short_name,rate,description,keywords,parent_code';

function refusal(text: string): { key: string; line: number } {
  try {
    parseTaxCodeTable(text);
  } catch (error) {
    if (error instanceof TaxCodeTableError) return { key: error.key, line: error.line };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the shipped tax-code table', () => {
  const entries = parseTaxCodeTable(shipped);
  const index = createTaxCodeIndex(entries);

  it('has every row of version 32.0 with its rates', () => {
    expect(entries).toHaveLength(4236);
    expect(entries.filter((entry) => entry.rates.length > 0)).toHaveLength(3559);
    const rice = index.byCode('1010101010000000000');
    expect(rice).toMatchObject({ name: '稻谷', shortName: '谷物', rates: ['0.09'] });
    const mixed = entries.find((entry) => entry.rates.length === 2);
    expect(mixed?.rates).toEqual(expect.arrayContaining([expect.stringMatching(/^0\.\d\d$/)]));
  });

  it('finds 信息技术服务 codes for "软件" on the first page, with their 6 % rate', () => {
    const found = index.search('软件', 20);
    const services = found.filter((entry) => entry.shortName === '信息技术服务');
    expect(services.map((entry) => entry.code)).toContain('3040201010000000000');
    expect(services.every((entry) => entry.rates[0] === '0.06')).toBe(true);
    // Goods software (13 %) is there too: both readings of the word are offered.
    expect(found.some((entry) => entry.shortName === '软件' && entry.rates[0] === '0.13')).toBe(true);
  });

  it('looks up by code prefix, exact name first, and offers only codes that can go on a line', () => {
    expect(index.search('3040201', 20).map((entry) => entry.code)).toEqual([
      '3040201010000000000',
      '3040201030000000000',
      '3040201040000000000',
      '3040201990000000000',
    ]);
    expect(index.search('稻谷', 5)[0]?.code).toBe('1010101010000000000');
    expect(index.search('餐饮', 5)[0]?.name).toBe('餐饮服务');
    expect(index.search('软件', 50).every((entry) => entry.rates.length > 0)).toBe(true);
    expect(index.search('   ', 5)).toEqual([]);
    expect(index.search('不存在的商品名称', 5)).toEqual([]);
  });

  it('needs every word of a query to match', () => {
    const found = index.search('软件 开发', 10);
    expect(found[0]?.name).toBe('软件开发服务');
    expect(found.every((entry) => `${entry.name}${entry.shortName}${entry.keywords}${entry.description}`.includes('开发'))).toBe(true);
  });
});

describe('an imported table is refused whole, naming the line', () => {
  const row = (code: string, rate = '13%') => `${code},名称,简称,${rate},,,`;
  it.each([
    ['a wrong header', `code,name\n${row('1010101010000000000')}`, 'header', 1],
    ['a short code', `${HEADER}\n${row('101010101')}`, 'code', 2],
    ['a duplicate', `${HEADER}\n${row('1010101010000000000')}\n${row('1010101010000000000')}`, 'duplicate', 3],
    ['an unknown rate', `${HEADER}\n${row('1010101010000000000', '17%')}`, 'rate', 2],
    ['a missing column', `${HEADER}\n1010101010000000000,名称,简称,13%`, 'columns', 2],
    ['an unbalanced quote', `${HEADER}\n"1010101010000000000,名称,简称,13%,,,`, 'quote', 2],
    ['no rows', `${HEADER}\n`, 'empty', 2],
  ])('%s', (_name, text, key, line) => {
    expect(refusal(text)).toEqual({ key, line });
  });

  it('reads quoted fields with commas, quotes and line breaks, and a BOM', () => {
    expect(parseCsvRecords('\ufeffa,"b,1","c ""q""\nd"\r\nx,y,z\n')).toEqual([
      ['a', 'b,1', 'c "q"\nd'],
      ['x', 'y', 'z'],
    ]);
  });
});
