/**
 * antd rules backed by the contract's own zod schemas and the shared tax-ID rule, so the modal refuses
 * exactly what main refuses, on the field, as the clerk types.
 */
import type { FormRule } from 'antd';
import type { z } from 'zod';
import { schemaIssue } from '../../../../../shared/rules/issuance-form/index.js';
import { ruleIssueText } from '../../../lib/rule-text.js';

export function schemaRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : value;
      if (text === '' || text === undefined || text === null) {
        // Empty optional fields are left out of the request; only required ones complain.
        if (schema.safeParse(undefined).success) return;
      }
      const parsed = schema.safeParse(text ?? '');
      const first = parsed.success ? undefined : parsed.error.issues[0];
      if (first) throw new Error(ruleIssueText(schemaIssue(first, text ?? '')));
    },
  };
}

/** Form values → request: trimmed, empty fields left out (the contract's optional fields refuse ''). */
export function compact<T extends Record<string, unknown>>(values: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const v = typeof value === 'string' ? value.trim() : value;
    if (v !== '' && v !== undefined && v !== null) out[key] = v;
  }
  return out as Partial<T>;
}
