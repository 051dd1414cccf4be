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

const api = createApi(
  async (channel, payload) => {
    const response = await fetch('/__bridge/invoke', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-bridge-token': token },
      body: JSON.stringify({ channel, payload }),
    });
    return response.json();
  },
  (event, listener) => {
    const source = new EventSource(`/__bridge/events?token=${encodeURIComponent(token)}`);
    source.addEventListener(event, (message) => listener(JSON.parse((message as MessageEvent<string>).data)));
    return () => source.close();
  },
);

Object.defineProperty(window, 'api', { value: Object.freeze(api), writable: false, configurable: false });
