/**
 * Drafts of the issuance form and their 复核 (the draft store of the ledger port, IssuanceDraftStore in
 * main/features/issuance/store.ts), the one implementation for both databases: the owner of `issuance_draft`.
 * Drafts of one scope (environment and active enterprise); drafts written before drafts had an enterprise show
 * for every one. A review moves only from the state its statement names (WHERE review_state = …), so of two
 * desks deciding the same draft at once the second finds nothing to change (on PostgreSQL READ COMMITTED
 * re-checks the WHERE on the row the first one committed; a desk's SQLite takes its writers in turn).
 *
 * Every change answers the row as it wrote it (RETURNING, on both), so what a desk shows is what the database
 * kept — on PostgreSQL migration 0650's guard signs a review with the session's clerk, whatever name was sent. A
 * list is at most 200 drafts: compiling a statement per call costs nothing that matters.
 */
import { sql, type Compilable, type ExpressionBuilder, type Selectable, type SqlBool } from 'kysely';
import type { DraftReviewState, DraftSummary } from '../../../shared/ipc/index.js';
import type { DraftScope, IssuanceDraftStore } from '../../features/issuance/store.js';
import type { LedgerSchema } from './schema/index.js';
import type { IssuanceDraftTable } from './schema/issuance-drafts.js';
import type { StoreSql } from './sql.js';

const COLUMNS = ['id', 'fplxdm', 'ghdwmc', 'jshj', 'content', 'updated_at', 'review_state', 'requested_by', 'requested_at', 'reviewed_by', 'reviewed_at', 'review_note'] as const;

type DraftRow = Pick<Selectable<IssuanceDraftTable>, (typeof COLUMNS)[number]>;

const summary = (row: DraftRow): DraftSummary => ({
  id: row.id,
  invoiceType: row.fplxdm,
  buyerName: row.ghdwmc,
  total: row.jshj,
  updatedAt: row.updated_at,
  review: {
    state: row.review_state,
    requestedBy: row.requested_by,
    requestedAt: row.requested_at,
    reviewedBy: row.reviewed_by,
    reviewedAt: row.reviewed_at,
    note: row.review_note,
  },
});

/** The scope's drafts: its environment, and its enterprise's or of none. */
const inScope = (scope: DraftScope) => (eb: ExpressionBuilder<LedgerSchema, 'issuance_draft'>) =>
  eb.and([eb('environment', '=', scope.environment), eb(eb.fn.coalesce('enterprise', eb.val(scope.enterprise)), '=', scope.enterprise)]);

/** The review columns other content saved over a draft clears; the same content keeps them. */
const REVIEW = ['requested_by', 'requested_at', 'reviewed_by', 'reviewed_at', 'review_note'] as const;

export function createIssuanceDraftStore(q: StoreSql): IssuanceDraftStore {
  const one = async (query: Compilable<DraftRow>): Promise<DraftSummary | null> => {
    const row = await q.first(query);
    return row ? summary(row) : null;
  };
  const drafts = (scope: DraftScope) => q.db.selectFrom('issuance_draft').select(COLUMNS).where(inScope(scope));
  return {
    save(scope, values, now, id) {
      const fields = { fplxdm: values.invoiceType, ghdwmc: values.buyerName, jshj: values.total, content: values.content, updated_at: now };
      if (id === undefined) {
        return one(q.db.insertInto('issuance_draft').values({ ...fields, environment: scope.environment, enterprise: scope.enterprise, created_at: now }).returning(COLUMNS));
      }
      // In an UPDATE's SET every column reads the row as it was: `content` is the content before this save.
      const unchanged = sql<SqlBool>`${sql.ref('content')} = ${values.content}`;
      const kept = Object.fromEntries(REVIEW.map((column) => [column, sql<string | null>`CASE WHEN ${unchanged} THEN ${sql.ref(column)} END`]));
      return one(
        q.db
          .updateTable('issuance_draft')
          .set({ ...fields, review_state: sql<DraftReviewState>`CASE WHEN ${unchanged} THEN ${sql.ref('review_state')} ELSE 'none' END`, ...kept })
          .where('id', '=', id)
          .where(inScope(scope))
          .returning(COLUMNS),
      );
    },
    list: async (scope, reviewState) =>
      (
        await q.all(
          drafts(scope)
            .$if(reviewState !== undefined, (query) => query.where('review_state', '=', reviewState!))
            .orderBy('updated_at', 'desc')
            .orderBy('id', 'desc')
            .limit(200),
        )
      ).map(summary),
    async load(scope, id) {
      const row = await q.first(drafts(scope).where('id', '=', id));
      return row ? { ...summary(row), content: row.content } : null;
    },
    delete: async (scope, id) => (await q.write(q.db.deleteFrom('issuance_draft').where('id', '=', id).where(inScope(scope)))) > 0,
    requestReview: (scope, id, by, now) =>
      one(
        q.db
          .updateTable('issuance_draft')
          .set({ review_state: 'pending', requested_by: by, requested_at: now, reviewed_by: null, reviewed_at: null, review_note: null })
          .where('id', '=', id)
          .where(inScope(scope))
          .where('review_state', 'in', ['none', 'returned'])
          .returning(COLUMNS),
      ),
    decide: (scope, id, requestedAt, decision, now) =>
      one(
        q.db
          .updateTable('issuance_draft')
          .set({ review_state: decision.state, reviewed_by: decision.by, reviewed_at: now, review_note: decision.note })
          .where('id', '=', id)
          .where(inScope(scope))
          .where('review_state', '=', 'pending')
          // On PostgreSQL a timestamptz: the same instant matches whatever zone its text names.
          .where('requested_at', '=', requestedAt)
          .returning(COLUMNS),
      ),
    async take(scope, id) {
      const taken = await q.write(q.db.deleteFrom('issuance_draft').where('id', '=', id).where(inScope(scope)).where('review_state', '<>', 'pending'));
      if (taken > 0) return 'taken';
      return (await q.first(drafts(scope).where('id', '=', id))) ? 'pending' : 'gone';
    },
  };
}
