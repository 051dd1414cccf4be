/**
 * Which team-ledger hosts may go without TLS (issue 34 point 4, shared/ipc/schemas/team-ledger.ts): this machine
 * only — localhost, 127.0.0.0/8, ::1 in its spellings, a Unix socket's folder — and no name that merely looks
 * like one; the connection options refuse TLS off for any other host before a socket is opened.
 */
import { describe, expect, it } from 'vitest';
import { clientConfig, TlsRequiredOffMachineError } from '../../../main/ledger/pg/config.js';
import { isLoopbackHost, TeamLedgerAddress } from '../../../shared/ipc/schemas/team-ledger.js';

describe('hosts that may go without TLS', () => {
  it('are this machine: localhost, 127.0.0.0/8, ::1 and a Unix socket folder', () => {
    for (const host of ['localhost', 'LocalHost', '127.0.0.1', '127.255.0.9', '::1', '[::1]', '0:0:0:0:0:0:0:1', '0::1', '::ffff:127.0.0.1', '/var/run/postgresql', '/tmp']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
  });

  it('are nothing else, however it looks', () => {
    for (const host of ['db.example.com', 'localhost.example.com', '127.0.0.1.example.com', '128.0.0.1', '127.0.0.256', '10.0.0.1', '::', '::2', '1::1', '::ffff:10.0.0.1', 'team-ledger.invalid']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('decides the connection options: TLS off off the machine is refused before any connection', () => {
    const address = TeamLedgerAddress.parse({ host: 'team-ledger.invalid', port: 5432, database: 'fapiao', user: 'desk', tls: 'disable', caFile: null });
    expect(() => clientConfig(address, 'pw')).toThrow(TlsRequiredOffMachineError);
    expect(clientConfig({ ...address, tls: 'require' }, 'pw').ssl).toEqual({ rejectUnauthorized: false });
    expect(clientConfig({ ...address, host: '/var/run/postgresql' }, 'pw')).toMatchObject({ host: '/var/run/postgresql', ssl: false });
  });

  it('a socket folder is a host the settings take; a relative path is not', () => {
    const base = { port: 5432, database: 'fapiao', user: 'desk', tls: 'disable', caFile: null };
    expect(TeamLedgerAddress.safeParse({ ...base, host: '/var/run/postgresql' }).success).toBe(true);
    expect(TeamLedgerAddress.safeParse({ ...base, host: 'var/run/postgresql' }).success).toBe(false);
  });
});
