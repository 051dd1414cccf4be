/**
 * What the batch store (stores/batches.ts) cannot say the same way on both databases: how many lines a row's
 * draft holds. The draft is JSON kept as text on both, and each database reads JSON with its own functions —
 * SQLite's json_array_length takes the text and a path, PostgreSQL's a json value (the text cast to json, then
 * -> 'lines'). No spelling serves both: SQLite has no json type to cast to (CAST … AS json would make a number).
 * Null when the draft is null or has no `lines`; the store then counts the row's sheet rows.
 */
import { sql, type RawBuilder } from 'kysely';
import type { LedgerKind } from '../../port.js';

export const draftLineCount: Record<LedgerKind, (draftJson: string) => RawBuilder<number | null>> = {
  sqlite: (draftJson) => sql`json_array_length(${sql.ref(draftJson)}, '$.lines')`,
  postgres: (draftJson) => sql`json_array_length(${sql.ref(draftJson)}::json -> 'lines')`,
};
