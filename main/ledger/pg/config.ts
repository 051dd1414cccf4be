/**
 * From the saved team-ledger address (shared/ipc/schemas/team-ledger.ts) to node-postgres' connection
 * options: TLS per mode, the CA file read here (an unreadable one is its own clear failure), and time
 * limits so that an unreachable server answers within seconds instead of the OS's minutes. TLS off is refused
 * here for any server not on this machine (isLoopbackHost), so no connection of the desk, the move or the
 * command sends the ledger and the password in clear over a network, whatever an older version saved.
 */
import fs from 'node:fs';
import type { ClientConfig } from 'pg';
import { isLoopbackHost, type TeamLedgerAddress } from '../../../shared/ipc/schemas/team-ledger.js';

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

/** TLS is off for a server that is not on this machine: nothing is sent to it. */
export class TlsRequiredOffMachineError extends Error {
  constructor(readonly host: string) {
    super(`TLS cannot be off for ${host}: a team ledger off this machine is reached with TLS (require or verify-full); only localhost, 127.0.0.0/8, ::1 or a Unix socket may go without`);
    this.name = 'TlsRequiredOffMachineError';
  }
}

/** Refuses TLS off for a host off this machine (settings' save and every connection ask this). */
export function checkTlsOffMachine(address: Pick<TeamLedgerAddress, 'host' | 'tls'>): void {
  if (address.tls === 'disable' && !isLoopbackHost(address.host)) throw new TlsRequiredOffMachineError(address.host);
}

/** How long connecting may take before the desk says the server is unreachable. */
export const CONNECT_TIMEOUT_MS = 8000;

/** `password` may be a function: node-postgres calls it only when the server asks for one (the command's prompt). */
export function clientConfig(address: TeamLedgerAddress, password: ClientConfig['password'], applicationName = 'fapiao-desk'): ClientConfig {
  checkTlsOffMachine(address);
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
