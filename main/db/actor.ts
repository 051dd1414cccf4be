/**
 * Who is acting on a ledger: the signed-in clerk's name, or null (no clerks at the desk, nobody signed in,
 * or the desk itself — the outbox worker finishing work). The clerks feature sets it once per desk, on the
 * desk's connection; writers read it when they write a row, binding it as `created_by` / `updated_by` in the
 * same statement as the row (issue 24 point 5: atomic, no trigger, no second write). A WeakMap keyed by the
 * connection, so repos need no new dependency and a database without clerks (tests, tools) reads null.
 *
 * The ledger port's stores read the same name: the SQLite adapter's through the repos (`actorOf(db)`), the
 * PostgreSQL adapter's through the `actor` the desk hands `createPgLedger` (`() => actorOf(db)` of the
 * desk's own connection), so one sign-in signs the rows on either database.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** What a name is kept for: the desk's connection (any object naming one desk). */
type ActorKey = object;

const actors = new WeakMap<ActorKey, () => string | null>();
/** Names that stand in for the signed-in clerk while some work runs (actingAs), followed through its awaits. */
const standIns = new AsyncLocalStorage<ReadonlyMap<ActorKey, string | null>>();

export function setActor(key: ActorKey, actor: () => string | null): void {
  actors.set(key, actor);
}

/** The name to sign a write with; null when no clerk is acting. */
export function actorOf(key: ActorKey): string | null {
  const stand = standIns.getStore();
  if (stand?.has(key)) return stand.get(key) ?? null;
  return actors.get(key)?.() ?? null;
}

/**
 * Runs `work` signed as `name` instead of whoever is signed in: work the desk finishes later for a clerk (the
 * red invoice the outbox issues from the form a reviewer applied for) is theirs, not the next clerk's at the
 * desk when the answer comes. Synchronous work answers its value; asynchronous work (a ledger transaction
 * body) keeps the name through its awaits, and only its own: other work running meanwhile is not affected.
 */
export function actingAs<T>(key: ActorKey, name: string | null, work: () => T): T {
  const next = new Map(standIns.getStore());
  next.set(key, name);
  return standIns.run(next, work);
}
