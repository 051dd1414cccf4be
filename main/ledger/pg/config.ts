/**
 * From the saved team-ledger address (shared/ipc/schemas/team-ledger.ts) to node-postgres' connection
 * options: TLS per mode, the CA file read here (an unreadable one is its own clear failure), and time
 * limits so that an unreachable server answers within seconds instead of the OS's minutes.
 */
import fs from 'node:fs';
import type { ClientConfig } from 'pg';
import type { TeamLedgerAddress } from '../../../shared/ipc/schemas/team-ledger.js';

export type { TeamLedgerAddress };

/** The CA file named in the settings could not be read. */
export class CaFileUnreadableError extends Error {
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    super(`the CA file ${file} cannot be read`, { cause });
    this.name = 'CaFileUnreadableError';
  }
}

/** How long connecting may take before the desk says the server is unreachable. */
export const CONNECT_TIMEOUT_MS = 8000;

/** `password` may be a function: node-postgres calls it only when the server asks for one (the command's prompt). */
export function clientConfig(address: TeamLedgerAddress, password: ClientConfig['password'], applicationName = 'fapiao-desk'): ClientConfig {
  return {
    host: address.host,
    port: address.port,
    database: address.database,
    user: address.user,
    password,
    ssl: sslOptions(address),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: applicationName,
    keepAlive: true,
  };
}

function sslOptions(address: TeamLedgerAddress): ClientConfig['ssl'] {
  if (address.tls === 'disable') return false;
  // require: encrypted, but any certificate (libpq's sslmode=require does the same).
  if (address.tls === 'require') return { rejectUnauthorized: false };
  let ca: string | undefined;
  if (address.caFile !== null) {
    try {
      ca = fs.readFileSync(address.caFile, 'utf8');
    } catch (error) {
      throw new CaFileUnreadableError(address.caFile, error);
    }
  }
  // verify-full: the chain and the host name are checked (node's default check does both).
  return { rejectUnauthorized: true, servername: address.host, ...(ca === undefined ? {} : { ca }) };
}
