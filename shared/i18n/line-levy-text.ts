/**
 * A line's rate and levy in the clerk's words (issue 33): what the history's detail shows in its 税率 column,
 * the history export's levy column and the dashboard's bars by rate say — "13%", "免税", "不征税",
 * "0%（零税率）", "3%（简易征收）", "6%（差额征税，扣除额 520.00）" — in both languages. The levy kinds and their
 * names are levy-texts.ts's; this module only puts a rate beside them.
 */
import Decimal from 'decimal.js';
import { levyText, type LevyKind } from './levy-texts.js';
import { tableText, type UiLanguage } from './ui-language.js';

const TEXTS = {
  /** A rate with the levy it is charged under. */
  rated: { zh: '{{rate}}（{{levy}}）', en: '{{rate}} ({{levy}})' },
  /** A 差额征税 rate with the deduction taken off before tax. */
  deducted: { zh: '{{rate}}（{{levy}}，扣除额 {{deduction}}）', en: '{{rate}} ({{levy}}, deduction {{deduction}})' },
  /** Two or more levies of one invoice. */
  separator: { zh: '；', en: '; ' },
} as const;

/** "0.13" → "13%" in decimal arithmetic (0.07 never shows as 7.000000000000001%); a text that is no rate as it is. */
export function ratePercent(rate: string): string {
  try {
    return `${new Decimal(rate.trim()).times(100).toString()}%`;
  } catch {
    return rate;
  }
}

export interface RatedLevy {
  /** sl as a ratio: 0.13, 0.03, 0 … */
  rate: string;
  levy: LevyKind;
  /** kce of a 差额征税 line, yuan text; absent or null elsewhere. */
  deduction?: string | null | undefined;
}

/**
 * The words of a rate and its levy: a normal rate as a percentage; 免税 and 不征税 by name alone (their rate
 * says nothing the name does not); any other levy as the rate with the levy's name, a 差额征税 one with its
 * deduction when it has one.
 */
export function rateLevyText({ rate, levy, deduction }: RatedLevy, language: UiLanguage): string {
  if (levy === 'normal') return ratePercent(rate);
  if (levy === 'exempt' || levy === 'notTaxed') return levyText(levy, language);
  const params = { rate: ratePercent(rate), levy: levyText(levy, language) };
  if (levy === 'difference' && deduction !== null && deduction !== undefined && deduction !== '') {
    return tableText(TEXTS, 'deducted', { ...params, deduction }, language);
  }
  return tableText(TEXTS, 'rated', params, language);
}

/**
 * The words of the history's line filter (a rate, a levy or both): as rateLevyText, but a normal rate says
 * its levy too ("13%（一般计税）"): the filter leaves out 3%（简易征收）lines when it asks for 3% normal.
 */
export function lineFilterText({ rate, levy }: { rate?: string | undefined; levy?: LevyKind | undefined }, language: UiLanguage): string {
  if (rate === undefined) return levy === undefined ? '' : levyText(levy, language);
  if (levy === undefined) return ratePercent(rate);
  if (levy === 'normal') return tableText(TEXTS, 'rated', { rate: ratePercent(rate), levy: levyText(levy, language) }, language);
  return rateLevyText({ rate, levy }, language);
}

/** The distinct words of several rated levies (an invoice's lines), in their first order, as one text. */
export function rateLeviesText(levies: readonly RatedLevy[], language: UiLanguage): string {
  const words = [...new Set(levies.map((levy) => rateLevyText(levy, language)))];
  return words.join(tableText(TEXTS, 'separator', {}, language));
}
