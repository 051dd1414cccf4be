import type { LedgerMigration } from './migration.js';

/**
 * The period statistics' output side on the team ledger (docs/team-ledger.md §2). The desk keeps its output
 * totals in a table its triggers maintain (SQLite migration 0480, `output_period_total`); here one aggregate
 * query over the period's issued invoices and their lines answers the same buckets instead
 * (main/ledger/stores/dialects/statistics.ts) — simpler (no second copy of every total kept in step by triggers
 * across desks writing at once) and fast enough: a period is one range of this index, the enterprise's
 * invoices of those months, not a walk of its whole history.
 *
 * - `fapiao_china_month(kprq, created_at)`: yyyyMM in China time (UTC+8) exactly as 0480 reads it: kprq with
 *   an offset (Z, ±hh:mm, ±hhmm) moved to China time; a dashed date without one read as China time; a compact
 *   yyyyMMdd… by its first six digits; missing or unreadable, the submission time. Declared IMMUTABLE so it
 *   can be indexed: it parses ISO 8601 only and moves by a fixed interval, so no setting changes its answer.
 * - `issued_invoice_output_month`: the seller's issued invoices by that month.
 */
export const outputMonth: LedgerMigration = {
  version: 515,
  name: 'output-month',
  team: `
    CREATE FUNCTION fapiao_china_month(kprq text, created_at timestamptz) RETURNS text
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
    BEGIN
      IF kprq ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T.*(Z|[+-][0-9]{2}:?[0-9]{2})$' THEN
        BEGIN
          RETURN to_char(kprq::timestamptz AT TIME ZONE INTERVAL '08:00', 'YYYYMM');
        EXCEPTION WHEN others THEN
          NULL; -- unreadable: the submission time decides, as on the desk
        END;
      ELSIF kprq ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' THEN
        RETURN substr(kprq, 1, 4) || substr(kprq, 6, 2);
      ELSIF kprq ~ '^[0-9]{8}' THEN
        RETURN substr(kprq, 1, 6);
      END IF;
      RETURN to_char(created_at AT TIME ZONE INTERVAL '08:00', 'YYYYMM');
    END;
    $$;
    CREATE INDEX issued_invoice_output_month ON issued_invoice (environment, xhdwsbh, fapiao_china_month(kprq, created_at)) WHERE status = 'issued';
  `,
};
