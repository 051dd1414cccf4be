/**
 * The paper general VAT invoice (增值税普通发票, 007) on its 240 × 140 mm form: the shared form grid
 * (invoice-form.ts, with its measurement source) plus the title and the check code (校验码) this form
 * prints under the machine number.
 */
import type { BoxSpec } from '../page.js';
import { FIELDS } from './invoice-form.js';

export const GENERAL_007 = {
  fplxdm: '007',
  title: '增值税普通发票',
  fields: { ...FIELDS } as Record<string, BoxSpec>,
} as const;
