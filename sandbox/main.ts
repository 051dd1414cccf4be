/**
 * The sandbox service's process entry (bundled to dist/sandbox/sandbox-service.cjs, process title
 * `fapiao-sandbox`). The app starts it as a child process — Electron's utilityProcess in the desktop app, a
 * Node child process in the harness and the tests — with one `--config=<json>` argument
 * (protocol/sandbox-service.ts). Once it listens it sends `ready` with its address and demo credentials
 * over the process channel (or prints it as one JSON line when there is none); `failed` when it cannot
 * start. It stops cleanly (server and database closed, exit 0) on `stop`, SIGTERM/SIGINT, or when its
 * parent goes away, so it never outlives the app.
 */
import {
  SANDBOX_CONFIG_FLAG,
  SANDBOX_PROCESS_TITLE,
  isStopMessage,
  type SandboxChildMessage,
  type SandboxServiceConfig,
} from '../protocol/sandbox-service.js';
import { DEMO_CREDENTIALS, DEMO_ENTERPRISE, FaultConfig, faultPlanFromConfig, startSandbox, type RunningSandbox } from './index.js';

process.title = SANDBOX_PROCESS_TITLE;

/** Electron's utilityProcess gives the child `process.parentPort`; typed here so the sandbox needs no electron types. */
interface ParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}
const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;

function tell(message: SandboxChildMessage): void {
  if (parentPort) parentPort.postMessage(message);
  else if (process.send) process.send(message);
  else process.stdout.write(`${JSON.stringify(message)}\n`);
}

function onParentMessage(listener: (message: unknown) => void): void {
  if (parentPort) parentPort.on('message', (event) => listener(event.data));
  else process.on('message', listener);
}

function readConfig(argv: readonly string[]): SandboxServiceConfig {
  const argument = argv.find((arg) => arg.startsWith(SANDBOX_CONFIG_FLAG));
  if (!argument) throw new Error(`missing ${SANDBOX_CONFIG_FLAG}<json>`);
  const config = JSON.parse(argument.slice(SANDBOX_CONFIG_FLAG.length)) as SandboxServiceConfig;
  if (typeof config !== 'object' || config === null || typeof config.dataDir !== 'string' || config.dataDir === '') {
    throw new Error('config.dataDir must name the sandbox state folder');
  }
  return config;
}

function start(config: SandboxServiceConfig): Promise<RunningSandbox> {
  const faults = config.faults === undefined ? undefined : FaultConfig.parse(config.faults);
  return startSandbox({
    dataDir: config.dataDir,
    port: config.port ?? 0,
    credentials: [DEMO_CREDENTIALS, ...(config.credentials ?? [])],
    ...(config.seed === undefined ? {} : { seed: config.seed }),
    ...(config.seedInvoicesPerBuyer === undefined ? {} : { seedInvoicesPerBuyer: config.seedInvoicesPerBuyer }),
    ...(config.issueDelayMs === undefined ? {} : { issueDelayMs: config.issueDelayMs }),
    ...(faults ? { faults: faultPlanFromConfig(faults) } : {}),
    controlApi: config.controlApi === true,
    onError: (error) => process.stderr.write(`[sandbox] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`),
  });
}

let sandbox: RunningSandbox | undefined;
let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  // Exit explicitly: the process channel keeps the event loop alive.
  const exit = (code: number) => process.exit(code);
  (sandbox ? sandbox.close() : Promise.resolve()).then(
    () => exit(0),
    (error: unknown) => {
      process.stderr.write(`[sandbox] error while stopping: ${String(error)}\n`);
      exit(1);
    },
  );
}

onParentMessage((message) => {
  if (isStopMessage(message)) stop();
});
process.on('disconnect', stop);
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

// No top-level await: the bundle is CommonJS.
function main(): void {
  let config: SandboxServiceConfig;
  try {
    config = readConfig(process.argv.slice(2));
  } catch (error) {
    fail(error);
    return;
  }
  start(config).then((running) => {
    sandbox = running;
    if (stopping) return void running.close();
    tell({
      type: 'ready',
      baseUrl: running.baseUrl,
      credentials: { appKey: DEMO_CREDENTIALS.appKey, appSecret: DEMO_CREDENTIALS.appSecret },
      enterprise: { taxNumber: DEMO_ENTERPRISE.taxNumber, name: DEMO_ENTERPRISE.name },
      controlApi: config.controlApi === true,
    });
  }, fail);
}

function fail(error: unknown): void {
  tell({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  // Let the message leave before exiting.
  setImmediate(() => process.exit(1));
}

main();
