/**
 * The credential vault (docs/architecture.md §7): app secrets of remote environments and, later, enterprises'
 * tax-bureau passwords, stored only as bytes sealed by the SecretCipher port (safeStorage in Electron,
 * AES-256-GCM in tests). `reveal` exists for main only: nothing the renderer can call returns a secret,
 * and no message produced here ever contains one.
 */
import { IpcFailure } from '../../shared/ipc/index.js';
import type { Db } from '../db/open.js';
import type { SecretCipher } from '../ports.js';
import { createVaultRepo } from './vault-repo.js';

/** Names of the secrets the app keeps; one place so that no two features pick the same name. */
export const SECRET_NAMES = {
  remoteAppSecret: 'remote.appSecret',
  /** The team ledger's PostgreSQL password (docs/team-ledger.md §3). */
  teamLedgerPassword: 'team.password',
  enterpriseIdentityPwd: (taxNumber: string) => `enterprise.${taxNumber}.identityPwd`,
  enterpriseTaxPwd: (taxNumber: string) => `enterprise.${taxNumber}.taxPwd`,
} as const;

/** Longest secret accepted; real ones are far shorter, this only bounds what reaches the cipher. */
export const MAX_SECRET_LENGTH = 4096;

export interface Vault {
  /** Seals and stores (or replaces) a secret. Throws IpcFailure when the cipher refuses (no keyring). */
  set(name: string, value: string): void;
  has(name: string): boolean;
  /** The plain secret, for main only (signing, tax-bureau calls); null when none is stored. */
  reveal(name: string): string | null;
  delete(name: string): boolean;
}

export class SecretUnreadableError extends Error {
  constructor(readonly secretName: string, cause: unknown) {
    // The cause is a cipher error (wrong key, other backend, tampered bytes): it never holds the secret.
    // English for logs: the clerk reads SECRET_UNREADABLE's own text (errors/storage.ts, the renderer's errorHelp).
    super(`stored secret ${secretName} cannot be decrypted; type it again`, { cause });
    this.name = 'SecretUnreadableError';
  }
}

/**
 * Whether a stored secret can no longer be decrypted (keychain changed), so settings asks for it again.
 * Decrypted in main only to learn that; the value goes nowhere. False when none is stored.
 */
export function secretUnreadable(vault: Vault, name: string): boolean {
  try {
    vault.reveal(name);
    return false;
  } catch (error) {
    return error instanceof SecretUnreadableError;
  }
}

export function createVault(db: Db, cipher: SecretCipher, now: () => Date = () => new Date()): Vault {
  const repo = createVaultRepo(db);
  return {
    set(name, value) {
      if (value.length === 0) throw new IpcFailure('VALIDATION_FAILED', 'settings.secretEmpty');
      if (value.length > MAX_SECRET_LENGTH) throw new IpcFailure('VALIDATION_FAILED', 'settings.secretTooLong', { max: MAX_SECRET_LENGTH });
      // Sealed before the transaction-bound write, so a refusing cipher leaves the old value intact.
      const sealed = cipher.encrypt(value);
      repo.put(name, sealed, cipher.backend, now().toISOString());
    },
    has: (name) => repo.has(name),
    reveal(name) {
      const stored = repo.get(name);
      if (!stored) return null;
      try {
        return cipher.decrypt(stored.sealed);
      } catch (error) {
        // IpcFailure from the cipher (keyring unavailable) is already a clear message for the clerk.
        if (error instanceof IpcFailure) throw error;
        throw new SecretUnreadableError(name, error);
      }
    },
    delete: (name) => repo.delete(name),
  };
}
