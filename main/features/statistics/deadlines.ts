/**
 * Deadlines that warn in time while the desk is open: a clock in main checks the active enterprise's
 * certification deadline (GXJZR of the current period, while invoices are left to certify) and the VAT
 * filing deadline, right at start and then every `everyMs`; one that has come within WARN_DAYS is shown
 * once (per enterprise, kind and date) as a desktop notification (NotificationPort) and pushed to the
 * window as `statistics:deadline`. The time is the core's clock (`now`), so tests move it forward
 * instead of waiting days. A failing check (a locked database) is logged and tried at the next tick.
 */
import { nativeText } from '../../../shared/i18n/native-texts.js';
import type { UiLanguage } from '../../../shared/i18n/ui-language.js';
import type { Deadline } from '../../../shared/ipc/schemas/statistics.js';
import type { NotificationPort } from '../../ports.js';

/** Once an hour is enough for a deadline counted in days; tests and the harness shorten it. */
export const DEADLINE_CHECK_MS = 60 * 60_000;

export interface DeadlineWatchDeps {
  check: () => Promise<{ deadlines: Deadline[]; uncertified: number; enterprise: string }>;
  enterpriseName: () => string;
  notifier: NotificationPort | undefined;
  language: () => UiLanguage;
  emit: (payload: { deadline: Deadline; enterprise: string }) => void;
  everyMs?: number;
  log?: (message: string) => void;
}

export function createDeadlineWatch(deps: DeadlineWatchDeps) {
  const shown = new Set<string>();
  let timer: NodeJS.Timeout | undefined;

  async function tick(): Promise<void> {
    let state: Awaited<ReturnType<DeadlineWatchDeps['check']>>;
    try {
      state = await deps.check();
    } catch (error) {
      (deps.log ?? console.warn)(`[statistics] deadline check failed: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    for (const deadline of state.deadlines) {
      if (!deadline.urgent || (deadline.kind === 'certification' && state.uncertified === 0)) continue;
      const key = `${state.enterprise}|${deadline.kind}|${deadline.date}`;
      if (shown.has(key)) continue;
      shown.add(key);
      const language = deps.language();
      const params = { enterprise: deps.enterpriseName(), date: deadline.date, days: deadline.daysLeft, count: state.uncertified };
      const [title, body] =
        deadline.kind === 'certification'
          ? [nativeText('deadlineCertificationTitle', {}, language), nativeText('deadlineCertificationBody', params, language)]
          : [nativeText('deadlineFilingTitle', {}, language), nativeText('deadlineFilingBody', params, language)];
      deps.notifier?.show({ title, body });
      deps.emit({ deadline, enterprise: state.enterprise });
    }
  }

  return {
    async start(): Promise<void> {
      timer = setInterval(() => void tick(), deps.everyMs ?? DEADLINE_CHECK_MS);
      timer.unref();
      await tick();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
    /** Checks now (after a switch of enterprise, a certification, a collection). */
    tick,
  };
}
