/**
 * The sentences of the customer and product libraries, by key, in both languages (messages by code,
 * issue 9 point 5): problems of an imported sheet's cells (also read by the batch import), of a field,
 * and the import report's remarks. Main sends `{ key: 'libraries.problems.<key>', params }`; the renderer
 * loads this table under `libraries.problems`. zh is the wording the libraries always had.
 */
import type { Problem, Texts } from './table.js';

export const LIBRARY_PROBLEMS = {
  // One cell of any imported sheet (main/features/libraries/sheet-reader.ts).
  cellNotNumber: { zh: '不是有效的数字', en: 'Not a valid number' },
  cellTooManyDigits: {
    zh: '数字位数太多，Excel 已丢失精度；请把该列设为"文本"格式后重新填写',
    en: 'Too many digits: Excel has lost precision; format the column as Text and type the value again',
  },
  cellErrorValue: { zh: '单元格是错误值 {{error}}', en: 'The cell holds the error value {{error}}' },
  cellFormulaNoResult: {
    zh: '公式没有计算结果，请在 Excel 中保存后再导入，或改为填写数值',
    en: 'The formula has no computed result: save the workbook in Excel before importing, or type the value',
  },
  cellUnknown: { zh: '无法识别的单元格内容', en: 'The cell content cannot be read' },
  // A field of an entry (main/features/libraries/entries.ts); the schema's own sentence is the zh text.
  schemaRequired: { zh: '{{text}}', en: 'Required' },
  schemaTooLong: { zh: '{{text}}', en: 'At most {{max}} characters' },
  schemaInvalid: { zh: '{{text}}', en: 'Not valid' },
  rateInvalid: { zh: '「{{value}}」不是可用的税率，只能是 13%、9%、6%、5%、3%、2%、1% 或 0%', en: '"{{value}}" is not a usable tax rate; use 13%, 9%, 6%, 5%, 3%, 2%, 1% or 0%' },
  unitPriceZero: { zh: '单价不能为 0（不确定时请留空）', en: 'The unit price cannot be 0 (leave it empty when unsure)' },
  legacyTaxId: {
    zh: '纳税人识别号 {{taxNumber}}：{{length}} 位旧税号无法校验，请核对后再开具',
    en: 'Tax ID {{taxNumber}}: a {{length}}-character legacy tax ID cannot be checked; verify it before issuing',
  },
  // Identity: a save or an import row meeting an entry that already exists (entries.ts).
  customerTaxIdMerged: {
    zh: '纳税人识别号 {{taxNumber}} 已存在（客户「{{other}}」），已更新该客户',
    en: 'Tax ID {{taxNumber}} already exists (customer "{{other}}"); that customer was updated',
  },
  customerNameMerged: { zh: '已有同名客户「{{other}}」，已更新该客户', en: 'A customer named "{{other}}" already exists; it was updated' },
  productMerged: { zh: '已有同名同规格的商品「{{product}}」，已更新该商品', en: 'A product "{{product}}" with that name and specification already exists; it was updated' },
  sameAsRow: { zh: '与第 {{row}} 行是同一条目，已按本行更新', en: 'Same entry as row {{row}}; updated from this row' },
} as const satisfies Texts;

/** The export's default file names (before the date and the extension), in the UI's language. */
export const LIBRARY_FILE_NAMES = {
  customers: { zh: '客户库', en: 'customers' },
  products: { zh: '商品库', en: 'products' },
} as const satisfies Texts;

export type LibraryProblemKey = keyof typeof LIBRARY_PROBLEMS;

/** The i18next path a library problem carries. */
export const libraryProblemKey = (key: LibraryProblemKey): `libraries.problems.${LibraryProblemKey}` => `libraries.problems.${key}`;

/**
 * One row of the import report in one language: each problem after its column's name — 「纳税人识别号」…；…
 * in Chinese as the report always read, "Tax ID: …; …" in English. `label` names a field, `sentence`
 * words a problem (i18next in the renderer, problemText in tests).
 */
export function rowNoteText(
  note: { problems: ReadonlyArray<Problem & { field: string | null }> },
  language: 'zh' | 'en',
  label: (field: string) => string,
  sentence: (problem: Problem) => string,
): string {
  const parts = note.problems.map((problem) => {
    const text = sentence(problem);
    if (problem.field === null) return text;
    return language === 'zh' ? `「${label(problem.field)}」${text}` : `${label(problem.field)}: ${text}`;
  });
  return parts.join(language === 'zh' ? '；' : '; ');
}
