/**
 * SQL pieces the PostgreSQL stores share so that they answer as the desk's SQLite does: a timestamptz read as
 * the ISO 8601 text the desk stores (`2026-11-27T08:00:00.000Z`, UTC, milliseconds).
 */

/** `column` (timestamptz) as the desk's ISO text; NULL stays NULL. */
export const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
