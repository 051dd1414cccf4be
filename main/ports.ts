/**
 * Ports: the Electron-only capabilities the core needs, as plain interfaces (DESIGN.md §1).
 * `main/electron/` implements them with Electron; tests implement them for real without Electron.
 */

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

/** Native file dialogs. Electron: dialog.showSaveDialog. Tests and the harness: a path in a temp folder. */
export interface DialogPort {
  /** Asks the clerk where to save; null when they cancel. */
  chooseSavePath(suggestedName: string, filters: FileFilter[]): Promise<string | null>;
}

export interface CorePorts {
  cipher: SecretCipher;
  /** Optional until every host provides one; without it, exports answer with a clear refusal. */
  dialog?: DialogPort;
}
