/** 常用发票: invoices saved from the form under a name, and issuing again from the history (再开一张). */
import { z } from 'zod';
import { InvoiceType } from './issuance.js';
import { textProblem, textProblemMessage } from './plain-text.js';

// Names are what the clerk types to find a template: no control characters, a sane length.
const TemplateName = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .superRefine((value, ctx) => {
    // No control, bidi or zero-width characters (./plain-text.ts): the clerk types this name to find it.
    const problem = textProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: textProblemMessage('常用发票名称', problem), input: value });
  })
  .describe('The name the clerk finds the template by');

export const TemplateQuery = z.strictObject({
  query: z.string().max(40).regex(/^[^\p{Cc}]*$/u, 'query has control characters').optional(),
  limit: z.number().int().min(1).max(50).default(20),
});

export const TemplateSummary = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  invoiceType: InvoiceType,
  buyerName: z.string(),
  usedAt: z.string().nullable().describe('When it was last opened (ISO-8601)'),
});
export type TemplateSummary = z.infer<typeof TemplateSummary>;

export const SaveTemplateRequest = z.strictObject({
  name: TemplateName,
  invoiceType: InvoiceType,
  buyerName: z.string().max(200),
  content: z.json().describe('The form values as JSON, like a draft'),
  /** A template of that name exists: replace it only when the clerk said so. */
  replace: z.boolean().default(false),
});

export const TemplateId = z.strictObject({ id: z.number().int().positive() });
export const SavedTemplate = TemplateSummary.extend({ content: z.json() });

export const RepeatRequest = z.strictObject({ id: z.number().int().positive().describe('Local id of the issued invoice to repeat') });
export const RepeatContent = z.strictObject({ content: z.json().describe('The form values of the invoice, without serial or date') });
