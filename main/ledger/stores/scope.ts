/**
 * Conditions the stores share over the one schema (schema.ts), written once for both databases.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { EnterpriseScope } from '../../db/enterprise-scope.js';

/**
 * The scope's rows of a table kept per enterprise (main/db/enterprise-scope.ts): the enterprise's own, and for the
 * desk's own enterprise also the rows of none (enterprise NULL). `column` names it when a statement reads the
 * table twice (`s.enterprise`, `t.enterprise`).
 */
export function inScope(scope: EnterpriseScope, column = 'enterprise'): Expression<SqlBool> {
  const enterprise = sql.ref<string | null>(column);
  return scope.own ? sql<SqlBool>`(${enterprise} = ${scope.enterprise} OR ${enterprise} IS NULL)` : sql<SqlBool>`${enterprise} = ${scope.enterprise}`;
}

/** LIKE with the clerk's text taken literally: a % or _ in a name is a character, not a wildcard. */
export const likeArg = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** `column` contains `text` literally (likeArg's escapes, the same ESCAPE on both databases). */
export const contains = (column: string, text: string) => sql<SqlBool>`${sql.ref(column)} LIKE ${likeArg(text)} ESCAPE '\\'`;
