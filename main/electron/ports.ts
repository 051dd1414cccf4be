/**
 * Electron implementations of the core's ports (main/ports.ts). Electron objects come in as parameters
 * (`import type` only) so these run under unit tests with fakes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BaseWindow, Dialog, SafeStorage, Shell } from 'electron';
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

// IpcFailure rather than Error: the router passes its message to the clerk instead of "internal error".
export const SECRET_STORAGE_UNAVAILABLE =
  '无法安全保存密码：系统的加密存储（Windows DPAPI / macOS 钥匙串 / Linux 密钥环）当前不可用。' +
  ' (Secret storage unavailable: the operating system\'s encryption service cannot be used.)';

/** The command-line switch that opts in to Chromium's basic_text backend; the only opt-in there is. */
export const ALLOW_BASIC_TEXT_SWITCH = 'allow-basic-text-secrets';

export const SECRET_STORAGE_BASIC_TEXT =
  '未检测到系统密钥环（如 GNOME 密钥环 / KWallet 的 Secret Service），无法加密保存密码，已拒绝保存。请安装并解锁密钥环后重启本程序。' +
  `如果确实无法使用密钥环，可由管理员以命令行参数 --${ALLOW_BASIC_TEXT_SWITCH} 启动本程序：那样密码只是用 Chromium 内置的固定密钥做混淆（obfuscation），` +
  '并不是加密，任何拿到数据文件的人都能还原。' +
  ' (No OS keyring (Secret Service: GNOME Keyring, KWallet) was found, so the secret was not saved. Install and unlock a keyring, then' +
  ` restart. If that is impossible, an administrator can start the app with --${ALLOW_BASIC_TEXT_SWITCH}: secrets are then only` +
  " obfuscated with Chromium's fixed built-in key, not encrypted; anyone with the data file can recover them.)";

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
        buttons: ['取消 Cancel', question.confirmLabel],
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

/** The data folder to use: the one the clerk opened from the recovery screen, else userData itself. */
export function resolveDataDir(userData: string): string {
  try {
    const saved = (JSON.parse(fs.readFileSync(path.join(userData, DATA_FOLDER_POINTER), 'utf8')) as { dataDir?: unknown }).dataDir;
    if (typeof saved === 'string' && path.isAbsolute(saved) && fs.existsSync(saved)) return saved;
  } catch {
    // No pointer (the usual case) or an unreadable one: the default folder.
  }
  return userData;
}

export function rememberDataDir(userData: string, dataDir: string): void {
  const file = path.join(userData, DATA_FOLDER_POINTER);
  fs.writeFileSync(`${file}.part`, `${JSON.stringify({ dataDir })}\n`);
  fs.renameSync(`${file}.part`, file);
}
