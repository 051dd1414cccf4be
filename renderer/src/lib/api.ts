/**
 * Typed access to the preload's `window.api` (docs/architecture.md §1). The renderer has no other way to reach main.
 *
 * If the page is opened without a preload or harness bridge (a bare `vite` dev server, a broken build),
 * every call fails with NETWORK_ERROR through the same `createApi`, so the UI shows a message instead of
 * crashing on `undefined`.
 */
import { createApi, type Api } from '../../../shared/ipc/create-api.js';

declare global {
  interface Window {
    api: Api;
  }
}

let fallback: Api | undefined;

export function getApi(): Api {
  // `window.api` is typed as always present, but only the preload/harness makes that true at runtime.
  const provided = (window as Partial<Window>).api;
  if (provided) return provided;
  fallback ??= createApi(
    () => Promise.reject(new Error('window.api 不可用（页面未通过应用加载）')),
    () => () => {},
  );
  return fallback;
}
