/**
 * Which service the core talks to, and the client that talks to it: for the sandbox it starts the sandbox
 * process (sandbox-service/service.ts) with its state under the app's data folder and signs with its demo
 * credentials; for a remote service it signs with the saved key (or a signer the tests pass). Every
 * request goes through the audit log. core.ts calls this once at start and closes the sandbox on close.
 */
import path from 'node:path';
import type { Seller } from '../../shared/rules/issuance-form/index.js';
import type { RequestLogEntry } from '../audit/request-log.js';
import { createAuditedFetch } from '../audit/audit-fetch.js';
import type { CoreConfig } from '../core-config.js';
import type { CorePorts } from '../ports.js';
import { startSandboxService, type SandboxService } from '../sandbox-service/service.js';
import { createServiceClient, type ServiceClient } from './client.js';
import { createHmacSigner, type RequestSigner } from './signer.js';

/** The service as settings or the tests give it; tests may pass their own signer. */
export type ResolvedService =
  | { kind: 'sandbox' }
  | { kind: 'remote'; baseUrl: string; seller: Seller; signer: RequestSigner }
  | { kind: 'remote'; baseUrl: string; seller: Seller; appKey: string; appSecret: string };

export interface ServiceConnection {
  baseUrl: string;
  seller: Seller;
  client: ServiceClient;
  /** The sandbox process when the service is the sandbox; core.ts closes it last. */
  sandbox: SandboxService | undefined;
}

type ConnectConfig = Pick<CoreConfig, 'dataDir' | 'sandboxSeed' | 'sandboxIssueDelayMs' | 'sandboxControlApi' | 'serviceTimeoutMs'>;

async function reach(service: ResolvedService, config: ConnectConfig, ports: Pick<CorePorts, 'sandbox'>, defaultSeed: number) {
  if (service.kind === 'remote') {
    const signer = 'signer' in service ? service.signer : createHmacSigner({ appKey: service.appKey, appSecret: service.appSecret });
    return { baseUrl: service.baseUrl, signer, seller: service.seller, sandbox: undefined };
  }
  // Its own process, state under the app's data folder; a seeded tax authority, so a clerk without an
  // account can collect, verify and certify in the test environment.
  const sandbox = await startSandboxService(ports.sandbox, {
    dataDir: path.join(config.dataDir, 'sandbox'),
    seed: config.sandboxSeed ?? defaultSeed,
    ...(config.sandboxIssueDelayMs === undefined ? {} : { issueDelayMs: config.sandboxIssueDelayMs }),
    ...(config.sandboxControlApi ? { controlApi: true } : {}),
  });
  return { baseUrl: sandbox.baseUrl, signer: createHmacSigner(sandbox.credentials), seller: sandbox.enterprise, sandbox };
}

export async function connectService(
  service: ResolvedService,
  config: ConnectConfig,
  ports: Pick<CorePorts, 'sandbox'>,
  options: { defaultSeed: number; record: (entry: RequestLogEntry) => void },
): Promise<ServiceConnection> {
  const { baseUrl, signer, seller, sandbox } = await reach(service, config, ports, options.defaultSeed);
  const client = createServiceClient({
    baseUrl,
    signer,
    fetch: createAuditedFetch(service.kind, options.record),
    ...(config.serviceTimeoutMs === undefined ? {} : { timeoutMs: config.serviceTimeoutMs }),
  });
  return { baseUrl, seller, client, sandbox };
}
