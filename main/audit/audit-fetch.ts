/**
 * The audit log of requests sent (request_log), fed from the one place every service call passes: the
 * `fetch` the service client uses. Only the endpoint, the serial number (lsh / PCH, read from the body or
 * query), the outcome, the HTTP status and the duration are kept — never headers (signatures) or bodies
 * (tax-bureau passwords).
 */
import type { Environment } from '../../shared/ipc/index.js';
import type { RequestLogEntry } from './request-log.js';

const SERIAL_MEMBER = /"(?:lsh|PCH)"\s*:\s*"([^"\\]{1,64})"/;
/** Bodies larger than this (OCR pictures) are not scanned for a serial number. */
const MAX_SCANNED_BODY = 64 * 1024;

async function serialOf(request: Request): Promise<string | null> {
  const url = new URL(request.url);
  const fromQuery = url.searchParams.get('lsh') ?? url.searchParams.get('PCH');
  if (fromQuery !== null) return fromQuery.slice(0, 64);
  if (request.body === null) return null;
  const length = Number(request.headers.get('content-length') ?? '0');
  if (length > MAX_SCANNED_BODY) return null;
  const text = await request.clone().text();
  if (text.length > MAX_SCANNED_BODY) return null;
  return SERIAL_MEMBER.exec(text)?.[1] ?? null;
}

export function createAuditedFetch(
  environment: Environment,
  record: (entry: RequestLogEntry) => void,
  inner: typeof globalThis.fetch = globalThis.fetch,
): typeof globalThis.fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const endpoint = `${request.method} ${new URL(request.url).pathname}`;
    const serial = await serialOf(request).catch(() => null);
    const started = performance.now();
    const entry = (outcome: RequestLogEntry['outcome'], httpStatus: number | null): RequestLogEntry => ({
      environment,
      endpoint,
      serial,
      outcome,
      httpStatus,
      serviceCode: null,
      durationMs: Math.round(performance.now() - started),
    });
    try {
      const response = await inner(input instanceof Request ? input : request, input instanceof Request ? init : undefined);
      safely(() => record(entry('answered', response.status)));
      return response;
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      safely(() => record(entry(timedOut ? 'timeout' : 'network-error', null)));
      throw error;
    }
  };
}

/** The audit log must never turn a sent request into a failed one (e.g. the database closing). */
function safely(write: () => void): void {
  try {
    write();
  } catch {
    // Dropped on purpose: losing one audit row is better than an operation stuck as "unclear".
  }
}

export interface RequestLogBuffer {
  record(entry: RequestLogEntry): void;
  /** Writes what is buffered now (before the database closes). */
  flush(): void;
}

/**
 * Batches audit rows: with synchronous=FULL every commit syncs the WAL, and one sync per request made
 * the outbox measurably slower under load. Rows wait at most `delayMs`; a crash can lose only those,
 * while the operations themselves stay durable in the outbox.
 */
export function createRequestLogBuffer(write: (entries: ReadonlyArray<{ entry: RequestLogEntry; at: Date }>) => void, delayMs = 250): RequestLogBuffer {
  let pending: Array<{ entry: RequestLogEntry; at: Date }> = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    safely(() => write(batch));
  };
  return {
    record(entry) {
      pending.push({ entry, at: new Date() });
      if (pending.length >= 500) flush();
      else timer ??= setTimeout(flush, delayMs).unref();
    },
    flush,
  };
}
