/**
 * Red reversal of a blue output invoice, as the clerk starts it from the history:
 * - general invoices (007/025/026): the red invoice goes straight to the issuance service's `enqueue`
 *   (one transaction with its outbox row), with the link to the blue invoice and the amount taken written
 *   alongside in that same transaction;
 * - special (004/028) and digital-electronic (81/82) invoices: a red-letter form application is stored
 *   with its whole request and queued under outbox kind 'redletter' (redletter/outbox.ts); once the form
 *   has its number the red invoice is issued with xxbbh / xxbid — automatically, or by the clerk's click.
 * Never more than what is left of the blue invoice: checked here before anything is stored, counting red
 * invoices on their way and forms still holding an amount.
 */
import Decimal from 'decimal.js';
import type { Db } from '../../db/open.js';
import type { OutboxRepo } from '../../outbox/repo.js';
import {
  IpcFailure,
  redRouteOf,
  SUB_REASONS,
  type Environment,
  type InvoiceSummary,
  type RedIssue,
  type RedLetterFormSummary,
  type RedPreview,
  type RedRequest,
  type RedStarted,
} from '../../../shared/ipc/index.js';
import type { IssuanceDetailLine, IssuanceRequest } from '../../../shared/spec/issuance.js';
import type { IssuanceService } from '../issuance/service.js';
import { newSerial } from '../issuance/serial.js';
import { toFormSummary, type RedLetterFormRow, type RedLetterRepo } from './form-repo.js';
import { buildRedLines, money, type RedLines } from './lines.js';
import type { InvoiceRow, RedRepo } from './repo.js';
import { blueRequestOf, buildApplication, buildRedIssuance, isDigital } from './request.js';

export const REDLETTER_OUTBOX_KIND = 'redletter';

export interface RedServiceDeps {
  db: Db;
  environment: Environment;
  repo: RedRepo;
  forms: RedLetterRepo;
  outbox: OutboxRepo;
  issuance: Pick<IssuanceService, 'enqueue'>;
  now: () => Date;
  kick: () => void;
  notifyForm: (form: RedLetterFormSummary) => void;
}

interface Plan {
  blue: InvoiceRow;
  request: IssuanceRequest;
  lines: RedLines;
  remaining: Decimal;
  issues: RedIssue[];
}

export function createRedService(deps: RedServiceDeps) {
  const { db, repo, forms } = deps;

  function blueOf(id: number): { blue: InvoiceRow; request: IssuanceRequest } {
    const blue = repo.invoice(id, deps.environment);
    if (!blue) throw new IpcFailure('NOT_FOUND', 'app.invoiceNotFound', { id });
    if (blue.kplx !== '0') throw new IpcFailure('VALIDATION_FAILED', 'reversal.isRed');
    if (blue.status !== 'issued') throw new IpcFailure('VALIDATION_FAILED', 'reversal.notIssued');
    const request = blueRequestOf(blue);
    if (!request.ok) throw request.failure;
    return { blue, request: request.value };
  }

  function plan(input: RedRequest): Plan {
    const { blue, request } = blueOf(input.blueInvoiceId);
    const lines = buildRedLines(request.details, input);
    const issues = [...lines.issues];
    const partial = lines.form !== undefined;
    if (partial && request.zkje !== undefined && !new Decimal(request.zkje).isZero()) {
      issues.push({ field: 'lines', key: 'reversal.wholeDiscountFullOnly', params: {} });
    }
    if (redRouteOf(blue.fplxdm) === 'form') {
      if (input.letterReason === undefined) issues.push({ field: 'letterReason', key: 'reversal.letterReasonRequired', params: {} });
      else if (input.letterSubReason !== undefined && !SUB_REASONS[input.letterReason].includes(input.letterSubReason)) {
        issues.push({ field: 'letterSubReason', key: 'reversal.subReasonMismatch', params: {} });
      } else if (input.letterReason !== '0' && input.letterSubReason === undefined) {
        issues.push({ field: 'letterSubReason', key: 'reversal.subReasonRequired', params: {} });
      }
      if (!isDigital(blue.fplxdm) && !terminalOf(input, request)) {
        issues.push({ field: 'terminal', key: 'reversal.terminalRequired', params: {} });
      }
    }
    const remaining = repo.reversalOf(blue).remaining;
    if (lines.total.greaterThan(remaining)) {
      issues.push({ field: 'total', key: 'reversal.exceedsRemainingOf', params: { amount: money(lines.total), remaining: money(remaining) } });
    }
    return { blue, request, lines, remaining, issues };
  }

  const terminalOf = (input: RedRequest, request: IssuanceRequest): string | null => input.terminal || request.kpzdbs || null;

  function preview(input: RedRequest): RedPreview {
    const { blue, lines, remaining, issues } = plan(input);
    return {
      route: redRouteOf(blue.fplxdm),
      lines: lines.preview,
      total: money(lines.total),
      tax: money(lines.tax),
      remaining: money(remaining),
      remainingAfter: money(Decimal.max(remaining.minus(lines.total), 0)),
      issues,
    };
  }

  function refuseIssues(issues: RedIssue[]): void {
    // The first issue is the sentence; all of them travel in details for the dialog to list.
    const [first] = issues;
    if (first) throw new IpcFailure('VALIDATION_FAILED', first.key, first.params, { details: { issues } });
  }

  async function start(input: RedRequest): Promise<RedStarted> {
    const planned = plan(input);
    refuseIssues(planned.issues);
    const { blue, request, lines } = planned;
    const now = deps.now();
    if (redRouteOf(blue.fplxdm) === 'direct') {
      const built = buildRedIssuance(blue, request, lines.issuance, { lsh: newSerial('FR', now), reason: input.reason });
      if (!built.ok) throw built.failure;
      const invoice = await deps.issuance.enqueue(built.value, async (tx, redInvoiceId) => {
        // Checked again inside the transaction that takes the amount, so the check and the taking are one.
        if (lines.total.greaterThan(repo.reversalOf(blue).remaining)) {
          throw new IpcFailure('VALIDATION_FAILED', 'reversal.exceedsRemaining', { amount: money(lines.total) });
        }
        await tx.issuedInvoices.recordReversal({ redInvoiceId, blueInvoiceId: blue.id, amount: money(lines.total), chyydm: input.reason, formId: null }, now.toISOString());
      });
      return { kind: 'invoice', invoice };
    }

    const lsh = newSerial('HZ', now);
    const application = buildApplication(blue, request, lines.form, {
      lsh,
      sqly: input.letterReason ?? '2',
      reason: input.reason,
      terminal: terminalOf(input, request),
    });
    if (!application.ok) throw application.failure;
    // The red invoice's lines are validated now, so a form that comes back can always be issued from.
    const trial = buildRedIssuance(blue, request, lines.issuance, { lsh: newSerial('FR', now), reason: input.reason, form: { xxbbh: 'X', xxbid: 'X' } });
    if (!trial.ok) throw trial.failure;
    const requestJson = JSON.stringify(application.value);
    const negative = (value: Decimal) => money(value.negated());
    db.transaction(() => {
      if (lines.total.greaterThan(repo.reversalOf(blue).remaining)) throw new IpcFailure('VALIDATION_FAILED', 'reversal.exceedsRemaining', { amount: money(lines.total) });
      forms.insert(
        {
          lsh,
          environment: deps.environment,
          blueInvoiceId: blue.id,
          fplxdm: blue.fplxdm,
          fpdm: blue.fpdm,
          fphm: blue.fphm ?? '',
          sqly: application.value.sqly,
          sqlyDetail: input.letterSubReason ?? null,
          chyydm: input.reason,
          kpzdbs: application.value.kpzdbs ?? null,
          xhdwsbh: request.xhdwsbh,
          xhdwmc: request.xhdwmc,
          ghdwsbh: request.ghdwsbh ?? null,
          ghdwmc: request.ghdwmc,
          hjje: negative(lines.total.minus(lines.tax)),
          hjse: negative(lines.tax),
          jshj: negative(lines.total),
          requestJson,
          redLinesJson: JSON.stringify(lines.issuance),
          autoIssue: input.autoIssue ?? true,
        },
        now.toISOString(),
      );
      deps.outbox.enqueue(REDLETTER_OUTBOX_KIND, lsh, requestJson, now.getTime());
    })();
    deps.kick();
    const form = forms.byLsh(lsh);
    if (!form) throw new Error(`red-letter form ${lsh} vanished right after insert`);
    const summary = toFormSummary(form);
    deps.notifyForm(summary);
    return { kind: 'form', form: summary };
  }

  /**
   * Queues the red invoice of an approved form (xxbbh for 004/028, xxbid for 81/82), for exactly the
   * form's lines and amount. Runs inside the outbox transaction when issued automatically.
   */
  async function issueFromForm(form: RedLetterFormRow): Promise<InvoiceSummary> {
    if (form.status !== 'approved') throw new IpcFailure('VALIDATION_FAILED', 'reversal.formNotApproved');
    if (form.red_invoice_id !== null && form.red_invoice_status !== 'failed') {
      throw new IpcFailure('VALIDATION_FAILED', 'reversal.formUsed', { lsh: form.red_invoice_lsh ?? '' });
    }
    if (form.blue_invoice_id === null || form.red_lines_json === null || form.chyydm === null) {
      throw new IpcFailure('VALIDATION_FAILED', 'reversal.formNotLocal');
    }
    const { blue, request } = blueOf(form.blue_invoice_id);
    const lines = JSON.parse(form.red_lines_json) as IssuanceDetailLine[];
    const now = deps.now();
    const reason = form.chyydm;
    const built = buildRedIssuance(blue, request, lines, { lsh: newSerial('FR', now), reason, form: { xxbbh: form.xxbbh, xxbid: form.xxbid } });
    if (!built.ok) throw built.failure;
    const amount = money(new Decimal(built.value.totals.total).negated());
    return deps.issuance.enqueue(built.value, async (tx, redInvoiceId) => {
      await tx.issuedInvoices.recordReversal({ redInvoiceId, blueInvoiceId: blue.id, amount, chyydm: reason, formId: form.id }, now.toISOString());
      forms.linkRedInvoice(form.id, redInvoiceId, now.toISOString());
    });
  }

  return {
    preview,
    start,
    issueFromForm,
    async issueFromFormId(formId: number): Promise<InvoiceSummary> {
      const form = forms.byId(formId);
      if (!form || form.environment !== deps.environment) throw new IpcFailure('NOT_FOUND', 'reversal.formNotFound', { id: formId });
      const invoice = await issueFromForm(form);
      const updated = forms.byId(formId);
      if (updated) deps.notifyForm(toFormSummary(updated));
      return invoice;
    },
  };
}

export type RedService = ReturnType<typeof createRedService>;
