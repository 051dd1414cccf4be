/**
 * Ports: the Electron-only capabilities the core needs, as plain interfaces (docs/architecture.md §1).
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
  /** Asks for any number of existing files (intake's picker); empty when they cancel. Hosts without it fall back to one file. */
  chooseOpenPaths?(filters: FileFilter[]): Promise<string[]>;
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

/** A printer as the system lists it. */
export interface PrinterInfo {
  name: string;
  isDefault: boolean;
  /** idle / printing: accepts jobs; stopped: the queue is paused or the device is offline. */
  state: 'idle' | 'printing' | 'stopped' | 'unknown';
  /** The system's own words on the state (e.g. CUPS's reason), for the clerk. */
  detail?: string;
}

export interface PrintRequest {
  printer: string;
  /** The ready PDF (main/features/print/pdf.ts), one page per sheet. */
  pdf: Uint8Array;
  /** Job name shown in the printer's queue. */
  title: string;
  /** The sheet: 240 × 140 mm for the invoice forms, 210 × 297 mm for the goods list. */
  paper: { widthMm: number; heightMm: number };
  copies: number;
}

/** Why a printer did not take a job: a stable cause the renderer words for the clerk. */
export type PrinterFailureCause = 'missing' | 'offline' | 'refused';

export class PrinterError extends Error {
  constructor(
    readonly printer: string,
    readonly reason: PrinterFailureCause,
    /** The system's own message (lp's stderr, Electron's failure reason), kept for the log. */
    readonly detail: string,
  ) {
    super(`printer ${printer} ${reason}: ${detail}`);
    this.name = 'PrinterError';
  }
}

/**
 * The printers of the machine. Electron: webContents.getPrintersAsync / print (main/electron/printer.ts).
 * Linux and macOS hosts, the harness and the tests: CUPS `lpstat` / `lp` (main/features/print/cups.ts).
 * `print` resolves once the printer's queue has accepted the job, with the queue's job id.
 */
export interface PrinterPort {
  readonly backend: string;
  list(): Promise<PrinterInfo[]>;
  /** Rejects with a PrinterError when the printer is missing, offline or refuses the job. */
  print(request: PrintRequest): Promise<{ jobId: string }>;
}

/**
 * Desktop notifications shown while the desk is open (deadline warnings, main/features/statistics).
 * Electron: `Notification` (main/electron/notifier.ts); the harness and the tests keep what was shown.
 */
export interface NotificationPort {
  show(notification: { title: string; body: string }): void;
}

export interface CorePorts {
  /** Starts the sandbox service process. Electron: utilityProcess; absent (harness, tests): a Node child process. */
  sandbox?: SandboxLauncher;
  cipher: SecretCipher;
  /** Optional until every host provides one; without it, exports answer with a clear refusal. */
  dialog?: DialogPort;
  /** Optional until every host provides one; without it, opening an invoice file answers with a clear refusal. */
  opener?: FileOpener;
  /** Optional until every host provides one; without it, printing answers with a clear refusal. */
  printer?: PrinterPort;
  /** Optional: without it a deadline warning is only shown in the window (the dashboard and the event). */
  notifier?: NotificationPort;
  /** Remembers the data folder the clerk opened from the recovery screen, for the next start (Electron). */
  dataFolder?: { remember(dir: string): void };
}
