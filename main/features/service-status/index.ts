/**
 * The service-status feature: is the invoice service answering? It follows the embedded sandbox's
 * process (an exit is known at once, a restart too) and polls the service address lightly (any HTTP
 * answer counts as reachable; a refused, reset or timed-out connection does not), pushes every change as
 * `service:statusChanged` for the app shell's 服务不可达 banner, and answers 'service:reconnect' (重新启动服务)
 * by starting the sandbox process again when it died — or, when it runs but answers nothing (hung), by ending
 * it (SIGTERM, then SIGKILL) and starting it again — and checking at once; the answer says what it did. When the service
 * answers again the outbox is woken, so pending work resumes without waiting out its backoff.
 * Nothing is lost meanwhile: calls fail as NETWORK errors and the outbox keeps its rows.
 */
import type { ServiceStatus } from '../../../shared/ipc/channels/service.js';
import type { IpcRouter } from '../../ipc/router.js';
import type { SandboxService } from '../../sandbox-service/service.js';
import type { Feature, FeatureDeps } from '../feature.js';

export interface ServiceStatusDeps extends Pick<FeatureDeps, 'environment' | 'kick' | 'emit' | 'now'> {
  baseUrl: string;
  /** The sandbox process handle when the app runs on the embedded sandbox. */
  sandbox?: SandboxService | undefined;
  /** Poll period (ms); default 10 s for the sandbox, 30 s for a live service. */
  pollMs?: number;
  /** How long one probe may take (ms). */
  probeTimeoutMs?: number;
}

export interface ServiceStatusApi {
  status(): ServiceStatus;
  /** Probes now and returns the new status. */
  check(): Promise<ServiceStatus>;
}

export function createServiceStatusFeature(deps: ServiceStatusDeps): Feature<ServiceStatusApi> {
  const { sandbox } = deps;
  const pollMs = deps.pollMs ?? (sandbox ? 10_000 : 30_000);
  const probeTimeoutMs = deps.probeTimeoutMs ?? 5_000;
  let status: ServiceStatus = {
    environment: deps.environment,
    state: 'reachable',
    cause: null,
    since: deps.now().toISOString(),
    canRestart: sandbox !== undefined,
    reconnect: null,
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  let unsubscribe: (() => void) | undefined;
  let stopped = false;

  const set = (state: ServiceStatus['state'], cause: ServiceStatus['cause']) => {
    if (status.state === state && status.cause === cause) return;
    const wasReachable = status.state === 'reachable';
    status = { ...status, state, cause, since: deps.now().toISOString() };
    deps.emit('service:statusChanged', status);
    // Back again: wake the outbox so pending rows go now rather than after their backoff.
    if (state === 'reachable' && !wasReachable) deps.kick();
  };

  /** Any HTTP answer means something listens and speaks HTTP there; only a network failure is "unreachable". */
  async function probe(): Promise<boolean> {
    try {
      const response = await fetch(`${deps.baseUrl}/`, { method: 'GET', signal: AbortSignal.timeout(probeTimeoutMs), redirect: 'manual' });
      await response.body?.cancel();
      return true;
    } catch {
      return false;
    }
  }

  async function check(): Promise<ServiceStatus> {
    // While the sandbox process is down or starting, its state says more than a refused connection.
    if (sandbox && sandbox.state !== 'running') {
      set(sandbox.state === 'restarting' ? 'restarting' : 'unreachable', 'sandbox-exited');
      return status;
    }
    const answered = await probe();
    if (stopped) return status;
    if (sandbox && sandbox.state !== 'running') return status;
    set(answered ? 'reachable' : 'unreachable', answered ? null : 'no-answer');
    return status;
  }

  const api: ServiceStatusApi = { status: () => status, check };

  /** 重新启动服务: whatever it takes to get an answer again, and what that was. */
  async function reconnect(): Promise<NonNullable<ServiceStatus['reconnect']>['did']> {
    if (!sandbox) return 'checked';
    try {
      if (sandbox.state !== 'running') {
        // A failed start leaves the state 'unreachable' and schedules another attempt; the clerk sees it.
        await sandbox.restart();
        return 'started';
      }
      // Running: answering, or hung (a process alive that answers nothing) — then it is ended and started anew.
      if (await probe()) return 'answering';
      set('restarting', 'no-answer');
      const { ended } = await sandbox.replace();
      return ended === 'killed' ? 'killed' : ended === 'terminated' ? 'ended' : 'started';
    } catch (error) {
      console.error('[service-status] restarting the sandbox failed', error);
      return 'failed';
    }
  }

  return {
    name: 'service-status',
    api,
    registerIpc(router: IpcRouter) {
      router.handle('service:status', () => status);
      router.handle('service:reconnect', async () => {
        const did = await reconnect();
        status = { ...status, reconnect: { at: deps.now().toISOString(), did } };
        await check();
        // The state may not have changed (a hung sandbox replaced within one poll): what was done is news anyway.
        deps.emit('service:statusChanged', status);
        return status;
      });
    },
    start() {
      unsubscribe = sandbox?.onStateChange((state) => {
        if (state === 'down') set('unreachable', 'sandbox-exited');
        else if (state === 'restarting') set('restarting', 'sandbox-exited');
        else if (state === 'running') void check();
      });
      timer = setInterval(() => void check(), pollMs);
      timer.unref();
    },
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      unsubscribe?.();
    },
  };
}
