/**
 * The clerk's-words scanner (issue 23 point 7): reads a page's visible text and names every word that is
 * not the clerk's — a US or otherwise foreign date, an ISO timestamp, a rate as a decimal, a raw state
 * or kind code, an untranslated i18n key, Chinese in the English interface or English code words in the
 * Chinese one. Pure (text in, findings out), so its unit test proves each rule can fail; the e2e walk
 * feeds it the innerText of every view, tab, drawer and dialog.
 */

export type ClerkLanguage = 'zh-CN' | 'en';

export interface WordFinding {
  rule: string;
  /** What matched, and the line it stood in (for the failure message). */
  match: string;
  line: string;
}

export interface ScanOptions {
  language: ClerkLanguage;
  /** Data shown as it is (names, goods, invoice numbers, a red invoice's remark): removed from the text before scanning. */
  data?: readonly (string | RegExp)[];
}

/** The state and kind codes of the IPC contracts (shared/ipc): shown as such, they are raw codes. */
const CODE_WORDS = [
  'pending', 'approved', 'issued', 'queued', 'submitted', 'processing', 'done', 'rejected', 'failed', 'printed',
  'requested', 'printing', 'reading', 'recognising', 'ready', 'duplicate', 'accepted', 'verified', 'running',
  'closing', 'reversed', 'partial', 'voided', 'cancelled', 'certified', 'retrying', 'overlay', 'manual', 'daily',
  'sandbox', 'remote', 'idle', 'stopped', 'unknown', 'direct', 'created', 'updated', 'deleted', 'normal',
  'mismatch', 'unverifiable', 'invalid', 'success', 'error', 'warning', 'true', 'false', 'null', 'undefined', 'NaN',
];
const CODE_WORD = new RegExp(`(?<![\\w.-])(${CODE_WORDS.join('|')})(?![\\w.-])`, 'iu');
/** A whole cell or line that is only a code word, lower case as the contract spells it. */
const BARE_CODE_WORD = new RegExp(`^(${CODE_WORDS.join('|')})$`, 'u');
/** Invoice type and kind codes shown alone, where words belong (004, 026, 01, 81 …). */
const BARE_KIND_CODE = /^(004|007|025|026|028|01|03|04|08|10|11|14|81|82|85|86)$/u;

/** File names, addresses and versions contain dots that are no i18n keys. */
const NOT_A_KEY = /\.(pdf|ofd|xml|xlsx|xls|csv|png|jpe?g|json|db|zip|txt|com|cn|net|org|local)$/iu;

const CJK = /[\u3000-\u303f\u3400-\u9fff\uff01-\uff1f]/u;
/** The amount in words is Chinese on every invoice, whatever the interface language. */
const AMOUNT_IN_WORDS = /[负零壹贰叁肆伍陆柒捌玖拾佰仟万亿元圆角分整]{2,}/gu;
/** Counts in Chinese are words, not codes: "3 张", "2 天". */
const COUNT_UNITS = '张天条项个行份次页笔家位批月年日号秒分钟小时元';

interface LineRule {
  rule: string;
  test: (line: string, language: ClerkLanguage) => string | null;
}

const first = (re: RegExp) => (line: string) => re.exec(line)?.[0] ?? null;

const LINE_RULES: LineRule[] = [
  // 11/27/2026, 27/11/2026, 11/27/26 — the browser's toLocaleString and friends.
  { rule: 'us-date', test: first(/(?<![\d/])\d{1,2}\/\d{1,2}\/(\d{4}|\d{2})(?![\d/])/u) },
  { rule: 'iso-timestamp', test: first(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}|\d{2}:\d{2}(:\d{2})?(\.\d+)?Z(?![A-Za-z])/u) },
  // 2026/11/27, 2026.11.27, 2026-1-7, 2026年11月27日 — a date, but not yyyy-MM-dd.
  { rule: 'date-format', test: first(/(?<!\d)\d{4}([/.])\d{1,2}\1\d{1,2}(?!\d)|(?<!\d)\d{4}-(\d(?!\d)-\d{1,2}|\d{2}-\d(?!\d))|\d{4}年\d{1,2}月\d{1,2}日/u) },
  // A time with seconds, or on a 12-hour clock: the clerk's time is HH:mm.
  { rule: 'time-format', test: first(/(?<!\d)\d{1,2}:\d{2}:\d{2}(?!\d)|\d{1,2}:\d{2}\s?(AM|PM|am|pm)|(上午|下午)\d{1,2}:\d{2}/u) },
  // 20261127153000 and 20261127: the service's compact dates, shown raw.
  {
    rule: 'compact-date',
    test: first(/(?<!\d)20\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(([01]\d|2[0-3])[0-5]\d[0-5]\d)?(?!\d)/u),
  },
  // 0.13, 0.06, 0.015 — a tax rate as the contract spells it, not as a percentage.
  { rule: 'decimal-rate', test: first(/(?<![\d.,])0?\.(17|16|13|11|10?|09|06|05|04|03|015|01)(?![\d.%]|\s*(毫米|厘米|mm|cm|秒))/u) },
  { rule: 'i18n-placeholder', test: first(/\{\{\s*\w+\s*\}\}/u) },
  {
    rule: 'dotted-key',
    test: (line) => {
      for (const match of line.matchAll(/(?<![\w@/.-])[a-z][a-zA-Z0-9]+(\.[a-zA-Z][a-zA-Z0-9]+)+(?![\w@/-])/gu)) {
        if (!NOT_A_KEY.test(match[0])) return match[0];
      }
      return null;
    },
  },
  { rule: 'snake-case', test: first(/(?<![\w@/.-])[a-z][a-z0-9]*(_[a-z0-9]+)+(?![\w@/-]|\.\w)/u) },
  // camelCase codes as the contracts spell them: notCertified, autoIssueFailed.
  { rule: 'camel-case', test: first(/(?<![\w@/.-])[a-z]+[A-Z][a-zA-Z]*(?![\w@/-]|\.\w)/u) },
  // "0 正常", "1 已认证", "0 Normal": a code glued to its word, as a select shows its value and label.
  {
    rule: 'code-with-word',
    test: (line, language) => {
      const re = language === 'en' ? /^\d{1,3}\s+[A-Z][a-z]+/u : new RegExp(`^\\d{1,3}\\s+(?![${COUNT_UNITS}])[\\u4e00-\\u9fff]`, 'u');
      return re.exec(line)?.[0] ?? null;
    },
  },
  { rule: 'bare-code', test: (line) => (BARE_CODE_WORD.test(line) || BARE_KIND_CODE.test(line) ? line : null) },
  { rule: 'chinese-in-english', test: (line, language) => (language === 'en' ? (CJK.exec(line)?.[0] ?? null) : null) },
  { rule: 'english-code-in-chinese', test: (line, language) => (language === 'zh-CN' ? (CODE_WORD.exec(line)?.[0] ?? null) : null) },
];

/** A row number of the schedule of sales (附列资料（一）): 1–19, with a–c on rows 9 and 13. */
const SCHEDULE_ROW = /^(1[0-9]|[1-9])[a-c]?$/u;

/** An amount cell: 1,130.00, -50.00. */
const MONEY_CELL = /^-?\d[\d,]*\.\d{2}$/u;

/** Links are addresses the clerk typed or the service has, not words. */
const URL = /https?:\/\/\S+/gu;

/** The findings in one text; a table row's cells (tab-separated in innerText) are scanned one by one. */
export function scanClerkText(text: string, options: ScanOptions): WordFinding[] {
  const texts = (options.data ?? []).filter((value): value is string => typeof value === 'string' && value.length > 0).sort((a, b) => b.length - a.length);
  const patterns = (options.data ?? []).filter((value): value is RegExp => value instanceof RegExp).map((re) => new RegExp(re.source, `${re.flags.replace('g', '')}g`));
  const findings: WordFinding[] = [];
  for (const raw of text.split('\n')) {
    const unnamed = texts.reduce((rest, value) => rest.split(value).join(' '), patterns.reduce((rest, re) => rest.replace(re, ' '), raw));
    const line = unnamed.replace(URL, ' ').replace(AMOUNT_IN_WORDS, ' ');
    const cells = line.split('\t').map((part) => part.trim()).filter(Boolean);
    // A row of figures (two or more amounts: the statistics' tables) counts in its cells after the first: a
    // count of 14 or 81 invoices there is a number, not a kind code (a kind would be the row's label).
    const figures = cells.filter((cell) => MONEY_CELL.test(cell)).length >= 2;
    // The schedule of sales numbers its rows (栏次 1–19, 9a, 13b): a number first, its row's name next, then figures.
    const rowNumber = figures && SCHEDULE_ROW.test(cells[0] ?? '') && /[\p{L}]/u.test(cells[1] ?? '') && !MONEY_CELL.test(cells[1] ?? '');
    for (const [index, cell] of cells.entries()) {
      for (const { rule, test } of LINE_RULES) {
        if (rule === 'bare-code' && figures && index > 0 && /^\d+$/u.test(cell)) continue;
        if (rule === 'bare-code' && rowNumber && index === 0) continue;
        const match = test(cell, options.language);
        if (match !== null) findings.push({ rule, match, line: raw.trim() });
      }
    }
  }
  return findings;
}

/** Findings as lines for a failure message, one per finding, each rule and match with its line. */
export function describeFindings(findings: readonly WordFinding[]): string[] {
  return [...new Set(findings.map((finding) => `${finding.rule}: «${finding.match}» in «${finding.line.slice(0, 160)}»`))];
}
