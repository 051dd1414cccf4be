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
}
