/**
 * Certification batches and their items (the certification store of the ledger port,
 * main/features/certification/store.ts), the one implementation for both databases: the owner of
 * `certification_batch` and `certification_item`. A batch is stored with its whole request before it is sent
 * (the PCH is the service's idempotency key, unique on both), in the transaction that also enqueues it; the
 * outbox handler moves it on and writes each item's outcome. Rows come back as the desk's SQLite has always
 * given them: ids and counts as numbers, times as ISO text, the valid tax as decimal text ('' when not given —
 * the one thing kept differently, dialects/certification.ts). On PostgreSQL the rules of pg migration 0650 hold
 * every statement here (the `certification` right or the worker's answer, signatures, row-level security by
 * buyer); nothing here goes around them.
 */
import { sql, type Expression } from 'kysely';
import type { CertificationBatchRow, CertificationItemRow, CertificationStore, ItemCounts } from '../../features/certification/store.js';
import type { CertificationResultElement } from '../../../shared/spec/certification.js';
import { chunks } from './batches.js';
import { noValidTax } from './dialects/certification.js';
import type { StoreSql } from './sql.js';

/** A CertificationBatchRow's columns. */
const BATCH = ['id', 'environment', 'pch', 'gmfsbh', 'sqskssq', 'fhhs', 'status', 'ztdm', 'ztxx', 'created_at', 'updated_at'] as const;
/** A CertificationItemRow's columns besides yxse (read through validTax). */
const ITEM = ['fpdm', 'fphm', 'fplxdm', 'sqrzlx', 'rzzt', 'rzrq', 'rzclzt', 'sbyy', 'pczt', 'glzt'] as const;
/** A batch still on its way: its invoices may not be sent again. */
const UNDER_WAY = ['queued', 'submitted', 'processing'] as const;

/** The valid tax as text, '' when not given (NULL on PostgreSQL; the cast makes its NUMERIC text for coalesce). */
const validTax = (column: 'yxse' | 'i.yxse') => sql<string>`coalesce(cast(${sql.ref(column)} as text), '')`.as('yxse');

/** An item's state in the period's counts: rzclzt 4 succeeded, 5 failed, anything else (or none yet) pending. */
const STATE = sql<keyof ItemCounts>`CASE WHEN ${sql.ref('i.rzclzt')} = '4' THEN 'succeeded' WHEN ${sql.ref('i.rzclzt')} = '5' THEN 'failed' ELSE 'pending' END`;

/** The service's outcome of an item as stored, in its columns: no failure reason and an empty GLZT are NULL. */
interface Outcome {
  fpdm: string;
  fphm: string;
  rzzt: string;
  rzrq: string;
  rzclzt: string;
  sbyy: string | null;
  pczt: string;
  glzt: string | null;
}

/**
 * One outcome per invoice, the last the service gave: the desk used to apply them one after another, so a repeated
 * invoice kept its last; one UPDATE … FROM would take any of them.
 */
function outcomes(results: readonly CertificationResultElement[]): Outcome[] {
  const last = new Map<string, Outcome>();
  for (const r of results) {
    last.set(`${r.FPDM}|${r.FPHM}`, { fpdm: r.FPDM, fphm: r.FPHM, rzzt: r.RZZT, rzrq: r.RZRQ, rzclzt: r.RZCLZT, sbyy: r.SBYY ?? null, pczt: r.PCZT, glzt: r.GLZT === '' ? null : r.GLZT });
  }
  return [...last.values()];
}

/**
 * The outcomes as a table of VALUES rows, in the order the CTE names its columns (applyResults). A CTE, not
 * `(VALUES …) AS t(…)`: SQLite cannot name the columns of a VALUES in FROM. Every value is text on both.
 */
const valuesOf = (rows: readonly Outcome[]): Expression<Outcome> =>
  sql<Outcome>`(VALUES ${sql.join(rows.map((r) => sql`(${sql.join([r.fpdm, r.fphm, r.rzzt, r.rzrq, r.rzclzt, r.sbyy, r.pczt, r.glzt])})`))})`;

/** `actor()` names the clerk acting at this desk (null without clerks), signed on the batches it inserts. */
export function createCertificationStore(q: StoreSql, actor: () => string | null): CertificationStore {
  const absent = noValidTax[q.kind];
  const batches = () => q.db.selectFrom('certification_batch').select(BATCH);
  const ofBuyer = () =>
    q.db.selectFrom('certification_item as i').innerJoin('certification_batch as b', 'b.id', 'i.batch_id');

  return {
    async insert(batch, now) {
      const by = actor();
      const created = await q.first(
        q.db
          .insertInto('certification_batch')
          .values({
            environment: batch.environment,
            pch: batch.PCH,
            gmfsbh: batch.GMFSBH,
            sqskssq: batch.SQSKSSQ,
            fhhs: batch.items.length,
            status: 'queued',
            request_json: batch.requestJson,
            created_at: now,
            updated_at: now,
            created_by: by,
            updated_by: by,
          })
          .returning('id'),
      );
      const id = created!.id;
      // A few hundred items (the service asks for fewer than 500): one INSERT each 512 (batches.ts's chunks). On the
      // desk 500 items take about 10 ms against 3.5 ms for the old statement run per item, once per batch sent.
      // A valid tax absent or '' was not given (the service defaults it).
      for (const chunk of chunks(batch.items)) {
        await q.write(
          q.db
            .insertInto('certification_item')
            .values(chunk.map((item) => ({ batch_id: id, fpdm: item.FPDM, fphm: item.FPHM, fplxdm: item.FPLXDM, sqrzlx: item.SQRZLX, yxse: item.YXSE || absent }))),
        );
      }
      return id;
    },
    findByPch: async (pch): Promise<CertificationBatchRow | null> => (await q.first(batches().where('pch', '=', pch))) ?? null,
    list: (environment, gmfsbh, limit): Promise<CertificationBatchRow[]> =>
      q.all(batches().where('environment', '=', environment).where('gmfsbh', '=', gmfsbh).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit)),
    async pendingKeys(environment, gmfsbh) {
      const rows = await q.all(
        ofBuyer().select(['i.fpdm', 'i.fphm']).where('b.environment', '=', environment).where('b.gmfsbh', '=', gmfsbh).where('b.status', 'in', UNDER_WAY),
      );
      return new Set(rows.map((row) => `${row.fpdm}|${row.fphm}`));
    },
    // Failed items not sent again since by the same buyer: the last item of each invoice is the one that counts.
    lastFailed: (environment, gmfsbh) =>
      q.all(
        ofBuyer()
          .select(['i.batch_id', ...ITEM.map((column) => `i.${column}` as const), validTax('i.yxse'), 'b.sqskssq'])
          .where('b.environment', '=', environment)
          .where('b.gmfsbh', '=', gmfsbh)
          .where('i.rzclzt', '=', '5')
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('certification_item as j')
                  .innerJoin('certification_batch as c', 'c.id', 'j.batch_id')
                  .select(sql.lit(1).as('later'))
                  .whereRef('c.environment', '=', 'b.environment')
                  .whereRef('c.gmfsbh', '=', 'b.gmfsbh')
                  .whereRef('j.fpdm', '=', 'i.fpdm')
                  .whereRef('j.fphm', '=', 'i.fphm')
                  .whereRef('j.batch_id', '>', 'i.batch_id'),
              ),
            ),
          )
          .orderBy('i.batch_id')
          .orderBy(q.bytewise('i.fpdm'))
          .orderBy(q.bytewise('i.fphm')),
      ),
    // Resent by the same buyer as the failed batch's: another enterprise certifying that invoice is not a resend.
    resentAfter: async (batchId, fpdm, fphm) =>
      (await q.first(
        ofBuyer()
          .select(sql.lit(1).as('resent'))
          .where('i.batch_id', '>', batchId)
          .where('i.fpdm', '=', fpdm)
          .where('i.fphm', '=', fphm)
          .where('b.gmfsbh', '=', (eb) => eb.selectFrom('certification_batch as f').select('f.gmfsbh').where('f.id', '=', batchId))
          .limit(1),
      )) !== undefined,
    async countsFor(environment, gmfsbh, period) {
      const rows = await q.all(
        ofBuyer()
          .select((eb) => [STATE.as('state'), eb.fn.countAll<number>().as('n')])
          .where('b.environment', '=', environment)
          .where('b.gmfsbh', '=', gmfsbh)
          .where('b.sqskssq', '=', period)
          .where('b.status', 'not in', ['rejected', 'failed'])
          .groupBy('state'),
      );
      return Object.fromEntries(rows.map((row) => [row.state, row.n])) as ItemCounts;
    },
    items: (batchId): Promise<CertificationItemRow[]> =>
      q.all(
        q.db
          .selectFrom('certification_item')
          .select([...ITEM, validTax('yxse')])
          .where('batch_id', '=', batchId)
          .orderBy(q.bytewise('fpdm'))
          .orderBy(q.bytewise('fphm')),
      ),
    async setStatus(pch, status, now, ztdm = null, ztxx = null) {
      // A code or message not given keeps the one stored.
      await q.write(
        q.db
          .updateTable('certification_batch')
          .set((eb) => ({ status, ztdm: eb.fn.coalesce(eb.val(ztdm), 'ztdm'), ztxx: eb.fn.coalesce(eb.val(ztxx), 'ztxx'), updated_at: now }))
          .where('pch', '=', pch),
      );
    },
    // One UPDATE … FROM a table of the outcomes, each 512 of them: one round trip on PostgreSQL, not one per item.
    // On the desk, 500 outcomes take about 15 ms (compiling and running) against 2 ms for the old statement run
    // per item — once per answer of a batch, not a hot path.
    async applyResults(batchId, results) {
      for (const chunk of chunks(outcomes(results))) {
        await q.write(
          q.db
            .with('t(fpdm, fphm, rzzt, rzrq, rzclzt, sbyy, pczt, glzt)', () => valuesOf(chunk))
            .updateTable('certification_item as i')
            .from('t')
            .set((eb) => ({
              rzzt: eb.ref('t.rzzt'),
              rzrq: eb.ref('t.rzrq'),
              rzclzt: eb.ref('t.rzclzt'),
              sbyy: eb.ref('t.sbyy'),
              pczt: eb.ref('t.pczt'),
              glzt: eb.ref('t.glzt'),
            }))
            .where('i.batch_id', '=', batchId)
            .whereRef('i.fpdm', '=', 't.fpdm')
            .whereRef('i.fphm', '=', 't.fphm'),
        );
      }
    },
  };
}
