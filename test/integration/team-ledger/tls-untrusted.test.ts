/**
 * 测试连接 with verify-full against a server whose certificate is not trusted (self-signed, or issued for
 * another name). This machine's PostgreSQL runs without TLS and must not be reconfigured, so the server
 * here answers PostgreSQL's SSLRequest with 'S' and then does a real TLS handshake with a certificate made
 * by openssl — the part of the protocol the desk's check is about.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTeamConnection } from '../../../main/ledger/pg/connection-test.js';

let dir: string;
let server: net.Server;
let port: number;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fapiao-team-tls-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=ledger.example.com', '-addext', 'subjectAltName=DNS:ledger.example.com', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
  const context = tls.createSecureContext({ key: fs.readFileSync(path.join(dir, 'key.pem')), cert: fs.readFileSync(path.join(dir, 'cert.pem')) });
  server = net.createServer((socket) => {
    socket.once('data', () => {
      // The SSLRequest (8 bytes): yes, TLS — then the handshake with the untrusted certificate.
      socket.write('S');
      const secure = new tls.TLSSocket(socket, { isServer: true, secureContext: context });
      secure.on('error', () => socket.destroy());
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const address = () => ({ host: '127.0.0.1', port, database: 'fapiao', user: 'clerk', tls: 'verify-full' as const, caFile: null });

describe('测试连接 with a certificate the desk cannot trust', () => {
  it('says the certificate is not trusted when no CA file vouches for it', async () => {
    expect(await testTeamConnection(address(), 'x')).toMatchObject({ ok: false, key: 'tlsUntrusted', params: { reason: 'DEPTH_ZERO_SELF_SIGNED_CERT' } });
  });

  it('says so too when the CA file vouches for it but it was issued for another server name', async () => {
    const result = await testTeamConnection({ ...address(), caFile: path.join(dir, 'cert.pem') }, 'x');
    expect(result).toMatchObject({ ok: false, key: 'tlsUntrusted', params: { reason: 'ERR_TLS_CERT_ALTNAME_INVALID' } });
  });
});
