/**
 * Builds the renderer's `window.api` from the contract over any transport: Electron's
 * `ipcRenderer.invoke` in the preload, a loopback HTTP bridge in the browser harness.
 * Both therefore expose exactly the same typed surface: `api.issuance.submit(draft)`.
 */
import { z } from 'zod';
import { contract, events, isEventName, type Channel, type EventName, type EventPayload, type RequestOf, type ResponseOf } from './contract.js';
import { IPC_ERROR_CODES, fail, type IpcResult } from './result.js';

export type Invoke = (channel: Channel, payload: unknown) => Promise<unknown>;
export type Subscribe = (event: EventName, listener: (payload: unknown) => void) => () => void;

type FeatureOf<C> = C extends `${infer F}:${string}` ? F : never;
type Call<C extends Channel> = Record<string, never> extends RequestOf<C>
  ? (request?: RequestOf<C>) => Promise<IpcResult<ResponseOf<C>>>
  : (request: RequestOf<C>) => Promise<IpcResult<ResponseOf<C>>>;

export type Api = {
  [F in FeatureOf<Channel>]: { [C in Channel as C extends `${F}:${infer V}` ? V : never]: Call<C> };
} & {
  /** Listen to an event from main; returns the function that stops listening. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
};

const WireResult = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({
    ok: z.literal(false),
    error: z.object({
      code: z.enum(IPC_ERROR_CODES),
      key: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])),
      message: z.string(),
      details: z.unknown().optional(),
    }),
  }),
]);

async function call(invoke: Invoke, channel: Channel, payload: unknown): Promise<IpcResult<unknown>> {
  let raw: unknown;
  try {
    raw = await invoke(channel, payload ?? {});
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return fail('NETWORK_ERROR', 'ipc.mainUnreachable', { reason }, { message: `main process unreachable: ${reason}` });
  }
  const wire = WireResult.safeParse(raw);
  if (!wire.success) return fail('BAD_RESPONSE', 'ipc.badResponse', { channel });
  if (!wire.data.ok) return wire.data as IpcResult<never>;
  const schema: z.ZodType = contract[channel].response;
  const value = schema.safeParse(wire.data.value);
  if (!value.success) return fail('BAD_RESPONSE', 'ipc.badResponse', { channel }, { details: z.flattenError(value.error) });
  return { ok: true, value: value.data };
}

export function createApi(invoke: Invoke, subscribe: Subscribe): Api {
  const api: Record<string, Record<string, unknown>> = {};
  for (const channel of Object.keys(contract) as Channel[]) {
    const [feature, verb] = channel.split(':') as [string, string];
    api[feature] ??= {};
    api[feature][verb] = (payload?: unknown) => call(invoke, channel, payload);
  }
  const on = (event: EventName, listener: (payload: unknown) => void) => {
    if (!isEventName(event)) throw new Error(`unknown event ${String(event)}`);
    return subscribe(event, (payload) => {
      const schema: z.ZodType = events[event];
      const parsed = schema.safeParse(payload);
      // A malformed event is dropped loudly rather than handed to the UI half-formed.
      if (parsed.success) listener(parsed.data);
      else console.error(`ignored malformed ${event} event`, z.flattenError(parsed.error));
    });
  };
  return Object.assign(api, { on }) as unknown as Api;
}
