/**
 * The clerks on the ledger port (docs/team-ledger.md §2, §6): the `clerk` table, whichever database keeps it —
 * the desk's SQLite or a team's PostgreSQL, where every desk of the team sees the same clerks; one implementation
 * for both (main/ledger/stores/clerks.ts), what checks PINs and writes clerks per database in
 * stores/dialects/clerks.ts. A PIN never comes back out of a store: the desk's SQLite keeps a scrypt hash main checks (pin.ts); PostgreSQL keeps a bcrypt hash no
 * desk can read and checks it itself (pg migration 0650), so signing in, checking a PIN and changing one are
 * store calls. Writes name who made them (`by`); times are ISO 8601 text on both. Types only.
 */
import type { Clerk, ClerkRole } from '../../../shared/ipc/schemas/clerks.js';

/** A clerk as a store answers it: never with the PIN or its hash. */
export type StoredClerk = Clerk;

/**
 * A PIN made ready for the store before the transaction that writes it (hashing on the desk takes scrypt's
 * time, which a SQLite transaction body must not wait for): the desk's scrypt hash on SQLite, the PIN itself
 * for PostgreSQL, which hashes it. Only the store that prepared it reads it.
 */
export interface PreparedPin {
  readonly prepared: string;
}

/** Why a sign-in was not let through: a wrong PIN or unknown name, a deactivated clerk, a locked name, a try too soon. */
export type SignInRefusal = 'pin' | 'inactive' | 'locked' | 'wait';

export type SignInAnswer =
  | { ok: true; clerk: StoredClerk }
  /**
   * `retryAfterMs`: after a wrong PIN, how long the name waits before its next try is checked; after 'wait',
   * how long is left. Null when there is nothing to wait for.
   */
  | { ok: false; reason: SignInRefusal; retryAfterMs: number | null };

/** What a signed-in clerk's change of their own PIN came to: the current PIN typed counts as a sign-in try. */
export type OwnPinAnswer = 'changed' | 'wrong' | 'locked' | { wait: number };

export interface ClerkStore {
  count(): Promise<number>;
  activeAdmins(): Promise<number>;
  /** Every clerk, the active ones first, by name. */
  list(): Promise<Clerk[]>;
  byName(name: string): Promise<StoredClerk | null>;
  byId(id: number): Promise<StoredClerk | null>;
  /** The PIN as `insert` and `setPin` take it; call before the transaction. */
  preparePin(pin: string): Promise<PreparedPin>;
  /**
   * A new active clerk; refuses a name already taken (the table's unique name). Wrong PINs counted for the name
   * before it was a clerk's are dropped — a second statement on the desk's SQLite: call inside ledger.transaction.
   */
  insert(clerk: { name: string; role: ClerkRole; pin: PreparedPin }, by: string | null, now: string): Promise<number>;
  setRole(id: number, role: ClerkRole, by: string | null, now: string): Promise<boolean>;
  setActive(id: number, active: boolean, by: string | null, now: string): Promise<boolean>;
  setPin(id: number, pin: PreparedPin, by: string | null, now: string): Promise<boolean>;
  /**
   * Checks name and PIN where the hash is kept, an unknown name at the same cost as a wrong PIN, by one rule on
   * both databases (pg migration 0650's fapiao_sign_in, the desk's in main/ledger/stores/dialects/clerks.ts): wrong PINs
   * are counted per name typed, known or not; after the n-th in a row the name waits 2^(n-1) s before its next
   * PIN is even checked ('wait'); the fifth locks it until an admin unlocks it, as one `clerk.lockedOut` audit
   * event. On a team ledger a success also binds this ledger's connections to the clerk's session, which every
   * rule of the database reads; `signOut` ends it. Not inside a transaction.
   */
  signIn(name: string, pin: string): Promise<SignInAnswer>;
  signOut(): Promise<void>;
  /** Whether the session signIn opened still holds (a team's admin may have deactivated the clerk); true on SQLite. */
  sessionHolds(): Promise<boolean>;
  /** The signed-in clerk's own PIN, after `current` is checked (counted as a sign-in try where the desk keeps the hash). */
  changeOwnPin(id: number, current: string, next: PreparedPin, now: string): Promise<OwnPinAnswer>;
  /**
   * Limits a clerk to these enterprises (tax numbers; none: every one); false when no such clerk. On a team
   * ledger an admin's session is required and the clerk's sessions end, so the limit holds at once. Several
   * statements on the desk's SQLite: call inside ledger.transaction, as clerks:setEnterprises does.
   */
  setEnterprises(id: number, enterprises: readonly string[]): Promise<boolean>;
  /** An admin lifts the lock and the count of wrong PINs of the clerk's name; true when there was one. */
  unlock(id: number): Promise<boolean>;
}
