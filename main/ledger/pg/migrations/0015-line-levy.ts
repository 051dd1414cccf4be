import type { PgMigration } from './migration.js';

/**
 * The team ledger's side of the desk's SQLite migration 0610 (line levy, issue 33): each issued line keeps its
 * special levy method (`lslbs`), preferential policy (`zzstsgl`) and, on a 差额征税 line, the invoice's
 * deduction (`kce`), written by the issuance store; rows kept from before take them from the request they were
 * sent with — a discount line (fphxz 1) its discounted line's (its spbm stays '').
 * A request that is not readable JSON leaves them NULL (normal rate).
 */
export const lineLevy: PgMigration = {
  version: 15,
  name: 'line-levy',
  sql: `
    ALTER TABLE issued_invoice_line ADD COLUMN lslbs text CHECK (lslbs IN ('1', '2', '3', '4', '5', '6'));
    ALTER TABLE issued_invoice_line ADD COLUMN zzstsgl text;
    ALTER TABLE issued_invoice_line ADD COLUMN kce numeric(18,2);

    CREATE FUNCTION fapiao_json_or_null(doc text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
    BEGIN
      RETURN doc::jsonb;
    EXCEPTION WHEN others THEN
      RETURN NULL;
    END;
    $$;

    WITH line AS (
      SELECT l.invoice_id, l.line_no, r.doc -> 'details' -> (l.line_no - 1) AS own, r.doc -> 'details' -> (l.line_no - 2) AS above, r.doc -> 'kce' AS kce
        FROM issued_invoice_line l
        JOIN (SELECT id, fapiao_json_or_null(request_json) AS doc FROM issued_invoice) r ON r.id = l.invoice_id
       WHERE r.doc IS NOT NULL
    ), levied AS (
      SELECT invoice_id, line_no, kce, CASE WHEN (own ->> 'fphxz') = '1' THEN above ELSE own END AS src, (own ->> 'fphxz') = '1' AS discount FROM line
    )
    UPDATE issued_invoice_line l SET
      lslbs = nullif(v.src ->> 'lslbs', ''),
      zzstsgl = nullif(v.src ->> 'zzstsgl', ''),
      kce = CASE WHEN NOT v.discount AND (v.src ->> 'lslbs') = '4' AND jsonb_typeof(v.kce) = 'number' THEN (v.kce #>> '{}')::numeric(18,2) END
      FROM levied v WHERE v.invoice_id = l.invoice_id AND v.line_no = l.line_no;

    DROP FUNCTION fapiao_json_or_null(text);
  `,
};
