/**
 * Electron implementations of the core's ports (main/ports.ts). Electron objects come in as parameters
 * (`import type` only) so these run under unit tests with fakes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BaseWindow, Dialog, SafeStorage, Shell } from 'electron';
import { nativeText } from '../../shared/i18n/native-texts.js';
import type { UiLanguage } from '../../shared/i18n/ui-language.js';
import { IpcFailure } from '../../shared/ipc/index.js';
import type { DialogPort, FileOpener, SecretCipher } from '../ports.js';

/**
 * The part of `safeStorage` we use. The synchronous encrypt/decrypt are deprecated in Electron 45 in
 * favour of the async ones, but the SecretCipher port is synchronous (secrets are sealed inside
 * synchronous SQLite transactions); see docs/security.md.
 */
export type SafeStorageLike = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString' | 'getSelectedStorageBackend'>;

export interface SafeStorageCipherOptions {
  platform: NodeJS.Platform;
  /**
   * The clerk's explicit opt-in to Chromium's `basic_text` backend on Linux (no keyring: secrets are
   * only obfuscated with a key built into Chromium). A function so that the opt-in can change while the
   * app runs; read on every call.
   */
  allowBasicText: boolean | (() => boolean);
}

// IpcFailure rather than Error: the clerk sees what is wrong instead of "internal error".
// Message keys (renderer locales, errors.settings.*): the OS encryption is unavailable; no OS keyring, so
// Electron would fall back to "basic_text", which anyone with the file can decrypt.
export const SECRET_STORAGE_UNAVAILABLE = 'settings.secretStorageUnavailable';
export const SECRET_STORAGE_BASIC_TEXT = 'settings.secretStorageBasicText';

/** The command-line switch that opts in to Chromium's basic_text backend; the only opt-in there is. */
export const ALLOW_BASIC_TEXT_SWITCH = 'allow-basic-text-secrets';

/** Linux backends that do not protect the key; 'unknown' means we cannot tell (e.g. before `ready`). */
const WEAK_LINUX_BACKENDS = new Set(['basic_text', 'unknown']);

export function createSafeStorageCipher(safeStorage: SafeStorageLike, options: SafeStorageCipherOptions): SecretCipher {
  const allowBasicText = typeof options.allowBasicText === 'function' ? options.allowBasicText : () => options.allowBasicText === true;
  const isLinux = options.platform === 'linux';

  // Checked on every call, not once at start-up: a missing keyring must not stop the app from opening
  // (the clerk can still issue with stored settings, read history, and opt in); it only blocks secrets.
  const assertUsable = (): void => {
    if (!safeStorage.isEncryptionAvailable()) throw new IpcFailure('VALIDATION_FAILED', SECRET_STORAGE_UNAVAILABLE);
    if (isLinux && WEAK_LINUX_BACKENDS.has(safeStorage.getSelectedStorageBackend()) && !allowBasicText()) {
      throw new IpcFailure('VALIDATION_FAILED', SECRET_STORAGE_BASIC_TEXT, { reason: 'no-keyring', optInSwitch: `--${ALLOW_BASIC_TEXT_SWITCH}` });
    }
  };

  return {
    get backend(): string {
      if (!isLinux) return `safeStorage:${options.platform === 'darwin' ? 'keychain' : options.platform === 'win32' ? 'dpapi' : options.platform}`;
      return `safeStorage:${safeStorage.getSelectedStorageBackend()}`;
    },
    encrypt(plain: string): Buffer {
      assertUsable();
      return safeStorage.encryptString(plain);
    },
    decrypt(sealed: Buffer): string {
      assertUsable();
      return safeStorage.decryptString(sealed);
    },
  };
}

/** The part of `dialog` the DialogPort uses. */
export type SaveDialogLike = Pick<Dialog, 'showSaveDialog' | 'showOpenDialog' | 'showMessageBox'>;

export interface DialogPortOptions {
  /** The window the dialog is modal to, when there is one. */
  parent: () => BaseWindow | null;
  /** Folder the dialog opens in (e.g. app.getPath('documents')). */
  defaultDir: () => string;
  /** The clerk's UI language, for the buttons the port words itself (Cancel); Chinese when absent. */
  language?: () => UiLanguage;
}

/** DialogPort over Electron's native save and open dialogs. */
export function createElectronDialogPort(dialog: SaveDialogLike, options: DialogPortOptions): DialogPort {
  return {
    async chooseSavePath(suggestedName, filters) {
      // Only the base name of the suggestion is used: the folder is always the clerk's own choice.
      const dialogOptions = { defaultPath: path.join(options.defaultDir(), path.basename(suggestedName)), filters, properties: ['showOverwriteConfirmation' as const] };
      const parent = options.parent();
      const result = parent ? await dialog.showSaveDialog(parent, dialogOptions) : await dialog.showSaveDialog(dialogOptions);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
    async chooseOpenPath(filters) {
      // One existing file only: an import reads exactly the file the clerk picked, never a folder.
      const dialogOptions = { defaultPath: options.defaultDir(), filters, properties: ['openFile' as const] };
      const parent = options.parent();
      const result = parent ? await dialog.showOpenDialog(parent, dialogOptions) : await dialog.showOpenDialog(dialogOptions);
      const [filePath] = result.filePaths;
      return result.canceled || !filePath ? null : filePath;
    },
    async chooseOpenPaths(filters) {
      // Intake takes many invoice files at once; still only files, never a folder.
      const dialogOptions = { defaultPath: options.defaultDir(), filters, properties: ['openFile' as const, 'multiSelections' as const] };
      const parent = options.parent();
      const result = parent ? await dialog.showOpenDialog(parent, dialogOptions) : await dialog.showOpenDialog(dialogOptions);
      return result.canceled ? [] : result.filePaths;
    },
    async chooseFolder(title) {
      const dialogOptions = { title, defaultPath: options.defaultDir(), properties: ['openDirectory' as const, 'createDirectory' as const] };
      const parent = options.parent();
      const result = parent ? await dialog.showOpenDialog(parent, dialogOptions) : await dialog.showOpenDialog(dialogOptions);
      const [folder] = result.filePaths;
      return result.canceled || !folder ? null : folder;
    },
    async confirm(question) {
      // A native box from main: the renderer cannot draw, answer or skip it. Cancel is the default button.
      const boxOptions = {
        type: 'warning' as const,
        title: question.title,
        message: question.message,
        detail: question.detail,
        buttons: [nativeText('cancel', {}, options.language?.() ?? 'zh'), question.confirmLabel],
        defaultId: 0,
        cancelId: 0,
        noLink: true,
      };
      const parent = options.parent();
      const result = parent ? await dialog.showMessageBox(parent, boxOptions) : await dialog.showMessageBox(boxOptions);
      return result.response === 1;
    },
  };
}

/** The part of `shell` the FileOpener uses. */
export type OpenPathLike = Pick<Shell, 'openPath'>;

/** FileOpener over shell.openPath, which answers '' on success and an error text otherwise (it never rejects). */
export function createElectronFileOpener(shell: OpenPathLike): FileOpener {
  return {
    async open(filePath: string): Promise<void> {
      const problem = await shell.openPath(filePath);
      if (problem !== '') throw new Error(problem);
    },
  };
}

/** Where the data folder chosen on the recovery screen is remembered (inside Electron's userData). */
const DATA_FOLDER_POINTER = 'data-folder.json';

/**
 * The data folder to use: the one the clerk opened from the recovery screen (chosen: true), else userData
 * itself. A remembered folder that is gone now (a drive unplugged) is still returned: the ledger guard
 * then shows it as missing instead of the app quietly opening the default folder's older or empty history.
 */
export function resolveDataDir(userData: string): { dataDir: string; chosen: boolean } {
  try {
    const saved = (JSON.parse(fs.readFileSync(path.join(userData, DATA_FOLDER_POINTER), 'utf8')) as { dataDir?: unknown }).dataDir;
    if (typeof saved === 'string' && path.isAbsolute(saved)) return { dataDir: saved, chosen: true };
  } catch {
    // No pointer (the usual case) or an unreadable one: the default folder.
  }
  return { dataDir: userData, chosen: false };
}

export function rememberDataDir(userData: string, dataDir: string): void {
  const file = path.join(userData, DATA_FOLDER_POINTER);
  fs.writeFileSync(`${file}.part`, `${JSON.stringify({ dataDir })}\n`);
  fs.renameSync(`${file}.part`, file);
}
