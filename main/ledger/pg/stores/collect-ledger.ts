/**
 * The reads of the input ledger (进项台账) on the team ledger (main/features/collection/store.ts), the same
 * answers as the desk's ledger-repo.ts and period-repo.ts: filters, keyset pages newest first (dated rows
 * by (issue_date, id) along `collected_invoice_ledger`, then the undated ones by id, the same cursors),
 * totals summed in integer fen, the detail, certification candidates, the current window and the period
 * sums (invoices issued in the period's days; those certified for its months). Columns come back under the desk's names ("FPDM"); numeric money as its text, counts as numbers.
 */
import { decodeLedgerCursor, encodeLedgerCursor, yuan, type CertificationCandidate } from '../../../features/collection/ledger-repo.js';
import { mergeKindSums } from '../../../features/collection/period-repo.js';
import type { CollectionStore } from '../../../features/collection/store.js';
import type { Environment } from '../../../../shared/ipc/index.js';
import type { LedgerFilter, LedgerRow } from '../../../../shared/ipc/schemas/collection.js';
import type { Queryable } from '../outbox.js';

const fen = (column: string, filter = '') => `coalesce(sum(round(${column} * 100))${filter}, 0)::bigint`;
const as = (columns: readonly string[], prefix = 'c.') => columns.map((c) => `${prefix}${c.toLowerCase()}::text AS "${c}"`).join(', ');

const CANDIDATE = ['FPLXDM', 'FPDM', 'FPHM', 'KPRQ', 'SE', 'HJJE', 'FPZT', 'RZZT', 'RZLX', 'GLZT', 'DQSKSSQ', 'GXJZR', 'GXRQQ', 'GXRQZ'];
const ROW = ['FPLXDM', 'FPDM', 'FPHM', 'KPRQ', 'XHFMC', 'XHFSBH', 'HJJE', 'SE', 'JSHJ', 'YXSE', 'FPZT', 'RZZT', 'RZSQ', 'RZRQ', 'GLZT', 'DQSKSSQ', 'GXJZR', 'GXRQQ', 'GXRQZ'];
const COLUMNS = `c.id::int AS id, ${as(ROW)},
  (SELECT count(*) FROM collected_invoice_line l WHERE l.invoice_id = c.id)::int AS "lineCount",
  (SELECT count(*) FROM collected_invoice_change h WHERE h.invoice_id = c.id)::int AS "changeCount"`;

function where(environment: Environment, enterprise: string, filter: LedgerFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [environment, enterprise];
  const clauses = ['c.environment = $1', 'c.enterprise = $2'];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (filter.period) clauses.push(`coalesce(nullif(c.rzsq, ''), c.dqskssq) = ${param(filter.period)}`);
  for (const field of ['FPLXDM', 'FPZT', 'RZZT', 'GLZT'] as const) {
    const value = filter[field];
    if (value === undefined) continue;
    // An invoice never certified may carry no RZZT at all: it counts as not certified.
    clauses.push(field === 'RZZT' && value === '0' ? `coalesce(c.rzzt, '0') = ${param(value)}` : `c.${field.toLowerCase()} = ${param(value)}`);
  }
  if (filter.seller) clauses.push(`(strpos(c.xhfmc, ${param(filter.seller)}) > 0 OR strpos(c.xhfsbh, ${param(filter.seller.toUpperCase())}) > 0)`);
  if (filter.amountMin !== undefined) clauses.push(`c.hjje >= ${param(filter.amountMin)}::numeric`);
  if (filter.amountMax !== undefined) clauses.push(`c.hjje <= ${param(filter.amountMax)}::numeric`);
  return { sql: clauses.join(' AND '), params };
}

type Keyed = LedgerRow & { issue_date: string | null };

async function page(db: Queryable, environment: Environment, enterprise: string, filter: LedgerFilter, cursor: string | undefined, limit: number) {
  const after = decodeLedgerCursor(cursor);
  const found: Keyed[] = [];
  const select = `SELECT ${COLUMNS}, to_char(c.issue_date, 'YYYY-MM-DD') AS issue_date FROM collected_invoice c`;
  // The dated rows first, one index range from the cursor on; then the undated ones by id.
  if (after === null || after.date !== null) {
    const { sql, params } = where(environment, enterprise, filter);
    const from = after === null ? '' : ` AND (c.issue_date, c.id) < ($${params.push(after.date)}::date, $${params.push(after.id)})`;
    const rows = await db.query<Keyed>(`${select} WHERE ${sql} AND c.issue_date IS NOT NULL${from} ORDER BY c.issue_date DESC, c.id DESC LIMIT $${params.push(limit + 1)}`, params);
    found.push(...rows.rows);
  }
  if (found.length <= limit) {
    const { sql, params } = where(environment, enterprise, filter);
    const from = after !== null && after.date === null ? ` AND c.id < $${params.push(after.id)}` : '';
    const rows = await db.query<Keyed>(`${select} WHERE ${sql} AND c.issue_date IS NULL${from} ORDER BY c.id DESC LIMIT $${params.push(limit + 1 - found.length)}`, params);
    found.push(...rows.rows);
  }
  const rows = found.slice(0, limit);
  const last = rows.at(-1);
  return { rows: rows.map(({ issue_date: _date, ...row }) => row), next: found.length > limit && last ? encodeLedgerCursor(last) : null };
}

export function pgInputLedgerReads(connection: () => Queryable): Pick<CollectionStore, 'page' | 'totals' | 'all' | 'detail' | 'candidates' | 'currentWindow' | 'periodSums' | 'certifiedByMonth'> {
  return {
    page: (environment, enterprise, filter, cursor, limit) => page(connection(), environment, enterprise, filter, cursor, limit),
    async totals(environment, enterprise, filter) {
      const { sql, params } = where(environment, enterprise, filter);
      const sums = await connection().query<{ count: number; amount: string; tax: string; validTax: string }>(
        `SELECT count(*)::int AS count, ${fen('c.hjje')} AS amount, ${fen('c.se')} AS tax, ${fen('c.yxse')} AS "validTax" FROM collected_invoice c WHERE ${sql}`,
        params,
      );
      const row = sums.rows[0]!;
      return { count: row.count, amount: yuan(Number(row.amount)), tax: yuan(Number(row.tax)), validTax: yuan(Number(row.validTax)) };
    },
    async all(environment, enterprise, filter, limit) {
      const { sql, params } = where(environment, enterprise, filter);
      // NULLS LAST: undated invoices after every dated one, as the desk's DESC orders them.
      const rows = await connection().query<LedgerRow>(`SELECT ${COLUMNS} FROM collected_invoice c WHERE ${sql} ORDER BY c.issue_date DESC NULLS LAST, c.id DESC LIMIT $${params.push(limit)}`, params);
      return rows.rows;
    },
    async detail(environment, enterprise, id) {
      const db = connection();
      const owned = `JOIN collected_invoice c ON c.id = $1 AND c.environment = $2 AND c.enterprise = $3`;
      const lines = await db.query(
        `SELECT l.xh AS "XH", ${as(['SPMC', 'GGXH', 'DW', 'SPSL', 'DJ', 'JE', 'SL', 'SE'], 'l.')} FROM collected_invoice_line l ${owned} WHERE l.invoice_id = c.id ORDER BY l.xh`,
        [id, environment, enterprise],
      );
      const changes = await db.query<{ field: string; oldValue: string | null; newValue: string | null; source: string; changedAt: Date }>(
        `SELECT h.field, h.old_value AS "oldValue", h.new_value AS "newValue", h.source, h.changed_at AS "changedAt" FROM collected_invoice_change h ${owned}
          WHERE h.invoice_id = c.id ORDER BY h.id`,
        [id, environment, enterprise],
      );
      return { lines: lines.rows, changes: changes.rows.map((change) => ({ ...change, changedAt: change.changedAt.toISOString() })) };
    },
    async candidates(environment, enterprise, ids) {
      if (ids.length === 0) return [];
      const rows = await connection().query<CertificationCandidate>(
        `SELECT c.id::int AS id, ${as(CANDIDATE)} FROM collected_invoice c WHERE c.environment = $1 AND c.enterprise = $2 AND c.id = ANY($3::bigint[]) ORDER BY c.id`,
        [environment, enterprise, ids],
      );
      return rows.rows;
    },
    async currentWindow(environment, enterprise) {
      const rows = await connection().query<{ DQSKSSQ: string; GXJZR: string | null }>(
        `SELECT dqskssq AS "DQSKSSQ", max(gxjzr) AS "GXJZR" FROM collected_invoice WHERE environment = $1 AND enterprise = $2 AND dqskssq IS NOT NULL
          GROUP BY dqskssq ORDER BY dqskssq DESC LIMIT 1`,
        [environment, enterprise],
      );
      return rows.rows[0] ?? null;
    },
    // Two statements, as the desk's: the invoices issued in the period's days (along collected_invoice_ledger)
    // and those certified for its months, merged by kind.
    async periodSums(environment, enterprise, period) {
      const db = connection();
      const collected = await db.query<{ kind: string; count: number; amountFen: string; taxFen: string }>(
        `SELECT fplxdm AS kind, count(*)::int AS count, ${fen('hjje')} AS "amountFen", ${fen('se')} AS "taxFen"
           FROM collected_invoice
          WHERE environment = $1 AND enterprise = $2 AND issue_date BETWEEN $3::date AND $4::date
          GROUP BY fplxdm`,
        [environment, enterprise, period.from, period.to],
      );
      const certified = await db.query<{ kind: string; count: number; amountFen: string; taxFen: string; validTaxFen: string }>(
        `SELECT fplxdm AS kind, count(*)::int AS count, ${fen('hjje')} AS "amountFen", ${fen('se')} AS "taxFen", ${fen('yxse')} AS "validTaxFen"
           FROM collected_invoice
          WHERE environment = $1 AND enterprise = $2 AND rzzt = '1' AND rzsq = ANY($3::text[])
          GROUP BY fplxdm`,
        [environment, enterprise, [...period.months]],
      );
      return mergeKindSums(
        collected.rows.map((row) => ({ kind: row.kind, count: Number(row.count), amountFen: Number(row.amountFen), taxFen: Number(row.taxFen) })),
        certified.rows.map((row) => ({ kind: row.kind, count: Number(row.count), amountFen: Number(row.amountFen), taxFen: Number(row.taxFen), validTaxFen: Number(row.validTaxFen) })),
      );
    },
    async certifiedByMonth(environment, enterprise, from, to) {
      const rows = await connection().query<{ month: string; validTaxFen: string }>(
        `SELECT rzsq AS month, ${fen('yxse')} AS "validTaxFen" FROM collected_invoice
          WHERE environment = $1 AND enterprise = $2 AND rzzt = '1' AND rzsq BETWEEN $3 AND $4 GROUP BY rzsq ORDER BY rzsq`,
        [environment, enterprise, from, to],
      );
      return rows.rows.map((row) => ({ month: row.month, validTaxFen: Number(row.validTaxFen) }));
    },
  };
}
