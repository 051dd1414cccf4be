/**
 * The collection store of the SQLite ledger (main/features/collection/store.ts) over the feature's
 * synchronous repos — repo.ts (pages, runs: its one-statement search documents and everything the collect
 * bench measures, unchanged), ledger-repo.ts and period-repo.ts. Those are bound to one environment, so
 * each environment's repos are prepared once, when first used, and every call is settled at once.
 */
import type { Db } from '../../db/open.js';
import { createLedgerRepo } from '../../features/collection/ledger-repo.js';
import { createPeriodRepo } from '../../features/collection/period-repo.js';
import { createCollectionRepo } from '../../features/collection/repo.js';
import type { CollectionStore } from '../../features/collection/store.js';
import type { Environment } from '../../../shared/ipc/index.js';
import { settledCall } from './settled.js';

function repos(db: Db, environment: Environment) {
  return { runs: createCollectionRepo(db, environment), ledger: createLedgerRepo(db, environment), period: createPeriodRepo(db, environment) };
}
type Repos = ReturnType<typeof repos>;

/** The repos of each environment, prepared on first use and shared by every store of the ledger. */
export function sqliteCollectionRepos(db: Db): (environment: Environment) => Repos {
  const prepared = new Map<Environment, Repos>();
  return (environment) => {
    let found = prepared.get(environment);
    if (!found) prepared.set(environment, (found = repos(db, environment)));
    return found;
  };
}

/** `connection()` refuses when the store's transaction has ended (main/ledger/tx-scope.ts). */
export function createSqliteCollectionStore(repoFor: (environment: Environment) => Repos, connection: () => unknown): CollectionStore {
  const on = <T>(environment: Environment, work: (repos: Repos) => T): Promise<T> => settledCall(connection, () => work(repoFor(environment)));
  // Run ids are unique across environments; the sandbox's prepared statements serve a write by id.
  const byId = <T>(work: (repos: Repos) => T): Promise<T> => on('sandbox', work);
  return {
    storePage: (environment, page) => on(environment, (r) => r.runs.storePage(page)),
    updateStatus: (environment, enterprise, updates, source, at) => on(environment, (r) => r.runs.updateStatus(enterprise, updates, source, at)),
    createRun: (environment, run, at) => on(environment, (r) => r.runs.createRun(run, at)),
    run: (environment, id) => on(environment, (r) => r.runs.run(id)),
    unfinishedRuns: (environment) => on(environment, (r) => r.runs.unfinishedRuns()),
    lastDoneEnd: (environment, enterprise, kind) => on(environment, (r) => r.runs.lastDoneEnd(enterprise, kind)),
    recentRuns: (environment, enterprise, limit) => on(environment, (r) => r.runs.recentRuns(enterprise, limit)),
    finishRun: (id, status, error, at) => byId((r) => r.runs.finishRun(id, status, error, at)),
    noteRunError: (id, error, at) => byId((r) => r.runs.noteRunError(id, error, at)),
    page: (environment, enterprise, filter, cursor, limit) => on(environment, (r) => r.ledger.page(enterprise, filter, cursor, limit)),
    totals: (environment, enterprise, filter) => on(environment, (r) => r.ledger.totals(enterprise, filter)),
    all: (environment, enterprise, filter, limit) => on(environment, (r) => r.ledger.all(enterprise, filter, limit)),
    detail: (environment, enterprise, id) => on(environment, (r) => r.ledger.detail(enterprise, id)),
    candidates: (environment, enterprise, ids) => on(environment, (r) => r.ledger.candidates(enterprise, ids)),
    currentWindow: (environment, enterprise) => on(environment, (r) => r.ledger.currentWindow(enterprise)),
    periodSums: (environment, enterprise, period) => on(environment, (r) => r.period.byKind(enterprise, period)),
    certifiedByMonth: (environment, enterprise, from, to) => on(environment, (r) => r.period.certifiedByMonth(enterprise, from, to)),
  };
}
