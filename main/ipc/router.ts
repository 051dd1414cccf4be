/**
 * The one place main answers IPC (docs/architecture.md §1, §11.2): `handle(channel, fn)` registers a handler for a
 * contract channel; `dispatch(channel, payload)` takes `unknown` input from any transport (Electron's
 * ipcMain, the browser harness), guards it, parses it with the contract and always resolves to an
 * IpcResult — a bad payload can never crash main or reach a handler.
 */
import type { z } from 'zod';
import {
  contract,
  DEFAULT_MAX_REQUEST_BYTES,
  fail,
  IpcFailure,
  isChannel,
  ok,
  type Channel,
  type IpcResult,
  type ParsedRequestOf,
  type ResponseOf,
} from '../../shared/ipc/index.js';
import { toActionableFailure } from '../errors/storage.js';
import { inspectPayload } from './payload-guard.js';

export type Handler<C extends Channel> = (request: ParsedRequestOf<C>) => ResponseOf<C> | Promise<ResponseOf<C>>;

export interface IpcRouter {
  handle<C extends Channel>(channel: C, handler: Handler<C>): void;
  dispatch(channel: unknown, payload: unknown): Promise<IpcResult<unknown>>;
  /** Channels that have a handler (the Electron adapter registers exactly these). */
  channels(): Channel[];
}

export interface RouterOptions {
  /** Where unexpected errors go; never to the renderer. */
  logError?: (channel: string, error: unknown) => void;
  /**
   * The rights check (issue 24 point 5; main/features/clerks/authorize.ts): runs before the payload is read and
   * the handler runs; a failure it returns is the answer. Absent: every channel answers (tests of one feature).
   */
  authorize?: (channel: Channel) => IpcResult<never> | null;
}

export function createIpcRouter(options: RouterOptions = {}): IpcRouter {
  const handlers = new Map<Channel, (request: unknown) => unknown>();
  const logError = options.logError ?? ((channel, error) => console.error(`[ipc] ${channel} failed`, error));

  return {
    handle(channel, handler) {
      if (handlers.has(channel)) throw new Error(`IPC channel ${channel} registered twice`);
      handlers.set(channel, handler as (request: unknown) => unknown);
    },
    channels: () => [...handlers.keys()],
    async dispatch(channel, payload) {
      if (!isChannel(channel)) return fail('UNKNOWN_CHANNEL', 'ipc.unknownChannel', { channel: String(channel).slice(0, 80) });
      const handler = handlers.get(channel);
      if (!handler) return fail('UNKNOWN_CHANNEL', 'ipc.notImplemented', { channel });
      const refused = options.authorize?.(channel);
      if (refused) return refused;

      const spec = contract[channel] as { request: z.ZodType; maxRequestBytes?: number };
      const guard = inspectPayload(payload, spec.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES);
      if (!guard.ok) return fail(guard.tooLarge ? 'PAYLOAD_TOO_LARGE' : 'INVALID_PAYLOAD', guard.key, guard.params, { message: guard.message });

      const parsed = spec.request.safeParse(payload);
      if (!parsed.success) {
        // The form puts each issue on its field (details); the sentence lists them with the contract's own
        // words for each (shared/ipc/schemas — their labels are still Chinese in both languages).
        // The clerk's sentence carries the contract's messages only (they name the field in the clerk's words);
        // wire field names ("baseUrl: …") stay in the log message and the details' paths (issue 23 point 7).
        const issues = describeIssues(parsed.error);
        return fail('INVALID_PAYLOAD', 'ipc.invalidPayload', { issues: clerkIssues(parsed.error) }, { message: issues, details: { issues: issueList(parsed.error) } });
      }
      try {
        return ok(await handler(parsed.data));
      } catch (error) {
        if (error instanceof IpcFailure) return { ok: false, error: error.toError() };
        // A full disk, a read-only folder, a locked or damaged database, an undecryptable secret: the clerk
        // can act on these, so each gets its own code (logged too: support wants to see them).
        const actionable = toActionableFailure(error);
        logError(channel, error);
        if (actionable) return { ok: false, error: actionable.toError() };
        return fail('INTERNAL', 'ipc.internal', {}, { message: 'internal error, logged in main' });
      }
    },
  };
}

/** Exact field paths (e.g. ['lines', 0, 'taxCode']) so the form can put each message on its field. */
function issueList(error: z.ZodError): Array<{ path: Array<string | number>; message: string }> {
  return error.issues.map((issue) => ({
    path: issue.path.map((part) => (typeof part === 'number' ? part : String(part))),
    message: issue.message,
  }));
}

/** The contract's messages, without the wire paths: what the clerk reads. */
function clerkIssues(error: z.ZodError): string {
  return [...new Set(error.issues.slice(0, 5).map((issue) => issue.message))].join('; ');
}

/** One line naming each field that is wrong and why, e.g. "lines.0.quantity: …" (for the log). */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(request)'}: ${issue.message}`)
    .join('; ');
}
