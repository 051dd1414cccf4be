/**
 * 测试连接 for the team ledger (docs/team-ledger.md §3): sign in with the saved address and password, read
 * the schema version and check the role's rights on the shared tables, and which rights moving a desk's
 * ledger in would need that it lacks (named: a table or sequence and the privilege) — and classify every failure into one
 * key the clerk can act on (server unreachable, TLS refused or untrusted, wrong password, database missing,
 * role lacks rights, schema newer than this desk). The renderer words each key; `message` is for the log.
 */
import pg from 'pg';
import type { TeamConnectionTestResult, TeamTestOutcome } from '../../../shared/ipc/schemas/team-ledger.js';
import { CaFileUnreadableError, clientConfig, TlsRequiredOffMachineError, type TeamLedgerAddress } from './config.js';
import { LedgerCommitUnknownError, LedgerNotCommittedError } from '../port.js';
import { missingMoveRights } from '../move/rights.js';
import { checkSchemaVersion, latestPgVersion, TeamSchemaNewerError } from './migrate.js';
import { TeamCommitUnknownError } from './transaction.js';

/** Tables a desk writes in everyday work: a role missing one of these rights cannot keep the ledger. */
const EVERYDAY_TABLES = ['issued_invoice', 'issued_invoice_line', 'outbox', 'red_letter_form', 'print_job', 'received_invoice', 'collected_invoice', 'customer', 'product'];

type Params = TeamConnectionTestResult['params'];

/** A failure put into words for the clerk: its key and the params the sentence needs. */
export interface ClassifiedFailure {
  key: Exclude<TeamTestOutcome, 'ok' | 'empty'>;
  params: Params;
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNRESET', 'EPIPE', 'EADDRNOTAVAIL']);
/** SQLSTATEs 57P01–57P03 (admin or crash shutdown, cannot connect now), 53300 (too many connections), class 08 (connection). */
const SERVER_UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);
const CERTIFICATE_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** One key per failure; `unexpected` keeps the server's own code so support can look it up. */
export function classifyTeamFailure(error: unknown): ClassifiedFailure {
  // A transaction that lost its connection (main/ledger/pg/transaction.ts, the port's errors): the connection's failure.
  if (error instanceof LedgerNotCommittedError || error instanceof LedgerCommitUnknownError || error instanceof TeamCommitUnknownError) {
    const cause = classifyTeamFailure(error.cause);
    return cause.key === 'unreachable' || cause.key === 'timeout' ? cause : { key: 'unreachable', params: { reason: 'lost' } };
  }
  if (error instanceof CaFileUnreadableError) return { key: 'caFileUnreadable', params: { file: error.file } };
  if (error instanceof TlsRequiredOffMachineError) return { key: 'tlsOffMachine', params: { host: error.host } };
  if (error instanceof TeamSchemaNewerError) return { key: 'schemaNewer', params: { found: error.foundVersion, code: error.codeVersion } };
  const code = typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : '';
  const message = error instanceof Error ? error.message : String(error);
  // SQLSTATEs of the server (https://www.postgresql.org/docs/current/errcodes-appendix.html).
  // The server is there but takes no work now: starting, shutting down, restarting after a crash, out of
  // connection slots, or it cut the connection — a passing state a desk waits out (team-desk.ts).
  if (SERVER_UNAVAILABLE_CODES.has(code)) return { key: 'serverUnavailable', params: { reason: code } };
  if (code === '28P01') return { key: 'wrongPassword', params: {} };
  if (code === '3D000') return { key: 'databaseMissing', params: {} };
  if (code === '42501') return { key: 'noRights', params: {} };
  // The connection failed (class 08), or the server ended it or is shutting down or starting (57P01–57P03).
  if (/^(08...|57P0[123])$/.test(code)) return { key: 'unreachable', params: { reason: code } };
  // No pg_hba line lets this connection in: without TLS when the server wants it, or not at all.
  if (code === '28000') return /no encryption/i.test(message) ? { key: 'tlsRequired', params: {} } : { key: 'noRights', params: {} };
  if (/does not support SSL/i.test(message)) return { key: 'tlsRefused', params: {} };
  if (CERTIFICATE_CODES.has(code)) return { key: 'tlsUntrusted', params: { reason: code } };
  if (NETWORK_CODES.has(code)) return { key: 'unreachable', params: { reason: code } };
  if (/timeout/i.test(message)) return { key: 'timeout', params: {} };
  // node-postgres' words for a connection that broke, or a client used after it broke.
  if (/terminated unexpectedly|Connection terminated|not queryable/i.test(message)) return { key: 'unreachable', params: { reason: 'closed' } };
  return { key: 'unexpected', params: { reason: code || message.slice(0, 200) } };
}

/** Connects once (not through the pool), reads the schema and the rights, and disconnects. */
export async function testTeamConnection(address: TeamLedgerAddress, password: string): Promise<TeamConnectionTestResult> {
  let client: pg.Client | undefined;
  let serverVersion: string | null = null;
  try {
    client = new pg.Client(clientConfig(address, password, 'fapiao-desk connection test'));
    // A connection the server drops after the answer must not become an unhandled 'error' event.
    client.on('error', () => undefined);
    await client.connect();
    serverVersion = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ?? null;
    const schemaVersion = await checkSchemaVersion(client);
    // What 迁入团队账本 would need of this login that it lacks, named (main/ledger/move/rights.ts).
    const moveIn = { missing: await missingMoveRights(client, schemaVersion !== null) };
    if (schemaVersion === null) {
      return { ok: true, key: 'empty', params: { code: latestPgVersion() }, serverVersion, schemaVersion, message: 'signed in; no team ledger created in this database yet', moveIn };
    }
    const missing = await client.query<{ relname: string }>(
      `SELECT t.name AS relname FROM unnest($1::text[]) AS t (name)
        WHERE to_regclass(t.name) IS NULL OR NOT has_table_privilege(to_regclass(t.name), 'SELECT, INSERT, UPDATE')`,
      [EVERYDAY_TABLES],
    );
    if (missing.rows.length > 0) {
      const tables = missing.rows.map((row) => row.relname).join(', ');
      return { ok: false, key: 'noRights', params: { tables }, serverVersion, schemaVersion, message: `role ${address.user} cannot read and write ${tables}`, moveIn };
    }
    return { ok: true, key: 'ok', params: { version: schemaVersion }, serverVersion, schemaVersion, message: `signed in; team ledger schema ${schemaVersion}`, moveIn };
  } catch (error) {
    const failure = classifyTeamFailure(error);
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, key: failure.key, params: failure.params, serverVersion, schemaVersion: null, message: message.slice(0, 500) };
  } finally {
    await client?.end().catch(() => undefined);
  }
}
