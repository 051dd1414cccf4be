/**
 * What the app and the sandbox service say to each other about the sandbox *process* (not the invoice
 * service, which is HTTP): the start options the parent passes as one `--config=<json>` argument, the one
 * message the child sends back when it listens (its address and demo credentials) or could not start, and
 * the parent's stop request. Carried over the process channel: `process.send` for a Node child process
 * (harness, tests), `process.parentPort` for Electron's utilityProcess. Plain JSON, checked by hand, so
 * neither side needs the other's code.
 */

/** The sandbox process's title (`ps`, /proc/<pid>/comm) and Electron utilityProcess service name. */
export const SANDBOX_PROCESS_TITLE = 'fapiao-sandbox';

/** The bundled entry, next to dist/main/ (scripts/build-main.mjs). */
export const SANDBOX_BUNDLE_FILE = 'sandbox-service.cjs';

export const SANDBOX_CONFIG_FLAG = '--config=';

export interface SandboxServiceConfig {
  /** Folder of the sandbox's own database (sandbox.db); under the app's data folder. */
  dataDir: string;
  /** 0 picks a free port; a restart asks for the port it had, so the app's address stays valid. */
  port?: number;
  /** Seed of the tax authority (received invoices); none → no tax authority is seeded. */
  seed?: number;
  seedInvoicesPerBuyer?: number;
  /** How long an accepted issuance stays pending (ms). */
  issueDelayMs?: number;
  /** Serve the test-only control API (docs/sandbox.md). Tests and developers only. */
  controlApi?: boolean;
  /** Fault knobs: the control API's fault settings (docs/sandbox.md), `seed` included for repeatable dice. */
  faults?: Record<string, unknown>;
  /** Extra credentials; the demo credential is always accepted. */
  credentials?: { appKey: string; appSecret: string; taxNumbers: string[] }[];
}

export interface SandboxReady {
  type: 'ready';
  /** e.g. http://127.0.0.1:53211 (no trailing slash). */
  baseUrl: string;
  /** The demo credential; public on purpose, it opens nothing but this local sandbox. */
  credentials: { appKey: string; appSecret: string };
  /** The demo enterprise the sandbox authorises: the app's seller in 测试环境. */
  enterprise: { taxNumber: string; name: string };
  controlApi: boolean;
}

export interface SandboxFailed {
  type: 'failed';
  message: string;
}

export type SandboxChildMessage = SandboxReady | SandboxFailed;
export type SandboxParentMessage = { type: 'stop' };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The child's message, or undefined when it is not one (a stray message is ignored, never trusted). */
export function parseChildMessage(value: unknown): SandboxChildMessage | undefined {
  if (!isRecord(value)) return undefined;
  if (value.type === 'failed' && typeof value.message === 'string') return { type: 'failed', message: value.message };
  if (value.type !== 'ready' || !isText(value.baseUrl) || !isRecord(value.credentials) || !isRecord(value.enterprise)) return undefined;
  const { appKey, appSecret } = value.credentials;
  const { taxNumber, name } = value.enterprise;
  if (!isText(appKey) || !isText(appSecret) || !isText(taxNumber) || !isText(name)) return undefined;
  if (!/^http:\/\/127\.0\.0\.1:\d{1,5}$/.test(value.baseUrl)) return undefined;
  return { type: 'ready', baseUrl: value.baseUrl, credentials: { appKey, appSecret }, enterprise: { taxNumber, name }, controlApi: value.controlApi === true };
}

export function isStopMessage(value: unknown): value is SandboxParentMessage {
  return isRecord(value) && value.type === 'stop';
}

export function configArgument(config: SandboxServiceConfig): string {
  return `${SANDBOX_CONFIG_FLAG}${JSON.stringify(config)}`;
}
