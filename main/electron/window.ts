/**
 * The main window. Its webPreferences are the heart of the renderer's isolation (docs/architecture.md §11.3).
 * The BrowserWindow class comes in as a parameter so a unit test can pin every flag with a fake.
 */
import type { BrowserWindowConstructorOptions } from 'electron';
import type { UiLanguage } from '../../shared/i18n/ui-language.js';
import { nativeText } from '../../shared/i18n/native-texts.js';
import { APP_START_URL } from './security.js';

/** The product name in the task bar, in the clerk's last UI language (main/i18n/ui-language.ts). */
export const windowTitle = (language: UiLanguage): string => nativeText('appName', {}, language);

/** What this module does with the window; Electron's BrowserWindow satisfies it, tests pass a fake. */
export interface MainWindowLike {
  once(event: 'ready-to-show', listener: () => void): unknown;
  on(event: 'page-title-updated', listener: (event: { preventDefault(): void }) => void): unknown;
  loadURL(url: string): Promise<void>;
  show(): void;
  isDestroyed(): boolean;
}

/** The BrowserWindow constructor, passed in so this module never imports electron's values. */
export type BrowserWindowConstructor<W extends MainWindowLike> = new (options: BrowserWindowConstructorOptions) => W;

export interface MainWindowDeps<W extends MainWindowLike> {
  BrowserWindow: BrowserWindowConstructor<W>;
  /** Absolute path of the bundled preload (dist/preload/index.cjs). */
  preloadPath: string;
  /** Defaults to app://fapiao-desk/index.html. */
  startUrl?: string;
  devTools?: boolean;
  /** Language of the window title; Chinese when absent. */
  language?: UiLanguage;
  /** Told when the page could not be loaded (missing build, protocol not registered). */
  onLoadError?: (error: unknown) => void;
}

export function createMainWindow<W extends MainWindowLike>(deps: MainWindowDeps<W>): W {
  // The options are written inline in `new BrowserWindow({...})` on purpose: that is the only shape
  // electronegativity's webPreferences checks can see (docs/security.md). A unit test pins them too.
  const BrowserWindow = deps.BrowserWindow;
  const window = new BrowserWindow({
    title: windowTitle(deps.language ?? 'zh'),
    width: 1280,
    height: 820,
    minWidth: 1024,
    minHeight: 680,
    // Shown on ready-to-show, so the clerk never sees a white flash or a half-styled page.
    show: false,
    backgroundColor: '#ffffff',
    webPreferences: {
      preload: deps.preloadPath,
      // The renderer is an ordinary web page: OS-sandboxed, no Node, and its JS world separate from the
      // preload's, so it only ever sees the `window.api` the preload exposes.
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      // A file dropped outside the intake zone must not replace the app with that file.
      navigateOnDragDrop: false,
      // Middle-click (auxclick) can open links through paths nothing in the app needs.
      disableBlinkFeatures: 'Auxclick',
      safeDialogs: true,
      spellcheck: false,
      // Only for unpackaged builds: in a clerk's hands the console is a way to call window.api by hand.
      devTools: deps.devTools ?? false,
    },
  });
  window.once('ready-to-show', () => window.show());
  // The page's <title> would otherwise replace the product name in the task bar.
  window.on('page-title-updated', (event) => event.preventDefault());
  window.loadURL(deps.startUrl ?? APP_START_URL).catch((error: unknown) => {
    deps.onLoadError?.(error);
    // ready-to-show never fires for a failed load; show the window so the app does not look hung.
    if (!window.isDestroyed()) window.show();
  });
  return window;
}
