/**
 * What the clerk store (stores/clerks.ts) does differently on each database, and why.
 *
 * Reading a clerk: both databases keep the count of wrong PINs in `clerk_sign_in_guard` (migrations 0630/0660,
 * 0650), of which a team's desk login may read only the name and since when it is locked; each gathers a clerk's
 * enterprises with its own aggregate (SQLite has no array: json_group_array gives JSON text; PostgreSQL's
 * array_agg an array, NULL over no rows).
 *
 * Checking PINs and writing clerks — the security boundary, which is why it is not written once:
 * - a team's PostgreSQL holds it in the database, where no desk may bypass it (rights/sessions.ts): a PIN is
 *   checked against a bcrypt hash no desk's login can read, by `fapiao_sign_in`, which also gates and counts
 *   wrong tries per name and answers a session token this ledger's connections then carry (pg/session.ts);
 *   every write is one SECURITY DEFINER function that requires an admin's session and hashes a PIN itself;
 * - the desk's SQLite is the desk's own file: the desk checks scrypt hashes (features/clerks/pin.ts) off the
 *   event loop, and holds the same sign-in rule (features/clerks/sign-in-rule.ts) in clerk_sign_in_guard, its
 *   writes plain statements behind main's rights check (features/clerks/authorize.ts). It has no session to open.
 */
import { randomUUID } from 'node:crypto';
import { sql, type AliasableExpression, type ExpressionBuilder, type RawBuilder } from 'kysely';
import type { ClerkRole } from '../../../../shared/ipc/schemas/clerks.js';
import type { AuditStore } from '../../../features/audit/store.js';
import { deriveScryptKey, hashPin, verifyPin } from '../../../features/clerks/pin.js';
import { MAX_WRONG_TRIES, refusalDelayMs } from '../../../features/clerks/sign-in-rule.js';
import type { ClerkStore, OwnPinAnswer, PreparedPin, SignInAnswer, StoredClerk } from '../../../features/clerks/store.js';
import type { LedgerKind } from '../../port.js';
import type { LedgerSchema } from '../schema/index.js';
import type { StoreSql } from '../sql.js';

/** The signed-in clerk's session of a team ledger, as pg/session.ts keeps it. */
export interface ClerkSession {
  token(): string | null;
  set(token: string | null): void;
}

/** What the clerk store (stores/clerks.ts) is given. */
export interface ClerkStoreDeps {
  /** This desk's name, which a team's database writes on the session it opens and on a lockout's event. */
  desk: () => string;
  /** The audit trail of the same transaction: the desk's SQLite records a lockout in it. */
  audit: AuditStore;
  /** The session a sign-in opens on a team ledger (pg/session.ts); the desk's SQLite has none. */
  session?: ClerkSession;
}

/** The store's reads a dialect's sign-in answers with. */
export interface ClerkReads {
  byName(name: string): Promise<StoredClerk | null>;
  byId(id: number): Promise<StoredClerk | null>;
}

/** What checks PINs and writes clerks, per database (the header). */
export type ClerkRights = Omit<ClerkStore, 'count' | 'activeAdmins' | 'list' | 'byName' | 'byId'>;

export interface ClerkDialect {
  /** Since when the clerk's name is locked after wrong PINs (ISO text), NULL when it is not. */
  lockedAt(eb: ExpressionBuilder<LedgerSchema, 'clerk'>): AliasableExpression<string | null>;
  /** The aggregate gathering a clerk's enterprises, ordered by the store. */
  enterpriseList: 'json_group_array' | 'array_agg';
  readEnterprises(stored: string | readonly string[] | null): string[];
  rights(q: StoreSql, deps: ClerkStoreDeps, reads: ClerkReads): ClerkRights;
}

type Refusal = Exclude<SignInAnswer, { ok: true }>;
const LOCKED: Refusal = { ok: false, reason: 'locked', retryAfterMs: null };

// An unknown name is checked against this hash, so it costs the scrypt work of a known one.
let unknownNameHash: Promise<string> | undefined;

/**
 * The desk's tries take turns between the check that a name is neither locked nor waiting and the count of the
 * try: two tries at once (main's lanes keep one name's IPC tries in turn, but a store's callers need not) must
 * not both pass the check before either is counted. The turn holds only statements of the desk's SQLite, which
 * settle at once — never a PIN's scrypt — so it is over within the same turn of the event loop, as the check and
 * the count used to be one synchronous step.
 */
let gate: Promise<unknown> = Promise.resolve();
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const run = gate.then(work);
  gate = run.catch(() => undefined);
  return run;
}

/**
 * The desk's SQLite. A try is counted *before* its PIN is checked, so a crash mid-check still counts, and a
 * good PIN clears the count. After the n-th wrong PIN in a row the name waits refusalDelayMs(n) before its next
 * PIN is even looked at; the fifth locks it, recorded as one `clerk.lockedOut` event, until an admin unlocks it.
 * Unknown names go the same way, their PIN checked against a hash no PIN matches.
 */
function sqliteRights(q: StoreSql, deps: ClerkStoreDeps, reads: ClerkReads): ClerkRights {
  const lockout = () => q.db.selectFrom('clerk_sign_in_guard').select(['failures', 'last_failure', 'locked_at']);
  const pinHashOf = async (id: number) => (await q.first(q.db.selectFrom('clerk').select('pin_hash').where('id', '=', id)))?.pin_hash ?? null;
  const checked = async (id: number | null, pin: string) =>
    verifyPin(pin, (id === null ? null : await pinHashOf(id)) ?? (await (unknownNameHash ??= hashPin(randomUUID()))));
  const changed = async (query: Parameters<StoreSql['write']>[0]) => (await q.write(query)) > 0;
  const update = (id: number, set: { role?: ClerkRole; active?: boolean; pin_hash?: string }, by: string | null, now: string) =>
    changed(q.db.updateTable('clerk').set({ ...set, updated_at: now, updated_by: by }).where('id', '=', id));
  // A statement that reads nothing still goes through the store's connection, which refuses a transaction that has ended.
  const noOp = async () => void (await q.first(q.db.selectNoFrom(sql<number>`1`.as('held'))));

  /** The name's gate and the count of this try (the turn above): a refusal, or the wrong PINs counted with this one. */
  const admit = (name: string) =>
    inTurn(async (): Promise<Refusal | { failures: number }> => {
      const now = Date.now();
      const before = await q.first(lockout().where('name', '=', name));
      if (before?.locked_at) return LOCKED;
      if (before && before.failures > 0) {
        const left = Date.parse(before.last_failure) + refusalDelayMs(before.failures) - now;
        if (left > 0) return { ok: false, reason: 'wait', retryAfterMs: left };
      }
      // One statement: the count goes up only while the name is not locked.
      const counted = await q.first(
        q.db
          .insertInto('clerk_sign_in_guard')
          .values({ name, failures: 1, last_failure: new Date(now).toISOString() })
          .onConflict((oc) =>
            oc
              .column('name')
              .doUpdateSet((eb) => ({ failures: eb('clerk_sign_in_guard.failures', '+', 1), last_failure: eb.ref('excluded.last_failure') }))
              .where('clerk_sign_in_guard.locked_at', 'is', null),
          )
          .returning('failures'),
      );
      return counted ?? LOCKED;
    });

  /** One PIN typed for `name`, by the rule above; `matches` checks it (only when the name may be tried). */
  async function judge(name: string, matches: () => Promise<boolean>): Promise<Refusal | { ok: true }> {
    const admitted = await admit(name);
    if ('ok' in admitted) return admitted;
    if (await matches()) {
      // A good PIN: the count starts again (a lock is not lifted by it).
      await q.write(q.db.deleteFrom('clerk_sign_in_guard').where('name', '=', name).where('locked_at', 'is', null));
      return { ok: true };
    }
    if (admitted.failures < MAX_WRONG_TRIES) {
      // The wait runs from the refusal the clerk reads, not from the count before the PIN was checked: a check that
      // took long (scrypt on a busy machine) must not use up the wait the answer announces.
      const refusedAt = new Date().toISOString();
      await q.write(q.db.updateTable('clerk_sign_in_guard').set({ last_failure: refusedAt }).where('name', '=', name).where('locked_at', 'is', null));
      return { ok: false, reason: 'pin', retryAfterMs: refusalDelayMs(admitted.failures) };
    }
    const locked = q.db.updateTable('clerk_sign_in_guard').set({ locked_at: new Date().toISOString() }).where('name', '=', name).where('locked_at', 'is', null);
    if (await changed(locked)) {
      const clerk = await reads.byName(name);
      await deps.audit.append({
        action: 'clerk.lockedOut',
        aggregate: 'clerk',
        recordIds: clerk ? [String(clerk.id)] : [],
        detail: { name, failures: admitted.failures, known: clerk !== null },
      });
    }
    return LOCKED;
  }

  return {
    preparePin: async (pin): Promise<PreparedPin> => ({ prepared: await hashPin(pin) }),
    async insert(clerk, by, now) {
      const added = await q.first(
        q.db
          .insertInto('clerk')
          .values({ name: clerk.name, role: clerk.role, pin_hash: clerk.pin.prepared, active: true, created_at: now, created_by: by, updated_at: now, updated_by: by })
          .returning('id'),
      );
      // Wrong PINs counted for the name while nobody had it are not the new clerk's: cleared after the insert,
      // so a refused one (a name taken) clears nothing.
      await q.write(q.db.deleteFrom('clerk_sign_in_guard').where('name', '=', clerk.name));
      return added!.id;
    },
    setRole: (id, role, by, now) => update(id, { role }, by, now),
    setActive: (id, active, by, now) => update(id, { active }, by, now),
    setPin: (id, pin, by, now) => update(id, { pin_hash: pin.prepared }, by, now),
    async setEnterprises(id, enterprises) {
      if (!(await q.first(q.db.selectFrom('clerk').select('id').where('id', '=', id)))) return false;
      // The new list first (OR IGNORE: a listed one already there, or an empty one, is skipped), then the rest
      // goes: should the second statement fail outside a transaction, the clerk is never left with every
      // enterprise. clerks:setEnterprises runs both in one ledger transaction.
      const list = [...enterprises];
      if (list.length > 0) await q.write(q.db.insertInto('clerk_enterprise').orIgnore().values(list.map((enterprise) => ({ clerk_id: id, enterprise }))));
      const rest = q.db.deleteFrom('clerk_enterprise').where('clerk_id', '=', id);
      await q.write(list.length > 0 ? rest.where('enterprise', 'not in', list) : rest);
      return true;
    },
    unlock: (id) => changed(q.db.deleteFrom('clerk_sign_in_guard').where('name', '=', (eb) => eb.selectFrom('clerk').select('name').where('id', '=', id))),
    async signIn(name, pin) {
      const clerk = await reads.byName(name);
      const verdict = await judge(name, () => checked(clerk?.id ?? null, pin));
      if (!verdict.ok) return verdict;
      if (!clerk) return { ok: false, reason: 'pin', retryAfterMs: null };
      if (!clerk.active) return { ok: false, reason: 'inactive', retryAfterMs: null };
      return { ok: true, clerk };
    },
    signOut: noOp,
    sessionHolds: async () => (await noOp(), true),
    async changeOwnPin(id, current, next, now) {
      const clerk = await reads.byId(id);
      if (!clerk) return 'wrong';
      // The current PIN is a try like a sign-in's: someone at a desk left signed in cannot guess it either.
      const verdict = await judge(clerk.name, () => checked(id, current));
      if (!verdict.ok) return verdict.reason === 'wait' ? { wait: verdict.retryAfterMs ?? 1000 } : verdict.reason === 'locked' ? 'locked' : 'wrong';
      await update(id, { pin_hash: next.prepared }, clerk.name, now);
      return 'changed';
    },
  };
}

/** fapiao_sign_in's OUT parameters, under their names (migrations/rights/sessions.ts). */
interface SignInRow {
  status: 'ok' | 'refused' | 'inactive' | 'locked' | 'wait' | 'legacy';
  clerk_id: number | null;
  token: string | null;
  retry_after_ms: number | null;
  legacy: string | null;
}

/**
 * A team's PostgreSQL: every check and write is one of the database's functions (the header). A hash moved in
 * from a desk's SQLite (scrypt) is checked with the key derived here from the PIN and the stored salt, once:
 * the database re-hashes it at that sign-in.
 */
function postgresRights(q: StoreSql, deps: ClerkStoreDeps, reads: ClerkReads): ClerkRights {
  const session = deps.session;
  if (!session) throw new Error("a team ledger's clerk store needs the ledger's session (pg/session.ts)");
  const value = async <T>(call: RawBuilder<T>) => (await q.first(q.db.selectNoFrom(call.as('value'))))!.value;
  const signInRow = async (name: string, pin: string, legacyKey: string | null) =>
    (await q.first(
      q.db
        .selectFrom(sql<SignInRow>`fapiao_sign_in(${name}, ${pin}, ${deps.desk()}, ${legacyKey})`.as('s'))
        .select(['status', 'clerk_id', 'token', 'retry_after_ms', 'legacy']),
    ))!;
  return {
    preparePin: (pin) => Promise.resolve({ prepared: pin }),
    insert: (clerk, by, now) => value(sql<number>`fapiao_clerk_add(${clerk.name}, ${clerk.role}, ${clerk.pin.prepared}, ${by}, ${now})`),
    setRole: (id, role, by, now) => value(sql<boolean>`fapiao_clerk_set_role(${id}, ${role}, ${by}, ${now})`),
    setActive: (id, active, by, now) => value(sql<boolean>`fapiao_clerk_set_active(${id}, ${active}, ${by}, ${now})`),
    setPin: (id, pin, by, now) => value(sql<boolean>`fapiao_clerk_set_pin(${id}, ${pin.prepared}, ${by}, ${now})`),
    setEnterprises: (id, enterprises) => value(sql<boolean>`fapiao_clerk_set_enterprises(${id}, ${enterprises})`),
    unlock: (id) => value(sql<boolean>`fapiao_clerk_unlock(${id})`),
    async signIn(name, pin): Promise<SignInAnswer> {
      let answer = await signInRow(name, pin, null);
      if (answer.status === 'legacy' && answer.legacy) answer = await signInRow(name, pin, await deriveScryptKey(pin, answer.legacy));
      if (answer.status === 'ok' && answer.token && answer.clerk_id !== null) {
        session.set(answer.token);
        const clerk = await reads.byId(answer.clerk_id);
        if (clerk) return { ok: true, clerk };
      }
      const reason = answer.status === 'inactive' || answer.status === 'locked' || answer.status === 'wait' ? answer.status : 'pin';
      return { ok: false, reason, retryAfterMs: answer.retry_after_ms };
    },
    async signOut() {
      if (session.token() === null) return;
      try {
        await value(sql<null>`fapiao_sign_out()`);
      } finally {
        // Even when the server could not be told: this desk no longer presents the token.
        session.set(null);
      }
    },
    sessionHolds: async () => session.token() !== null && (await value(sql<boolean>`(fapiao_actor()).clerk_id IS NOT NULL`)),
    async changeOwnPin(_id, current, next, now): Promise<OwnPinAnswer> {
      const answer = (await q.first(
        q.db
          .selectFrom(sql<{ status: 'changed' | 'wrong' | 'locked' | 'wait'; retry_after_ms: number | null }>`fapiao_change_own_pin(${current}, ${next.prepared}, ${now})`.as('c'))
          .select(['status', 'retry_after_ms']),
      ))!;
      if (answer.status === 'locked') session.set(null);
      return answer.status === 'wait' ? { wait: answer.retry_after_ms ?? 1000 } : answer.status;
    },
  };
}

/** Since when a clerk's name is locked, NULL if it is not: the same table on both databases. */
const lockedAt: ClerkDialect['lockedAt'] = (eb) => eb.selectFrom('clerk_sign_in_guard as g').select('g.locked_at').whereRef('g.name', '=', 'clerk.name').$asScalar();

const sqlite: ClerkDialect = {
  lockedAt,
  enterpriseList: 'json_group_array',
  readEnterprises: (stored) => JSON.parse(stored as string) as string[],
  rights: sqliteRights,
};

const postgres: ClerkDialect = {
  lockedAt,
  enterpriseList: 'array_agg',
  readEnterprises: (stored) => [...((stored as readonly string[] | null) ?? [])],
  rights: postgresRights,
};

export const clerkDialects: Record<LedgerKind, ClerkDialect> = { sqlite, postgres };
