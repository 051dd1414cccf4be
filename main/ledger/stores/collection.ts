/**
 * The collection store of the ledger port (main/features/collection/store.ts), the one implementation for both
 * databases: the owner of the input ledger — collected_invoice, its lines and change history — and of
 * collection_run. Runs here; a page's invoices and certification outcomes in collection-pages.ts; the ledger's
 * reads in collection-ledger.ts; what truly differs per database in dialects/collection.ts.
 *
 * A run is one logical collection request (PCH) whose next start row (KSHS) is stored with every page in the
 * same transaction, so a run cut by a crash or a closed app resumes exactly after the last page kept. Plain
 * statements on both databases: PostgreSQL's rules (row-level security per enterprise and the statement-level
 * rights triggers of migration 0650) hold them there as before; no definer function is involved. Rows come back as
 * the desk's SQLite has always given them: ids and counts as numbers, times as the ISO text stored.
 */
import type { CollectedInvoice, CollectionStore, RunRow } from '../../features/collection/store.js';
import type { Environment } from '../../../shared/ipc/index.js';
import { collectionWrites } from './collection-pages.js';
import { inputLedgerReads } from './collection-ledger.js';
import type { StoreSql } from './sql.js';

export { isoIssueDate } from './collection-pages.js';

/** A run's columns (a RunRow). */
const RUN = ['id', 'environment', 'enterprise', 'kind', 'pch', 'cjksrq', 'cjjsrq', 'next_kshs', 'total_rows', 'rows_received', 'status', 'error', 'created_at', 'updated_at'] as const;

export function createCollectionStore(q: StoreSql): CollectionStore {
  const writes = collectionWrites(q);
  const runs = (environment: Environment) => q.db.selectFrom('collection_run').select(RUN).where('environment', '=', environment);
  return {
    async storePage(environment, page) {
      const { fresh } = await writes.storeInvoices(environment, page.records, { PCH: page.PCH, at: page.at, enterprise: () => page.enterprise });
      await q.write(
        q.db
          .updateTable('collection_run')
          .set((eb) => ({
            next_kshs: page.nextKshs,
            total_rows: page.totalRows,
            rows_received: eb('rows_received', '+', page.records.length),
            status: page.complete ? 'closing' : 'running',
            error: null,
            updated_at: page.at,
          }))
          .where('id', '=', page.runId),
      );
      return { fresh, updated: page.records.length - fresh };
    },
    updateStatus: (environment, enterprise, updates, source, at) => writes.updateStatus(environment, enterprise, updates, source, at),

    createRun: async (environment, run, at) =>
      (await q.first(
        q.db
          .insertInto('collection_run')
          .values({ environment, enterprise: run.enterprise, kind: run.kind, pch: run.pch, cjksrq: run.cjksrq, cjjsrq: run.cjjsrq, status: 'running', created_at: at, updated_at: at })
          .returning('id'),
      ))!.id,
    run: async (environment, id): Promise<RunRow | null> => (await q.first(runs(environment).where('id', '=', id))) ?? null,
    unfinishedRuns: (environment) => q.all(runs(environment).where('status', 'in', ['running', 'closing']).orderBy('id')),
    lastDoneEnd: async (environment, enterprise, kind) =>
      (
        await q.first(
          q.db
            .selectFrom('collection_run')
            .select('cjjsrq')
            .where('environment', '=', environment)
            .where('enterprise', '=', enterprise)
            .where('kind', '=', kind)
            .where('status', '=', 'done')
            .orderBy(q.bytewise('cjjsrq'), 'desc')
            .limit(1),
        )
      )?.cjjsrq ?? null,
    recentRuns: (environment, enterprise, limit) => q.all(runs(environment).where('enterprise', '=', enterprise).orderBy('id', 'desc').limit(limit)),
    // Run ids are unique across environments: a run is finished or noted by its id alone.
    async finishRun(id, status, error, at) {
      await q.write(q.db.updateTable('collection_run').set({ status, error, updated_at: at }).where('id', '=', id));
    },
    async noteRunError(id, error, at) {
      await q.write(q.db.updateTable('collection_run').set({ error, updated_at: at }).where('id', '=', id));
    },
    ...inputLedgerReads(q),
  };
}

/**
 * Stores collected invoices outside a run — for tools and tests that fill a ledger (the ingest bench, the history
 * search tests): each record is its buyer's (GMFSBH), as collecting for that enterprise would store it. Call it
 * inside a transaction; answers each record's invoice id, in order.
 */
export async function storeCollected(q: StoreSql, environment: Environment, records: readonly CollectedInvoice[], PCH: string, at: string): Promise<number[]> {
  const stored = await collectionWrites(q).storeInvoices(environment, records, { PCH, at, enterprise: (record) => record.GMFSBH ?? '' });
  return records.map((record) => stored.idOf(record));
}
