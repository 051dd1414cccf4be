/**
 * A line's levy in words (issue 33): the special levy method (lslbs) as the statistics, the history's detail and
 * export, the issuance form and the workbook name it, in both languages. One table for main (workbooks) and the
 * renderer (views), in the `{ key: { zh, en } }` shape of the other tables here.
 */
import { tableText, type UiLanguage } from './ui-language.js';

/** The levy kinds of a line, from its lslbs: absent normal (一般计税 at a rate), 1–6 as the service defines them. */
export const LEVY_KINDS = ['normal', 'exempt', 'notTaxed', 'zeroRate', 'difference', 'simple', 'reduced'] as const;
export type LevyKind = (typeof LEVY_KINDS)[number];

const BY_LSLBS: Readonly<Record<string, LevyKind>> = { '1': 'exempt', '2': 'notTaxed', '3': 'zeroRate', '4': 'difference', '5': 'simple', '6': 'reduced' };

/** lslbs (null, '' or '1'–'6') → its kind; an unknown code reads as normal. */
export const levyOf = (lslbs: string | null | undefined): LevyKind => (lslbs ? (BY_LSLBS[lslbs] ?? 'normal') : 'normal');

/** The kind → the lslbs that says it ('' for normal). */
export const lslbsOf = (levy: LevyKind): string => Object.entries(BY_LSLBS).find(([, kind]) => kind === levy)?.[0] ?? '';

export const LEVY_TEXTS = {
  normal: { zh: '一般计税', en: 'Standard rate' },
  exempt: { zh: '免税', en: 'Exempt' },
  notTaxed: { zh: '不征税', en: 'Not subject to VAT' },
  zeroRate: { zh: '零税率', en: 'Zero rate' },
  difference: { zh: '差额征税', en: 'Difference-based levy' },
  simple: { zh: '简易征收', en: 'Simplified levy' },
  reduced: { zh: '减按征收', en: 'Reduced-rate levy' },
} as const satisfies Record<LevyKind, { zh: string; en: string }>;

export const levyText = (levy: LevyKind, language: UiLanguage): string => tableText(LEVY_TEXTS, levy, {}, language);
