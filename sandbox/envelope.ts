/**
 * Bodies of sandbox answers in each envelope shape. A refusal must come back in the endpoint's own
 * envelope (docs/architecture.md §7), so every shape has its failure form here, even for endpoints not wired yet.
 */
import type { EnvelopeKind } from '../shared/spec/envelopes.js';
import { envelopeTimestamp } from './clock.js';
import { SANDBOX_MESSAGES, type SandboxCode } from './codes.js';

export interface SandboxReply {
  httpStatus: number;
  body: unknown;
  headers?: Record<string, string>;
}

export function e1Success(data: unknown, msg: string, now: Date): SandboxReply {
  return { httpStatus: 200, body: { status: true, code: 0, msg, timestamp: envelopeTimestamp(now), data } };
}

/** A refusal in the given envelope; `detail` says what exactly was wrong, after the code's general message. */
export function failure(kind: EnvelopeKind, code: SandboxCode, detail: string | undefined, now: Date, httpStatus = 200): SandboxReply {
  const message = detail ? `${SANDBOX_MESSAGES[code]}：${detail}` : SANDBOX_MESSAGES[code];
  const fourDigits = String(code).padStart(4, '0');
  switch (kind) {
    case 'E1':
      return { httpStatus, body: { status: false, code, msg: message, timestamp: envelopeTimestamp(now), data: null } };
    case 'E2':
      return { httpStatus, body: { ZTDM: fourDigits, ZTXX: message } };
    case 'E3':
      return { httpStatus, body: { returnStateInfo: { returnCode: fourDigits, returnMessage: message }, invoice: [] } };
    case 'E4':
      return { httpStatus, body: { success: false, code: fourDigits, message, data: null } };
  }
}
