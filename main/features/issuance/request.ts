/**
 * Turns the clerk's draft into the service's issuance request (spec "Issuance request" and "Issuance
 * detail line") with the same builder and rule book the form runs live (shared/rules/issuance-form), so
 * main refuses exactly what the form showed — and nothing the service would refuse is ever queued.
 */
import type { RuleMessageKey, RuleParams } from '../../../shared/rules/rule-messages.js';
import type { InvoiceDraft } from '../../../shared/ipc/index.js';
import { checkDraft, type DraftIssue, type Seller, type StoredLine } from '../../../shared/rules/issuance-form/index.js';
import type { Totals } from '../../../shared/rules/money.js';
import type { IssuanceRequest } from '../../../shared/spec/issuance.js';

export type { Seller, StoredLine } from '../../../shared/rules/issuance-form/index.js';

/** A request ready to be stored and queued, with the amounts the history shows. */
export interface PreparedIssuance {
  request: IssuanceRequest;
  totals: Totals;
  lines: StoredLine[];
}

export type BuildResult =
  | ({ ok: true; warnings: DraftIssue[] } & PreparedIssuance)
  | { ok: false; details: { issues: Array<{ path: (string | number)[]; key: RuleMessageKey; params: RuleParams }> } };

/** 'lines.2.quantity' → ['lines', 2, 'quantity'], the path shape the renderer maps onto its fields. */
const toPath = (dotted: string): (string | number)[] => dotted.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

export function buildIssuanceRequest(draft: InvoiceDraft, context: { lsh: string; seller: Seller }): BuildResult {
  const check = checkDraft(draft, context);
  const errors = check.issues.filter((issue) => issue.severity === 'error');
  if (errors.length > 0 || check.request === null) {
    // The sentences travel as keys: the form puts each on its field in the clerk's language.
    return { ok: false, details: { issues: errors.map((issue) => ({ path: toPath(issue.path), key: issue.key, params: issue.params })) } };
  }
  const { total, tax, net } = check.built.totals;
  return {
    ok: true,
    request: check.request,
    totals: { total, tax, net },
    lines: check.built.lines,
    warnings: check.issues,
  };
}
