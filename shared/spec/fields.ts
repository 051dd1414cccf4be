/**
 * Field builders shared by the spec schemas: GBK-counted text and decimal numbers. Messages are in
 * Chinese because they reach the clerk (through the app, or through the sandbox's msg).
 */
import Decimal from 'decimal.js';
import { z } from 'zod';
import { firstNonGbkCharacter, gbkLength } from '../rules/gbk.js';

/**
 * A refinement that limits a text to `max` GBK bytes (Chinese character 2, ASCII 1) and refuses characters
 * outside GBK. The field name is passed in because a zod check does not know the key it sits under, and
 * the message should name it.
 */
export function gbkMax(field: string, max: number) {
  return (value: string, ctx: z.RefinementCtx): void => {
    const length = gbkLength(value);
    if (length === null) {
      const char = firstNonGbkCharacter(value) ?? '';
      ctx.addIssue({ code: 'custom', message: `${field} 含有 GBK 以外的字符 '${char}'`, params: { rule: 'gbk-charset', field } });
    } else if (length > max) {
      ctx.addIssue({
        code: 'custom',
        message: `${field} 超过 ${max} 个 GBK 字节（当前 ${length}）`,
        params: { rule: 'gbk-length', field, max, length },
      });
    }
  };
}

/** A text field limited in GBK bytes; `required` fields must not be empty either. */
export function gbkText(field: string, max: number, required = false) {
  const base = z.string({ error: (issue) => (issue.input === undefined ? `${field} 不能为空` : `${field} 必须是字符串`) });
  const withMin = required ? base.min(1, `${field} 不能为空`) : base;
  return withMin.superRefine(gbkMax(field, max));
}

/** A text of exactly the given characters (codes, digits); length counted in characters. */
export function codeText(field: string, pattern: RegExp, hint: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${field} 不能为空` : `${field} 必须是字符串`) })
    .regex(pattern, `${field} ${hint}`);
}

/** Largest magnitude accepted for an amount: beyond it a JSON number no longer carries every decimal exactly. */
const MAX_MAGNITUDE = new Decimal('1e12');

/**
 * A spec "Decimal": a JSON number with at most `places` decimals. Numbers (not strings) because the spec
 * types these fields Decimal where everything untyped is a string; magnitudes stay well under 2^53 so the
 * shortest decimal form of the number is the value the sender meant.
 */
export function wireDecimal(field: string, places: number) {
  return z.number({ error: (issue) => (issue.input === undefined ? `${field} 不能为空` : `${field} 必须是数字`) }).superRefine((value, ctx) => {
    if (!Number.isFinite(value)) {
      ctx.addIssue({ code: 'custom', message: `${field} 必须是有限数字`, params: { rule: 'format', field } });
      return;
    }
    const decimal = new Decimal(value);
    if (decimal.abs().greaterThanOrEqualTo(MAX_MAGNITUDE)) {
      ctx.addIssue({ code: 'custom', message: `${field} 超出范围`, params: { rule: 'format', field } });
    } else if (decimal.decimalPlaces() > places) {
      ctx.addIssue({ code: 'custom', message: `${field} 最多 ${places} 位小数`, params: { rule: 'format', field } });
    }
  });
}

/**
 * An amount read from a response: a JSON number or a numeric string (services differ), always handed on
 * as a 2-dp decimal string so nothing downstream does float arithmetic on money.
 */
export function responseAmount(field: string) {
  return z
    .union([z.number(), z.string().regex(/^-?\d+(?:\.\d+)?$/)], { error: `${field} 必须是金额` })
    .transform((value, ctx) => {
      const decimal = new Decimal(value);
      if (!decimal.isFinite() || decimal.decimalPlaces() > 2) {
        ctx.addIssue({ code: 'custom', message: `${field} 最多 2 位小数` });
        return z.NEVER;
      }
      return decimal.toFixed(2);
    });
}
