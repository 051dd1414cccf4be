/**
 * "Test connection": one signed, harmless call to the service — the first page of enterprises
 * (GET /openApi/agency?pageNum=1&pageSize=10), which reads and changes nothing — and a verdict the clerk
 * can act on: unreachable, signature refused (2002), or answered.
 */
import type { ConnectionTestResult, Environment } from '../../../shared/ipc/index.js';
import { ENDPOINTS, endpointLabel } from '../../../shared/spec/endpoints.js';
import type { RequestSigner } from '../../api/signer.js';
import type { RequestLogEntry } from '../../audit/request-log.js';

export interface ConnectionTarget {
  environment: Environment;
  baseUrl: string;
  signer: RequestSigner;
}

export type RequestLogger = (entry: RequestLogEntry) => void;

/** The address without trailing slashes (a loop: /\/+$/ rescans every run of slashes). */
function withoutTrailingSlashes(address: string): string {
  let end = address.length;
  while (end > 0 && address[end - 1] === '/') end -= 1;
  return address.slice(0, end);
}

const PROBE_QUERY = '?pageNum=1&pageSize=10';
const PROBE_TIMEOUT_MS = 10_000;
/** E1 code of a refused signature, unknown AppKey, stale timestamp or reused nonce (docs/architecture.md §7). */
const AUTHORISATION_CODE = 2002;

interface E1Like {
  status: boolean;
  code: number;
  msg: string;
}

function asE1(body: string): E1Like | null {
  try {
    const json: unknown = JSON.parse(body);
    if (typeof json !== 'object' || json === null) return null;
    const { status, code, msg } = json as Record<string, unknown>;
    if (typeof status !== 'boolean' || typeof code !== 'number') return null;
    return { status, code, msg: typeof msg === 'string' ? msg.slice(0, 200) : '' };
  } catch {
    return null;
  }
}

export async function testServiceConnection(target: ConnectionTarget, log?: RequestLogger): Promise<ConnectionTestResult> {
  const endpoint = ENDPOINTS.listEnterprises;
  const pathAndQuery = `${endpoint.path}${PROBE_QUERY}`;
  const url = `${withoutTrailingSlashes(target.baseUrl)}${pathAndQuery}`;
  const started = performance.now();
  const base = { environment: target.environment, baseUrl: target.baseUrl, endpoint: endpointLabel(endpoint) };
  const finish = (result: Omit<ConnectionTestResult, keyof typeof base | 'durationMs'>, outcome: RequestLogEntry['outcome']): ConnectionTestResult => {
    const durationMs = Math.round(performance.now() - started);
    log?.({
      environment: target.environment,
      endpoint: base.endpoint,
      serial: null,
      outcome,
      httpStatus: result.httpStatus,
      serviceCode: result.code,
      durationMs,
    });
    return { ...base, ...result, durationMs };
  };

  let response: Response;
  let body: string;
  try {
    const headers = target.signer.sign({ method: endpoint.method, pathAndQuery, body: '' });
    response = await fetch(url, { method: endpoint.method, headers, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    body = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    // Only the error's class of failure is shown: a fetch message may quote the URL, never a secret.
    const seconds = PROBE_TIMEOUT_MS / 1000;
    const failure: Pick<ConnectionTestResult, 'key' | 'params' | 'message'> = timedOut
      ? { key: 'timeout' as const, params: { seconds }, message: `no answer within ${seconds} s` }
      : { key: 'unreachable' as const, params: { reason: describe(error) }, message: `cannot connect: ${describe(error)}` };
    return finish({ ok: false, authenticated: false, httpStatus: null, code: null, ...failure }, timedOut ? 'timeout' : 'network-error');
  }

  const envelope = asE1(body);
  if (envelope === null) {
    return finish(
      { ok: false, authenticated: false, httpStatus: response.status, code: null, key: 'unrecognised', params: { status: response.status }, message: 'unrecognised answer' },
      'answered',
    );
  }
  const code = String(envelope.code);
  if (envelope.status && envelope.code === 0) {
    return finish({ ok: true, authenticated: true, httpStatus: response.status, code, key: 'ok', params: {}, message: 'connected, signature accepted' }, 'answered');
  }
  if (envelope.code === AUTHORISATION_CODE) {
    return finish(
      { ok: false, authenticated: false, httpStatus: response.status, code, key: 'signatureRefused', params: { reason: envelope.msg }, message: `signature refused: ${envelope.msg}` },
      'refused',
    );
  }
  return finish(
    { ok: false, authenticated: true, httpStatus: response.status, code, key: 'queryRefused', params: { code, reason: envelope.msg }, message: `query refused: ${code} ${envelope.msg}` },
    'refused',
  );
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const code = cause && 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
  return code ?? cause?.message ?? error.message;
}
