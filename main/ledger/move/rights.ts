/**
 * What moving a desk's ledger in needs of the connected login, and which of it the login lacks
 * (docs/team-ledger.md §3, §7). Asked of the server for this login as it is — has_table_privilege,
 * has_sequence_privilege, has_schema_privilege — never assumed from a role layout, which administrators
 * change: whatever the grants, the answer names the object and the right that is missing. 测试连接 reports it
 * beside its outcome, and the move refuses before it writes anything.
 *
 * Into a ledger whose schema exists the move reads every moved table (the emptiness check, the figures),
 * inserts into it, and sets each identity sequence past the moved ids (setval: UPDATE on the sequence). Into
 * a database without a team ledger it first creates the schema (CREATE in the schema the tables go to) and,
 * when pg_trgm is missing, that extension (CREATE on the database).
 */
import type { TeamMissingRight } from '../../../shared/ipc/schemas/team-ledger.js';
import type { Queryable } from '../pg/pool.js';
import { MOVED_TABLES } from './tables.js';

export type { TeamMissingRight };

/** Tables with one `id` key: the move sets their sequence past the moved ids (move-in.ts, setSequencePast). */
export const SEQUENCED_TABLES = MOVED_TABLES.filter((table) => table.key.length === 1 && table.key[0] === 'id').map((table) => table.name);

/** The rights the login lacks to move a desk in; empty when it may. `schemaExists`: the team ledger's schema is there. */
export async function missingMoveRights(client: Queryable, schemaExists: boolean): Promise<TeamMissingRight[]> {
  if (!schemaExists) {
    const found = await client.query<TeamMissingRight>(
      `SELECT 'schema' AS object, current_schema() AS name, 'CREATE' AS "right" WHERE NOT has_schema_privilege(current_schema(), 'CREATE')
       UNION ALL
       SELECT 'database', current_database(), 'CREATE'
        WHERE NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AND NOT has_database_privilege(current_database(), 'CREATE')`,
    );
    return found.rows;
  }
  // A table the team ledger lacks is the move's own refusal (schemaMissing), not a right.
  const found = await client.query<TeamMissingRight>(
    `SELECT 'table' AS object, t.name, p.privilege AS "right"
       FROM unnest($1::text[]) AS t (name)
      CROSS JOIN unnest(ARRAY['SELECT', 'INSERT']) AS p (privilege)
      WHERE to_regclass(t.name) IS NOT NULL AND NOT has_table_privilege(to_regclass(t.name), p.privilege)
     UNION ALL
     SELECT 'sequence', s.seq, 'UPDATE'
       FROM (SELECT pg_get_serial_sequence(t.name, 'id') AS seq
               FROM unnest($2::text[]) AS t (name)
              WHERE to_regclass(t.name) IS NOT NULL) s
      WHERE s.seq IS NOT NULL AND NOT has_sequence_privilege(s.seq, 'UPDATE')`,
    [MOVED_TABLES.map((table) => table.name), SEQUENCED_TABLES],
  );
  return found.rows;
}

/**
 * The object a refusal of the server names (SQLSTATE 42501, "permission denied for table …"), for a right the
 * check above did not foresee (a column, a trigger's table); null when the message says no more (or is in
 * another language than the server's English).
 */
export function refusedObject(error: unknown): Pick<TeamMissingRight, 'object' | 'name'> | null {
  if ((error as { code?: unknown } | null)?.code !== '42501') return null;
  const found = /permission denied for (table|sequence|schema|database|relation) ([\w."]+)/i.exec(error instanceof Error ? error.message : '');
  if (!found) return null;
  const object = found[1]!.toLowerCase();
  return { object: object === 'relation' ? 'table' : (object as TeamMissingRight['object']), name: found[2]!.replace(/"/g, '') };
}
