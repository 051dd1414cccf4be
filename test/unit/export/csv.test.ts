/** CSV rules: RFC 4180 quoting, the UTF-8 BOM, and the formula-injection guard on text (not money). */
import { describe, expect, it } from 'vitest';
import { guardFormula, quoteCsv, toCsv, UTF8_BOM } from '../../../main/export/csv.js';

describe('CSV export', () => {
  it('quotes fields with commas, quotes and line breaks (RFC 4180)', () => {
    expect(quoteCsv('plain')).toBe('plain');
    expect(quoteCsv('a,b')).toBe('"a,b"');
    expect(quoteCsv('say "hi"')).toBe('"say ""hi"""');
    expect(quoteCsv('two\nlines')).toBe('"two\nlines"');
  });

  it('prefixes text a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tcmd', '\rcmd']) expect(guardFormula(text)).toBe(`'${text}`);
    expect(guardFormula('星河 = 银河')).toBe('星河 = 银河');
  });

  it('writes BOM, CRLF, a header row; money stays numeric, empty cells stay empty', () => {
    const csv = toCsv(
      [
        { name: '-1 公司', total: '-50.00' },
        { name: null, total: 'n/a' },
      ],
      [
        { header: '名称', value: (row: { name: string | null; total: string }) => row.name },
        { header: '金额', value: (row) => row.total, kind: 'money' },
      ],
    );
    expect(csv).toBe(`${UTF8_BOM}名称,金额\r\n'-1 公司,-50.00\r\n,n/a\r\n`);
  });
});
