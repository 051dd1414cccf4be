/**
 * The standalone sandbox (`npm run sandbox`, which is `node --import tsx sandbox/cli.ts`) as a real child process: it prints its
 * base URL and credentials, answers signed calls, keeps its state in <data>/sandbox.db and stops cleanly
 * on SIGTERM and SIGINT; bad flags give the usage and exit code 2.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createHmacSigner } from '../../../main/api/signer.js';
import { DEMO_CREDENTIALS, DEMO_ENTERPRISE, FAULTS_CONTROL_PATH } from '../../../sandbox/index.js';
import { SANDBOX_DB_FILE } from '../../../sandbox/store.js';
import { sampleIssuance, tempDir } from '../../support/sample-issuance.js';
import { call } from '../../support/sandbox-caller.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');

interface Cli {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

const children: Cli[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const cli of children.splice(0)) {
    if (cli.child.exitCode === null && cli.child.signalCode === null) {
      cli.child.kill('SIGKILL');
      await cli.exited;
    }
  }
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function runCli(args: string[]): Cli {
  // Node itself with tsx as a loader, not the tsx wrapper: the wrapper relays a signal to the script's
  // process and SIGKILLs it (exit 130) unless it hears back within 30 ms — a busy machine's scheduling,
  // not the sandbox, would then decide how the sandbox stops.
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', ...args], { cwd: ROOT });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const cli = { child, stdout: () => out, stderr: () => err, exited };
  children.push(cli);
  return cli;
}

/** Waits for the printed base URL (or for the process to end, which fails the test with its output). */
async function baseUrlOf(cli: Cli): Promise<string> {
  const printed = new Promise<string>((resolve) => {
    const look = () => {
      const match = /^Base URL:\s+(\S+)$/m.exec(cli.stdout());
      if (match?.[1]) {
        cli.child.stdout.off('data', look);
        resolve(match[1]);
      }
    };
    cli.child.stdout.on('data', look);
    look();
  });
  const ended = cli.exited.then((code) => {
    throw new Error(`sandbox exited with ${String(code)} before printing its URL:\n${cli.stdout()}\n${cli.stderr()}`);
  });
  return Promise.race([printed, ended]);
}

function freshDir(): string {
  const dir = tempDir('fapiao-sandbox-cli-');
  dirs.push(dir);
  return dir;
}

describe('npm run sandbox (sandbox/cli.ts)', () => {
  it('prints the base URL and demo credentials, answers signed calls, stops on SIGTERM with exit 0 and an openable sandbox.db', async () => {
    const dir = freshDir();
    const cli = runCli(['--port', '0', '--data', dir, '--seed', '42']);
    const baseUrl = await baseUrlOf(cli);
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(cli.stdout()).toContain(`AppKey:      ${DEMO_CREDENTIALS.appKey}`);
    expect(cli.stdout()).toContain(`AppSecret:   ${DEMO_CREDENTIALS.appSecret}`);
    expect(cli.stdout()).toContain(DEMO_ENTERPRISE.taxNumber);
    expect(cli.stdout()).toContain('Seed:        42');

    const answer = await call(baseUrl, '/openApi/v4/fp/fpkj', sampleIssuance({ kpzdbs: 'tax-control-server' }));
    expect(answer.body).toMatchObject({ status: true, code: 0, msg: '开具成功' });

    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    const file = path.join(dir, SANDBOX_DB_FILE);
    expect(fs.existsSync(file)).toBe(true);
    const db = new Database(file, { readonly: true });
    expect(db.prepare<[], { count: number }>('SELECT count(*) AS count FROM issued_invoices').get()?.count).toBe(1);
    db.close();
  });

  it('stops on SIGINT with exit 0', async () => {
    const cli = runCli(['--port', '0', '--data', freshDir()]);
    await baseUrlOf(cli);
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
    expect(cli.stdout()).toContain('sandbox: stopped');
  });

  it('--app-key and --app-secret set the credential it accepts, and it prints them', async () => {
    const credential = { appKey: 'my-test-app', appSecret: 'my-test-secret-0123456789' };
    const cli = runCli(['--port', '0', '--data', freshDir(), '--app-key', credential.appKey, '--app-secret', credential.appSecret]);
    const baseUrl = await baseUrlOf(cli);
    expect(cli.stdout()).toContain(`AppKey:      ${credential.appKey}`);
    expect(cli.stdout()).toContain(`AppSecret:   ${credential.appSecret}`);
    expect((await call(baseUrl, '/openApi/agency', undefined, { signer: createHmacSigner(credential) })).body).toMatchObject({ status: true, code: 0 });
    expect((await call(baseUrl, '/openApi/agency')).body).toMatchObject({ status: false, code: 2002 });
  });

  it('--error-rate 1 fails every call with a 5xx; --control serves the control API', async () => {
    const cli = runCli(['--port', '0', '--data', freshDir(), '--error-rate', '1', '--control']);
    const baseUrl = await baseUrlOf(cli);
    expect(cli.stdout()).toContain('errorRate=1');
    expect((await call(baseUrl, '/openApi/agency')).status).toBeGreaterThanOrEqual(500);
    const cleared = await fetch(`${baseUrl}${FAULTS_CONTROL_PATH}`, { method: 'POST', body: '{}' });
    expect(cleared.status).toBe(200);
    expect((await call(baseUrl, '/openApi/agency')).body).toMatchObject({ status: true, code: 0 });
  });

  it.each([
    [['--bogus'], 'Unknown option'],
    [['--port', 'eighty'], '--port must be a whole number'],
    [['--port', '70000'], '--port must be between'],
    [['--error-rate', '1.5'], '--error-rate must be a number from 0 to 1'],
    [['--drop-rate', '0.7', '--malformed-rate', '0.7'], 'dropRate + malformedRate'],
    [['stray'], 'positional'],
  ])('refuses %j with the usage and exit code 2', async (args, message) => {
    const cli = runCli(args);
    expect(await cli.exited).toBe(2);
    expect(cli.stderr()).toContain(message);
    expect(cli.stderr()).toContain('Usage: npm run sandbox');
  });
});
