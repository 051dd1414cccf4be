/**
 * The reads of the input ledger (进项台账) of the collection store (stores/collection.ts), once for both databases:
 * one enterprise's collected invoices filtered, paged, totalled, their detail, certification candidates, the
 * current selection window and the period sums. The tax period is the certification period (rzsq) of a
 * certified invoice and the current period (dqskssq) otherwise. The columns are the service's field names in
 * lower case (fpdm); what goes to the renderer (shared/ipc/schemas/collection.ts: LedgerRow, LedgerDetail) and
 * the window keep the service's own (FPDM), so those reads name each column `as` its field (`wire`).
 *
 * Pages are keyset pages (issue 15.3), newest first by issue date with the id as the tie-break, walked along
 * `collected_invoice_ledger` (SQLite 0410, PostgreSQL 0471): the cursor is the last row's (date, id), so page 2,000
 * costs what page 1 costs. Invoices without an issue date come after every dated one, newest id first; their
 * cursor is `n<id>`. Totals are summed in integer fen (exact), then written back as yuan.
 */
import { sql, type ExpressionBuilder, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { CertificationCandidate, CollectionStore, InputKindSums } from '../../features/collection/store.js';
import { IpcFailure } from '../../../shared/ipc/result.js';
import type { Environment } from '../../../shared/ipc/index.js';
import type { LedgerFilter, LedgerRow } from '../../../shared/ipc/schemas/collection.js';
import { collectionDialects, type Statement } from './dialects/collection.js';
import type { LedgerSchema } from './schema/index.js';
import type { StoreSql } from './sql.js';

/** Integer fen as a yuan amount with two decimals. */
export function yuan(totalFen: number): string {
  const sign = totalFen < 0 ? '-' : '';
  const abs = Math.abs(totalFen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Where a keyset page starts: after (date, id), or inside the undated tail after id. */
type LedgerCursor = { date: string; id: number } | { date: null; id: number };

export function decodeLedgerCursor(cursor: string | undefined): LedgerCursor | null {
  if (cursor === undefined) return null;
  const dated = /^d(\d{4}-\d{2}-\d{2}):(\d{1,15})$/.exec(cursor);
  if (dated) return { date: dated[1]!, id: Number(dated[2]) };
  const undated = /^n(\d{1,15})$/.exec(cursor);
  if (undated) return { date: null, id: Number(undated[1]) };
  throw new IpcFailure('VALIDATION_FAILED', 'collection.errors.invalidCursor');
}
export const encodeLedgerCursor = (row: { issue_date: string | null; id: number }) => (row.issue_date === null ? `n${row.id}` : `d${row.issue_date}:${row.id}`);

/**
 * The sum of a money column in integer fen, each amount rounded to whole fen first: the decimal text (SQLite) or
 * NUMERIC (PostgreSQL) read as a number, and cast to bigint, so both answer a whole number (never NUMERIC text).
 */
const fen = (column: string): RawBuilder<number> =>
  sql`CAST(coalesce(sum(CAST(round(CAST(${sql.ref(column)} AS NUMERIC) * 100) AS BIGINT)), 0) AS BIGINT)`;

type Invoices = ExpressionBuilder<LedgerSchema & { c: LedgerSchema['collected_invoice'] }, 'c'>;

/** `t.fpdm as FPDM`: a column answered under the service's field name (the header says where that is needed). */
type Wire<T extends string, F extends string> = F extends string ? `${T}.${Lowercase<F>} as ${F}` : never;
const wire = <T extends string, F extends string>(table: T, fields: readonly F[]) => fields.map((field) => `${table}.${field.toLowerCase()} as ${field}`) as Array<Wire<T, F>>;

/** A LedgerRow's fields besides id and the counts. */
const ROW = ['FPLXDM', 'FPDM', 'FPHM', 'KPRQ', 'XHFMC', 'XHFSBH', 'HJJE', 'SE', 'JSHJ', 'YXSE', 'FPZT', 'RZZT', 'RZSQ', 'RZRQ', 'GLZT', 'DQSKSSQ', 'GXJZR', 'GXRQQ', 'GXRQZ'] as const;
const LINE = ['XH', 'SPMC', 'GGXH', 'DW', 'SPSL', 'DJ', 'JE', 'SL', 'SE'] as const;
const CANDIDATE = ['id', 'fplxdm', 'fpdm', 'fphm', 'kprq', 'se', 'hjje', 'fpzt', 'rzzt', 'rzlx', 'glzt', 'dqskssq', 'gxjzr', 'gxrqq', 'gxrqz'] as const;

/** The two figures side by side per kind (a kind absent from one has zeros there), kinds in code order. */
export function mergeKindSums(
  collected: ReadonlyArray<{ kind: string; count: number; amountFen: number; taxFen: number }>,
  certified: ReadonlyArray<{ kind: string; count: number; amountFen: number; taxFen: number; validTaxFen: number }>,
): InputKindSums[] {
  const rows = new Map<string, InputKindSums>();
  const row = (kind: string) => {
    let found = rows.get(kind);
    if (!found) {
      found = { kind, count: 0, amountFen: 0, taxFen: 0, certified: 0, certifiedAmountFen: 0, certifiedTaxFen: 0, certifiedValidTaxFen: 0 };
      rows.set(kind, found);
    }
    return found;
  };
  for (const sums of collected) Object.assign(row(sums.kind), { count: sums.count, amountFen: sums.amountFen, taxFen: sums.taxFen });
  for (const sums of certified) {
    Object.assign(row(sums.kind), { certified: sums.count, certifiedAmountFen: sums.amountFen, certifiedTaxFen: sums.taxFen, certifiedValidTaxFen: sums.validTaxFen });
  }
  return [...rows.values()].sort((a, b) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
}

/** An invoice certification may select, if it is the enterprise's. */
const candidate: Statement<{ environment: Environment; enterprise: string; id: number }, CertificationCandidate> = (q, t) =>
  t
    .join(q.db.selectFrom('collected_invoice as c'))
    .select(CANDIDATE.map((column) => `c.${column}` as const))
    .where('c.environment', '=', t.v('environment'))
    .where('c.enterprise', '=', t.v('enterprise'))
    .where('c.id', '=', t.v('id'));

export type InputLedgerReads = Pick<CollectionStore, 'page' | 'totals' | 'all' | 'detail' | 'candidates' | 'currentWindow' | 'periodSums' | 'certifiedByMonth'>;

export function inputLedgerReads(q: StoreSql): InputLedgerReads {
  const dialect = collectionDialects[q.kind];

  /** The enterprise's invoices a filter keeps. */
  function matching(eb: Invoices, environment: Environment, enterprise: string, filter: LedgerFilter): Expression<SqlBool> {
    const clauses: Array<Expression<SqlBool>> = [eb('c.environment', '=', environment), eb('c.enterprise', '=', enterprise)];
    if (filter.period) clauses.push(eb(eb.fn.coalesce(eb.fn<string | null>('nullif', ['c.rzsq', eb.val('')]), 'c.dqskssq'), '=', filter.period));
    for (const field of ['FPLXDM', 'FPZT', 'RZZT', 'GLZT'] as const) {
      const value = filter[field];
      if (value === undefined) continue;
      const column = `c.${field.toLowerCase() as Lowercase<typeof field>}` as const;
      // An invoice never certified may carry no RZZT at all: it counts as not certified.
      clauses.push(field === 'RZZT' && value === '0' ? eb(eb.fn.coalesce('c.rzzt', eb.val('0')), '=', value) : eb(column, '=', value));
    }
    if (filter.seller) clauses.push(eb.or([dialect.includes('c.xhfmc', filter.seller), dialect.includes('c.xhfsbh', filter.seller.toUpperCase())]));
    // Compared as numbers: the decimal text (SQLite) and NUMERIC (PostgreSQL) alike.
    if (filter.amountMin !== undefined) clauses.push(eb(eb.cast('c.hjje', 'numeric'), '>=', eb.cast(eb.val(filter.amountMin), 'numeric')));
    if (filter.amountMax !== undefined) clauses.push(eb(eb.cast('c.hjje', 'numeric'), '<=', eb.cast(eb.val(filter.amountMax), 'numeric')));
    return eb.and(clauses);
  }

  /** The ledger's rows of the enterprise a filter keeps, with their line and change counts. */
  const rows = (environment: Environment, enterprise: string, filter: LedgerFilter) =>
    q.db
      .selectFrom(dialect.indexed('collected_invoice_ledger'))
      .select(['c.id', ...wire('c', ROW)])
      .select((eb) => [
        eb.selectFrom('collected_invoice_line as l').select((l) => l.fn.countAll<number>().as('n')).whereRef('l.invoice_id', '=', 'c.id').$asScalar().$notNull().as('lineCount'),
        eb.selectFrom('collected_invoice_change as h').select((h) => h.fn.countAll<number>().as('n')).whereRef('h.invoice_id', '=', 'c.id').$asScalar().$notNull().as('changeCount'),
      ])
      .where((eb) => matching(eb, environment, enterprise, filter));

  return {
    async page(environment, enterprise, filter, cursor, limit) {
      const after = decodeLedgerCursor(cursor);
      const found: Array<LedgerRow & { issue_date: string | null }> = [];
      // The dated rows first, one index range from the cursor on; then the undated ones by id.
      if (after === null || after.date !== null) {
        let dated = rows(environment, enterprise, filter).select('c.issue_date').where('c.issue_date', 'is not', null);
        if (after !== null) dated = dated.where((eb) => eb(eb.refTuple('c.issue_date', 'c.id'), '<', eb.tuple(after.date, after.id)));
        found.push(...(await q.all(dated.orderBy('c.issue_date', 'desc').orderBy('c.id', 'desc').limit(limit + 1))));
      }
      if (found.length <= limit) {
        let undated = rows(environment, enterprise, filter).select('c.issue_date').where('c.issue_date', 'is', null);
        if (after !== null && after.date === null) undated = undated.where('c.id', '<', after.id);
        found.push(...(await q.all(undated.orderBy('c.id', 'desc').limit(limit + 1 - found.length))));
      }
      const page = found.slice(0, limit);
      const last = page.at(-1);
      return { rows: page.map(({ issue_date: _date, ...row }) => row), next: found.length > limit && last ? encodeLedgerCursor(last) : null };
    },

    /** One aggregate, no row loaded. */
    async totals(environment, enterprise, filter) {
      const sums = await q.first(
        q.db
          .selectFrom('collected_invoice as c')
          .select((eb) => [eb.fn.countAll<number>().as('count'), fen('c.hjje').as('amount'), fen('c.se').as('tax'), fen('c.yxse').as('validTax')])
          .where((eb) => matching(eb, environment, enterprise, filter)),
      );
      return { count: sums?.count ?? 0, amount: yuan(sums?.amount ?? 0), tax: yuan(sums?.tax ?? 0), validTax: yuan(sums?.validTax ?? 0) };
    },

    // Undated invoices after every dated one: SQLite's DESC puts NULL last by itself, PostgreSQL's is told.
    all: (environment, enterprise, filter, limit) =>
      q.all(
        rows(environment, enterprise, filter)
          .orderBy('c.issue_date', (order) => order.desc().nullsLast())
          .orderBy('c.id', 'desc')
          .limit(limit),
      ),

    async detail(environment, enterprise, id) {
      const owner = (eb: ExpressionBuilder<LedgerSchema & { c: LedgerSchema['collected_invoice'] }, 'c'>) =>
        eb.and([eb('c.id', '=', id), eb('c.environment', '=', environment), eb('c.enterprise', '=', enterprise)]);
      const lines = await q.all(
        q.db
          .selectFrom('collected_invoice_line as l')
          .innerJoin('collected_invoice as c', 'c.id', 'l.invoice_id')
          .select(wire('l', LINE))
          .where(owner)
          .orderBy('l.xh'),
      );
      const changes = await q.all(
        q.db
          .selectFrom('collected_invoice_change as h')
          .innerJoin('collected_invoice as c', 'c.id', 'h.invoice_id')
          .select(['h.field', 'h.old_value as oldValue', 'h.new_value as newValue', 'h.source', 'h.changed_at as changedAt'])
          .where(owner)
          .orderBy('h.id'),
      );
      return { lines, changes };
    },

    /** The invoices asked for, of this enterprise only, in id order (each id a run of the statement on the desk). */
    async candidates(environment, enterprise, ids) {
      const found = await dialect.all(q, { environment: 'text', enterprise: 'text', id: 'bigint' }, [...new Set(ids)].map((id) => ({ environment, enterprise, id })), candidate);
      return found.sort((a, b) => a.id - b.id);
    },

    /** The selection window of the enterprise's current period: latest dqskssq held and its deadline. */
    currentWindow: async (environment, enterprise) =>
      (await q.first(
        q.db
          .selectFrom('collected_invoice')
          .select((eb) => ['dqskssq as DQSKSSQ', eb.fn.max('gxjzr').as('GXJZR')])
          .where('environment', '=', environment)
          .where('enterprise', '=', enterprise)
          .where('dqskssq', 'is not', null)
          .groupBy('dqskssq')
          .orderBy(q.bytewise('dqskssq'), 'desc')
          .limit(1)
          .$narrowType<{ DQSKSSQ: string }>(),
      )) ?? null,

    /**
     * Two statements, each along its own index, merged by kind: the invoices issued in the period's days (kprq,
     * as issue_date) and those certified for its months (rzzt 1, rzsq one of them).
     */
    async periodSums(environment, enterprise, period) {
      const collected = await q.all(
        q.db
          .selectFrom(dialect.indexed('collected_invoice_ledger'))
          .select((eb) => ['c.fplxdm as kind', eb.fn.countAll<number>().as('count'), fen('c.hjje').as('amountFen'), fen('c.se').as('taxFen')])
          .where('c.environment', '=', environment)
          .where('c.enterprise', '=', enterprise)
          .where((eb) => eb.between('c.issue_date', period.from, period.to))
          .groupBy('c.fplxdm'),
      );
      const certified =
        period.months.length === 0
          ? []
          : await q.all(
              certifiedIn(environment, enterprise)
                .select((eb) => ['c.fplxdm as kind', eb.fn.countAll<number>().as('count'), fen('c.hjje').as('amountFen'), fen('c.se').as('taxFen'), fen('c.yxse').as('validTaxFen')])
                .where('c.rzsq', 'in', [...period.months])
                .groupBy('c.fplxdm'),
            );
      return mergeKindSums(collected, certified);
    },

    certifiedByMonth: (environment, enterprise, from, to) =>
      q.all(
        certifiedIn(environment, enterprise)
          .select(['c.rzsq as month', fen('c.yxse').as('validTaxFen')])
          .where((eb) => eb.between('c.rzsq', from, to))
          .groupBy('c.rzsq')
          .orderBy(q.bytewise('c.rzsq'))
          .$narrowType<{ month: string }>(),
      ),
  };

  /** The enterprise's certified invoices, along the partial index of them (SQLite 0480: its condition is a literal, so the planner may use it). */
  function certifiedIn(environment: Environment, enterprise: string) {
    return q.db
      .selectFrom(dialect.indexed('collected_invoice_certified'))
      .where('c.environment', '=', environment)
      .where('c.enterprise', '=', enterprise)
      .where('c.rzzt', '=', sql.lit('1'));
  }
}
