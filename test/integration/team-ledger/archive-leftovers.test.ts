/**
 * `npm run ledger -- archive-enterprise` ended mid-write (issue 34 point 6, docs/recovery.md), as a real
 * process against the real PostgreSQL reached through a slow loopback link (every answer held 100 ms, so the
 * copy is being written for seconds): killed with SIGKILL it leaves its `.part` copy, which the next archive of
 * the same file removes before it writes the archive; ended with SIGTERM it removes its copy itself and says
 * nothing was written.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveEnterprise } from '../../../main/ledger/move/move-out.js';
import { migrateTeamLedger } from '../../../main/ledger/pg/migrate.js';
import { createTeamPool } from '../../../main/ledger/pg/pool.js';
import { createTestDatabase, type TestDatabase } from '../../support/pg.js';
import { tempDir } from '../../support/sample-issuance.js';

const REPO = path.resolve(import.meta.dirname, '../../..');
const ENTERPRISE = '91320100MA1W5T3K8N';
let team: TestDatabase;
let pool: pg.Pool;
let slow: net.Server;
const sockets = new Set<net.Socket>();

/** A loopback link to the server that holds every chunk the server sends for 100 ms. */
function slowLink(target: { host: string; port: number }): Promise<net.Server> {
  return new Promise((resolve) => {
    const server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream);
      upstream.on('data', (chunk: Buffer) => setTimeout(() => client.write(chunk), 100));
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => setTimeout(() => client.destroy(), 100));
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

beforeAll(async () => {
  team = await createTestDatabase();
  pool = createTeamPool(team.address, team.password, { log: () => {} });
  await migrateTeamLedger(pool);
  await pool.query(`INSERT INTO enterprise (environment, tax_number, agency_name) VALUES ('sandbox', $1, '南京归档测试有限公司')`, [ENTERPRISE]);
  slow = await slowLink(team.address);
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => slow?.close(() => resolve()));
  await pool?.end();
  await team?.drop();
});

function startArchive(out: string) {
  const port = (slow.address() as net.AddressInfo).port;
  const args = ['--import', 'tsx', 'scripts/ledger.ts', 'archive-enterprise', '--enterprise', ENTERPRISE, '--out', out, '--host', '127.0.0.1', '--port', String(port), '--database', team.address.database, '--user', team.address.user];
  const child = spawn(process.execPath, args, { cwd: REPO, env: { ...process.env, PGPASSWORD: team.password }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited, stderr: () => stderr };
}

const partsOf = (folder: string) => fs.readdirSync(folder).filter((name) => name.includes('.part'));

describe('an archive ended mid-write', () => {
  it('killed, leaves its .part copy, which the next archive of the file removes', async () => {
    const folder = tempDir('fapiao-archive-kill-');
    const out = path.join(folder, 'archive.db');
    const run = startArchive(out);
    await expect.poll(() => partsOf(folder).length, { interval: 10 }).toBeGreaterThan(0);
    run.child.kill('SIGKILL');
    expect((await run.exited).signal).toBe('SIGKILL');
    expect(partsOf(folder).some((name) => name === `archive.db.${run.child.pid}.part`)).toBe(true);
    expect(fs.existsSync(out)).toBe(false);

    const result = await archiveEnterprise({ pool, enterprise: ENTERPRISE, outFile: out });
    expect(result.tables.find((table) => table.table === 'enterprise')).toEqual({ table: 'enterprise', rows: 1 });
    expect(fs.readdirSync(folder)).toEqual(['archive.db']);
  });

  it('ended by SIGTERM, removes its own copy and says nothing was written', async () => {
    const folder = tempDir('fapiao-archive-term-');
    const out = path.join(folder, 'archive.db');
    const run = startArchive(out);
    await expect.poll(() => partsOf(folder).length, { interval: 10 }).toBeGreaterThan(0);
    run.child.kill('SIGTERM');
    expect(await run.exited).toEqual({ code: 143, signal: null });
    expect(fs.readdirSync(folder)).toEqual([]);
    expect(run.stderr()).toContain(`archive-enterprise ended by SIGTERM: nothing was written to ${out}`);
  });
});
