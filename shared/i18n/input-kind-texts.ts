/**
 * The input (collected) invoice kinds in words, both languages: FPLXDM of the collection service (01, 03,
 * 08, 14, 31). One table for the renderer (the statistics' input rows: `statistics.inputKinds.<kind>`) and
 * for main's workbooks (`inputKindName`), so the screen and the file name a kind alike; a code the table
 * does not know is shown as it is.
 */
import { tableText, type UiLanguage } from './ui-language.js';

export const INPUT_KIND_TEXTS = {
  '01': { zh: '增值税专用发票', en: 'VAT special invoice' },
  '03': { zh: '机动车销售统一发票', en: 'Motor vehicle sale invoice' },
  '08': { zh: '增值税电子专用发票', en: 'Electronic special invoice' },
  '14': { zh: '通行费电子发票', en: 'Toll electronic invoice' },
  '31': { zh: '电子发票（增值税专用发票）', en: 'Digital special invoice' },
  '32': { zh: '电子发票（普通发票）', en: 'Digital general invoice' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type InputKindCode = keyof typeof INPUT_KIND_TEXTS;

export const isInputKindCode = (kind: string): kind is InputKindCode => Object.hasOwn(INPUT_KIND_TEXTS, kind);

/** An input kind (FPLXDM) by name in `language`; a code the table does not know, as it is. */
export function inputKindName(kind: string, language: UiLanguage): string {
  return isInputKindCode(kind) ? tableText(INPUT_KIND_TEXTS, kind, {}, language) : kind;
}
