import type { LedgerMigration } from './migration.js';

/**
 * Each issued line says how it is levied (issue 33): the VAT return's schedule of sales puts a line in a
 * row by its levy (一般计税 by rate, 简易计税 by 征收率, 免抵退税, 免税, 不征税 in none), and the statistics,
 * the history's detail and its rate filter read it from the line instead of from the request's JSON.
 * - `lslbs`: the special levy method as sent (NULL normal rate, 1–6 as the service defines them);
 * - `zzstsgl`: the preferential policy code as sent (即征即退 among them), NULL none;
 * - `kce`: the invoice's deduction (扣除额) on its 差额征税 line (lslbs 4), NULL on every other line.
 * The issuance store writes them from now on. Rows kept from before get them from the request they were
 * sent with (`request_json`, details in line order): a discount line (fphxz 1), which the service lets carry
 * only name, amount and rate, takes its discounted line's levy and policy (its spbm stays '': the
 * statistics read a discount line's goods-or-services from the line above). A request that is not readable
 * JSON leaves the new columns NULL (normal rate). Additive: no value kept before is changed.
 *
 * The team's half (PostgreSQL, once its migration 15) fills the rows kept from before from the same requests,
 * reading them through a function that answers NULL for a request that is not JSON; kce is numeric(18,2).
 */
const detail = (field: string, offset = 1) =>
  `CASE WHEN json_valid(i.request_json) THEN json_extract(i.request_json, '$.details[' || (issued_invoice_line.line_no - ${offset}) || '].${field}') END`;
const isDiscount = `(${detail('fphxz')}) = 1`;
const own = (field: string) => `CASE WHEN ${isDiscount} THEN ${detail(field, 2)} ELSE ${detail(field)} END`;

export const lineLevy: LedgerMigration = {
  version: 610,
  name: 'line-levy',
  desk(db) {
    db.exec(`
      ALTER TABLE issued_invoice_line ADD COLUMN lslbs TEXT CHECK (lslbs IN ('1', '2', '3', '4', '5', '6'));
      ALTER TABLE issued_invoice_line ADD COLUMN zzstsgl TEXT;
      ALTER TABLE issued_invoice_line ADD COLUMN kce TEXT;

      UPDATE issued_invoice_line SET
        lslbs = (SELECT nullif(${own('lslbs')}, '') FROM issued_invoice i WHERE i.id = issued_invoice_line.invoice_id),
        zzstsgl = (SELECT nullif(${own('zzstsgl')}, '') FROM issued_invoice i WHERE i.id = issued_invoice_line.invoice_id);
      UPDATE issued_invoice_line SET
        kce = (SELECT printf('%.2f', CASE WHEN json_valid(i.request_json) THEN json_extract(i.request_json, '$.kce') END)
                 FROM issued_invoice i WHERE i.id = issued_invoice_line.invoice_id
                  AND json_valid(i.request_json) AND json_type(i.request_json, '$.kce') IN ('integer', 'real'))
        WHERE lslbs = '4' AND spsl <> '';
    `);
  },
  team: `
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
