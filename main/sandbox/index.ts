/**
 * The embedded invoice service (DESIGN.md §6) on 127.0.0.1: the app runs against it when no real service
 * is configured, and tests run against it over real HTTP. Only issuance is implemented so far; the routing
 * table (routes.ts) already knows all 13 endpoints.
 */
import type { AddressInfo } from 'node:net';
import { createAuthenticator, type SandboxCredential } from './auth.js';
import { NO_FAULTS, type FaultPlan } from './faults.js';
import { createSandboxServer } from './server.js';
import { openSandboxStore } from './store.js';

export type { SandboxCredential } from './auth.js';
export type { FaultPlan, InjectedFault } from './faults.js';
export { SANDBOX_CODES } from './codes.js';

/** The demo enterprise the sandbox authorises by default; the app prefills the seller from it. */
export const DEMO_ENTERPRISE = {
  taxNumber: '91310000MA1FL8XQ5B',
  name: '上海演示科技有限公司',
} as const;

/** Demo credentials: public on purpose, they open nothing but the local sandbox. */
export const DEMO_CREDENTIALS: SandboxCredential = {
  appKey: 'fapiao-desk-demo',
  appSecret: 'sandbox-demo-secret-not-for-production',
  taxNumbers: [DEMO_ENTERPRISE.taxNumber],
};

export const DEFAULT_ISSUE_DELAY_MS = 800;

export interface SandboxOptions {
  /** Only loopback: the sandbox must never be reachable from the network. */
  host?: '127.0.0.1';
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Folder of the sandbox's own database (`sandbox.db`). */
  dataDir: string;
  /** Defaults to [DEMO_CREDENTIALS]. */
  credentials?: SandboxCredential[];
  /** How long an accepted issuance stays pending (ms). Default 800. */
  issueDelayMs?: number;
  /** The sandbox's clock (issue times, delays, signature timestamps). */
  now?: () => Date;
  /** Fault injection; none by default. */
  faults?: FaultPlan;
  /** Seed of the deterministic tax authority (received invoices to collect, verify, certify). */
  seed?: number;
  /** Where unexpected sandbox errors are reported. Default console.error. */
  onError?: (error: unknown) => void;
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:53211 (no trailing slash). */
  baseUrl: string;
  credentials: readonly SandboxCredential[];
  /** Stops listening, drops open (keep-alive) connections, closes the database. Safe to call twice. */
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1';
  const now = options.now ?? (() => new Date());
  const credentials = options.credentials ?? [DEMO_CREDENTIALS];
  const store = openSandboxStore(options.dataDir);
  let baseUrl = '';
  const server = createSandboxServer({
    context: {
      store,
      db: store.db,
      baseUrl: () => baseUrl,
      credentials,
      seed: options.seed,
      now,
      issueDelayMs: options.issueDelayMs ?? DEFAULT_ISSUE_DELAY_MS,
    },
    authenticator: createAuthenticator(credentials, now),
    faults: options.faults ?? NO_FAULTS,
    onError: options.onError ?? ((error) => console.error('[sandbox]', error)),
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    store.close();
    throw error;
  }

  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${host}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    baseUrl,
    credentials,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => {
          store.close();
          resolve();
        });
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
