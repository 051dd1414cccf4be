/**
 * Collection runs (spec endpoints 3 and 6): one run is one logical request — one PCH — paged by KSHS
 * until ZHS rows have come, then closed with ZTBZ 0. The PCH and the next KSHS are stored with the pages
 * (the collection store's storePage, in one short ledger transaction after up to PAGES_A_TRANSACTION pages were
 * fetched — a request never runs inside it), so a run cut by a crash or a closed app resumes after restart with
 * the same PCH where it stopped; a page whose answer was lost is asked again with its own KSHS, which the
 * service answers unchanged. Runs are worked one at a time in the background and report progress
 * (rows / ZHS) as events, a step at a time (up to PAGES_A_TRANSACTION pages). 今日同步 collects every kind since the
 * last successful run of that kind.
 */
import { randomBytes } from 'node:crypto';
import type { ServiceClient } from '../../api/client.js';
import { ServiceError, TransportError } from '../../api/errors.js';
import { IpcFailure } from '../../../shared/ipc/index.js';
import type { CollectionRunView } from '../../../shared/ipc/schemas/collection.js';
import { chinaDateTime, compactDay } from './china-time.js';
import { fromCollected, fromMainInformation } from './records.js';
import type { Ledger } from '../../ledger/port.js';
import type { Environment } from '../../../shared/ipc/index.js';
import type { CollectionPreferenceRepo } from './preference-repo.js';
import type { CollectionKind, RunRow, StoredPage } from './store.js';

export const ALL_KINDS: readonly CollectionKind[] = ['01', '03', '08', '14', '31', 'main'];
/** The start of the initial collection (the spec: uncertified invoices since 2017-01-01). */
export const INITIAL_FROM = '20170101000000';
/** Attempts of one page whose outcome was unclear before the run is left to be resumed later. */
const PAGE_ATTEMPTS = 4;
/**
 * Data pages stored in one ledger transaction. Each commit writes again every index page its invoices touched —
 * the unique key (code, number) scatters a page's 200 invoices over as many leaves — so five pages a commit write
 * those leaves once instead of five times: bench collect's store 4.3 → 3.2 s for 50,000 invoices (docs/benchmarks.md
 * §collect). A crash loses at most the four pages fetched and not yet stored, which the run asks again on resume.
 */
export const PAGES_A_TRANSACTION = 5;

export interface CollectionServiceDeps {
  /** The input ledger and its runs (the ledger port's collection store). */
  ledger: Ledger;
  environment: Environment;
  /** Whether 今日同步 runs at start: the desk's own choice, on its SQLite file. */
  preference: CollectionPreferenceRepo;
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
    PCH: run.pch,
    from: run.cjksrq,
    to: run.cjjsrq,
    rows: run.rows_received,
    total: run.total_rows,
    status: run.status,
    failure: storedFailure(run.error),
    updatedAt: run.updated_at,
  };
}

export function createCollectionService(deps: CollectionServiceDeps) {
  const { ledger, environment, preference } = deps;
  const store = ledger.collection;
  const at = () => deps.now().toISOString();
  /** A page and the run's next step, kept together or not at all. */
  const storePage = (page: StoredPage) => ledger.transaction((tx) => tx.collection.storePage(environment, page));
  const queue: number[] = [];
  let working: Promise<void> | null = null;
  let stopping = false;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const report = async (id: number) => {
    const run = await store.run(environment, id);
    if (run) deps.progress(toRunView(run));
  };

  /** One request of the run at KSHS `kshs`: a data page (ZTBZ 1), or the closing one (ZTBZ 0) once the run is closing. */
  const request = (run: RunRow, kshs: number) => {
    const base = { PCH: run.pch, CJKSRQ: run.cjksrq, CJJSRQ: run.cjjsrq, KSHS: kshs, ZTBZ: run.status === 'closing' ? '0' : '1' } as const;
    return run.kind === 'main'
      ? deps.client().collectMainInformation({ GMFSBH: run.enterprise, ...base }).then((p) => ({ ...p, records: p.records.map(fromMainInformation) }))
      : deps
          .client()
          .collectInvoices({ GMFSBH: run.enterprise, ...base, FPLXDM: run.kind, ...(deps.pageSize === undefined ? {} : { FHHS: String(deps.pageSize) }) })
          .then((p) => ({ ...p, records: p.records.map(fromCollected) }));
  };
  type Page = Awaited<ReturnType<typeof request>>;

  /**
   * One step of the run, stored before returning: up to PAGES_A_TRANSACTION data pages, or the closing request.
   * The pages are asked one after the other (each KSHS follows from the last answer) and stored in one
   * transaction with the run's next KSHS; a page that cannot be fetched ends the step after the pages before it
   * are stored, and its error goes on to work()'s retries.
   */
  async function step(run: RunRow): Promise<void> {
    if (run.status === 'closing') {
      // The closing request starts after the last row, so it carries none; any it did carry are kept.
      const page = await request(run, run.next_kshs);
      const records = page.records;
      await ledger.transaction(async (tx) => {
        if (records.length > 0) {
          await tx.collection.storePage(environment, { runId: run.id, PCH: run.pch, enterprise: run.enterprise, records, totalRows: page.totalRows, nextKshs: run.next_kshs + records.length, complete: true, at: at() });
        }
        await tx.collection.finishRun(run.id, 'done', null, at());
      });
      return;
    }
    const pages: Page[] = [await request(run, run.next_kshs)];
    const next = (page: Page) => page.startRow + page.rowsReturned;
    let failure: unknown = null;
    for (let last = pages[0]!; pages.length < PAGES_A_TRANSACTION && last.nextStartRow !== undefined && last.rowsReturned > 0; last = pages[pages.length - 1]!) {
      try {
        pages.push(await request(run, next(last)));
      } catch (error) {
        failure = error;
        break;
      }
    }
    const last = pages[pages.length - 1]!;
    await storePage({
      runId: run.id,
      PCH: run.pch,
      enterprise: run.enterprise,
      records: pages.flatMap((page) => page.records),
      totalRows: last.totalRows,
      nextKshs: next(last),
      complete: last.nextStartRow === undefined,
      at: at(),
    });
    if (failure !== null) throw failure;
  }

  async function work(id: number): Promise<void> {
    let attempts = 0;
    for (;;) {
      if (stopping) return;
      const run = await store.run(environment, id);
      if (!run || run.status === 'done' || run.status === 'failed') return;
      try {
        await step(run);
        attempts = 0;
      } catch (error) {
        if (!(error instanceof TransportError)) {
          if (!(error instanceof ServiceError)) console.error('[collection] run failed', id, error instanceof Error ? error.message : error);
          await store.finishRun(id, 'failed', JSON.stringify(runFailure(error)), at());
          await report(id);
          return;
        }
        attempts += 1;
        if (attempts >= PAGE_ATTEMPTS) {
          // Left running: 今日同步 or the next start resumes it with the same PCH and KSHS. Until then it is
          // stopped, not collecting — said so (collection.errors.stalled), so no view counts it as going on.
          await store.noteRunError(id, JSON.stringify({ key: 'collection.errors.stalled', params: runFailure(error).params }), at());
          await report(id);
          return;
        }
        await store.noteRunError(id, JSON.stringify(runFailure(error)), at());
        await sleep((deps.retryDelayMs ?? 500) * attempts);
        continue;
      }
      await report(id);
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

  async function createRuns(kinds: readonly CollectionKind[], range: (kind: CollectionKind) => Promise<{ from: string; to: string }>): Promise<number[]> {
    const enterprise = deps.enterprise();
    const now = at();
    const ids: number[] = [];
    for (const kind of kinds) {
      const { from, to } = await range(kind);
      const id = await store.createRun(environment, { enterprise, kind, pch: newBatchNumber(), cjksrq: from, cjjsrq: to }, now);
      await report(id);
      ids.push(id);
    }
    return ids;
  }

  /** Unfinished runs of the active enterprise first, so a sync never opens a second PCH beside a cut one. */
  async function resumeUnfinished(): Promise<number[]> {
    const ids = (await store.unfinishedRuns(environment)).map((run) => run.id);
    enqueue(ids);
    return ids;
  }

  return {
    async start(request: { kinds: readonly CollectionKind[]; from: string; to: string }): Promise<number[]> {
      if (request.from > request.to) throw new IpcFailure('VALIDATION_FAILED', 'collection.errors.range');
      const unique = [...new Set(request.kinds)];
      const ids = await createRuns(unique, () => Promise.resolve({ from: `${compactDay(request.from)}000000`, to: `${compactDay(request.to)}235959` }));
      enqueue(ids);
      return ids;
    },
    /** 今日同步: every kind from the end of its last successful run (or the initial collection) to now. */
    async sync(): Promise<number[]> {
      const resumed = await resumeUnfinished();
      const enterprise = deps.enterprise();
      const pendingKinds = new Set((await store.unfinishedRuns(environment)).filter((run) => run.enterprise === enterprise).map((run) => run.kind));
      const to = chinaDateTime(deps.now().getTime());
      const ids = await createRuns(
        ALL_KINDS.filter((kind) => !pendingKinds.has(kind)),
        async (kind) => ({ from: (await store.lastDoneEnd(environment, enterprise, kind)) ?? INITIAL_FROM, to }),
      );
      enqueue(ids);
      return [...resumed, ...ids];
    },
    runs: async (): Promise<CollectionRunView[]> => (await store.recentRuns(environment, deps.enterprise(), 30)).map(toRunView),
    settings: () => ({ syncOnStart: preference.syncOnStart() }),
    setSyncOnStart(on: boolean) {
      preference.setSyncOnStart(on);
      return { syncOnStart: preference.syncOnStart() };
    },
    /** At start-up: resume what a crash or a quit cut short, then 今日同步 when the clerk asked for it. */
    async resume(): Promise<void> {
      if (preference.syncOnStart()) await this.sync();
      else await resumeUnfinished();
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
