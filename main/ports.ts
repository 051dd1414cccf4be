/**
 * Ports: the Electron-only capabilities the core needs, as plain interfaces (DESIGN.md §1).
 * `main/electron/` implements them with Electron; tests implement them for real without Electron.
 */
import type { SandboxLauncher } from './sandbox-service/launcher.js';

/** Encrypts secrets at rest (app secrets, tax-bureau passwords). Electron: safeStorage. Tests: AES-256-GCM. */
export interface SecretCipher {
  /** A short name of the backend, for diagnostics (never the key). */
  readonly backend: string;
  encrypt(plain: string): Buffer;
  decrypt(sealed: Buffer): string;
}

export interface FileFilter {
  /** Shown in the dialog, e.g. 'Excel 工作簿'. */
  name: string;
  /** Without dots, e.g. ['xlsx']. */
  extensions: string[];
}

/**
 * Native file dialogs. Electron: dialog.showSaveDialog / showOpenDialog. Tests and the harness: a path in
 * a temp folder, and an open path the test sets.
 */
export interface DialogPort {
  /** Asks the clerk where to save; null when they cancel. */
  chooseSavePath(suggestedName: string, filters: FileFilter[]): Promise<string | null>;
  /** Asks the clerk for one existing file to read (an import); null when they cancel. */
  chooseOpenPath(filters: FileFilter[]): Promise<string | null>;
}

/**
 * Opens a downloaded file (an issued invoice's PDF/OFD/XML) with the system's default application.
 * Electron: shell.openPath. The harness and tests: records the path so a test can look at the file.
 */
export interface FileOpener {
  /** Resolves once the file was handed to a viewer; rejects with a message the clerk can read. */
  open(filePath: string): Promise<void>;
}

export interface CorePorts {
  /** Starts the sandbox service process. Electron: utilityProcess; absent (harness, tests): a Node child process. */
  sandbox?: SandboxLauncher;
  cipher: SecretCipher;
  /** Optional until every host provides one; without it, exports answer with a clear refusal. */
  dialog?: DialogPort;
  /** Optional until every host provides one; without it, opening an invoice file answers with a clear refusal. */
  opener?: FileOpener;
}
