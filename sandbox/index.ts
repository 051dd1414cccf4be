/**
 * The embedded invoice service (docs/architecture.md §6) on 127.0.0.1: the app runs against it when no real service
 * is configured, and tests run against it over real HTTP. All 13 endpoints of the spec (routes.ts →
 * endpoints/), a seeded tax authority of received invoices, and fault knobs for tests. docs/sandbox.md.
 */
import type { AddressInfo } from 'node:net';
import { createAuthenticator, type SandboxCredential } from './auth.js';
import { createControlApi } from './control.js';
import type { SandboxContext } from './context.js';
import { registerCredentialEnterprises, withAgencyAuthorisations } from './endpoints/agency.js';
import { NO_FAULTS, createFaultSwitch, type FaultPlan } from './faults.js';
import { createSandboxServer } from './server.js';
import { openSandboxStore } from './store.js';
import { seedTaxAuthority } from './tax-authority/seeding.js';

export type { SandboxCredential } from './auth.js';
export type { FaultPlan, InjectedFault } from './faults.js';
export { FaultConfig, NO_FAULTS, createFaultPlan, faultPlanFromConfig, seededRandom } from './faults.js';
export { CONTROL_PATH_PREFIX, FAULTS_CONTROL_PATH } from './control.js';
export {
  CERTIFICATION_BATCHES_CONTROL_PATH,
  CERTIFICATION_OUTCOME_CONTROL_PATH,
  COLLECTION_BATCHES_CONTROL_PATH,
  ISSUED_CONTROL_PATH,
  OUTPUT_CONTROL_PATH,
  RECEIVED_BULK_CONTROL_PATH,
  RECEIVED_CONTROL_PATH,
  RECEIVED_STATUS_CONTROL_PATH,
  RED_LETTER_CONTROL_PATH,
  VOID_CONTROL_PATH,
} from './control-routes.js';
export type { ReceivedInvoice } from './tax-authority/types.js';
export { SANDBOX_DB_FILE } from './store.js';
export { SANDBOX_CODES } from './codes.js';

/** The demo enterprise the sandbox authorises by default; the app prefills the seller from it. */
export const DEMO_ENTERPRISE = {
  taxNumber: '91310000MA1FL8XQ5D',
  name: '上海演示科技有限公司',
} as const;

/** Demo credentials: public on purpose, they open nothing but the local sandbox. */
export const DEMO_CREDENTIALS: SandboxCredential = {
  appKey: 'fapiao-desk-demo',
  appSecret: 'sandbox-demo-secret-not-for-production',
  taxNumbers: [DEMO_ENTERPRISE.taxNumber],
};

export const DEFAULT_ISSUE_DELAY_MS = 800;

/** The name the enterprise list gives a configured tax number; only the demo enterprise has a real one. */
function credentialEnterpriseName(taxNumber: string): string {
  return taxNumber === DEMO_ENTERPRISE.taxNumber ? DEMO_ENTERPRISE.name : `沙箱企业 ${taxNumber}`;
}

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
  /** Fault injection; none by default. Build one with createFaultPlan (faults.ts). */
  faults?: FaultPlan;
  /**
   * Test-only: serve the control API (control.ts, POST /sandbox/control/faults) that replaces the fault
   * plan at run time. Off by default, and then its paths answer 404 like any unknown path.
   */
  controlApi?: boolean;
  /**
   * Seed of the deterministic tax authority (received invoices to collect, verify, certify): seeded once
   * per database, for the demo enterprise and every credential's tax numbers; a restart with the same
   * seed keeps the data, a different seed is refused (TaxAuthoritySeedMismatchError).
   */
  seed?: number;
  /** Received invoices seeded per buyer when `seed` is set. Default 5000; tests use a few hundred. */
  seedInvoicesPerBuyer?: number;
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
  if (options.seed !== undefined) {
    const buyers = [DEMO_ENTERPRISE.taxNumber, ...credentials.flatMap((credential) => credential.taxNumbers)].map((taxNumber) => ({
      taxNumber,
      name: credentialEnterpriseName(taxNumber),
    }));
    try {
      seedTaxAuthority(store.db, { seed: options.seed, nowMs: now().getTime(), buyers, invoicesPerBuyer: options.seedInvoicesPerBuyer });
    } catch (error) {
      store.close();
      throw error;
    }
  }
  let baseUrl = '';
  const faults = createFaultSwitch(options.faults ?? NO_FAULTS);
  registerCredentialEnterprises(store.db, credentials, credentialEnterpriseName, now());
  const context: SandboxContext = {
    store,
    db: store.db,
    baseUrl: () => baseUrl,
    credentials,
    seed: options.seed,
    now,
    issueDelayMs: options.issueDelayMs ?? DEFAULT_ISSUE_DELAY_MS,
  };
  const server = createSandboxServer({
    context,
    authenticator: withAgencyAuthorisations(createAuthenticator(credentials, now), store.db),
    faults,
    onError: options.onError ?? ((error) => console.error('[sandbox]', error)),
    ...(options.controlApi ? { control: createControlApi(faults, context) } : {}),
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
