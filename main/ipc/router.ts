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
      if (!isChannel(channel)) return fail('UNKNOWN_CHANNEL', `未知的调用：${String(channel).slice(0, 80)}`);
      const handler = handlers.get(channel);
      if (!handler) return fail('UNKNOWN_CHANNEL', `调用 ${channel} 尚未实现`);

      const spec = contract[channel] as { request: z.ZodType; maxRequestBytes?: number };
      const guard = inspectPayload(payload, spec.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES);
      if (!guard.ok) return guard.tooLarge ? fail('PAYLOAD_TOO_LARGE', guard.message) : fail('INVALID_PAYLOAD', guard.message);

      const parsed = spec.request.safeParse(payload);
      if (!parsed.success) {
        return fail('INVALID_PAYLOAD', describeIssues(parsed.error), { issues: issueList(parsed.error) });
      }
      try {
        return ok(await handler(parsed.data));
      } catch (error) {
        if (error instanceof IpcFailure) return fail(error.code, error.message, error.details);
        // A full disk, a read-only folder, a locked or damaged database, an undecryptable secret: the clerk
        // can act on these, so each gets its own code (logged too: support wants to see them).
        const actionable = toActionableFailure(error);
        logError(channel, error);
        if (actionable) return fail(actionable.code, actionable.message, actionable.details);
        return fail('INTERNAL', '程序内部错误，已记录日志');
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

/** One readable sentence naming each field that is wrong, e.g. "lines.0.quantity: 数量必须是数字". */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(请求)'}: ${issue.message}`)
    .join('；');
}
