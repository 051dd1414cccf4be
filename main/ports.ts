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

export interface CorePorts {
  cipher: SecretCipher;
}
