/**
 * The audit log of requests sent to the invoice service (table request_log, owned here): what the
 * audited fetch (audit-fetch.ts) and the settings connection test record. Not a feature: every feature's
 * calls pass through it, so core.ts builds it once beside the database.
 */
import type { Db } from '../db/open.js';
import type { Environment } from '../../shared/ipc/index.js';

export interface RequestLogEntry {
  environment: Environment;
  /** `METHOD /path` */
  endpoint: string;
  /** lsh / PCH when the request carries one. */
  serial: string | null;
  outcome: 'answered' | 'refused' | 'timeout' | 'network-error';
  httpStatus: number | null;
  serviceCode: string | null;
  durationMs: number;
}

export function createRequestLogRepo(db: Db) {
  const insertRequest = db.prepare(
    `INSERT INTO request_log (environment, endpoint, serial, outcome, http_status, service_code, duration_ms, at)
     VALUES (@environment, @endpoint, @serial, @outcome, @httpStatus, @serviceCode, @durationMs, @at)`,
  );
  const recentRequests = db.prepare<[Environment, number], RequestLogEntry & { at: string }>(
    `SELECT environment, endpoint, serial, outcome, http_status AS httpStatus, service_code AS serviceCode, duration_ms AS durationMs, at
       FROM request_log WHERE environment = ? ORDER BY at DESC, id DESC LIMIT ?`,
  );
  return {
    recordRequest(entry: RequestLogEntry, at: Date = new Date()): void {
      insertRequest.run({ ...entry, at: at.toISOString() });
    },
    /** Several entries in one transaction (one WAL sync instead of one per request). */
    recordRequests: db.transaction((entries: ReadonlyArray<{ entry: RequestLogEntry; at: Date }>) => {
      for (const { entry, at } of entries) insertRequest.run({ ...entry, at: at.toISOString() });
    }),
    recentRequests: (environment: Environment, limit: number) => recentRequests.all(environment, limit),
  };
}

export type RequestLogRepo = ReturnType<typeof createRequestLogRepo>;
