/**
 * Reading an answer in its envelope (spec "Response envelopes"): every endpoint's answer goes through
 * `readAnswer`, which ends in the parsed answer, a ServiceError (a definite refusal, with the code's
 * meaning from the envelope's own table) or a TransportError (anything unclear, raw body kept).
 *
 * Per envelope, a verdict is read from the status members alone before the operation's schema runs: a
 * refusal carries nothing but its status members, so it must not be judged by the success schema.
 */
import { z } from 'zod';
import { ZTDM_CODES, ZTDM_OK } from '../../shared/spec/codes-input.js';
import { E1Failure, type EnvelopeKind } from '../../shared/spec/envelopes.js';
import { VERIFICATION_CODES } from '../../shared/spec/verification.js';
import { ServiceError } from './errors.js';
import { keep, transportFailure, type Exchange, type RawAnswer } from './exchange.js';

type Verdict =
  | { kind: 'success' }
  | { kind: 'refusal'; code: string; message: string }
  /** Status members missing or contradicting each other: the outcome cannot be told. */
  | { kind: 'unclear'; reason: string };

interface EnvelopeRules {
  verdict(json: unknown): Verdict;
  /** The spec's meaning of a refusal code in this envelope. */
  meaning(code: string): string | undefined;
}

/** `table[code]` for own members only, so a code such as 'constructor' finds nothing. */
function lookup(table: Readonly<Record<string, string>>, code: string): string | undefined {
  return Object.hasOwn(table, code) ? table[code] : undefined;
}

/**
 * The codes the spec ties to authorisation for every operation (Authentication: 2002, 2012), with their
 * meanings from the ZTDM table. They are the only codes an E3 refusal can be explained with (the spec
 * shows no other returnCode), and the sandbox answers a bad signature with 2002 in every envelope.
 */
const AUTHORISATION_CODES: Readonly<Record<string, string>> = { '2002': ZTDM_CODES['2002'], '2012': ZTDM_CODES['2012'] };

/**
 * E4 codes that are verification outcomes, not refusals: the verification was carried out and its result
 * is what the clerk needs (consistent, inconsistent, no such invoice).
 */
export const VERIFICATION_OUTCOMES = {
  '0001': 'consistent',
  '0006': 'inconsistent',
  '0009': 'not-found',
} as const;
export type VerificationOutcomeCode = keyof typeof VERIFICATION_OUTCOMES;

export function isVerificationOutcome(code: string): code is VerificationOutcomeCode {
  return Object.hasOwn(VERIFICATION_OUTCOMES, code);
}

const E1Status = z.looseObject({ status: z.literal(true), code: z.number() });
const E2Status = z.looseObject({ ZTDM: z.string(), ZTXX: z.string() });
const E3Status = z.looseObject({ returnStateInfo: z.looseObject({ returnCode: z.string(), returnMessage: z.string() }) });
const E4Status = z.looseObject({ success: z.boolean(), code: z.string(), message: z.string() });

const missing = (members: string): Verdict => ({ kind: 'unclear', reason: `no ${members} in the answer` });

const RULES: Record<EnvelopeKind, EnvelopeRules> = {
  E1: {
    verdict(json) {
      const failure = E1Failure.safeParse(json);
      if (failure.success) return { kind: 'refusal', code: String(failure.data.code), message: failure.data.msg };
      const status = E1Status.safeParse(json);
      if (!status.success) return missing('E1 status members (status, code, msg)');
      return status.data.code === 0 ? { kind: 'success' } : { kind: 'unclear', reason: `status true with code ${status.data.code}` };
    },
    // The spec ties 2002/2012 to authorisation for every operation; the ZTDM table is the only code table
    // it gives that could explain an E1 failure code.
    meaning: (code) => lookup(ZTDM_CODES, code),
  },
  E2: {
    verdict(json) {
      const status = E2Status.safeParse(json);
      if (!status.success) return missing('ZTDM/ZTXX');
      const { ZTDM, ZTXX } = status.data;
      return ZTDM === ZTDM_OK ? { kind: 'success' } : { kind: 'refusal', code: ZTDM, message: ZTXX };
    },
    meaning: (code) => lookup(ZTDM_CODES, code),
  },
  E3: {
    verdict(json) {
      const status = E3Status.safeParse(json);
      if (!status.success) return missing('returnStateInfo (returnCode, returnMessage)');
      const { returnCode, returnMessage } = status.data.returnStateInfo;
      return returnCode === '0000' ? { kind: 'success' } : { kind: 'refusal', code: returnCode, message: returnMessage };
    },
    meaning: (code) => lookup(AUTHORISATION_CODES, code),
  },
  E4: {
    verdict(json) {
      const status = E4Status.safeParse(json);
      if (!status.success) return missing('E4 status members (success, code, message)');
      const { success, code, message } = status.data;
      if (isVerificationOutcome(code)) {
        // A consistent verification that says it failed would be stored as verified: refuse to guess.
        return code === '0001' && !success ? { kind: 'unclear', reason: 'code 0001 with success false' } : { kind: 'success' };
      }
      if (!success || Object.hasOwn(VERIFICATION_CODES, code)) return { kind: 'refusal', code, message };
      return { kind: 'unclear', reason: `success true with code ${code}, which is no verification result` };
    },
    meaning: (code) => lookup(VERIFICATION_CODES, code) ?? lookup(AUTHORISATION_CODES, code),
  },
};

/** The spec's meaning of `code` as a refusal in `envelope` (exported for messages shown to the clerk). */
export function meaningOf(envelope: EnvelopeKind, code: string): string | undefined {
  return RULES[envelope].meaning(code);
}

/**
 * Reads `answer` in the endpoint's envelope and parses it with `schema`. A 5xx is unclear even with a
 * refusal envelope (a gateway or a crashing service may not have done what it says); a refusal under any
 * other status is definite; success needs a 2xx and the full schema.
 */
export function readAnswer<S extends z.ZodType>(answer: RawAnswer, exchange: Exchange, schema: S): z.output<S> {
  const envelope = exchange.endpoint.envelope;
  if (answer.httpStatus >= 500) throw transportFailure(exchange, 'http-status', `HTTP ${answer.httpStatus}`, answer);
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    // The parser's message quotes the body; the body itself is kept (redacted) instead.
    throw transportFailure(exchange, 'not-json', `HTTP ${answer.httpStatus} with a body that is not JSON`, answer);
  }
  const verdict = RULES[envelope].verdict(json);
  if (verdict.kind === 'refusal') {
    throw new ServiceError({
      ...exchange.context,
      envelope,
      httpStatus: answer.httpStatus,
      code: verdict.code,
      serviceMessage: keep(verdict.message, exchange),
      meaning: RULES[envelope].meaning(verdict.code),
      rawBody: keep(answer.body, exchange),
    });
  }
  if (answer.httpStatus < 200 || answer.httpStatus >= 300) {
    throw transportFailure(exchange, 'http-status', `HTTP ${answer.httpStatus} without a refusal in ${envelope}`, answer);
  }
  if (verdict.kind === 'unclear') throw transportFailure(exchange, 'bad-shape', `unexpected ${envelope} answer: ${verdict.reason}`, answer);
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
    throw transportFailure(exchange, 'bad-shape', `unexpected answer shape: ${where}`, answer);
  }
  return parsed.data;
}
