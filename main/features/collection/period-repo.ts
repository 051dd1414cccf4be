/**
 * SQL of the input side of the period statistics (统计, issues 25 and 33) over collected_invoice, which this
 * feature owns, per invoice kind, as two figures each exactly the period's:
 * - collected: the invoices collected that were issued in the period — KPRQ (`issue_date`) within its days
 *   of the China calendar, through the ledger's index `collected_invoice_ledger`; not the current selection
 *   pool (DQSKSSQ), which holds every uncertified invoice of years past;
 * - certified: those certified for the period (RZZT 1, RZSQ one of its months), with their valid tax (YXSE),
 *   through the partial index `collected_invoice_certified` of migration 0480.
 * Two statements, each along its own index, merged by kind. Sums in integer fen.
 */
import type { Db } from '../../db/open.js';
import type { Environment } from '../../../shared/ipc/index.js';

const fen = (column: string) => `coalesce(sum(CAST(round(CAST(${column} AS REAL) * 100) AS INTEGER)), 0)`;

/** A tax period as the input sums take it: its months (yyyyMM) and its first and last days (yyyy-MM-dd, China calendar). */
export interface InputPeriod {
  months: readonly string[];
  from: string;
  to: string;
}

export interface InputKindSums {
  kind: string;
  /** Collected invoices issued in the period (KPRQ within its days). */
  count: number;
  amountFen: number;
  taxFen: number;
  /** Invoices certified for the period (RZSQ in it). */
  certified: number;
  certifiedAmountFen: number;
  certifiedTaxFen: number;
  certifiedValidTaxFen: number;
}

export interface CollectedSums {
  kind: string;
  count: number;
  amountFen: number;
  taxFen: number;
}
export interface CertifiedSums {
  kind: string;
  count: number;
  amountFen: number;
  taxFen: number;
  validTaxFen: number;
}

/** The two figures side by side per kind (a kind absent from one has zeros there), kinds in code order. */
export function mergeKindSums(collected: readonly CollectedSums[], certified: readonly CertifiedSums[]): InputKindSums[] {
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

export function createPeriodRepo(db: Db, environment: Environment) {
  const collected = db.prepare<[Environment, string, string, string], CollectedSums>(
    `SELECT FPLXDM AS kind, count(*) AS count, ${fen('HJJE')} AS amountFen, ${fen('SE')} AS taxFen
       FROM collected_invoice INDEXED BY collected_invoice_ledger
      WHERE environment = ? AND enterprise = ? AND issue_date BETWEEN ? AND ?
      GROUP BY FPLXDM`,
  );
  const certified = db.prepare<[{ environment: Environment; enterprise: string; months: string }], CertifiedSums>(
    `SELECT FPLXDM AS kind, count(*) AS count, ${fen('HJJE')} AS amountFen, ${fen('SE')} AS taxFen, ${fen('YXSE')} AS validTaxFen
       FROM collected_invoice INDEXED BY collected_invoice_certified
      WHERE environment = @environment AND enterprise = @enterprise AND RZZT = '1' AND RZSQ IN (SELECT value FROM json_each(@months))
      GROUP BY FPLXDM`,
  );
  const certifiedByMonth = db.prepare<[Environment, string, string, string], { month: string; validTaxFen: number }>(
    `SELECT RZSQ AS month, ${fen('YXSE')} AS validTaxFen FROM collected_invoice INDEXED BY collected_invoice_certified
      WHERE environment = ? AND enterprise = ? AND RZZT = '1' AND RZSQ BETWEEN ? AND ? GROUP BY RZSQ`,
  );
  return {
    /** Per kind: the invoices issued in the period and those certified for it. */
    byKind: (enterprise: string, period: InputPeriod): InputKindSums[] =>
      mergeKindSums(
        collected.all(environment, enterprise, period.from, period.to),
        certified.all({ environment, enterprise, months: JSON.stringify(period.months) }),
      ),
    /** Valid tax certified per tax period (RZSQ) from `from` to `to` (yyyyMM, inclusive). */
    certifiedByMonth: (enterprise: string, from: string, to: string) => certifiedByMonth.all(environment, enterprise, from, to),
  };
}
