/**
 * Text fields refuse characters that are not plain text at the contract, so they never reach SQLite, FTS5,
 * CSV, Excel or a printed invoice.
 *
 * What is refused:
 * - C0 controls U+0000–U+001F, DEL U+007F and C1 controls U+0080–U+009F. A NUL in the history search text
 *   used to end in an FTS5 syntax error (INTERNAL); a control character in a name or remark was saved,
 *   written raw to CSV and silently dropped by Excel. Per field:
 *   - single-line fields (names, tax IDs, addresses, phones, bank data, e-mail, search text…): all refused,
 *     tab and line breaks included — none of them is printed on more than one line, and a pasted tab or
 *     line break there is a mistake the clerk should see, not data;
 *   - multi-line fields (the invoice remark, bz): line feed and carriage return allowed, the rest refused.
 *     A remark legitimately spans lines on the printed invoice and CSV export quotes it.
 * - Bidirectional controls (U+202A–202E, U+2066–2069, U+200E/U+200F, U+061C) and zero-width characters
 *   (U+200B–200D, U+2060, U+FEFF), in every field (issue 23 point 6). Names, addresses, remarks and goods
 *   names are printed on invoices: a right-to-left override (U+202E) shows "ABC公司" as another text than
 *   the one stored and searched, and a zero-width space makes two names that look alike differ. None of
 *   them is typed on purpose by a clerk; they arrive by pasting.
 * - Lone surrogates (U+D800–DFFF without their pair): not text at all. SQLite stores UTF-8, where such a
 *   code unit becomes U+FFFD — the clerk's character silently replaced. Refused, naming the code unit.
 * Checked with a loop over char codes, linear in the length (no pattern to backtrack).
 */
import type { z } from 'zod';

export type TextLines = 'single' | 'multi';

/** Invisible characters that change how text is shown (bidi) or hide a difference (zero width), with their names. */
export const INVISIBLE_CHARACTERS: ReadonlyMap<number, string> = new Map([
  [0x061c, 'ARABIC LETTER MARK'],
  [0x200b, 'ZERO WIDTH SPACE'],
  [0x200c, 'ZERO WIDTH NON-JOINER'],
  [0x200d, 'ZERO WIDTH JOINER'],
  [0x200e, 'LEFT-TO-RIGHT MARK'],
  [0x200f, 'RIGHT-TO-LEFT MARK'],
  [0x202a, 'LEFT-TO-RIGHT EMBEDDING'],
  [0x202b, 'RIGHT-TO-LEFT EMBEDDING'],
  [0x202c, 'POP DIRECTIONAL FORMATTING'],
  [0x202d, 'LEFT-TO-RIGHT OVERRIDE'],
  [0x202e, 'RIGHT-TO-LEFT OVERRIDE'],
  [0x2060, 'WORD JOINER'],
  [0x2066, 'LEFT-TO-RIGHT ISOLATE'],
  [0x2067, 'RIGHT-TO-LEFT ISOLATE'],
  [0x2068, 'FIRST STRONG ISOLATE'],
  [0x2069, 'POP DIRECTIONAL ISOLATE'],
  [0xfeff, 'ZERO WIDTH NO-BREAK SPACE'],
]);

export type TextProblemKind = 'control' | 'invisible' | 'surrogate';

/** The first refused character: its index (UTF-16), what kind it is and its code point as U+XXXX. */
export interface TextProblem {
  at: number;
  kind: TextProblemKind;
  codePoint: string;
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;
const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/** The first character a text field refuses, or null. */
export function textProblem(text: string, lines: TextLines = 'single'): TextProblem | null {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) {
      if (lines === 'multi' && (code === 0x0a || code === 0x0d)) continue;
      return { at: i, kind: 'control', codePoint: hex(code) };
    }
    if (code < 0x061c) continue;
    if (INVISIBLE_CHARACTERS.has(code)) return { at: i, kind: 'invisible', codePoint: hex(code) };
    if (isHigh(code)) {
      if (isLow(text.charCodeAt(i + 1))) i += 1;
      else return { at: i, kind: 'surrogate', codePoint: hex(code) };
    } else if (isLow(code)) return { at: i, kind: 'surrogate', codePoint: hex(code) };
  }
  return null;
}

/** Index of the first refused character, or -1. */
export function controlCharacterAt(text: string, lines: TextLines = 'single'): number {
  return textProblem(text, lines)?.at ?? -1;
}

/** The sentence naming the refused character (zh: the contract's messages are the clerk's default language). */
export function textProblemMessage(label: string, problem: TextProblem, lines: TextLines = 'single'): string {
  const where = `第 ${problem.at + 1} 个字符是 ${problem.codePoint}`;
  if (problem.kind === 'control') {
    const what = lines === 'multi' ? '除换行外的控制字符' : '控制字符（含制表符和换行）';
    return `${label}不能包含${what}：${where}`;
  }
  if (problem.kind === 'invisible') {
    const name = INVISIBLE_CHARACTERS.get(Number.parseInt(problem.codePoint.slice(2), 16)) ?? '';
    return `${label}不能包含看不见的方向控制或零宽字符（打印在发票上会改变或隐藏文字）：${where}（${name}），请删除后重新输入`;
  }
  return `${label}包含不成对的代理字符，不是有效的文字（保存后会变成 U+FFFD）：${where}，请删除后重新输入`;
}

/**
 * The schema plus the refusal. `label` names the field in the message (the issue's path names it too,
 * so the form can put the message on the field).
 */
export function plainText<T extends z.ZodString>(schema: T, label: string, lines: TextLines = 'single'): T {
  return schema.superRefine((value, ctx) => {
    const problem = textProblem(value, lines);
    if (!problem) return;
    ctx.addIssue({ code: 'custom', message: textProblemMessage(label, problem, lines), input: value });
  }) as T;
}
