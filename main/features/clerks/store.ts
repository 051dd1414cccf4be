/**
 * The clerks on the ledger port (docs/team-ledger.md §2, §6): the `clerk` table, whichever database keeps it —
 * the desk's SQLite (main/ledger/sqlite/clerks.ts over repo.ts) or a team's PostgreSQL
 * (main/ledger/pg/stores/clerks.ts), where every desk of the team sees the same clerks. The PIN is only ever a
 * scrypt hash here (pin.ts). Writes name who made them (`by`); times are ISO 8601 text on both. Types only.
 */
import type { Clerk, ClerkRole } from '../../../shared/ipc/schemas/clerks.js';

export interface StoredClerk extends Clerk {
  pinHash: string;
}

/** Wrong PINs counted for a name typed at sign-in since its last good sign-in, and since when it is locked. */
export interface SignInTries {
  failures: number;
  lockedAt: string | null;
}

export interface ClerkStore {
  count(): Promise<number>;
  activeAdmins(): Promise<number>;
  /** Every clerk without the PIN hash, the active ones first, by name. */
  list(): Promise<Clerk[]>;
  byName(name: string): Promise<StoredClerk | null>;
  byId(id: number): Promise<StoredClerk | null>;
  /** A new active clerk; refuses a name already taken (the table's unique name). */
  insert(clerk: { name: string; role: ClerkRole; pinHash: string }, by: string | null, now: string): Promise<number>;
  setRole(id: number, role: ClerkRole, by: string | null, now: string): Promise<boolean>;
  setActive(id: number, active: boolean, by: string | null, now: string): Promise<boolean>;
  setPin(id: number, pinHash: string, by: string | null, now: string): Promise<boolean>;
  /**
   * Counts one try for the name typed (known or not) before its PIN is checked, unless the name is locked;
   * answers the count and lock after it. Atomic: tries at once, at one desk or several, each count.
   */
  countTry(name: string, now: string): Promise<SignInTries>;
  /** Locks the name; true when this call locked it (false: it was locked already). */
  lock(name: string, now: string): Promise<boolean>;
  /** A good PIN: the count starts again (a lock is not lifted by it). */
  clearTries(name: string): Promise<void>;
  /** An admin lifts the lock and the count; true when there was one. */
  unlock(name: string): Promise<boolean>;
}
