/**
 * The paper special VAT invoice (增值税专用发票, 004) on its 240 × 140 mm form: the shared form grid
 * (invoice-form.ts, with its measurement source) plus what differs from the general invoice — the title,
 * and no check code (the special invoice's face carries none).
 */
import type { BoxSpec } from '../page.js';
import { FIELDS } from './invoice-form.js';

export const SPECIAL_004 = {
  fplxdm: '004',
  title: '增值税专用发票',
  /** Fields this form prints, by name in FIELDS. */
  fields: Object.fromEntries(Object.entries(FIELDS).filter(([name]) => name !== 'checkCode')) as Record<string, BoxSpec>,
} as const;
