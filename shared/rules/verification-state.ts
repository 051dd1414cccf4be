/**
 * One state per received invoice, in the clerk's terms (issue 22.2): what the last verification answer
 * (spec endpoint 4, its code table under Errors) means for reimbursement. Main stores the state with the
 * received invoice; the renderer words and colours it; the export writes the word and, in its own column,
 * the code. Pure: shared by main, the renderer and the tests.
 *
 * - unverified: nothing asked yet;
 * - consistent: 0001, not voided, and nothing read locally differs from the authority's record;
 * - inconsistent: 0006, or 0001 whose record differs from what the file says (fields named: the differing
 *   ones where the authority returned its record, else the request fields that can disagree);
 * - not-found: 0009 — the authority returned no record, so nothing is compared;
 * - voided / reversed: 0001 with zfbz Y / H;
 * - unverifiable: no call can help — a kind the service does not verify (reason: the kind extraction named,
 *   railway-eticket / air-itinerary, or 'kind' for an fpzl outside the table),
 *   older than 5 years (1015), no verification permission (1020);
 * - failed: anything else (0002 and 1014 tomorrow, 1008/1009/1005 after fixing a field, 9999/1006/1021
 *   later, an unreachable service): try again.
 */
import { UNVERIFIABLE_KINDS, type IntakeField } from './intake-fields.js';

export const VERIFICATION_STATES = ['unverified', 'consistent', 'inconsistent', 'not-found', 'voided', 'reversed', 'unverifiable', 'failed'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

/** The state with what explains it: the fields that differ (inconsistent), the code or kind that says why. */
export interface StateOf {
  state: VerificationState;
  /**
   * inconsistent: 'fields' (the record differs in `fields`) or 'unspecified' (the authority did not say
   * which; `fields` are the ones sent that can disagree); unverifiable / failed: the code or the kind.
   */
  reason: string | null;
  fields: string[];
}

/** Codes after which asking again cannot help. */
const UNVERIFIABLE_CODES = new Set(['1015', '1020']);

/** Kinds read from a file that the verification operation has no fpzl for: the review says so and spends no call. */
export const UNVERIFIABLE_REASONS: ReadonlySet<string> = new Set(UNVERIFIABLE_KINDS);

export const UNVERIFIED: StateOf = { state: 'unverified', reason: null, fields: [] };

export interface Answer {
  code: string;
  zfbz: string | null;
  /** Fields whose locally read value differs from the authority's record (only where it returned one). */
  differing: readonly string[];
  /** Request fields that can disagree with the record (kprq, fpje, jym as sent), for an unspecified 0006. */
  submitted: readonly IntakeField[];
  /** The code was decided locally, before a call (LocalRefusal), and the field it was about. */
  local?: { field?: string };
}

export function stateOfAnswer(answer: Answer): StateOf {
  const { code } = answer;
  if (code === '0001') {
    if (answer.zfbz === 'Y') return { state: 'voided', reason: null, fields: [] };
    if (answer.zfbz === 'H') return { state: 'reversed', reason: null, fields: [] };
    if (answer.differing.length > 0) return { state: 'inconsistent', reason: 'fields', fields: [...answer.differing] };
    return { state: 'consistent', reason: null, fields: [] };
  }
  if (code === '0006') {
    return answer.differing.length > 0
      ? { state: 'inconsistent', reason: 'fields', fields: [...answer.differing] }
      : { state: 'inconsistent', reason: 'unspecified', fields: [...answer.submitted] };
  }
  if (code === '0009') return { state: 'not-found', reason: null, fields: [] };
  if (UNVERIFIABLE_CODES.has(code)) return { state: 'unverifiable', reason: code, fields: [] };
  // A kind not in the verification table, refused locally: no call can verify it.
  if (answer.local && code === '1005' && answer.local.field === 'fpzl') return { state: 'unverifiable', reason: 'kind', fields: [] };
  return { state: 'failed', reason: code, fields: [] };
}

/** Whether a stored state may be replaced by a local refusal: never a result the authority gave. */
export function localRefusalReplaces(current: VerificationState): boolean {
  return current === 'unverified' || current === 'failed' || current === 'unverifiable';
}

/** The state a kind the service cannot verify starts in (set when the file is saved). */
export function unverifiableFrom(kind: string | null | undefined): StateOf | undefined {
  return kind && UNVERIFIABLE_REASONS.has(kind) ? { state: 'unverifiable', reason: kind, fields: [] } : undefined;
}
