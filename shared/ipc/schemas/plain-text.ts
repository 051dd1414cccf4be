/**
 * Text fields refuse control characters at the contract, so they never reach SQLite, FTS5, CSV or Excel.
 *
 * What is refused: C0 controls U+0000–U+001F, DEL U+007F and C1 controls U+0080–U+009F. A NUL in the
 * history search text used to end in an FTS5 syntax error (INTERNAL); a control character in a name or
 * remark was saved, written raw to CSV and silently dropped by Excel. Per field:
 * - single-line fields (names, tax IDs, addresses, phones, bank data, e-mail, search text…): all refused,
 *   tab and line breaks included — none of them is printed on more than one line, and a pasted tab or
 *   line break there is a mistake the clerk should see, not data;
 * - multi-line fields (the invoice remark, bz): line feed and carriage return allowed, the rest refused.
 *   A remark legitimately spans lines on the printed invoice and CSV export quotes it.
 * Checked with a loop over char codes, linear in the length (no pattern to backtrack).
 */
import type { z } from 'zod';

export type TextLines = 'single' | 'multi';

/** Index of the first refused character, or -1. */
export function controlCharacterAt(text: string, lines: TextLines = 'single'): number {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const control = code < 0x20 || (code >= 0x7f && code <= 0x9f);
    if (control && !(lines === 'multi' && (code === 0x0a || code === 0x0d))) return i;
  }
  return -1;
}

const codePoint = (text: string, index: number) => `U+${text.charCodeAt(index).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * The schema plus the refusal. `label` names the field in the message (the issue's path names it too,
 * so the form can put the message on the field).
 */
export function plainText<T extends z.ZodString>(schema: T, label: string, lines: TextLines = 'single'): T {
  return schema.superRefine((value, ctx) => {
    const at = controlCharacterAt(value, lines);
    if (at < 0) return;
    const what = lines === 'multi' ? '除换行外的控制字符' : '控制字符（含制表符和换行）';
    ctx.addIssue({ code: 'custom', message: `${label}不能包含${what}：第 ${at + 1} 个字符是 ${codePoint(value, at)}`, input: value });
  }) as T;
}
