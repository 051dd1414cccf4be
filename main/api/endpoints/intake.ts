/**
 * The intake endpoints for received invoices: recognition (E3) and single verification (E4).
 *
 * Verification codes 0001 (consistent), 0006 (inconsistent) and 0009 (no such invoice) are outcomes of a
 * verification that took place, which the app stores and shows; every other code (0002 daily limit, 1014
 * dated today, 1015 too old, 1008 field missing…) is a refusal and throws ServiceError with its meaning.
 */
import { OcrResponse, type OcrRequest, type RecognitionResult } from '../../../shared/spec/ocr.js';
import { VERIFICATION_CODES, VerificationResponse, type VerificationRequest, type VerificationResult } from '../../../shared/spec/verification.js';
import { VERIFICATION_OUTCOMES, isVerificationOutcome, type VerificationOutcomeCode } from '../envelopes.js';
import type { Caller } from '../exchange.js';

export interface RecognitionOutcome {
  /** returnMessage. */
  message: string;
  /** One result per invoice found in the picture, laid out by FPLXDM. */
  invoices: RecognitionResult[];
}

export interface VerificationOutcome {
  outcome: (typeof VERIFICATION_OUTCOMES)[VerificationOutcomeCode];
  code: VerificationOutcomeCode;
  /** The service's message. */
  message: string;
  /** The spec's meaning of the code. */
  meaning: string;
  /** The verification result; always present when consistent, whatever the service gave otherwise. */
  data: VerificationResult | undefined;
}

export function intakeEndpoints(call: Caller) {
  return {
    async recognise(request: OcrRequest): Promise<RecognitionOutcome> {
      const { value } = await call('recognise', { json: request }, OcrResponse);
      return { message: value.returnStateInfo.returnMessage, invoices: value.invoice };
    },

    async verifyInvoice(request: VerificationRequest): Promise<VerificationOutcome> {
      const { value, mismatch } = await call('verifyInvoice', { json: request }, VerificationResponse);
      const code = value.code;
      // envelopes.ts lets only outcome codes through as success; this keeps the type honest.
      if (!isVerificationOutcome(code)) throw mismatch(`verification code ${code} is no outcome`);
      if (code === '0001' && !value.data) throw mismatch('a consistent verification without its result (data)');
      return { outcome: VERIFICATION_OUTCOMES[code], code, message: value.message, meaning: VERIFICATION_CODES[code], data: value.data ?? undefined };
    },
  };
}
