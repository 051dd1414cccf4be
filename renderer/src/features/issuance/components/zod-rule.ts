import type { FormRule } from 'antd';
import type { z } from 'zod';
import { schemaError } from '../draft.js';

/**
 * An antd validation rule backed by the contract's own zod schema, so the form refuses exactly what main
 * would refuse. `trim` mirrors toDraft(), which trims codes and numbers before sending.
 */
export function zodRule(schema: z.ZodType, options: { trim?: boolean } = {}): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value : '';
      const message = schemaError(schema, options.trim ? text.trim() : text);
      if (message) throw new Error(message);
    },
  };
}
