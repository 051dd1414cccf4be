/**
 * The shape of a text table of shared/i18n (as RULE_MESSAGES) and a problem by key as it is stored and
 * crosses IPC. A table becomes i18next resources through ui-language.ts `tableResources`.
 */
export type Texts = Record<string, { zh: string; en: string }>;

/** A problem by key: `rules.<key>` (the rule book), `batch.problems.<key>`, `libraries.problems.<key>` (the renderer's i18next paths). */
export interface Problem {
  key: string;
  params: Readonly<Record<string, string | number>>;
}
