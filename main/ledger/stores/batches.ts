/**
 * Imported batches (the batch store of the ledger port, main/features/batch/store.ts), the one implementation for
 * both databases: the owner of `batch` and `batch_row`. A row's state is not kept here: the feature reads it from
 * the invoice the row became (features/batch/view.ts), so it can never disagree with the history. Rows come back
 * as the desk's SQLite has always given them: ids and counts as numbers, the total as decimal text, `valid` as
 * 0/1, times as ISO text. The one difference, reading the draft's JSON, is dialects/batches.ts.
 */
import { sql } from 'kysely';
import type { BatchRecord, BatchStore, NewBatchRow, RowRecord } from '../../features/batch/store.js';
import { draftLineCount } from './dialects/batches.js';
import type { StoreSql } from './sql.js';

/** `valid` as a literal: PostgreSQL's partial index on the rows still to send (pg 12) is proved from it. */
const VALID = sql.lit(true);
/** 0/1 from an INTEGER 0/1 (SQLite) or a boolean (PostgreSQL): the same CASE reads both. */
const VALID_FLAG = sql<0 | 1>`CASE WHEN ${sql.ref('r.valid')} THEN 1 ELSE 0 END`;

/** The largest INSERT of rows: 512 rows of 10 values, under both databases' limits on parameters. */
const MOST_ROWS = 512;

/**
 * The rows in INSERTs of MOST_ROWS, then of the powers of two that make up the rest (1,200 rows: 512, 512, 128, 32,
 * 16). Few round trips on PostgreSQL; and at most ten statement texts, so the desk's connection keeps at most
 * ten prepared (sql.ts keeps each text prepared for the connection's life; an INSERT of 512 rows is a large
 * program). Compiling costs about 15 µs a row: 1,200 rows are written in about 35 ms on the desk against 28 ms
 * for the old statement run per row — small beside reading the sheet they came from.
 */
export function* chunks<T>(rows: readonly T[]): Generator<readonly T[]> {
  let start = 0;
  for (let size = MOST_ROWS; size >= 1; ) {
    if (rows.length - start >= size) yield rows.slice(start, (start += size));
    else size /= 2;
  }
}

export function createBatchStore(q: StoreSql): BatchStore {
  const lineCount = draftLineCount[q.kind];
  const batches = () =>
    q.db
      .selectFrom('batch as b')
      .select(['b.id', 'b.file_name', 'b.created_at', 'b.submitted_at'])
      .select((eb) => {
        const rowsOf = () => eb.selectFrom('batch_row as r').select((r) => r.fn.countAll<number>().as('n')).whereRef('r.batch_id', '=', 'b.id');
        return [rowsOf().$asScalar().$notNull().as('invoices'), rowsOf().where('r.valid', '=', VALID).$asScalar().$notNull().as('valid')];
      });
  const rows = (batchId: number) => q.db.selectFrom('batch_row as r').where('r.batch_id', '=', batchId);

  return {
    insert: async (environment, fileName, at) =>
      (await q.first(q.db.insertInto('batch').values({ environment, file_name: fileName, created_at: at }).returning('id')))!.id,
    async insertRows(batchId, newRows: readonly NewBatchRow[]) {
      for (const chunk of chunks(newRows)) {
        await q.write(
          q.db.insertInto('batch_row').values(
            chunk.map((row) => ({
              batch_id: batchId,
              seq: row.seq,
              first_row: row.firstRow,
              last_row: row.lastRow,
              invoice_key: row.invoiceKey,
              ghdwmc: row.buyerName,
              jshj: row.total,
              draft_json: row.draftJson,
              errors_json: row.errorsJson,
              valid: row.valid,
            })),
          ),
        );
      }
    },
    byId: (batchId, environment): Promise<BatchRecord | undefined> => q.first(batches().where('b.id', '=', batchId).where('b.environment', '=', environment)),
    list: (environment, limit, offset) => q.all(batches().where('b.environment', '=', environment).orderBy('b.id', 'desc').limit(limit).offset(offset)),
    rows: (batchId): Promise<RowRecord[]> =>
      q.all(
        rows(batchId)
          .select(['r.id', 'r.seq', 'r.first_row', 'r.last_row', 'r.invoice_key', 'r.ghdwmc', 'r.jshj', 'r.errors_json'])
          .select((eb) => [
            VALID_FLAG.as('valid'),
            'r.lsh',
            'r.submit_error',
            // An invalid row without a draft counts its sheet rows.
            eb.fn.coalesce(lineCount('r.draft_json'), sql<number>`${sql.ref('r.last_row')} - ${sql.ref('r.first_row')} + 1`).as('line_count'),
          ])
          .orderBy('r.seq'),
      ),
    pendingRows: (batchId) =>
      q.all(
        rows(batchId)
          .select(['r.id', 'r.seq', 'r.draft_json'])
          .where('r.valid', '=', VALID)
          .where('r.lsh', 'is', null)
          .where('r.submit_error', 'is', null)
          .orderBy('r.seq')
          // A valid row always has its draft (a CHECK on both databases).
          .$narrowType<{ draft_json: string }>(),
      ),
    validRows: (batchId) => q.all(rows(batchId).select(['r.lsh', 'r.submit_error']).where('r.valid', '=', VALID).orderBy('r.seq')),
    async markSubmitted(batchId, at) {
      await q.write(q.db.updateTable('batch').set({ submitted_at: at }).where('id', '=', batchId).where('submitted_at', 'is', null));
    },
    setLsh: async (rowId, lsh) => (await q.write(q.db.updateTable('batch_row').set({ lsh }).where('id', '=', rowId).where('lsh', 'is', null))) === 1,
    async setSubmitError(rowId, error) {
      await q.write(q.db.updateTable('batch_row').set({ submit_error: error }).where('id', '=', rowId));
    },
    batchOfLsh: async (lsh) => (await q.first(q.db.selectFrom('batch_row').select('batch_id').where('lsh', '=', lsh)))?.batch_id,
    unfinished: async (environment) =>
      (
        await q.all(
          q.db
            .selectFrom('batch as b')
            .innerJoin('batch_row as r', 'r.batch_id', 'b.id')
            .select('b.id')
            .distinct()
            .where('b.environment', '=', environment)
            .where('b.submitted_at', 'is not', null)
            .where('r.valid', '=', VALID)
            .where('r.lsh', 'is', null)
            .where('r.submit_error', 'is', null)
            .orderBy('b.id'),
        )
      ).map((row) => row.id),
  };
}
