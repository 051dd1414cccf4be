/**
 * Routes of the test-only control API (control.ts) beyond the fault plan: read what the sandbox issued,
 * and move invoices into states a test needs. Each route checks its input with zod and answers JSON.
 * docs/sandbox.md › Control API documents them for the other components' tests.
 */
import { z } from 'zod';
import type { SandboxContext } from './context.js';
import { FAILURE_REASON_CODES } from '../shared/spec/codes-input.js';
import { printStatus } from './endpoints/print.js';
import { openOutputInvoiceStore } from './stores/output-invoices.js';
import { openRedLetterStore } from './stores/red-letter-forms.js';
import { createTaxAuthorityStore } from './stores/tax-authority.js';
import { bulkInvoices } from './tax-authority/bulk.js';
import { inputStoresFor } from './tax-authority/input-stores.js';

/** What a route answers: an HTTP status and a JSON body. */
export interface ControlReply {
  status: number;
  body: unknown;
}

export interface ControlRoute {
  method: 'GET' | 'POST';
  path: string;
  /** Query (GET) or JSON body (POST), checked before `run`. */
  body?: z.ZodType;
  // The input's type is the route's own schema output; routes are listed together, so it is `any` here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  run(context: SandboxContext, input: any): ControlReply;
}

export const ISSUED_CONTROL_PATH = '/sandbox/control/issued';
export const RECEIVED_CONTROL_PATH = '/sandbox/control/received-invoices';

export const OUTPUT_CONTROL_PATH = '/sandbox/control/output-invoices';
export const RED_LETTER_CONTROL_PATH = '/sandbox/control/red-letter-forms';
export const VOID_CONTROL_PATH = '/sandbox/control/void';
export const CERTIFICATION_OUTCOME_CONTROL_PATH = '/sandbox/control/certification-outcome';
export const RECEIVED_STATUS_CONTROL_PATH = '/sandbox/control/received-invoices/status';
export const RECEIVED_BULK_CONTROL_PATH = '/sandbox/control/received-invoices/bulk';
export const COLLECTION_BATCHES_CONTROL_PATH = '/sandbox/control/collection-batches';
export const CERTIFICATION_BATCHES_CONTROL_PATH = '/sandbox/control/certification-batches';

/** Forces (or, with SBYY null, clears) the outcome of the next certifications of one received invoice. */
const ForcedOutcome = z.strictObject({
  FPDM: z.string().regex(/^(?:\d{10}|\d{12})$/, 'FPDM: 10 or 12 digits'),
  FPHM: z.string().regex(/^\d{8}$/, 'FPHM: 8 digits'),
  SBYY: z.enum(FAILURE_REASON_CODES).nullable(),
});

/** An issued invoice by its number, as the print endpoint names it (fpdm absent for types without a code). */
const InvoiceKey = z.strictObject({
  fplxdm: z.string().regex(/^\d{2,3}$/, 'an invoice type code such as 004'),
  fpdm: z.string().regex(/^\d{10,12}$/).nullable().optional(),
  fphm: z.string().regex(/^\d{8,20}$/, 'an invoice number'),
});

const VoidRequest = InvoiceKey.extend({
  /** '1' (default): voided after issuing → fpzt 03 (positive) or 04 (negative); '0': voided, never issued → fpzt 02. */
  zflx: z.enum(['0', '1']).default('1'),
});

const TAX_NUMBER = z.string().regex(/^[0-9A-Z]{15,20}$/, 'a tax number: 15–20 digits or capital letters');

/** The tax authority changes a received invoice's status; collectedAt (yyyyMMddHHmmss) is when a collection meets it again. */
const StatusChange = z.strictObject({
  FPDM: z.string().regex(/^(?:\d{10}|\d{12})?$/, 'FPDM: 10 or 12 digits, or empty'),
  FPHM: z.string().regex(/^\d{8}(?:\d{12})?$/, 'FPHM: 8 or 20 digits'),
  FPZT: z.enum(['0', '1', '2', '3', '4']).optional(),
  GLZT: z.enum(['0', '1', '2']).optional(),
  collectedAt: z.string().regex(/^\d{14}$/, 'collectedAt: yyyyMMddHHmmss'),
});

const BulkRequest = z.strictObject({
  buyer: TAX_NUMBER,
  buyerName: z.string().min(1).max(100),
  count: z.number().int().min(1).max(100_000),
  lines: z.number().int().min(1).max(20),
  first: z.number().int().min(0).max(99_000_000).default(0),
});

export const CONTROL_ROUTES: ControlRoute[] = [
  {
    method: 'GET',
    path: ISSUED_CONTROL_PATH,
    run: (context) => ({ status: 200, body: { invoices: context.store.listIssued() } }),
  },
  {
    method: 'GET',
    path: RECEIVED_CONTROL_PATH,
    body: z.strictObject({ buyer: TAX_NUMBER }),
    run: (context, input: { buyer: string }) => ({ status: 200, body: { invoices: createTaxAuthorityStore(context.db).listInvoices(input.buyer) } }),
  },
  {
    method: 'POST',
    path: RECEIVED_STATUS_CONTROL_PATH,
    body: StatusChange,
    run(context, input: z.infer<typeof StatusChange>) {
      const changed = inputStoresFor(context.db).taxAuthority.changeStatus(input.FPDM, input.FPHM, {
        ...(input.FPZT === undefined ? {} : { fpzt: input.FPZT }),
        ...(input.GLZT === undefined ? {} : { glzt: input.GLZT }),
        collectedAt: input.collectedAt,
      });
      return changed ? { status: 200, body: { changed: input } } : { status: 404, body: { error: `no received invoice ${input.FPDM} ${input.FPHM}` } };
    },
  },
  {
    method: 'POST',
    path: RECEIVED_BULK_CONTROL_PATH,
    body: BulkRequest,
    run(context, input: z.infer<typeof BulkRequest>) {
      const added = inputStoresFor(context.db).taxAuthority.addInvoices(bulkInvoices(input, context.now().getTime()));
      return { status: 200, body: { added } };
    },
  },
  {
    method: 'GET',
    path: COLLECTION_BATCHES_CONTROL_PATH,
    body: z.strictObject({ buyer: TAX_NUMBER }),
    run: (context, input: { buyer: string }) => ({
      status: 200,
      body: {
        batches: inputStoresFor(context.db).collections.listFor(input.buyer).map((batch) => ({
          PCH: batch.pch, endpoint: batch.endpoint, kind: batch.kind, ZHS: batch.totalRows, nextKSHS: batch.nextKshs, endedKSHS: batch.endedKshs,
        })),
      },
    }),
  },
  {
    method: 'GET',
    path: CERTIFICATION_BATCHES_CONTROL_PATH,
    body: z.strictObject({ buyer: TAX_NUMBER }),
    run(context, input: { buyer: string }) {
      const { certifications } = inputStoresFor(context.db);
      const batches = certifications.listFor(input.buyer).map((batch) => ({
        PCH: batch.pch,
        settled: batch.settledAt !== null,
        items: certifications.items(batch.pch).map((item) => ({ FPDM: item.fpdm, FPHM: item.fphm, SQRZLX: item.sqrzlx, YXSE: item.yxse, RZCLZT: item.rzclzt, SBYY: item.sbyy })),
      }));
      return { status: 200, body: { batches } };
    },
  },
  {
    method: 'GET',
    path: OUTPUT_CONTROL_PATH,
    run: (context) => ({ status: 200, body: { invoices: openOutputInvoiceStore(context.db).list() } }),
  },
  {
    method: 'GET',
    path: RED_LETTER_CONTROL_PATH,
    run: (context) => ({ status: 200, body: { forms: openRedLetterStore(context.db).list() } }),
  },
  {
    method: 'GET',
    path: CERTIFICATION_OUTCOME_CONTROL_PATH,
    run: (context) => ({ status: 200, body: { forced: inputStoresFor(context.db).forced.list().map(({ fpdm, fphm, sbyy }) => ({ FPDM: fpdm, FPHM: fphm, SBYY: sbyy })) } }),
  },
  {
    method: 'POST',
    path: CERTIFICATION_OUTCOME_CONTROL_PATH,
    body: ForcedOutcome,
    run(context, input: z.infer<typeof ForcedOutcome>) {
      inputStoresFor(context.db).forced.set(input.FPDM, input.FPHM, input.SBYY);
      return { status: 200, body: { forced: input } };
    },
  },
  {
    method: 'POST',
    path: VOID_CONTROL_PATH,
    body: VoidRequest,
    run(context, input: z.infer<typeof VoidRequest>) {
      const store = openOutputInvoiceStore(context.db);
      const invoice = store.byNumber(input.fplxdm, input.fpdm ?? null, input.fphm);
      if (!invoice) return { status: 404, body: { error: `no issued invoice ${input.fplxdm} ${input.fpdm ?? ''} ${input.fphm}`.replace('  ', ' ') } };
      const voided = store.setVoided(invoice.id, input.zflx);
      return { status: 200, body: { invoice: { fplxdm: voided.fplxdm, fpdm: voided.fpdm, fphm: voided.fphm, kplx: voided.kplx, zflx: voided.zflx }, fpzt: printStatus(voided) } };
    },
  },
];
