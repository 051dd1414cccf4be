/**
 * The test-only control API: lets a test (or a developer with `npm run sandbox -- --control`) change the
 * fault plan of a running sandbox without restarting it. Off unless asked for (then its paths are as
 * unknown as any other: 404); unsigned, because it is no part of the service, so it also refuses any
 * peer that is not loopback even though the sandbox only listens there.
 *
 *   GET  /sandbox/control/faults          → {"faults": <current settings or null>}
 *   POST /sandbox/control/faults  <FaultConfig JSON>  → {"faults": <settings now in force>}   ({} clears)
 *   POST /sandbox/control/void    {"fplxdm","fpdm","fphm"} → {"fphm", "zflx": "1"}   (voids an issued
 *        invoice, so that printing a voided invoice (fpdy fpzt 03/04) can be tested; 404 when unknown)
 */
import type http from 'node:http';
import { z } from 'zod';
import { FaultConfig, faultPlanFromConfig, type FaultSwitch } from './faults.js';

export const CONTROL_PATH_PREFIX = '/sandbox/control/';
export const FAULTS_CONTROL_PATH = '/sandbox/control/faults';
export const VOID_CONTROL_PATH = '/sandbox/control/void';

const VoidRequest = z.strictObject({ fplxdm: z.string().min(1).max(3), fpdm: z.string().max(12), fphm: z.string().min(1).max(20) });

/** What the void control needs of the output invoices (sandbox/stores/output-invoices.ts). */
export interface VoidableInvoices {
  byNumber(fplxdm: string, fpdm: string | null, fphm: string): { id: number; fphm: string } | undefined;
  voidIssued(id: number): { fphm: string; zflx: string | null };
}

/** A fault config is a few hundred bytes; anything much larger is not one. */
const MAX_CONTROL_BODY_BYTES = 64 * 1024;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export interface ControlApi {
  handle(request: http.IncomingMessage, response: http.ServerResponse, path: string): Promise<void>;
}

function reply(response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

async function readSmallBody(request: http.IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_CONTROL_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readJson(request: http.IncomingMessage, response: http.ServerResponse): Promise<{ json: unknown } | undefined> {
  const text = await readSmallBody(request);
  if (text === undefined) {
    reply(response, 413, { error: `body over ${MAX_CONTROL_BODY_BYTES} bytes` }, { Connection: 'close' });
    return undefined;
  }
  try {
    return { json: JSON.parse(text === '' ? '{}' : text) };
  } catch {
    reply(response, 400, { error: 'body is not JSON' });
    return undefined;
  }
}

export function createControlApi(faults: FaultSwitch, invoices?: VoidableInvoices): ControlApi {
  return {
    async handle(request, response, path) {
      if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) return reply(response, 403, { error: 'control API answers loopback only' });
      if (path === VOID_CONTROL_PATH && invoices) {
        if ((request.method ?? 'GET').toUpperCase() !== 'POST') return reply(response, 405, { error: 'POST' }, { Allow: 'POST' });
        const body = await readJson(request, response);
        if (!body) return;
        const parsed = VoidRequest.safeParse(body.json);
        if (!parsed.success) return reply(response, 400, { error: z.prettifyError(parsed.error) });
        const invoice = invoices.byNumber(parsed.data.fplxdm, parsed.data.fpdm, parsed.data.fphm);
        if (!invoice) return reply(response, 404, { error: `no invoice ${parsed.data.fplxdm} ${parsed.data.fpdm} ${parsed.data.fphm}` });
        const voided = invoices.voidIssued(invoice.id);
        return reply(response, 200, { fphm: voided.fphm, zflx: voided.zflx });
      }
      if (path !== FAULTS_CONTROL_PATH) return reply(response, 404, { error: `unknown control path ${path}` });
      const method = (request.method ?? 'GET').toUpperCase();
      if (method === 'GET') return reply(response, 200, { faults: faults.config ?? null });
      if (method !== 'POST') return reply(response, 405, { error: 'GET or POST' }, { Allow: 'GET, POST' });

      const text = await readSmallBody(request);
      if (text === undefined) return reply(response, 413, { error: `body over ${MAX_CONTROL_BODY_BYTES} bytes` }, { Connection: 'close' });
      let json: unknown;
      try {
        json = JSON.parse(text === '' ? '{}' : text);
      } catch {
        return reply(response, 400, { error: 'body is not JSON' });
      }
      const parsed = FaultConfig.safeParse(json);
      if (!parsed.success) return reply(response, 400, { error: z.prettifyError(parsed.error) });
      faults.set(faultPlanFromConfig(parsed.data), parsed.data);
      return reply(response, 200, { faults: parsed.data });
    },
  };
}
