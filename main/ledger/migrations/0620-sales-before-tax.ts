import type { LedgerMigration } from './migration.js';
import { chinaMonthSql, fen } from './0480-month-end-statistics.js';

/**
 * Sales before tax, each levy in its own row (issue 33). The statistics' output totals move to a new kept
 * table, `output_period_sales` (owned by the statistics feature, like 0480's), whose line rows hold what the
 * VAT return's schedule of sales asks:
 * - one row per (environment, seller, China-time month, fplxdm, kplx, voided, rate, levy, category, refund);
 *   `rate` '' is the invoice's own row (invoices, amount jshj − hjse, tax hjse — as in 0480; levy and
 *   category '', refund 0);
 * - a line row sums its lines' amount BEFORE tax, je − se (lines carry je including tax), their tax se and
 *   their 差额征税 deduction kce, in integer fen; `levy` is the line's lslbs ('' normal rate), `refund` 1 when
 *   its zzstsgl is a 即征即退 policy (REFUND_POLICIES, main/features/statistics/store.ts), `category` the first
 *   digit of its tax classification code (spbm) — a discount line's (spbm '') that of the line above it
 *   (line_no − 1) of the same invoice, the line it discounts.
 *
 * Why a new table and not 0480's `output_period_total` rebuilt in place: its line rows would change meaning
 * (je → je − se) and its key would grow, and a migration never changes a kept value (every row of every
 * ordinary table stays as it was: test/support/migration-harness.ts). So 0480's table keeps every row as it
 * stood, is no longer kept in step (its triggers are dropped here) and is read by nothing; the new table is
 * built from the invoices and lines held (every one of them, status issued) and kept in step by the triggers
 * below. Nothing held is changed or lost.
 *
 * The triggers keep the same rule as 0480's: only invoices in status 'issued' count; a change takes the old
 * contribution out and puts the new one in within the same statement (a line's own from its old and new
 * values, as 0480's did). A discount line's category is the line above's, so a line's insert, update of its
 * place or code, or delete also takes out and puts back the discount line just below it (line_no + 1,
 * spbm ''), before and after the change — at the line's old place and at its new one; those triggers run
 * only when such a line is there (a look-up by key). The category look-up itself runs only for a line whose
 * spbm is '' (docs/benchmarks.md §stats: the writes cost about 18 % more than 0480's).
 *
 * The 即征即退 codes are written here, frozen with the migration: a change of REFUND_POLICIES needs one more.
 */

const REFUND_POLICIES = `('05', '06', '07', '11', '12', '13', '14', '15', '16', '17', '18')`;

const ADD = `ON CONFLICT DO UPDATE SET invoices = invoices + excluded.invoices, lines = lines + excluded.lines,
  amount_fen = amount_fen + excluded.amount_fen, tax_fen = tax_fen + excluded.tax_fen, deduction_fen = deduction_fen + excluded.deduction_fen`;
const COLUMNS = `environment, seller, month, fplxdm, kplx, voided, rate, levy, category, refund, invoices, lines, amount_fen, tax_fen, deduction_fen`;
const head = (x: string) => `${x}.environment, ${x}.xhdwsbh, ${chinaMonthSql(x)}, ${x}.fplxdm, ${x}.kplx, ${x}.zflx IS NOT NULL`;

/** The class of line `l` (a row or `new`/`old`): its spbm's first digit, a discount line's (spbm '') the line above's. */
const category = (l: string) => `CASE WHEN ${l}.spbm <> '' THEN substr(${l}.spbm, 1, 1) ELSE ifnull(
    (SELECT substr(p.spbm, 1, 1) FROM issued_invoice_line p WHERE p.invoice_id = ${l}.invoice_id AND p.line_no = ${l}.line_no - 1), '') END`;
/** The line key after the invoice's head: rate, levy, category, refund. */
const lineKey = (l: string) => `${l}.sl, ifnull(${l}.lslbs, ''), ${category(l)}, CASE WHEN ${l}.zzstsgl IN ${REFUND_POLICIES} THEN 1 ELSE 0 END`;
const lineSums = (sign: 1 | -1) =>
  `0, ${sign} * count(*), ${sign} * sum(${fen('l.je')} - ${fen('l.se')}), ${sign} * sum(${fen('l.se')}), ${sign} * sum(ifnull(${fen('l.kce')}, 0))`;

/** Adds (sign 1) or takes out (sign −1) invoice `x`'s own row, when `when` holds. */
const invoiceRow = (x: string, sign: 1 | -1, when: string) => `
  INSERT INTO output_period_sales (${COLUMNS})
  SELECT ${head(x)}, '', '', '', 0, ${sign}, 0, ${sign} * (${fen(`${x}.jshj`)} - ${fen(`${x}.hjse`)}), ${sign} * ${fen(`${x}.hjse`)}, 0 WHERE ${when}
  ${ADD};`;

/** Adds or takes out every line of invoice `x` (its values as in `x`, old or new), when `when` holds. */
const invoiceLines = (x: string, sign: 1 | -1, when: string) => `
  INSERT INTO output_period_sales (${COLUMNS})
  SELECT ${head(x)}, ${lineKey('l')}, ${lineSums(sign)}
    FROM issued_invoice_line l WHERE l.invoice_id = ${x}.id AND ${when} GROUP BY 7, 8, 9, 10
  ${ADD};`;

/** Adds or takes out one line `line` (new or old) of its invoice, when that invoice is issued. */
const oneLine = (line: string, sign: 1 | -1) => `
  INSERT INTO output_period_sales (${COLUMNS})
  SELECT ${head('i')}, ${lineKey(line)}, 0, ${sign}, ${sign} * (${fen(`${line}.je`)} - ${fen(`${line}.se`)}), ${sign} * ${fen(`${line}.se`)}, ${sign} * ifnull(${fen(`${line}.kce`)}, 0)
    FROM issued_invoice i WHERE i.id = ${line}.invoice_id AND i.status = 'issued'
  ${ADD};`;

/** The discount line just below `line` (new or old): its class is the line above's. */
const belowOf = (line: string) => `(l.invoice_id = ${line}.invoice_id AND l.line_no = ${line}.line_no + 1 AND l.spbm = '')`;
const hasBelow = (line: string) => `EXISTS (SELECT 1 FROM issued_invoice_line l WHERE ${belowOf(line)})`;
/**
 * Adds or takes out the discount lines just below `lines` as the table holds them now, when their invoice is
 * issued; `except` is the changed line's own place (counted by oneLine, never twice).
 */
const belowLines = (sign: 1 | -1, lines: string[], except?: string) => `
  INSERT INTO output_period_sales (${COLUMNS})
  SELECT ${head('i')}, ${lineKey('l')}, ${lineSums(sign)}
    FROM issued_invoice_line l JOIN issued_invoice i ON i.id = l.invoice_id
   WHERE (${lines.map(belowOf).join(' OR ')}) AND i.status = 'issued'
     ${except ? `AND NOT (l.invoice_id = ${except}.invoice_id AND l.line_no = ${except}.line_no)` : ''}
   GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  ${ADD};`;

export const salesBeforeTax: LedgerMigration = {
  version: 620,
  name: 'sales-before-tax',
  desk(db) {
    db.exec(`
      DROP TRIGGER output_period_invoice_insert;
      DROP TRIGGER output_period_invoice_update;
      DROP TRIGGER output_period_invoice_delete;
      DROP TRIGGER output_period_line_insert;
      DROP TRIGGER output_period_line_update;
      DROP TRIGGER output_period_line_delete;

      CREATE TABLE output_period_sales (
        environment   TEXT NOT NULL,
        seller        TEXT NOT NULL,
        month         TEXT NOT NULL,
        fplxdm        TEXT NOT NULL,
        kplx          TEXT NOT NULL,
        voided        INTEGER NOT NULL,
        rate          TEXT NOT NULL,
        levy          TEXT NOT NULL,
        category      TEXT NOT NULL,
        refund        INTEGER NOT NULL,
        invoices      INTEGER NOT NULL,
        lines         INTEGER NOT NULL,
        amount_fen    INTEGER NOT NULL,
        tax_fen       INTEGER NOT NULL,
        deduction_fen INTEGER NOT NULL,
        PRIMARY KEY (environment, seller, month, fplxdm, kplx, voided, rate, levy, category, refund)
      ) WITHOUT ROWID;

      INSERT INTO output_period_sales (${COLUMNS})
      SELECT ${head('i')}, '', '', '', 0, count(*), 0, sum(${fen('i.jshj')} - ${fen('i.hjse')}), sum(${fen('i.hjse')}), 0
        FROM issued_invoice i WHERE i.status = 'issued' GROUP BY 1, 2, 3, 4, 5, 6
      ${ADD};
      INSERT INTO output_period_sales (${COLUMNS})
      SELECT ${head('i')}, ${lineKey('l')}, ${lineSums(1)}
        FROM issued_invoice i JOIN issued_invoice_line l ON l.invoice_id = i.id
       WHERE i.status = 'issued' GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
      ${ADD};

      CREATE TRIGGER output_period_sales_invoice_insert AFTER INSERT ON issued_invoice WHEN new.status = 'issued' BEGIN
        ${invoiceRow('new', 1, 'true')}
        ${invoiceLines('new', 1, 'true')}
      END;
      CREATE TRIGGER output_period_sales_invoice_update
      AFTER UPDATE OF environment, xhdwsbh, fplxdm, kplx, status, zflx, kprq, jshj, hjse, created_at ON issued_invoice
      WHEN old.status = 'issued' OR new.status = 'issued' BEGIN
        ${invoiceRow('old', -1, `old.status = 'issued'`)}
        ${invoiceLines('old', -1, `old.status = 'issued'`)}
        ${invoiceRow('new', 1, `new.status = 'issued'`)}
        ${invoiceLines('new', 1, `new.status = 'issued'`)}
      END;
      CREATE TRIGGER output_period_sales_invoice_delete BEFORE DELETE ON issued_invoice WHEN old.status = 'issued' BEGIN
        ${invoiceRow('old', -1, 'true')}
        ${invoiceLines('old', -1, 'true')}
      END;

      CREATE TRIGGER output_period_sales_line_insert AFTER INSERT ON issued_invoice_line BEGIN
        ${oneLine('new', 1)}
      END;
      CREATE TRIGGER output_period_sales_line_update
      AFTER UPDATE OF invoice_id, line_no, spbm, je, se, sl, lslbs, zzstsgl, kce ON issued_invoice_line BEGIN
        ${oneLine('new', 1)}
      END;
      -- Before: the line above an old line that moved is still as it was (after, it could be the line itself).
      CREATE TRIGGER output_period_sales_line_update_old
      BEFORE UPDATE OF invoice_id, line_no, spbm, je, se, sl, lslbs, zzstsgl, kce ON issued_invoice_line BEGIN
        ${oneLine('old', -1)}
      END;
      -- On an invoice's delete its lines go by cascade after it: the invoice is gone, so nothing is taken twice.
      CREATE TRIGGER output_period_sales_line_delete BEFORE DELETE ON issued_invoice_line BEGIN
        ${oneLine('old', -1)}
      END;

      -- A discount line just below a line inserted, changed, moved or deleted takes its class from it: out before, in after.
      CREATE TRIGGER output_period_sales_below_insert_old BEFORE INSERT ON issued_invoice_line WHEN ${hasBelow('new')} BEGIN
        ${belowLines(-1, ['new'])}
      END;
      CREATE TRIGGER output_period_sales_below_insert AFTER INSERT ON issued_invoice_line WHEN ${hasBelow('new')} BEGIN
        ${belowLines(1, ['new'], 'new')}
      END;
      CREATE TRIGGER output_period_sales_below_update_old
      BEFORE UPDATE OF invoice_id, line_no, spbm ON issued_invoice_line WHEN ${hasBelow('old')} OR ${hasBelow('new')} BEGIN
        ${belowLines(-1, ['old', 'new'], 'old')}
      END;
      CREATE TRIGGER output_period_sales_below_update
      AFTER UPDATE OF invoice_id, line_no, spbm ON issued_invoice_line WHEN ${hasBelow('old')} OR ${hasBelow('new')} BEGIN
        ${belowLines(1, ['old', 'new'], 'new')}
      END;
      CREATE TRIGGER output_period_sales_below_delete_old BEFORE DELETE ON issued_invoice_line WHEN ${hasBelow('old')} BEGIN
        ${belowLines(-1, ['old'], 'old')}
      END;
      CREATE TRIGGER output_period_sales_below_delete AFTER DELETE ON issued_invoice_line WHEN ${hasBelow('old')} BEGIN
        ${belowLines(1, ['old'])}
      END;
    `);
  },
};
