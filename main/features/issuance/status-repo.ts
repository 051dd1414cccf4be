/**
 * SQL of issued invoices' states for month-end (issue 25), beside repo.ts (the one owner of
 * issued_invoice): a voiding the service reports (zflx, migration 0480 — the period statistics count
 * voided invoices apart) and how many of a seller's invoices wait to be issued or failed (the dashboard).
 */
import type { Db } from '../../db/open.js';
import type { Environment, InvoiceStatus } from '../../../shared/ipc/index.js';

export function createInvoiceStatusRepo(db: Db) {
  const markVoided = db.prepare<[string, string, number, Environment]>(
    `UPDATE issued_invoice SET zflx = ?, updated_at = ? WHERE id = ? AND environment = ? AND status = 'issued' AND zflx IS NULL`,
  );
  // Queued or being issued (their outbox rows are pending), or failed; through issued_invoice_env_status.
  const waiting = db.prepare<[Environment, string], { status: InvoiceStatus; n: number }>(
    `SELECT status, count(*) AS n FROM issued_invoice WHERE environment = ? AND status IN ('queued', 'issuing', 'failed') AND xhdwsbh = ? GROUP BY status`,
  );
  return {
    /** Records that the service reports an issued invoice voided (zflx '0' or '1'); true when it changed. */
    markVoided: (id: number, environment: Environment, zflx: '0' | '1', now: string) => markVoided.run(zflx, now, id, environment).changes > 0,
    /** How many of a seller's invoices wait to be issued (queued, issuing) and how many failed. */
    waitingCounts(environment: Environment, seller: string): { issuing: number; failed: number } {
      const counts = { issuing: 0, failed: 0 };
      for (const row of waiting.all(environment, seller)) counts[row.status === 'failed' ? 'failed' : 'issuing'] += row.n;
      return counts;
    },
  };
}
