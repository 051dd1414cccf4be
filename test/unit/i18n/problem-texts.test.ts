/**
 * The text tables of batch issuance and the libraries (shared/i18n): every key has both languages, the
 * English has no CJK and no full-width punctuation, the placeholders match between zh and en (except the
 * schema keys, whose zh is the schema's own sentence carried as `text`); the column names are the
 * workbooks' own headers in zh; and a problem reads the same through problemText as main wrote it before
 * messages by code, with rows of older versions shown as stored.
 */
import { describe, expect, it } from 'vitest';
import { BATCH_LABELS } from '../../../main/features/batch/columns.js';
import { CUSTOMER_LABELS, PRODUCT_LABELS } from '../../../main/features/libraries/columns.js';
import { librariesEn, librariesZh } from '../../../renderer/src/features/libraries/locale.js';
import { batchEn, batchZh } from '../../../renderer/src/features/batch/locale.js';
import { BATCH_COLUMN_NAMES, BATCH_PROBLEMS, BATCH_RESULT_TEXTS, batchColumnName, batchIssueParts } from '../../../shared/i18n/batch-texts.js';
import { LIBRARY_PROBLEMS, rowNoteText } from '../../../shared/i18n/library-texts.js';
import { problemText } from '../../../shared/i18n/problem-text.js';
import type { Problem, Texts } from '../../../shared/i18n/table.js';

const NOT_ENGLISH = /[\u3000-\u303f\u3400-\u9fff\uff01-\uff1f]/u;
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('batch and library texts by key', () => {
  it.each([
    ['BATCH_PROBLEMS', BATCH_PROBLEMS],
    ['BATCH_COLUMN_NAMES', BATCH_COLUMN_NAMES],
    ['BATCH_RESULT_TEXTS', BATCH_RESULT_TEXTS],
    ['LIBRARY_PROBLEMS', LIBRARY_PROBLEMS],
  ] as Array<[string, Texts]>)('%s: both languages, English without CJK, the same placeholders', (_, table) => {
    for (const [key, { zh, en }] of Object.entries(table)) {
      expect(zh.length, key).toBeGreaterThan(0);
      expect(en.length, key).toBeGreaterThan(0);
      expect(en, key).not.toMatch(NOT_ENGLISH);
      if (zh === '{{text}}') expect(placeholders(en).filter((name) => name !== 'max'), key).toEqual([]);
      else expect(placeholders(en), key).toEqual(placeholders(zh));
    }
  });

  it('names the columns by the workbooks’ own headers in Chinese, and the renderer loads the tables', () => {
    const { invoice, ...columns } = BATCH_COLUMN_NAMES;
    expect(invoice.zh).toBe('发票');
    expect(Object.fromEntries(Object.entries(columns).map(([field, names]) => [field, names.zh]))).toEqual(BATCH_LABELS);
    expect(librariesZh.customer).toMatchObject(CUSTOMER_LABELS);
    expect(Object.fromEntries(Object.keys(PRODUCT_LABELS).map((field) => [field, librariesZh.product[field as keyof typeof PRODUCT_LABELS]]))).toEqual(PRODUCT_LABELS);
    expect(Object.keys(batchZh.problems)).toEqual(Object.keys(BATCH_PROBLEMS));
    expect(batchEn.problems.required).toBe('Required');
    expect(Object.keys(librariesEn.problems)).toEqual(Object.keys(LIBRARY_PROBLEMS));
  });

  it('words a problem as before in Chinese and in English, the rule book’s line and field cut where the report names them', () => {
    const rate = { row: 11, column: 'rate', key: 'batch.problems.rateInvalid', params: { value: '17%' }, severity: 'error' } as const;
    expect(batchIssueParts(rate, 'zh', (p) => problemText(p, 'zh'))).toEqual({ column: '税率', message: '「17%」不是可用的税率，只能是 13%、9%、6%、5%、3%、2%、1% 或 0%' });
    expect(batchIssueParts(rate, 'en', (p) => problemText(p, 'en'))).toEqual({ column: 'Tax rate', message: '"17%" is not a usable tax rate; use 13%, 9%, 6%, 5%, 3%, 2%, 1% or 0%' });
    const check = { row: 3, column: 'buyerTaxNumber', key: 'rules.buyerTaxIdCheckCharacter', params: { expected: 'X' }, severity: 'error' } as const;
    expect(batchIssueParts(check, 'zh', (p) => problemText(p, 'zh')).message).toBe('统一社会信用代码校验位不正确（应为 X）');
    expect(batchIssueParts(check, 'en', (p) => problemText(p, 'en'))).toEqual({ column: 'Buyer tax ID', message: 'The check character of the unified social credit code is wrong (should be X)' });
    const line = { row: 4, column: 'tax', key: 'rules.statedTaxMismatch', params: { line: 1, stated: '20.00', computed: '13.00' }, severity: 'error' } as const;
    expect(batchIssueParts(line, 'zh', (p) => problemText(p, 'zh')).message).toBe('税额 20.00 与按含税金额计算的 13.00 相差超过 0.06');
    expect(batchIssueParts(line, 'en', (p) => problemText(p, 'en')).message).toBe('Tax 20.00 differs from 13.00 computed from the amount by more than 0.06');
    // A draft field without a column of its own, and the invoice as a whole.
    expect(batchColumnName('invoice', 'en')).toBe('Invoice');
    expect(batchColumnName('issuer', 'zh')).toBe('开票人');
    expect(batchColumnName('lines', 'en')).toBe('Lines');
  });

  it('shows a row stored by an older version as it was stored, in either language', () => {
    const stored = { row: 2, column: '税率', message: '不能为空，请填写 13%', severity: 'error' } as const;
    expect(batchIssueParts(stored, 'en', (p) => problemText(p, 'en'))).toEqual({ column: '税率', message: '不能为空，请填写 13%' });
    // An unknown key (a newer version's row) reads as the key, not as nothing.
    expect(problemText({ key: 'batch.problems.fromTheFuture', params: {} }, 'en')).toBe('batch.problems.fromTheFuture');
  });

  it('words a library report row: each problem after its column, zh as the report always read', () => {
    const note: { row: number; problems: Array<Problem & { field: string | null }> } = {
      row: 4,
      problems: [
        { field: 'taxNumber', key: 'rules.taxIdCheckCharacter', params: { expected: '7' } },
        { field: 'mobile', key: 'libraries.problems.schemaInvalid', params: { text: '手机号应为 1 开头的 11 位数字' } },
      ],
    };
    const zh = rowNoteText(note, 'zh', (field) => CUSTOMER_LABELS[field as keyof typeof CUSTOMER_LABELS], (p) => problemText(p, 'zh'));
    expect(zh).toBe('「纳税人识别号」统一社会信用代码校验位不正确（应为 7）；「手机号」手机号应为 1 开头的 11 位数字');
    const en = rowNoteText(note, 'en', (field) => librariesEn.customer[field as keyof typeof librariesEn.customer], (p) => problemText(p, 'en'));
    expect(en).toBe('Tax ID: The check character of the unified social credit code is wrong (should be 7); Mobile: Not valid');
    expect(en).not.toMatch(NOT_ENGLISH);
  });
});
