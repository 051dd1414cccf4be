/**
 * Bridges Electron's ipcMain to the core's IPC router (docs/architecture.md §1, §11.2). The router already parses
 * `unknown` payloads with the contract and never throws; this adapter adds what only Electron knows:
 * which frame sent the call. Electron objects are described structurally so tests can pass fakes.
 */
import { EVENT_CHANNEL, fail, isEventName, type EventName, type EventPayload, type IpcResult } from '../../shared/ipc/index.js';
import type { IpcRouter } from '../ipc/router.js';

/** What we read from Electron's WebFrameMain (IpcMainInvokeEvent.senderFrame). */
export interface SenderFrameLike {
  readonly url: string;
  readonly detached?: boolean;
}

export interface InvokeEventLike {
  readonly senderFrame: SenderFrameLike | null;
}

export type InvokeListener = (event: InvokeEventLike, ...args: unknown[]) => Promise<IpcResult<unknown>>;

/** Structural subset of Electron's `ipcMain` (the real one satisfies it). */
export interface IpcMainLike {
  handle(channel: string, listener: InvokeListener): void;
  removeHandler(channel: string): void;
}

export interface IpcRegistration {
  readonly channels: readonly string[];
  /** Removes every handler registered here (on quit, or before re-registering). */
  unregister(): void;
}

const FORBIDDEN_MESSAGE = '拒绝来自非本程序页面的调用';

/** The frame's URL when the frame is alive and ours; `null` otherwise. Never throws. */
function senderUrl(event: InvokeEventLike): string | null {
  try {
    const frame = event.senderFrame;
    // A frame that navigated away or was destroyed while the call was in flight is null or detached;
    // reading `url` of a destroyed frame can throw, hence the try.
    if (frame === null || frame === undefined || frame.detached === true) return null;
    return frame.url;
  } catch {
    return null;
  }
}

export function registerIpc(ipcMain: IpcMainLike, router: IpcRouter, isTrustedSender: (url: string) => boolean): IpcRegistration {
  const channels = router.channels();
  for (const channel of channels) {
    ipcMain.handle(channel, async (event, ...args) => {
      try {
        const url = senderUrl(event);
        if (url === null || !isTrustedSender(url)) return fail('FORBIDDEN_SENDER', FORBIDDEN_MESSAGE);
        // createApi always sends exactly one payload; more arguments mean somebody else is calling.
        if (args.length > 1) return fail('INVALID_PAYLOAD', '请求参数个数不正确');
        return await router.dispatch(channel, args[0]);
      } catch (error) {
        // router.dispatch never rejects by contract; this only guards against a bug there, because a
        // throw here would reach the renderer as a bare Error with main's stack in its message.
        console.error(`[ipc] ${channel} adapter failed`, error);
        return fail('INTERNAL', '程序内部错误，已记录日志');
      }
    });
  }
  return {
    channels,
    unregister() {
      for (const channel of channels) ipcMain.removeHandler(channel);
    },
  };
}

/** Sends core events to the renderer; unknown names are dropped (the preload filters again). */
export function createEventForwarder(send: (channel: string, name: EventName, payload: unknown) => void) {
  return <E extends EventName>(name: E, payload: EventPayload<E>): void => {
    if (!isEventName(name)) return;
    send(EVENT_CHANNEL, name, payload);
  };
}
