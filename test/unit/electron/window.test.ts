import type { BrowserWindowConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { createMainWindow, windowTitle, type MainWindowLike } from '../../../main/electron/window.js';

/** A stand-in for BrowserWindow that records its options and what was done to it. */
class FakeWindow implements MainWindowLike {
  static last: FakeWindow | undefined;
  readonly listeners = new Map<string, (event: { preventDefault(): void }) => void>();
  loaded: string | undefined;
  shown = 0;
  constructor(readonly options: BrowserWindowConstructorOptions) {
    FakeWindow.last = this;
  }
  once(event: 'ready-to-show', listener: () => void): this {
    this.listeners.set(event, listener);
    return this;
  }
  on(event: 'page-title-updated', listener: (event: { preventDefault(): void }) => void): this {
    this.listeners.set(event, listener);
    return this;
  }
  loadURL(url: string): Promise<void> {
    this.loaded = url;
    return url.includes('broken') ? Promise.reject(new Error('ERR_FILE_NOT_FOUND')) : Promise.resolve();
  }
  show(): void {
    this.shown += 1;
  }
  isDestroyed(): boolean {
    return false;
  }
}

describe('createMainWindow', () => {
  it('isolates the renderer (docs/architecture.md §11.3) and loads the app page', () => {
    const window = createMainWindow({ BrowserWindow: FakeWindow, preloadPath: '/app/dist/preload/index.cjs' });
    expect(window.options.title).toBe('发票工作台');
    expect(windowTitle('zh')).toBe('发票工作台');
    // The product name in the clerk's last UI language.
    expect(createMainWindow({ BrowserWindow: FakeWindow, preloadPath: '/p.cjs', language: 'en' }).options.title).toBe('Fapiao Desk');
    expect(window.options.show).toBe(false);
    expect(window.options.webPreferences).toMatchObject({
      preload: '/app/dist/preload/index.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      devTools: false,
    });
    expect(window.loaded).toBe('app://fapiao-desk/index.html');
  });

  it('shows the window only when ready, and keeps the product title', () => {
    const window = createMainWindow({ BrowserWindow: FakeWindow, preloadPath: '/p.cjs' });
    expect(window.shown).toBe(0);
    window.listeners.get('ready-to-show')?.({ preventDefault() {} });
    expect(window.shown).toBe(1);
    let prevented = false;
    window.listeners.get('page-title-updated')?.({ preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
  });

  it('enables dev tools only when asked', () => {
    expect(createMainWindow({ BrowserWindow: FakeWindow, preloadPath: '/p.cjs', devTools: true }).options.webPreferences?.devTools).toBe(true);
  });

  it('reports a failed load and still shows the window', async () => {
    const errors: unknown[] = [];
    const window = createMainWindow({ BrowserWindow: FakeWindow, preloadPath: '/p.cjs', startUrl: 'app://fapiao-desk/broken.html', onLoadError: (e) => errors.push(e) });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errors).toHaveLength(1);
    expect(window.shown).toBe(1);
  });
});
