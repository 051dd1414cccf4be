/**
 * The shape of a text table of shared/i18n (as RULE_MESSAGES), a table as i18next resources for one
 * language, and a problem by key as it is stored and crosses IPC.
 */
export type Texts = Record<string, { zh: string; en: string }>;

export function resources<T extends Texts>(table: T, language: 'zh' | 'en'): { [K in keyof T]: string } {
  return Object.fromEntries(Object.entries(table).map(([key, text]) => [key, text[language]])) as { [K in keyof T]: string };
}

/** A problem by key: `rules.<key>` (the rule book), `batch.problems.<key>`, `libraries.problems.<key>` (the renderer's i18next paths). */
export interface Problem {
  key: string;
  params: Readonly<Record<string, string | number>>;
}
