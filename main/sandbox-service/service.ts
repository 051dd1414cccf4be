/**
 * The app's handle on the sandbox service process: starts it through a SandboxLauncher, waits for its
 * `ready` (address and demo credentials), notices when it dies and starts it again on the same port (with
 * backoff, so a sandbox that cannot start does not spin), and stops it on close. Everything else the app
 * does with the sandbox goes over HTTP to `baseUrl`, exactly as with a live service.
 */
import { parseChildMessage, type SandboxReady, type SandboxServiceConfig } from '../../protocol/sandbox-service.js';
import { createNodeSandboxLauncher, type SandboxChild, type SandboxLauncher } from './launcher.js';

/** running: answering; down: the process ended, a restart is due; restarting: a new process is starting; stopped: closed. */
export type SandboxServiceState = 'running' | 'down' | 'restarting' | 'stopped';

export interface SandboxService {
  /** e.g. http://127.0.0.1:53211; the same after a restart. */
  readonly baseUrl: string;
  readonly credentials: SandboxReady['credentials'];
  readonly enterprise: SandboxReady['enterprise'];
  /** Process id of the current sandbox process (diagnostics and the crash tests). */
  readonly pid: number | undefined;
  readonly state: SandboxServiceState;
  onStateChange(listener: (state: SandboxServiceState) => void): () => void;
  /** Starts the process again if it is not running; resolves once it answers, rejects if it cannot start. */
  restart(): Promise<void>;
  /**
   * Ends the running process even though it runs — one that hangs (its address answers nothing) — and starts
   * it again: SIGTERM, then SIGKILL when it has not exited within the grace period, each waited for on its exit.
   * Answers how it ended; rejects if the new process cannot start (then the state is down, as after a crash).
   */
  replace(): Promise<{ ended: 'notRunning' | 'terminated' | 'killed' }>;
  /** Stops the process (asks, then kills after a grace period). Safe to call twice. */
  close(): Promise<void>;
}

export interface SandboxServiceOptions {
  /** Start it again by itself when it dies. Default true. */
  autoRestart?: boolean;
  /** Waits before the 1st, 2nd… automatic restart attempt; the last repeats. */
  restartDelaysMs?: readonly number[];
  /** How long a starting process may take to report ready (seeding a new tax authority included). */
  readyTimeoutMs?: number;
  /** How long a stop request may take before the process is killed. */
  stopTimeoutMs?: number;
  /** How long replace() waits for a hung process to exit after SIGTERM (and again after SIGKILL). Default 3 s. */
  endGraceMs?: number;
}

export class SandboxStartError extends Error {
  constructor(message: string) {
    super(`sandbox service could not start: ${message}`);
    this.name = 'SandboxStartError';
  }
}

const DEFAULT_RESTART_DELAYS_MS = [250, 1_000, 2_000, 5_000, 10_000];

function launchOnce(launcher: SandboxLauncher, config: SandboxServiceConfig, timeoutMs: number): Promise<{ child: SandboxChild; ready: SandboxReady }> {
  const child = launcher.launch(config);
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (error: Error | undefined, ready?: SandboxReady) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        child.kill();
        reject(error);
      } else resolve({ child, ready: ready! });
    };
    const timer = setTimeout(() => settle(new SandboxStartError(`no answer within ${timeoutMs} ms`)), timeoutMs);
    child.onMessage((raw) => {
      const message = parseChildMessage(raw);
      if (message?.type === 'ready') settle(undefined, message);
      else if (message?.type === 'failed') settle(new SandboxStartError(message.message));
    });
    child.onExit(({ code, signal }) => settle(new SandboxStartError(`process ended before it was ready (code ${String(code)}, signal ${String(signal)})`)));
  });
}

export async function startSandboxService(
  /** Electron passes its utilityProcess launcher; the harness and the tests leave it to the Node one. */
  launcher: SandboxLauncher | undefined,
  config: SandboxServiceConfig,
  options: SandboxServiceOptions = {},
): Promise<SandboxService> {
  // A process that ends or reports a failure is known at once; this bounds only one that hangs. The window
  // shows the start-up state meanwhile (main/startup/starting-core.ts); a first start seeds its tax
  // authority, ~10 s on a busy two-core machine.
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  const delays = options.restartDelaysMs ?? DEFAULT_RESTART_DELAYS_MS;
  const autoRestart = options.autoRestart ?? true;

  launcher ??= createNodeSandboxLauncher();
  const first = await launchOnce(launcher, config, readyTimeoutMs);
  const { baseUrl, credentials, enterprise } = first.ready;
  // A restart asks for the same port, so the service client's address stays valid.
  const port = Number(new URL(baseUrl).port);
  const listeners = new Set<(state: SandboxServiceState) => void>();
  let state: SandboxServiceState = 'running';
  let child: SandboxChild | undefined;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let restarting: Promise<void> | undefined;
  let closing: Promise<void> | undefined;

  const setState = (next: SandboxServiceState) => {
    if (state === next) return;
    state = next;
    for (const listener of listeners) {
      try {
        listener(next);
      } catch (error) {
        console.error('[sandbox-service] state listener failed', error);
      }
    }
  };

  const scheduleRestart = () => {
    if (!autoRestart || closing || timer) return;
    const wait = delays[Math.min(attempts, delays.length - 1)] ?? 1_000;
    timer = setTimeout(() => {
      timer = undefined;
      restart().catch((error: unknown) => console.error('[sandbox-service]', error instanceof Error ? error.message : error));
    }, wait);
  };

  const adopt = (next: SandboxChild) => {
    child = next;
    next.onExit(({ code, signal }) => {
      if (child !== next || closing) return;
      child = undefined;
      console.error(`[sandbox-service] sandbox process ended (code ${String(code)}, signal ${String(signal)})`);
      setState('down');
      scheduleRestart();
    });
  };
  adopt(first.child);

  function restart(): Promise<void> {
    if (closing) return Promise.reject(new SandboxStartError('the app is closing'));
    if (state === 'running' && child) return Promise.resolve();
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    restarting ??= (async () => {
      setState('restarting');
      attempts += 1;
      try {
        const next = await launchOnce(launcher!, { ...config, port }, readyTimeoutMs);
        if (closing) {
          next.child.kill();
          return;
        }
        adopt(next.child);
        attempts = 0;
        setState('running');
      } catch (error) {
        setState('down');
        scheduleRestart();
        throw error;
      } finally {
        restarting = undefined;
      }
    })();
    return restarting;
  }

  /** Resolves true when `current` has exited within `ms`, false when it has not. */
  const exitWithin = (exited: Promise<void>, ms: number) =>
    new Promise<boolean>((resolve) => {
      const timeout = setTimeout(() => resolve(false), ms);
      void exited.then(() => {
        clearTimeout(timeout);
        resolve(true);
      });
    });

  async function replace(): Promise<{ ended: 'notRunning' | 'terminated' | 'killed' }> {
    if (closing) throw new SandboxStartError('the app is closing');
    const current = child;
    if (!current || state !== 'running') {
      await restart();
      return { ended: 'notRunning' };
    }
    // Forgotten first: its exit is this replacement's, not a crash to restart after.
    child = undefined;
    setState('restarting');
    const exited = new Promise<void>((resolve) => current.onExit(() => resolve()));
    const grace = options.endGraceMs ?? 3_000;
    let ended: 'terminated' | 'killed' = 'terminated';
    current.terminate();
    if (!(await exitWithin(exited, grace))) {
      ended = 'killed';
      current.kill();
      if (!(await exitWithin(exited, grace))) console.error(`[sandbox-service] the hung sandbox process ${String(current.pid)} did not exit after SIGKILL`);
    }
    setState('down');
    await restart();
    return { ended };
  }

  return {
    baseUrl,
    credentials,
    enterprise,
    get pid() {
      return child?.pid;
    },
    get state() {
      return state;
    },
    onStateChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    restart,
    replace,
    close() {
      closing ??= (async () => {
        if (timer) clearTimeout(timer);
        await restarting?.catch(() => undefined);
        const current = child;
        child = undefined;
        if (current) {
          await new Promise<void>((resolve) => {
            const kill = setTimeout(() => {
              current.kill();
              resolve();
            }, options.stopTimeoutMs ?? 5_000);
            current.onExit(() => {
              clearTimeout(kill);
              resolve();
            });
            current.send({ type: 'stop' });
          });
        }
        setState('stopped');
      })();
      return closing;
    },
  };
}
