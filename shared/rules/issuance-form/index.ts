/**
 * The one rule book of a draft, run LIVE by the issuance form and AGAIN by main before anything is
 * queued: the draft is built into the wire request, the wire schema (GBK lengths, codes, decimals) and
 * the wire rule book (shared/rules/issuance/, also what the sandbox enforces) run on it, their paths are
 * mapped back to the draft's fields and their wire names to the clerk's words; the draft-only rules add
 * what the wire no longer shows. Nothing here throws on half-typed input.
 */
import type { InvoiceDraft } from '../../ipc/schemas/issuance.js';
import { IssuanceRequest } from '../../spec/issuance.js';
import { checkIssuanceRules } from '../issuance/index.js';
import type { RuleIssue } from '../rule-issue.js';
import { buildRequest, type BuiltRequest, type Seller } from './build.js';
import { DRAFT_RULES, type DraftIssue } from './draft-rules.js';
import { wirePathToDraftPath } from './labels.js';
import { schemaIssue } from './schema-issue.js';

export { buildRequest, lineAmount, type BuiltRequest, type DraftTotals, type Seller, type StoredLine } from './build.js';
export { DRAFT_RULES, TAX_TOLERANCE, type DraftIssue, type IssueSeverity } from './draft-rules.js';
export { DRAFT_LABELS, SPECIFIC_BUSINESS_LABELS, fieldLabel, toClerkWords, wirePathToDraftPath } from './labels.js';
export { draftIssueText, schemaIssue } from './schema-issue.js';

export interface DraftCheck {
  built: BuiltRequest;
  /** The parsed wire request when the schema accepted it. */
  request: IssuanceRequest | null;
  /** Errors first, then warnings; at most one copy of a message per field. */
  issues: DraftIssue[];
}

/** A lsh that satisfies the schema while the form checks live; main puts the real one in. */
export const PREVIEW_LSH = 'PREVIEW';

/** A draft is always a blue invoice (red ones are made by reversing an issued invoice). */
const AS_BLUE = { direction: '0' } as const;

function wireRules(candidate: Record<string, unknown>, parsed: IssuanceRequest | null): RuleIssue[] {
  if (parsed) return checkIssuanceRules(parsed, AS_BLUE);
  // The schema refused something (a GBK length, a code): the cross-field rules still tell the clerk
  // everything else at once. They read only members buildRequest always writes with the right types,
  // but a rule meeting a value it does not expect must not take the form down with it.
  try {
    return checkIssuanceRules(candidate as IssuanceRequest, AS_BLUE);
  } catch {
    return [];
  }
}

export function checkDraft(draft: InvoiceDraft, context: { seller: Seller; lsh?: string }): DraftCheck {
  const built = buildRequest(draft, { seller: context.seller, lsh: context.lsh ?? PREVIEW_LSH });
  const parsed = IssuanceRequest.safeParse(built.candidate);
  const request = parsed.success ? parsed.data : null;
  const toDraftIssue = (issue: Pick<RuleIssue, 'path' | 'key' | 'params'>): DraftIssue => ({
    path: wirePathToDraftPath(issue.path, built.discountLines),
    key: issue.key,
    params: issue.params,
    severity: 'error',
  });
  const issues: DraftIssue[] = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => toDraftIssue(schemaIssue(issue, built.candidate)))),
    ...wireRules(built.candidate, request).map(toDraftIssue),
    ...DRAFT_RULES.flatMap((rule) => rule(draft)),
  ];
  const seen = new Set<string>();
  const unique = issues.filter((issue) => {
    const key = `${issue.path}\u0000${issue.key}\u0000${JSON.stringify(issue.params)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  unique.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  return { built, request, issues: unique };
}

/** True when nothing blocks sending (warnings do not). */
export const isSendable = (check: DraftCheck): boolean => check.request !== null && check.issues.every((issue) => issue.severity !== 'error');
