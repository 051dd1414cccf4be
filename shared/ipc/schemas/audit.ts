/**
 * The audit trail (issue 24: "every row records who did what"; docs/team-ledger.md §6): the action codes in
 * one place — main appends them, the renderer words them (zh-CN and English) — and the IPC shapes of
 * settings → 操作日志. An action code is `<subject>.<what>`; a feature that records a new kind of event adds
 * its code here and its words in the renderer's dictionaries.
 */
import { z } from 'zod';
import { PageRequestFields, keysetPage } from './page.js';

export const AUDIT_ACTIONS = [
  // Clerks (§6): signing in and out, and the team list in settings → 操作员.
  'clerk.signedIn',
  'clerk.signInRefused',
  'clerk.signedOut',
  'clerk.created',
  'clerk.roleChanged',
  'clerk.deactivated',
  'clerk.reactivated',
  'clerk.pinReset',
  'clerk.enterprisesChanged',
  // Five wrong PINs in a row locked a name (known or not) — on a team ledger written by its database itself
  // (pg migration 17); an admin lifted a lock.
  'clerk.lockedOut',
  'clerk.unlocked',
  // Enterprises served.
  'enterprise.added',
  'enterprise.changed',
  // Invoices: submitted for issuance (the outbox row written), printed.
  'invoice.submitted',
  'invoice.printed',
  // Drafts' 复核 (recorded by issuance with each step).
  'draft.reviewRequested',
  'draft.approved',
  'draft.returned',
  // Red reversals (recorded by the reversal feature).
  'reversal.applied',
  'reversal.confirmed',
  'reversal.cancelled',
  'reversal.redIssued',
  // The desk's and the team's settings an admin changes.
  'service.changed',
  'service.sandboxChosen',
  'taxCodes.imported',
  'teamLedger.saved',
  'teamLedger.switched',
  'teamLedger.movedIn',
  // The ledger replaced below the features (the ledger guard): recorded once the ledger it opens is open.
  'ledger.restored',
  'ledger.startedFresh',
] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS).describe('What was done, as a code the renderer words');
export type AuditAction = z.infer<typeof AuditAction>;

/**
 * Who acted when no clerk is signed in: a desk without clerks (one implicit clerk, as before clerks) or a
 * refused sign-in. Worded 本机 by the renderer; no clerk can have it as a name (a name is at least one
 * character after trimming, ClerkName), and the column stays NOT NULL on both databases.
 */
export const DESK_ACTOR = '';

export const AuditEvent = z
  .strictObject({
    id: z.number().int(),
    at: z.string().describe('When (ISO 8601, UTC)'),
    actor: z.string().describe("The clerk's name, or '' (DESK_ACTOR: no clerk signed in)"),
    desk: z.string().describe('The desk it was done at (its name on the team ledger)'),
    action: z.string().describe('An AuditAction code (an older desk may know fewer)'),
    aggregate: z.string().describe('The kind of record acted on (issued_invoice, clerk, enterprise…)'),
    recordIds: z.array(z.string()),
    enterprise: z.string().nullable(),
    detail: z.record(z.string(), z.unknown()).nullable().describe('What else the action names (a role, a serial, a file)'),
  })
  .describe('One event of the audit trail');
export type AuditEvent = z.infer<typeof AuditEvent>;

/** An issued invoice an event names, as the ledger has it when the trail is read: its number once issued. */
export const AuditInvoice = z
  .strictObject({
    id: z.string().describe('Its row id, as in recordIds or detail.blueInvoiceId'),
    lsh: z.string().describe('The serial it was sent with'),
    fpdm: z.string().nullable(),
    fphm: z.string().nullable().describe('Its number; null until the service issued it'),
    fplxdm: z.string().describe('Its type code, worded by the renderer'),
    red: z.boolean().describe('A red (reversing) invoice'),
  })
  .describe('An invoice named by an audit event');
export type AuditInvoice = z.infer<typeof AuditInvoice>;

/**
 * An event as 操作日志 shows it: the invoices and clerks it names by id put into what a clerk knows them by — an
 * invoice's number (or serial), type and blue or red; a clerk's name — read when the trail is read, so an invoice
 * issued after the event shows its number.
 */
export const AuditEventView = AuditEvent.extend({
  invoices: z.array(AuditInvoice),
  clerks: z.array(z.strictObject({ id: z.string(), name: z.string() })).describe('The clerks the event names by id (recordIds of a clerk event)'),
}).describe('One event of the audit trail, with what it names in words');
export type AuditEventView = z.infer<typeof AuditEventView>;

const IsoTime = z.iso.datetime({ offset: true }).describe('ISO 8601 time');

export const AuditFilter = z.strictObject({
  actor: z.string().max(100).optional().describe("Only this clerk's events"),
  action: AuditAction.optional(),
  enterprise: z.string().max(40).optional(),
  from: IsoTime.optional().describe('From this time on (inclusive)'),
  to: IsoTime.optional().describe('Before this time (exclusive)'),
});
export type AuditFilter = z.infer<typeof AuditFilter>;

export const AuditListRequest = AuditFilter.extend(PageRequestFields);
export type AuditListRequest = z.infer<typeof AuditListRequest>;
export const AuditPage = keysetPage(AuditEventView).extend({ total: z.number().int().min(0).describe('How many events the filter matches') });
export type AuditPage = z.infer<typeof AuditPage>;
