/**
 * The input-invoice endpoints (all E2): the two collections, paged by PCH and KSHS, and certification,
 * accepted at once and processed asynchronously. A ZTDM other than 0000 never reaches these functions
 * (envelopes.ts turns it into a ServiceError with its ZTDM meaning).
 */
import {
  CertificationAcceptance,
  CertificationResultResponse,
  type CertificationRequest,
  type CertificationResultElement,
  type CertificationResultRequest,
} from '../../../shared/spec/certification.js';
import type { CollectionInvoiceType } from '../../../shared/spec/codes-input.js';
import {
  CollectionResponse,
  MainInformationResponse,
  type CollectedInvoiceRecord,
  type CollectionRequest,
  type MainInformationRecord,
  type MainInformationRequest,
} from '../../../shared/spec/collection.js';
import type { Answered, Caller } from '../exchange.js';

/** One answer of a collection: the header (ZHS, KSHS, BCQQFHHS) in English, and the records as sent. */
export interface CollectionPage<R> {
  /** ZTXX. */
  message: string;
  /** ZHS: rows (invoices) of the whole logical request (PCH). */
  totalRows: number;
  /** KSHS of this answer, 1-based. */
  startRow: number;
  /** BCQQFHHS: rows in this answer. */
  rowsReturned: number;
  records: R[];
  /** KSHS of the next request of the same PCH; undefined when every row has come. */
  nextStartRow: number | undefined;
}

export interface CollectedInvoicePage extends CollectionPage<CollectedInvoiceRecord> {
  /** FPLXDM of the answer, which selects the record layout (special, motor-vehicle or toll). */
  invoiceType: CollectionInvoiceType;
}

export interface CertificationReceipt {
  /** The batch was validated and accepted; read its result with certificationResult and the same PCH. */
  kind: 'accepted';
  pch: string;
  message: string;
}

export interface CertificationBatchResult {
  message: string;
  pch: string;
  /** One element per invoice of the batch, in the order submitted. */
  results: CertificationResultElement[];
  /** Every element says the batch is finished (PCZT Y): nothing will change any more. */
  finished: boolean;
}

interface PagedAnswer<R> {
  ZTXX: string;
  ZHS: number;
  KSHS: number;
  BCQQFHHS: number;
  FPZHXX: R[];
}

/** The page of an answer, refused when it is not the page asked for: paging on it would skip or repeat rows. */
function pageOf<R>({ value, mismatch }: Answered<PagedAnswer<R>>, requestedStart: number): CollectionPage<R> {
  if (value.KSHS !== requestedStart) throw mismatch(`answer starts at row ${value.KSHS}, not at the requested ${requestedStart}`);
  if (value.BCQQFHHS !== value.FPZHXX.length) throw mismatch(`BCQQFHHS ${value.BCQQFHHS} but ${value.FPZHXX.length} records`);
  const next = value.KSHS + value.BCQQFHHS;
  return {
    message: value.ZTXX,
    totalRows: value.ZHS,
    startRow: value.KSHS,
    rowsReturned: value.BCQQFHHS,
    records: value.FPZHXX,
    nextStartRow: value.BCQQFHHS === 0 || next > value.ZHS ? undefined : next,
  };
}

export function inputEndpoints(call: Caller) {
  return {
    async collectInvoices(request: CollectionRequest): Promise<CollectedInvoicePage> {
      const answered = await call('collectInvoices', { json: request }, CollectionResponse);
      if (answered.value.FPLXDM !== request.FPLXDM) throw answered.mismatch(`answer is for FPLXDM ${answered.value.FPLXDM}, not ${request.FPLXDM}`);
      return { ...pageOf(answered, request.KSHS), invoiceType: answered.value.FPLXDM };
    },

    async collectMainInformation(request: MainInformationRequest): Promise<CollectionPage<MainInformationRecord>> {
      return pageOf(await call('collectMainInformation', { json: request }, MainInformationResponse), request.KSHS);
    },

    async applyCertification(request: CertificationRequest): Promise<CertificationReceipt> {
      const { value } = await call('applyCertification', { json: request }, CertificationAcceptance);
      return { kind: 'accepted', pch: request.PCH, message: value.ZTXX };
    },

    async certificationResult(request: CertificationResultRequest): Promise<CertificationBatchResult> {
      const { value, mismatch } = await call('certificationResult', { json: request }, CertificationResultResponse);
      if (value.PCH !== request.PCH) throw mismatch(`answer is for batch ${value.PCH}, not ${request.PCH}`);
      if (value.BCQQFHHS !== value.FPZHXX.length) throw mismatch(`BCQQFHHS ${value.BCQQFHHS} but ${value.FPZHXX.length} elements`);
      return {
        message: value.ZTXX,
        pch: value.PCH,
        results: value.FPZHXX,
        finished: value.FPZHXX.length > 0 && value.FPZHXX.every((element) => element.PCZT === 'Y'),
      };
    },
  };
}
