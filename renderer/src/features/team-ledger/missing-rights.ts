/**
 * Rights a login lacks on the team ledger (shared/ipc/schemas/team-ledger.ts, TeamMissingRight) in the clerk's
 * words, each the object and privilege as PostgreSQL names them — what an administrator needs to GRANT — and
 * a table also by what it holds (ledger.team.move.tables).
 */
import type { TeamMissingRight } from '../../../../shared/ipc/schemas/team-ledger.js';

/** i18next's typed `t` takes literal keys only; table names arrive from main at run time. */
type DynamicT = (key: string, options?: Record<string, unknown>) => string;

export function missingRightsText(missing: readonly TeamMissingRight[], say: DynamicT): string {
  return missing
    .map(({ object, name, right }) => {
      const labelKey = `ledger.team.move.tables.${name}`;
      const label = object === 'table' ? say(labelKey) : labelKey;
      const on = label !== labelKey ? say('ledger.team.move.rights.tableNamed', { name, label }) : say(`ledger.team.move.rights.${object}`, { name });
      return right === null ? say('ledger.team.move.rights.anyRight', { on }) : say('ledger.team.move.rights.right', { on, right });
    })
    .join(say('ledger.team.move.listSeparator'));
}

/** The list main sent with a refusal (details.missing), when it is one. */
export function missingOf(details: unknown): TeamMissingRight[] | null {
  const missing = (details as { missing?: unknown } | null | undefined)?.missing;
  return Array.isArray(missing) ? (missing as TeamMissingRight[]) : null;
}
