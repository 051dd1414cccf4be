/**
 * The sandboxed preload (bundled to dist/preload/index.cjs as CommonJS). In a sandboxed preload only
 * `electron` and a few Node built-ins can be required, so zod and shared/ipc are bundled in.
 *
 * It exposes exactly one thing, `window.api`, built by the same `createApi` the browser harness uses,
 * plus `pathsForFiles`: the paths of dropped files (webUtils.getPathForFile), granted to main first, so
 * intake reads dropped files in main and the page never reads the disk. A path, never file contents or a
 * handle, crosses. `intake:grantPaths` is the one contract channel not exposed to the page.
 * Raw `ipcRenderer` never reaches the page, and neither do Electron's event objects (their `sender`
 * would give the page an ipcRenderer).
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { createApi, EVENT_CHANNEL, isEventName, type Channel, type EventName, type Invoke, type Subscribe } from '../shared/ipc/index.js';

const invoke: Invoke = (channel: Channel, payload: unknown) => ipcRenderer.invoke(channel, payload);

// One ipcRenderer listener for all subscriptions, attached on first use: the page cannot pile up
// Electron listeners (MaxListenersExceeded) by subscribing in a loop.
const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
let attached = false;

function onEvent(_event: IpcRendererEvent, name: unknown, payload: unknown): void {
  if (!isEventName(name)) return;
  for (const listener of listeners.get(name) ?? []) {
    try {
      listener(payload);
    } catch (error) {
      console.error(`listener for ${name} failed`, error);
    }
  }
}

const subscribe: Subscribe = (event, listener) => {
  if (!isEventName(event)) throw new Error(`unknown event ${String(event)}`);
  if (!attached) {
    ipcRenderer.on(EVENT_CHANNEL, onEvent);
    attached = true;
  }
  let set = listeners.get(event);
  if (set === undefined) {
    set = new Set();
    listeners.set(event, set);
  }
  // Wrapped so that subscribing the same function twice gives two independent subscriptions.
  const entry = (payload: unknown) => listener(payload);
  set.add(entry);
  return () => {
    set.delete(entry);
  };
};

/** '' when the file has no path (a pasted picture): the page then sends its bytes. */
const pathOf = (file: File): string => {
  try {
    return webUtils.getPathForFile(file);
  } catch {
    return '';
  }
};

/**
 * The paths of dropped files, granted to main before the page learns them: main's intake:addPaths reads
 * only paths it handed out (docs/security.md). A page cannot make a File carry a path it chose, so the
 * page can only ever get a grant for what the clerk dropped. '' for a file without a path.
 */
const pathsForFiles = async (files: File[]): Promise<string[]> => {
  const paths = files.map(pathOf);
  const real = paths.filter(Boolean);
  if (real.length > 0) await invoke('intake:grantPaths', { paths: real });
  return paths;
};

// The grant channel stays here: the page gets every other channel of the contract.
const api = createApi(invoke, subscribe);
const { grantPaths: _preloadOnly, ...intake } = api.intake;
contextBridge.exposeInMainWorld('api', { ...api, intake, pathsForFiles });
