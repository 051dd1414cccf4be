/**
 * Ports: the Electron-only capabilities the core needs, as plain interfaces (docs/architecture.md §1).
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

/**
 * Native file dialogs. Electron: dialog.showSaveDialog / showOpenDialog. Tests and the harness: a path in
 * a temp folder, and an open path the test sets.
 */
export interface DialogPort {
  /** Asks the clerk where to save; null when they cancel. */
  chooseSavePath(suggestedName: string, filters: FileFilter[]): Promise<string | null>;
  /** Asks the clerk for one existing file to read (an import); null when they cancel. */
  chooseOpenPath(filters: FileFilter[]): Promise<string | null>;
  /**
   * A yes/no question asked by main itself (never by the renderer, which a hostile page could drive):
   * e.g. "send the AppSecret to this new address?". Resolves true only when the clerk said yes.
   * Optional until every host provides one; without it, what needs a confirmation is refused.
   */
  confirm?(question: ConfirmQuestion): Promise<boolean>;
  /** Asks for a folder (another data folder, the backup folder); null when they cancel. Optional like confirm. */
  chooseFolder?(title: string): Promise<string | null>;
}

export interface ConfirmQuestion {
  /** One short line, e.g. '更改开票服务地址'. */
  title: string;
  /** What will happen, in the clerk's words. */
  message: string;
  /** The facts (old and new address…), shown smaller. */
  detail: string;
  /** Label of the button that says yes, e.g. '确认更改'. */
  confirmLabel: string;
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
  cipher: SecretCipher;
  /** Optional until every host provides one; without it, exports answer with a clear refusal. */
  dialog?: DialogPort;
  /** Optional until every host provides one; without it, opening an invoice file answers with a clear refusal. */
  opener?: FileOpener;
  /** Remembers the data folder the clerk opened from the recovery screen, for the next start (Electron). */
  dataFolder?: { remember(dir: string): void };
}
