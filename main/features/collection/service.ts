/**
 * Collection runs (spec endpoints 3 and 6): one run is one logical request — one PCH — paged by KSHS
 * until ZHS rows have come, then closed with ZTBZ 0. The PCH and the next KSHS are stored with every page
 * (repo.storePage, one transaction), so a run cut by a crash or a closed app resumes after restart with
 * the same PCH where it stopped; a page whose answer was lost is asked again with its own KSHS, which the
 * service answers unchanged. Runs are worked one at a time in the background and report progress
 * (rows / ZHS) as events. 今日同步 collects every kind since the last successful run of that kind.
 */
import { randomBytes } from 'node:crypto';
import type { ServiceClient } from '../../api/client.js';
import { ServiceError, TransportError } from '../../api/errors.js';
import { IpcFailure } from '../../../shared/ipc/index.js';
import type { CollectionRunView } from '../../../shared/ipc/schemas/collection.js';
import { chinaDateTime, compactDay } from './china-time.js';
import { fromCollected, fromMainInformation } from './records.js';
import type { CollectionKind, CollectionRepo, RunRow } from './repo.js';

export const ALL_KINDS: readonly CollectionKind[] = ['01', '03', '08', '14', '31', 'main'];
/** The start of the initial collection (the spec: uncertified invoices since 2017-01-01). */
export const INITIAL_FROM = '20170101000000';
/** Attempts of one page whose outcome was unclear before the run is left to be resumed later. */
const PAGE_ATTEMPTS = 4;

export interface CollectionServiceDeps {
  repo: CollectionRepo;
  client: () => ServiceClient;
  /** Tax number of the active enterprise: the buyer (GMFSBH) collected for. */
  enterprise: () => string;
  now: () => Date;
  progress: (run: CollectionRunView) => void;
  /** Wait between attempts of an unclear page (ms); tests shorten it. */
  retryDelayMs?: number;
  /** FHHS of the collection with details: invoices per page (absent: as many as 1000 detail rows hold). */
  pageSize?: number;
}

export function newBatchNumber(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}

type RunFailure = NonNullable<CollectionRunView['failure']>;

/**
 * Why a run failed, as the message key the renderer words (stored as JSON in collection_run.error): the
 * service's refusal with its code and own message, an unreachable service, or a fault of our own.
 */
export function runFailure(error: unknown): RunFailure {
  if (error instanceof ServiceError) return { key: 'errors.service.refused', params: { code: error.code, message: error.serviceMessage } };
  if (error instanceof TransportError) return { key: 'errors.service.unreachable', params: { reason: error.message } };
  return { key: 'errors.internalDetail', params: {} };
}

/** The stored reason back as a key; text stored by an older version is shown as the detail it is. */
function storedFailure(error: string | null): RunFailure | null {
  if (error === null) return null;
  try {
    const parsed = JSON.parse(error) as Partial<RunFailure>;
    if (typeof parsed.key === 'string' && typeof parsed.params === 'object' && parsed.params !== null) return { key: parsed.key, params: parsed.params };
  } catch {
    // Not JSON: an older version's sentence.
  }
  return { key: 'collection.errors.stored', params: { detail: error } };
}

export function toRunView(run: RunRow): CollectionRunView {
  return {
    id: run.id,
    enterprise: run.enterprise,
    kind: run.kind,
    PCH: run.PCH,
    from: run.CJKSRQ,
    to: run.CJJSRQ,
    rows: run.rows_received,
    total: run.total_rows,
    status: run.status,
    failure: storedFailure(run.error),
    updatedAt: run.updated_at,
  };
}

export function createCollectionService(deps: CollectionServiceDeps) {
  const { repo } = deps;
  const at = () => deps.now().toISOString();
  const queue: number[] = [];
  let working: Promise<void> | null = null;
  let stopping = false;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const report = (id: number) => {
    const run = repo.run(id);
    if (run) deps.progress(toRunView(run));
  };

  /** One request of the run: a data page (ZTBZ 1) or the closing one (ZTBZ 0); stored before returning. */
  async function step(run: RunRow): Promise<void> {
    const closing = run.status === 'closing';
    const base = { PCH: run.PCH, CJKSRQ: run.CJKSRQ, CJJSRQ: run.CJJSRQ, KSHS: run.next_kshs, ZTBZ: closing ? '0' : '1' } as const;
    const page =
      run.kind === 'main'
        ? await deps.client().collectMainInformation({ GMFSBH: run.enterprise, ...base }).then((p) => ({ ...p, records: p.records.map(fromMainInformation) }))
        : await deps
            .client()
            .collectInvoices({ GMFSBH: run.enterprise, ...base, FPLXDM: run.kind, ...(deps.pageSize === undefined ? {} : { FHHS: String(deps.pageSize) }) })
            .then((p) => ({ ...p, records: p.records.map(fromCollected) }));
    if (closing) {
      // The closing request starts after the last row, so it carries none; any it did carry are kept.
      if (page.records.length > 0) {
        repo.storePage({ runId: run.id, PCH: run.PCH, enterprise: run.enterprise, records: page.records, totalRows: page.totalRows, nextKshs: run.next_kshs + page.records.length, complete: true, at: at() });
      }
      repo.finishRun(run.id, 'done', null, at());
      return;
    }
    const nextKshs = page.startRow + page.rowsReturned;
    repo.storePage({
      runId: run.id,
      PCH: run.PCH,
      enterprise: run.enterprise,
      records: page.records,
      totalRows: page.totalRows,
      nextKshs,
      complete: page.nextStartRow === undefined,
      at: at(),
    });
  }

  async function work(id: number): Promise<void> {
    let attempts = 0;
    for (;;) {
      if (stopping) return;
      const run = repo.run(id);
      if (!run || run.status === 'done' || run.status === 'failed') return;
      try {
        await step(run);
        attempts = 0;
      } catch (error) {
        if (!(error instanceof TransportError)) {
          if (!(error instanceof ServiceError)) console.error('[collection] run failed', id, error instanceof Error ? error.message : error);
          repo.finishRun(id, 'failed', JSON.stringify(runFailure(error)), at());
          report(id);
          return;
        }
        attempts += 1;
        if (attempts >= PAGE_ATTEMPTS) {
          // Left running: 今日同步 or the next start resumes it with the same PCH and KSHS. Until then it is
          // stopped, not collecting — said so (collection.errors.stalled), so no view counts it as going on.
          repo.noteRunError(id, JSON.stringify({ key: 'collection.errors.stalled', params: runFailure(error).params }), at());
          report(id);
          return;
        }
        repo.noteRunError(id, JSON.stringify(runFailure(error)), at());
        await sleep((deps.retryDelayMs ?? 500) * attempts);
        continue;
      }
      report(id);
    }
  }

  function enqueue(ids: readonly number[]): void {
    for (const id of ids) if (!queue.includes(id)) queue.push(id);
    if (working || queue.length === 0) return;
    working = (async () => {
      // Yield first: `working` must be assigned before the loop can finish and clear it.
      await Promise.resolve();
      while (queue.length > 0 && !stopping) {
        const id = queue[0]!;
        try {
          await work(id);
        } catch (error) {
          console.error('[collection] run failed', id, error instanceof Error ? error.message : error);
        }
        queue.shift();
      }
      working = null;
    })();
  }

  function createRuns(kinds: readonly CollectionKind[], range: (kind: CollectionKind) => { from: string; to: string }): number[] {
    const enterprise = deps.enterprise();
    const now = at();
    return kinds.map((kind) => {
      const { from, to } = range(kind);
      const id = repo.createRun({ enterprise, kind, PCH: newBatchNumber(), CJKSRQ: from, CJJSRQ: to }, now);
      report(id);
      return id;
    });
  }

  /** Unfinished runs of the active enterprise first, so a sync never opens a second PCH beside a cut one. */
  function resumeUnfinished(): number[] {
    const ids = repo.unfinishedRuns().map((run) => run.id);
    enqueue(ids);
    return ids;
  }

  return {
    start(request: { kinds: readonly CollectionKind[]; from: string; to: string }): number[] {
      if (request.from > request.to) throw new IpcFailure('VALIDATION_FAILED', 'collection.errors.range');
      const unique = [...new Set(request.kinds)];
      const ids = createRuns(unique, () => ({ from: `${compactDay(request.from)}000000`, to: `${compactDay(request.to)}235959` }));
      enqueue(ids);
      return ids;
    },
    /** 今日同步: every kind from the end of its last successful run (or the initial collection) to now. */
    sync(): number[] {
      const resumed = resumeUnfinished();
      const enterprise = deps.enterprise();
      const pendingKinds = new Set(repo.unfinishedRuns().filter((run) => run.enterprise === enterprise).map((run) => run.kind));
      const to = chinaDateTime(deps.now().getTime());
      const ids = createRuns(
        ALL_KINDS.filter((kind) => !pendingKinds.has(kind)),
        (kind) => ({ from: repo.lastDoneEnd(enterprise, kind) ?? INITIAL_FROM, to }),
      );
      enqueue(ids);
      return [...resumed, ...ids];
    },
    runs: (): CollectionRunView[] => repo.recentRuns(deps.enterprise(), 30).map(toRunView),
    settings: () => ({ syncOnStart: repo.syncOnStart() }),
    setSyncOnStart(on: boolean) {
      repo.setSyncOnStart(on);
      return { syncOnStart: repo.syncOnStart() };
    },
    /** At start-up: resume what a crash or a quit cut short, then 今日同步 when the clerk asked for it. */
    resume(): void {
      if (repo.syncOnStart()) this.sync();
      else resumeUnfinished();
    },
    /** Settles the run in flight: the page being fetched is stored or not at all. */
    async stop(): Promise<void> {
      stopping = true;
      await working;
    },
    /** Resolves when no run is being worked (tests, the bench). */
    idle: async (): Promise<void> => {
      while (working) await working;
    },
  };
}

export type CollectionService = ReturnType<typeof createCollectionService>;
