/**
 * The Electron entry point (bundled to dist/main/index.cjs). The only module that imports electron's
 * values: it wires app lifecycle, hardening, the `app://` protocol, IPC and the window around the plain
 * Node core (docs/architecture.md §1). Everything decided here is delegated to small tested modules.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { app, BrowserWindow, type BrowserWindowConstructorOptions, dialog, ipcMain, Notification, protocol, safeStorage, session, shell, utilityProcess, type Session, type WebContents } from 'electron';
import { createCore, type Core } from '../core.js';
import type { CorePorts } from '../ports.js';
import { createStartingCore } from '../startup/starting-core.js';
import { createUiLanguageHolder, UI_LANGUAGE_FILE } from '../i18n/ui-language.js';
import { startupFailureText } from '../i18n/startup-failure.js';
import { createEventForwarder, registerIpc, type IpcRegistration } from './ipc.js';
// Linux without a keyring: the only opt-in to Chromium's basic_text backend (obfuscation, not encryption)
// is the command-line switch --allow-basic-text-secrets, which the refusal message names (ports.ts).
import {
  ALLOW_BASIC_TEXT_SWITCH,
  createElectronDialogPort,
  createElectronFileOpener,
  createSafeStorageCipher,
  rememberDataDir,
  resolveDataDir,
} from './ports.js';
import { createElectronNotifier } from './notifier.js';
import { renderPrintPages } from './print-pages.js';
import { createElectronPrinterPort, isPrintJobUrl } from './printer.js';
import { createCupsPrinterPort } from '../features/print/cups.js';
import { registerAppProtocol } from './protocol.js';
import { createUtilityProcessLauncher, sandboxBundlePath } from './sandbox-launcher.js';
import { APP_SCHEME, isAllowedExternalUrl, isTrustedSenderUrl } from './security.js';
import { createMainWindow, windowTitle } from './window.js';

// The bundle lives in dist/main; the renderer build and the preload bundle are its siblings.
const RENDERER_DIR = path.join(__dirname, '..', 'renderer');
const PRELOAD_PATH = path.join(__dirname, '..', 'preload', 'index.cjs');
/** How long quitting waits for the core (outbox, sandbox server, database) before giving up. */
const CLOSE_TIMEOUT_MS = 10_000;

app.setName('Fapiao Desk');
// The clerk's UI language, kept in userData (which exists even when a chosen data folder is gone), so the
// window title and the start-up error box speak the language last used before the page is up.
const uiLanguage = createUiLanguageHolder(path.join(app.getPath('userData'), UI_LANGUAGE_FILE));

// Must happen before `ready`. `standard` gives app:// real origins and relative URLs, `secure` makes it a
// secure context like https, `supportFetchAPI` lets the page fetch its own assets.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
// Every renderer sandboxed, including any a dependency might open.
app.enableSandbox();

let mainWindow: BrowserWindow | null = null;
let core: Core | null = null;
let ipcRegistration: IpcRegistration | null = null;
let stopEvents: (() => void) | null = null;
/** The hidden windows the Windows printer prints from (main/electron/printer.ts). */
const printWindows = new WeakSet<WebContents>();

function openExternalIfAllowed(url: string): void {
  if (!isAllowedExternalUrl(url)) return;
  shell.openExternal(url).catch((error: unknown) => console.error('[shell] openExternal failed', error));
}

/** Denies every permission prompt (camera, notifications, geolocation, clipboard-read, HID, USB…). */
function hardenSession(target: Session): void {
  target.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  target.setPermissionCheckHandler(() => false);
  target.setDevicePermissionHandler(() => false);
}

/** Applied to every WebContents the app ever creates, not only the main window. */
function hardenWebContents(contents: WebContents): void {
  // The app is a single page; any navigation is an attack or a stray link. Allowed external links go to
  // the system browser instead.
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    openExternalIfAllowed(url);
  });
  contents.on('will-frame-navigate', (event) => {
    // A print window may show its job's own page of pictures (printer.ts) and nothing else.
    if (printWindows.has(contents) && isPrintJobUrl(event.url)) return;
    if (!isTrustedSenderUrl(event.url) && event.url !== 'about:blank' && event.url !== 'about:srcdoc') event.preventDefault();
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openExternalIfAllowed(url);
    return { action: 'deny' };
  });
  if (contents.session !== session.defaultSession) hardenSession(contents.session);
}

app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));

function createPrintWindow(options: BrowserWindowConstructorOptions): BrowserWindow {
  const window = new BrowserWindow(options);
  printWindows.add(window.webContents);
  return window;
}

function showMainWindow(): void {
  if (mainWindow === null || mainWindow.isDestroyed()) {
    mainWindow = createMainWindow({
      BrowserWindow,
      preloadPath: PRELOAD_PATH,
      devTools: !app.isPackaged,
      language: uiLanguage.get(),
      onLoadError: (error) => console.error('[window] failed to load the renderer', error),
    });
    // The product name in the task bar follows a switch of the UI language.
    const stopRetitling = uiLanguage.onChange((language) => {
      if (mainWindow !== null && !mainWindow.isDestroyed()) mainWindow.setTitle(windowTitle(language));
    });
    mainWindow.on('closed', () => {
      stopRetitling();
      mainWindow = null;
    });
    return;
  }
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

async function start(): Promise<void> {
  await app.whenReady();
  hardenSession(session.defaultSession);
  registerAppProtocol({ protocol, rootDir: RENDERER_DIR, fs });

  const cipher = createSafeStorageCipher(safeStorage, {
    platform: process.platform,
    allowBasicText: () => app.commandLine.hasSwitch(ALLOW_BASIC_TEXT_SWITCH),
  });
  const dialogPort = createElectronDialogPort(dialog, {
    parent: () => (mainWindow !== null && !mainWindow.isDestroyed() ? mainWindow : null),
    defaultDir: () => app.getPath('documents'),
    language: () => uiLanguage.get(),
  });
  const userData = app.getPath('userData');
  // Packaged, electron-builder's extraResources put resources/ into process.resourcesPath; from a checkout
  // (npm start) it is the repository's own resources/ folder.
  const resourcesDir = app.isPackaged ? process.resourcesPath : path.join(app.getAppPath(), 'resources');
  const data = resolveDataDir(userData);
  const ports: CorePorts = {
    cipher,
    dialog: dialogPort,
    opener: createElectronFileOpener(shell),
    // Linux and macOS print through CUPS (lp, the path the tests exercise); Windows through Electron.
    printer: process.platform === 'win32' ? createElectronPrinterPort({ createWindow: createPrintWindow, renderPages: renderPrintPages }) : createCupsPrinterPort(),
    sandbox: createUtilityProcessLauncher(utilityProcess, sandboxBundlePath(__dirname)),
    dataFolder: { remember: (dir) => rememberDataDir(userData, dir) },
    notifier: createElectronNotifier(Notification),
  };
  // The window opens now, with the start-up state; the core (database, sandbox, features) starts behind
  // it, and a start that fails shows what failed and what to do (main/startup/starting-core.ts).
  core = createStartingCore({
    dataDir: data.dataDir,
    uiLanguage,
    ports,
    build: (dataDir, chosen) => createCore({ dataDir, dataDirChosen: data.chosen || chosen, appVersion: app.getVersion(), resourcesDir, uiLanguage }, ports),
  });
  ipcRegistration = registerIpc(ipcMain, core.router, isTrustedSenderUrl);
  stopEvents = core.onEvent(
    createEventForwarder((channel, name, payload) => {
      if (mainWindow !== null && !mainWindow.isDestroyed()) mainWindow.webContents.send(channel, name, payload);
    }),
  );
  showMainWindow();
}

if (!app.requestSingleInstanceLock()) {
  // Two instances would share one database and one outbox worker; the first one gets focused instead.
  app.quit();
} else {
  app.on('second-instance', () => {
    if (core !== null) showMainWindow();
  });
  app.on('activate', () => {
    if (core !== null) showMainWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  let closeState: 'open' | 'closing' | 'closed' = 'open';
  app.on('will-quit', (event) => {
    if (closeState === 'closed' || core === null) return;
    // Quit waits for the core once: the outbox and the database must close cleanly (WAL checkpoint,
    // `optimize`); then quit again and let it through.
    event.preventDefault();
    if (closeState === 'closing') return;
    closeState = 'closing';
    stopEvents?.();
    ipcRegistration?.unregister();
    const closing = core.close();
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS).unref());
    Promise.race([closing, timeout])
      .catch((error: unknown) => console.error('[core] close failed', error))
      .finally(() => {
        closeState = 'closed';
        app.quit();
      });
  });

  start().catch((error: unknown) => {
    console.error('[app] start-up failed', error);
    const { title, message } = startupFailureText(error, uiLanguage.get());
    dialog.showErrorBox(title, message);
    app.exit(1);
  });
}
