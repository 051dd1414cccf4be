/**
 * Runs in the page served by the browser harness, before the app's own module: gives the page the same
 * `window.api` the Electron preload gives it, built by the same `createApi`, over a loopback HTTP bridge.
 * The per-run token comes from the page address (?token=…), so a page from any other origin that loads
 * this script still has no token.
 */
import { createApi, type Api } from '../../shared/ipc/create-api.js';

declare global {
  interface Window {
    api: Api;
  }
}

const token = new URLSearchParams(window.location.search).get('token') ?? '';

/**
 * One EventSource for every subscription of the page. A connection per `api.on` would hold one of the
 * browser's six HTTP/1.1 connections to this host each, and once the views subscribe six times the
 * page's invoke calls queue behind them for ever.
 */
const listeners = new Map<string, Set<(payload: unknown) => void>>();
let source: EventSource | undefined;

function subscribe(event: string, listener: (payload: unknown) => void): () => void {
  source ??= new EventSource(`/__bridge/events?token=${encodeURIComponent(token)}`);
  let set = listeners.get(event);
  if (!set) {
    const fresh = new Set<(payload: unknown) => void>();
    listeners.set(event, fresh);
    source.addEventListener(event, (message) => {
      const payload: unknown = JSON.parse((message as MessageEvent<string>).data);
      for (const each of [...fresh]) each(payload);
    });
    set = fresh;
  }
  set.add(listener);
  return () => set.delete(listener);
}

const api = createApi(
  async (channel, payload) => {
    const response = await fetch('/__bridge/invoke', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-bridge-token': token },
      body: JSON.stringify({ channel, payload }),
    });
    return response.json();
  },
  subscribe,
);

Object.defineProperty(window, 'api', { value: Object.freeze(api), writable: false, configurable: false });
