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
import type { ChangePublisher } from '../../changes/feed.js';
import { lostWriteOf, type Ledger, type LedgerStores } from '../../ledger/port.js';
import { submissionFailure, type LostSubmissionKeys } from '../../ledger/submission-failure.js';
import {
  IpcFailure,
  redRouteOf,
  SUB_REASONS,
  type Environment,
  type InvoiceSummary,
  type RedIssue,
  type RedPreview,
  type RedRequest,
  type RedStarted,
} from '../../../shared/ipc/index.js';
import type { IssuanceDetailLine, IssuanceRequest } from '../../../shared/spec/issuance.js';
import type { InvoiceReadStore } from '../issuance/store.js';
import type { IssuanceService } from '../issuance/service.js';
import { newSerial } from '../issuance/serial.js';
import { toFormSummary, withRed, type RedLetterFormRow } from './forms.js';
import { buildRedLines, money, type RedLines } from './lines.js';
import { reversalOf, type InvoiceRow, type ReversalReads } from './repo.js';
import { blueRequestOf, buildApplication, buildRedIssuance, isDigital } from './request.js';

export const REDLETTER_OUTBOX_KIND = 'redletter';

export interface RedServiceDeps {
  /** The ledger port: forms, the outbox and (through issuance) the invoices, on the desk's file or the team's. */
  ledger: Ledger;
  environment: Environment;
  /** Issuance's reads of stored invoices and red-reversal links (its api's `invoices`). */
  invoices: InvoiceReadStore;
  issuance: Pick<IssuanceService, 'enqueue'>;
  now: () => Date;
  kick: () => void;
  /** A form was stored or changed (after its commit). */
  notifyForm: (form: RedLetterFormRow, action?: 'created' | 'updated') => void;
  /** The change feed: a blue invoice's reversal changed (after its commit). */
  changes: ChangePublisher;
}

/** A red-letter form application the team ledger could not answer (main/ledger/submission-failure.ts). */
const FORM_LOST: LostSubmissionKeys = { notSaved: 'reversal.formNotSaved', unknown: 'reversal.formOutcomeUnknown' };

/** The reads of a reversal inside transaction `tx`. */
const readsIn = (tx: LedgerStores): ReversalReads => ({ invoices: tx.issuedInvoices, forms: tx.redForms });

interface Plan {
  blue: InvoiceRow;
  request: IssuanceRequest;
  lines: RedLines;
  remaining: Decimal;
  issues: RedIssue[];
}

export function createRedService(deps: RedServiceDeps) {
  const forms = deps.ledger.redForms;
  const reads: ReversalReads = { invoices: deps.invoices, forms };
  const formRow = async (row: Parameters<typeof withRed>[1]) => withRed(deps.invoices.refOf, row);

  async function blueOf(id: number): Promise<{ blue: InvoiceRow; request: IssuanceRequest }> {
    const blue = await deps.invoices.invoice(id, deps.environment);
    if (!blue) throw new IpcFailure('NOT_FOUND', 'app.invoiceNotFound', { id });
    if (blue.kplx !== '0') throw new IpcFailure('VALIDATION_FAILED', 'reversal.isRed');
    if (blue.status !== 'issued') throw new IpcFailure('VALIDATION_FAILED', 'reversal.notIssued');
    const request = blueRequestOf(blue);
    if (!request.ok) throw request.failure;
    return { blue, request: request.value };
  }

  async function plan(input: RedRequest): Promise<Plan> {
    const { blue, request } = await blueOf(input.blueInvoiceId);
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
    const { remaining } = await reversalOf(reads, blue.id);
    if (lines.total.greaterThan(remaining)) {
      issues.push({ field: 'total', key: 'reversal.exceedsRemainingOf', params: { amount: money(lines.total), remaining: money(remaining) } });
    }
    return { blue, request, lines, remaining, issues };
  }

  const terminalOf = (input: RedRequest, request: IssuanceRequest): string | null => input.terminal || request.kpzdbs || null;

  async function preview(input: RedRequest): Promise<RedPreview> {
    const { blue, lines, remaining, issues } = await plan(input);
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

  /** A blue invoice's reversal changed: what is left of it and its red invoices (after the commit). */
  const announceBlue = (blue: InvoiceRow) => deps.changes.publish({ aggregate: 'invoice', action: 'updated', ids: [blue.id], enterprise: blue.xhdwsbh });

  /** Inside `tx`: refuses a red amount above what is left of the blue invoice, read while holding its reversals. */
  async function takeFrom(tx: LedgerStores, blue: InvoiceRow, total: Decimal): Promise<void> {
    await tx.redForms.holdBlue(blue.id);
    if (total.greaterThan((await reversalOf(readsIn(tx), blue.id)).remaining)) {
      throw new IpcFailure('VALIDATION_FAILED', 'reversal.exceedsRemaining', { amount: money(total) });
    }
  }

  /**
   * The plan of a reversal about to be written, read in one transaction: a team ledger's connection dropped
   * while reading it says so (nothing was written yet), not a driver's error (docs/team-ledger.md §7).
   */
  async function planToWrite(input: RedRequest): Promise<Plan> {
    try {
      return await deps.ledger.transaction(() => plan(input));
    } catch (error) {
      if (lostWriteOf(error) === null) throw error;
      throw new IpcFailure('TEAM_LEDGER_UNREACHABLE', 'reversal.notStarted', {}, { message: error instanceof Error ? error.message : String(error) });
    }
  }

  async function start(input: RedRequest): Promise<RedStarted> {
    const planned = await planToWrite(input);
    refuseIssues(planned.issues);
    const { blue, request, lines } = planned;
    const now = deps.now();
    if (redRouteOf(blue.fplxdm) === 'direct') {
      const built = buildRedIssuance(blue, request, lines.issuance, { lsh: newSerial('FR', now), reason: input.reason });
      if (!built.ok) throw built.failure;
      const invoice = await deps.issuance.enqueue(
        built.value,
        async (tx, redInvoiceId) => {
          // Checked again inside the transaction that takes the amount, so the check and the taking are one.
          await takeFrom(tx, blue, lines.total);
          await tx.issuedInvoices.recordReversal({ redInvoiceId, blueInvoiceId: blue.id, amount: money(lines.total), chyydm: input.reason, formId: null }, now.toISOString());
        },
        { blueLsh: blue.lsh, blueFphm: blue.fphm ?? '', reason: input.reason },
      );
      announceBlue(blue);
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
    // The form and its outbox row in one transaction: stored, it cannot be forgotten (docs/architecture.md §5).
    const storeForm = async (tx: LedgerStores) => {
      await takeFrom(tx, blue, lines.total);
      await tx.redForms.insert(
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
      await tx.outbox.enqueue({ kind: REDLETTER_OUTBOX_KIND, serial: lsh, requestJson, enterprise: request.xhdwsbh });
      await tx.audit.append({
        action: 'reversal.applied',
        aggregate: 'red_letter_form',
        recordIds: [lsh],
        enterprise: request.xhdwsbh,
        detail: { blueInvoiceId: blue.id, fphm: blue.fphm ?? '', jshj: negative(lines.total), reason: input.reason },
      });
      // Read back in the same transaction: once it committed, nothing more needs the connection.
      return formRow(await tx.redForms.byLsh(lsh));
    };
    // A team ledger's answer lost on the way is looked up by the form's serial (docs/team-ledger.md §7).
    let form: RedLetterFormRow | undefined;
    try {
      form = await deps.ledger.transaction(storeForm, { committed: async (stores) => (await stores.redForms.byLsh(lsh)) !== undefined });
    } catch (error) {
      throw submissionFailure(error, lsh, FORM_LOST);
    }
    deps.kick();
    if (!form) throw new Error(`red-letter form ${lsh} vanished right after insert`);
    deps.notifyForm(form, 'created');
    announceBlue(blue);
    return { kind: 'form', form: toFormSummary(form) };
  }

  /**
   * Queues the red invoice of an approved form (xxbbh for 004/028, xxbid for 81/82), for exactly the
   * form's lines and amount. Runs inside the outbox transaction when issued automatically. Whether the form
   * is still unused is checked again inside the transaction that links it, holding the blue invoice's
   * reversals: two desks (a clerk's click and the outbox's automatic issue) never issue twice from one form.
   */
  async function issueFromForm(form: RedLetterFormRow): Promise<InvoiceSummary> {
    if (form.status !== 'approved') throw new IpcFailure('VALIDATION_FAILED', 'reversal.formNotApproved');
    refuseUsed(form);
    if (form.blue_invoice_id === null || form.red_lines_json === null || form.chyydm === null) {
      throw new IpcFailure('VALIDATION_FAILED', 'reversal.formNotLocal');
    }
    const { blue, request } = await blueOf(form.blue_invoice_id);
    const lines = JSON.parse(form.red_lines_json) as IssuanceDetailLine[];
    const now = deps.now();
    const reason = form.chyydm;
    const built = buildRedIssuance(blue, request, lines, { lsh: newSerial('FR', now), reason, form: { xxbbh: form.xxbbh, xxbid: form.xxbid } });
    if (!built.ok) throw built.failure;
    const amount = money(new Decimal(built.value.totals.total).negated());
    return deps.issuance.enqueue(
      built.value,
      async (tx, redInvoiceId) => {
        await tx.redForms.holdBlue(blue.id);
        const current = await withRed(tx.issuedInvoices.refOf, await tx.redForms.byId(form.id));
        if (current) refuseUsed(current);
        await tx.issuedInvoices.recordReversal({ redInvoiceId, blueInvoiceId: blue.id, amount, chyydm: reason, formId: form.id }, now.toISOString());
        await tx.redForms.linkRedInvoice(form.id, redInvoiceId, now.toISOString());
      },
      { blueLsh: blue.lsh, blueFphm: blue.fphm ?? '', reason },
    );
  }

  /** A form whose red invoice is issued or on its way is used; one whose red invoice failed can be used again. */
  function refuseUsed(form: RedLetterFormRow): void {
    if (form.red_invoice_id !== null && form.red_invoice_status !== 'failed') {
      throw new IpcFailure('VALIDATION_FAILED', 'reversal.formUsed', { lsh: form.red_invoice_lsh ?? '' });
    }
  }

  return {
    preview,
    start,
    issueFromForm,
    async issueFromFormId(formId: number): Promise<InvoiceSummary> {
      const form = await formRow(await forms.byId(formId));
      if (!form || form.environment !== deps.environment) throw new IpcFailure('NOT_FOUND', 'reversal.formNotFound', { id: formId });
      const invoice = await issueFromForm(form);
      const updated = await formRow(await forms.byId(formId));
      if (updated) deps.notifyForm(updated);
      if (form.blue_invoice_id !== null) deps.changes.publish({ aggregate: 'invoice', action: 'updated', ids: [form.blue_invoice_id], enterprise: form.xhdwsbh });
      return invoice;
    },
  };
}

export type RedService = ReturnType<typeof createRedService>;
