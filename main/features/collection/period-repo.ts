/**
 * SQL of the input side of the period statistics (统计, issue 25) over collected_invoice, which this
 * feature owns: per invoice kind, the invoices of the period — the ledger's period, RZSQ when certified
 * and DQSKSSQ otherwise, so a figure and the ledger filtered by the same period list the same invoices —
 * and those certified for it (RZZT 1, RZSQ in the period, through the partial index
 * `collected_invoice_certified` of migration 0480), with their valid tax (YXSE). Sums in integer fen.
 */
import type { Db } from '../../db/open.js';
import type { Environment } from '../../../shared/ipc/index.js';

const fen = (column: string, filter = '') => `coalesce(sum(CAST(round(CAST(${column} AS REAL) * 100) AS INTEGER))${filter}, 0)`;

export interface InputKindSums {
  kind: string;
  count: number;
  amountFen: number;
  taxFen: number;
  certified: number;
  certifiedAmountFen: number;
  certifiedTaxFen: number;
  certifiedValidTaxFen: number;
}

export function createPeriodRepo(db: Db, environment: Environment) {
  const CERTIFIED = `FILTER (WHERE RZZT = '1' AND RZSQ IN (SELECT value FROM json_each(@months)))`;
  const byKind = db.prepare<[{ environment: Environment; months: string; enterprise: string }], InputKindSums>(
    `SELECT FPLXDM AS kind,
            count(*) FILTER (WHERE coalesce(nullif(RZSQ, ''), DQSKSSQ) IN (SELECT value FROM json_each(@months))) AS count,
            ${fen('HJJE', ` FILTER (WHERE coalesce(nullif(RZSQ, ''), DQSKSSQ) IN (SELECT value FROM json_each(@months)))`)} AS amountFen,
            ${fen('SE', ` FILTER (WHERE coalesce(nullif(RZSQ, ''), DQSKSSQ) IN (SELECT value FROM json_each(@months)))`)} AS taxFen,
            count(*) ${CERTIFIED} AS certified,
            ${fen('HJJE', ` ${CERTIFIED}`)} AS certifiedAmountFen,
            ${fen('SE', ` ${CERTIFIED}`)} AS certifiedTaxFen,
            ${fen('YXSE', ` ${CERTIFIED}`)} AS certifiedValidTaxFen
       FROM collected_invoice
      WHERE environment = @environment AND enterprise = @enterprise
        AND (coalesce(nullif(RZSQ, ''), DQSKSSQ) IN (SELECT value FROM json_each(@months)) OR (RZZT = '1' AND RZSQ IN (SELECT value FROM json_each(@months))))
      GROUP BY FPLXDM ORDER BY FPLXDM`,
  );
  const certifiedByMonth = db.prepare<[Environment, string, string, string], { month: string; validTaxFen: number }>(
    `SELECT RZSQ AS month, ${fen('YXSE')} AS validTaxFen FROM collected_invoice INDEXED BY collected_invoice_certified
      WHERE environment = ? AND enterprise = ? AND RZZT = '1' AND RZSQ BETWEEN ? AND ? GROUP BY RZSQ`,
  );
  return {
    /** Per kind: the period's invoices and those certified for it (months yyyyMM). */
    byKind: (enterprise: string, months: readonly string[]): InputKindSums[] => byKind.all({ environment, months: JSON.stringify(months), enterprise }),
    /** Valid tax certified per tax period (RZSQ) from `from` to `to` (yyyyMM, inclusive). */
    certifiedByMonth: (enterprise: string, from: string, to: string) => certifiedByMonth.all(environment, enterprise, from, to),
  };
}
