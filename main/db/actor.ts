/**
 * Who is acting on a history database: the signed-in clerk's name, or null (no clerks at the desk, nobody
 * signed in, or the desk itself — the outbox worker finishing work). The clerks feature sets it once per
 * database; repos read it when they write a row, binding it as `created_by` / `updated_by` in the same
 * statement as the row (issue 24 point 5: atomic, no trigger, no second write). A WeakMap keyed by the
 * connection, so repos need no new dependency and a database without clerks (tests, tools) reads null.
 */
import type { Db } from './open.js';

const actors = new WeakMap<Db, () => string | null>();
const standIns = new WeakMap<Db, string | null>();

export function setActor(db: Db, actor: () => string | null): void {
  actors.set(db, actor);
}

/** The name to sign a write with; null when no clerk is acting. */
export function actorOf(db: Db): string | null {
  if (standIns.has(db)) return standIns.get(db) ?? null;
  return actors.get(db)?.() ?? null;
}

/**
 * Runs synchronous `work` signed as `name` instead of whoever is signed in: work the desk finishes later for
 * a clerk (the red invoice the outbox issues from the form a reviewer applied for) is theirs, not the next
 * clerk's at the desk when the answer comes.
 */
export function actingAs<T>(db: Db, name: string | null, work: () => T): T {
  const outer = standIns.has(db) ? { name: standIns.get(db) ?? null } : null;
  standIns.set(db, name);
  try {
    return work();
  } finally {
    if (outer) standIns.set(db, outer.name);
    else standIns.delete(db);
  }
}
