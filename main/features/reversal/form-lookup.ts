/**
 * Looks a red-letter form up at the service by its application serial (hzcx with all 1, the whole form):
 * for a form applied from this desk (its terminal is sent with it) or one the clerk was given a serial
 * for. A refusal by the service or a service out of reach becomes the clerk's message, never INTERNAL.
 */
import { IpcFailure, type Environment, type RedLetterLookup } from '../../../shared/ipc/index.js';
import type { ServiceClient } from '../../api/client.js';
import { ServiceError, TransportError } from '../../api/errors.js';
import type { Seller } from '../issuance/request.js';
import { toFormSummary, withRed, type InvoiceRefOf } from './forms.js';
import type { RedLetterFormStore } from './store.js';

export interface FormLookupDeps {
  client: () => ServiceClient;
  seller: () => Seller;
  forms: Pick<RedLetterFormStore, 'byLsh'>;
  /** lsh and state of the form's red invoice (issuance's invoice reads). */
  refOf: InvoiceRefOf;
  environment: Environment;
}

export function createFormLookup(deps: FormLookupDeps): (lsh: string) => Promise<RedLetterLookup> {
  return async (lsh) => {
    const held = await withRed(deps.refOf, await deps.forms.byLsh(lsh));
    const local = held && held.environment === deps.environment ? held : undefined;
    let outcome: Awaited<ReturnType<ServiceClient['queryRedLetter']>>;
    try {
      outcome = await deps.client().queryRedLetter({ lsh, xhdwsbh: deps.seller().taxNumber, ...(local?.kpzdbs ? { kpzdbs: local.kpzdbs } : {}), all: '1' });
    } catch (error) {
      if (error instanceof ServiceError) throw new IpcFailure('SERVICE_ERROR', 'reversal.lookupRefused', { code: error.code, message: error.serviceMessage });
      if (error instanceof TransportError) throw new IpcFailure('NETWORK_ERROR', 'reversal.lookupUnreachable');
      throw error;
    }
    const summary = local ? toFormSummary(local) : null;
    if (outcome.kind === 'pending') return { lsh, status: 'pending', message: outcome.message, local: summary, form: null };
    const content = outcome.form.hzxxb;
    return {
      lsh,
      status: 'approved',
      message: outcome.message,
      local: summary,
      form: content
        ? {
            number: outcome.form.xxbbh ?? content.xxbbh ?? null,
            id: outcome.form.xxbid ?? content.xxbid ?? null,
            invoiceType: content.fplxdm,
            buyerName: content.ghdwmc ?? null,
            buyerTaxNumber: content.ghdwsbh ?? null,
            sellerName: content.xhdwmc ?? null,
            originalCode: content.yfpdm ?? null,
            originalNumber: content.yfphm,
            amount: content.hjje,
            tax: content.hjse,
            total: content.jshj,
            lines: content.details.map((line) => ({
              name: line.spmc,
              quantity: line.spsl ?? null,
              unitPrice: line.dj ?? null,
              amount: line.je,
              rate: line.sl,
              tax: line.se,
            })),
          }
        : null,
    };
  };
}
