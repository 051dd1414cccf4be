/**
 * Field builders of the output side's schemas (specific business information, red-letter forms, print)
 * that shared/spec/fields.ts does not have: code enums built from the code tables, decimals bounded in
 * integer digits and sign, and the date formats the spec writes.
 */
import Decimal from 'decimal.js';
import { z } from 'zod';
import { codesOf } from './codes.js';

/** "01 meaning, 02 meaning" for `.describe()` texts, straight from a code table. */
export const describeCodes = (table: Readonly<Record<string | number, string>>): string =>
  Object.entries(table)
    .map(([code, meaning]) => `${code} ${meaning}`)
    .join(', ');

/** A string enum of a code table's keys, with a Chinese message naming the field and its choices. */
export const codeEnum = <T extends Record<string, string>>(field: string, table: T) =>
  z.enum(codesOf(table), { error: `${field} 取值无效，可选 ${Object.keys(table).join('/')}` });

/** yyyy-MM-dd (calendar validity is a rule: shared/rules/dates.ts). */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** yyyy-MM-dd HH:mm, the lease period format. */
export const DATE_MINUTE_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

export interface DecimalBounds {
  /** Most integer digits (the spec's "10/8" is 10 integer digits, 8 decimals). */
  integerDigits: number;
  places: number;
  /** Sign the value must have; zero satisfies neither. */
  sign?: 'negative' | 'positive';
}

const SIGN_WORDS = { negative: '负数', positive: '正数' } as const;

/** A JSON number with bounded integer digits and decimals, optionally of a given sign. */
export function boundedDecimal(field: string, bounds: DecimalBounds) {
  return z.number({ error: (issue) => (issue.input === undefined ? `${field} 不能为空` : `${field} 必须是数字`) }).superRefine((value, ctx) => {
    if (!Number.isFinite(value)) {
      ctx.addIssue({ code: 'custom', message: `${field} 必须是有限数字`, params: { rule: 'format', field } });
      return;
    }
    const decimal = new Decimal(value);
    const integerDigits = decimal.abs().truncated().toFixed(0).replace(/^0$/, '').length;
    if (integerDigits > bounds.integerDigits) {
      ctx.addIssue({ code: 'custom', message: `${field} 整数部分最多 ${bounds.integerDigits} 位`, params: { rule: 'format', field } });
    } else if (decimal.decimalPlaces() > bounds.places) {
      ctx.addIssue({ code: 'custom', message: `${field} 最多 ${bounds.places} 位小数`, params: { rule: 'format', field } });
    } else if (bounds.sign === 'negative' && !decimal.isNegative()) {
      ctx.addIssue({ code: 'custom', message: `${field} 必须是${SIGN_WORDS.negative}`, params: { rule: 'value', field } });
    } else if (bounds.sign === 'positive' && !(decimal.isPositive() && !decimal.isZero())) {
      ctx.addIssue({ code: 'custom', message: `${field} 必须是${SIGN_WORDS.positive}`, params: { rule: 'value', field } });
    }
  });
}

/**
 * A decimal read from a response as text: services write the print result's amounts as strings (the
 * spec types them String) but a JSON number is taken too; handed on unchanged as decimal text.
 */
export function responseDecimalText(field: string) {
  return z
    .union([z.number(), z.string().regex(/^-?\d+(?:\.\d+)?$/)], { error: `${field} 必须是数字` })
    .transform((value) => (typeof value === 'number' ? new Decimal(value).toFixed() : value));
}
