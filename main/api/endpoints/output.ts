/**
 * The output-invoice endpoints (all E1): issue, apply for and query a red-letter form, print. Issuance and
 * the red-letter application are asynchronous in the service, so their results say "pending" or
 * "accepted" rather than pretending to have an outcome.
 */
import { IssuanceResponse, type IssuanceRequest, type IssuedInvoiceRecord } from '../../../shared/spec/issuance.js';
import { PrintResponse, type PrintRequest, type PrintResult } from '../../../shared/spec/print.js';
import {
  RedLetterApplicationResponse,
  RedLetterQueryResponse,
  type RedLetterApplicationRequest,
  type RedLetterForm,
  type RedLetterQuery,
} from '../../../shared/spec/redletter.js';
import type { Caller } from '../exchange.js';

export type IssueOutcome =
  /** The service issued the invoice; records holds what it issued (normally one record). */
  | { kind: 'issued'; records: IssuedInvoiceRecord[]; message: string }
  /** Accepted and still being issued: ask again later with the same lsh. */
  | { kind: 'pending'; message: string };

export interface RedLetterApplicationOutcome {
  /** Accepted for processing: the form is read later with queryRedLetter and the same lsh. */
  kind: 'accepted';
  /** Application number; only a tax-control-server terminal gets one. */
  sqdh: string | undefined;
  message: string;
}

export type RedLetterQueryOutcome =
  /** Still being processed: no form number yet. */
  | { kind: 'pending'; message: string }
  /** The form exists: xxbbh (xxbid for digital-electronic invoices) can be used to issue the red invoice. */
  | { kind: 'approved'; form: RedLetterForm; message: string };

export function outputEndpoints(call: Caller) {
  return {
    async issueInvoice(request: IssuanceRequest): Promise<IssueOutcome> {
      const { value, mismatch } = await call('issueInvoice', { json: request }, IssuanceResponse);
      if (value.data.length === 0) return { kind: 'pending', message: value.msg };
      // Storing another issuance's invoice under this lsh would break exactly-once for both.
      const foreign = value.data.find((record) => record.lsh != null && record.lsh !== request.lsh);
      if (foreign) throw mismatch(`answer carries lsh ${foreign.lsh ?? ''}, not ${request.lsh}`);
      return { kind: 'issued', records: value.data, message: value.msg };
    },

    async applyRedLetter(request: RedLetterApplicationRequest): Promise<RedLetterApplicationOutcome> {
      const { value } = await call('applyRedLetter', { json: request }, RedLetterApplicationResponse);
      return { kind: 'accepted', sqdh: value.data.sqdh ?? undefined, message: value.msg };
    },

    async queryRedLetter(query: RedLetterQuery): Promise<RedLetterQueryOutcome> {
      // The spec's parameter order, whatever order the caller's object has: this is the string signed.
      const parameters = { lsh: query.lsh, kpzdbs: query.kpzdbs, xhdwsbh: query.xhdwsbh, all: query.all };
      const { value, mismatch } = await call('queryRedLetter', { query: parameters }, RedLetterQueryResponse);
      const form = value.data;
      if (!form.xxbbh && !form.xxbid) return { kind: 'pending', message: value.msg };
      if (query.all === '1' && !form.hzxxb) throw mismatch('all=1 asked for the whole form, but hzxxb is missing');
      return { kind: 'approved', form, message: value.msg };
    },

    async printInvoice(request: PrintRequest): Promise<PrintResult> {
      const { value, mismatch } = await call('printInvoice', { json: request }, PrintResponse);
      // Printing another invoice's face on this one's paper is worse than printing nothing.
      if (value.data.fphm !== request.fphm) throw mismatch(`print data is for invoice ${value.data.fphm}, not ${request.fphm}`);
      return value.data;
    },
  };
}
