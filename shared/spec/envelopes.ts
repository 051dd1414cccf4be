/**
 * The four response envelopes of the service (spec "Response envelopes"), as generic helpers that wrap
 * an operation's own data schema. Objects are loose: a service may add members and a client must not
 * break on them.
 */
import { z } from 'zod';

/** ISO-8601 with milliseconds and an offset (Z, +08:00 or +0800), as E1's timestamp. */
export const ISO_TIMESTAMP_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(?:Z|[+-]\d{2}:?\d{2})$/;

export const EnvelopeKind = z.enum(['E1', 'E2', 'E3', 'E4']).describe('Which of the four envelope shapes an operation answers in');
export type EnvelopeKind = z.infer<typeof EnvelopeKind>;

/** E1: issuance, red-letter application and query, print, agency operations. */
export function e1<T extends z.ZodType>(data: T) {
  return z.looseObject({
    status: z.boolean().describe('true when the operation succeeded (then code is 0)'),
    code: z.number().int().describe('Result code; 0 on success'),
    msg: z.string().describe('Result message'),
    // Informational only: refusing an issued invoice because a service formats this differently would
    // leave it retrying for ever. The sandbox emits ISO_TIMESTAMP_WITH_OFFSET and its tests check that.
    timestamp: z.string().describe('Time of the answer, ISO-8601 with milliseconds and offset'),
    data: data.describe('The operation result (object or array)'),
  });
}

/** The members of an E1 failure; data is whatever the service put there (often null or absent). */
export const E1Failure = z.looseObject({
  status: z.literal(false).describe('false: the operation was refused'),
  code: z.number().int().describe('Failure code'),
  msg: z.string().describe('Why the operation was refused'),
  timestamp: z.string().optional().describe('Time of the answer, ISO-8601 with milliseconds and offset'),
  data: z.unknown().optional().describe('Usually empty on failure'),
});
export type E1Failure = z.infer<typeof E1Failure>;

/**
 * E2: collection, apply certification, certification result. The status members sit at the same level as
 * the operation's own members, so the helper extends the operation's shape.
 */
export function e2<T extends z.core.$ZodLooseShape>(members: T) {
  return z.looseObject({
    ZTDM: z.string().describe('Status code (see the ZTDM table; 0000 processed successfully)'),
    ZTXX: z.string().describe('Status message'),
    ...members,
  });
}

/** E3: OCR. */
export function e3<T extends z.ZodType>(recognitionResult: T) {
  return z.looseObject({
    returnStateInfo: z
      .looseObject({
        returnCode: z.string().describe('0000 on success'),
        returnMessage: z.string().describe('Result message as text'),
      })
      .describe('Outcome of the recognition request'),
    invoice: z.array(recognitionResult).describe('Recognition results, one per invoice found'),
  });
}

/** E4: single verification. */
export function e4<T extends z.ZodType>(data: T) {
  return z.looseObject({
    success: z.boolean().describe('true when the verification request was processed'),
    code: z.string().describe('Verification code: 0001 consistent, others per the single verification codes table'),
    message: z.string().describe('Result message'),
    data: data.describe('The verification result'),
  });
}
