/**
 * The figures a move compares per table and enterprise (docs/team-ledger.md §3): rows, and the sum of
 * every money column. The desk's sums are added up in decimal from the very values read (SQLite would add
 * its TEXT money as binary floating point); its counts come from the desk file by its own query; the
 * team's both from PostgreSQL over the rows just written, inside the move's transaction.
 */
import Decimal from 'decimal.js';
import type { PoolClient } from 'pg';
import type { TablePlan } from './columns.js';
import { TeamMoveError } from './errors.js';
import { enterpriseSql } from './tables.js';

/** A row with no enterprise (a printer's calibration, a row from before enterprises) is grouped under ''. */
const keyOf = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export class DeskFigures {
  private readonly sums = new Map<string, Map<string, Map<string, Decimal>>>();
  private readonly counts = new Map<string, Map<string, number>>();

  add(plan: TablePlan, row: Record<string, unknown>): void {
    if (plan.money.length === 0) return;
    const table = this.sums.get(plan.table.name) ?? new Map<string, Map<string, Decimal>>();
    this.sums.set(plan.table.name, table);
    const enterprise = keyOf(row.__enterprise);
    const sums = table.get(enterprise) ?? new Map<string, Decimal>();
    table.set(enterprise, sums);
    // rowToTeam already refused anything that is not a decimal number.
    for (const column of plan.money) if (row[column] !== null && String(row[column]).trim() !== '') sums.set(column, (sums.get(column) ?? new Decimal(0)).plus(String(row[column]).trim()));
  }

  setCounts(table: string, rows: Array<{ e: unknown; n: number }>): void {
    this.counts.set(table, new Map(rows.map((r) => [keyOf(r.e), r.n])));
  }

  count(table: string, enterprise: string): number {
    return this.counts.get(table)?.get(enterprise) ?? 0;
  }

  sum(table: string, enterprise: string, column: string): Decimal {
    return this.sums.get(table)?.get(enterprise)?.get(column) ?? new Decimal(0);
  }

  enterprisesOf(table: string): string[] {
    return [...(this.counts.get(table)?.keys() ?? [])];
  }

  enterprises(): string[] {
    const all = new Set<string>();
    for (const table of this.counts.values()) for (const key of table.keys()) if (key !== '') all.add(key);
    return [...all].sort();
  }
}

/**
 * Compares one table's figures on both sides (`only`: one enterprise's, when a desk file holds only that
 * one's rows); the first difference stops the move, naming it.
 */
export async function compareFigures(client: PoolClient, plan: TablePlan, desk: DeskFigures, only?: string): Promise<void> {
  const name = plan.table.name;
  const money = plan.columns.filter((c) => c.kind === 'money');
  const sums = money.map((c, i) => `sum("${c.name}")::text AS m${i}`);
  const enterprise = enterpriseSql(plan.table, 'team');
  const found = await client.query<Record<string, string | null>>(
    `SELECT ${enterprise} AS e, count(*)::text AS n${sums.length ? `, ${sums.join(', ')}` : ''} FROM ${name} t${only === undefined ? '' : ` WHERE ${enterprise} = $1`} GROUP BY 1`,
    only === undefined ? [] : [only],
  );
  const team = new Map(found.rows.map((row) => [keyOf(row.e), row]));
  const enterprises = new Set([...desk.enterprisesOf(name), ...team.keys()]);
  for (const enterprise of [...enterprises].sort()) {
    const row = team.get(enterprise);
    const shown = enterprise === '' ? '-' : enterprise;
    const teamCount = Number(row?.n ?? 0);
    if (teamCount !== desk.count(name, enterprise)) {
      throw new TeamMoveError('mismatch', { table: name, enterprise: shown, figure: 'rows', desk: desk.count(name, enterprise), team: teamCount });
    }
    money.forEach((column, i) => {
      const deskSum = desk.sum(name, enterprise, column.name);
      const teamSum = new Decimal(row?.[`m${i}`] ?? 0);
      if (!deskSum.eq(teamSum)) {
        throw new TeamMoveError('mismatch', { table: name, enterprise: shown, figure: column.name, desk: deskSum.toFixed(), team: teamSum.toFixed(2) });
      }
    });
  }
}
