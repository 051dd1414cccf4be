import type { LedgerMigration } from './migration.js';

/**
 * Month-end at a glance (issue 25), two changes in one step (the issue's one migration number):
 *
 * A. The search document of a collected input invoice is written once per invoice instead of once per
 *    line (collection at the speed of the disk). 0130's triggers re-indexed an input invoice's whole
 *    document (seller, tax number, numbers, goods) on the invoice's insert and again — a contentless
 *    delete plus an insert into the trigram index — on every line inserted or deleted: 11 trigram writes
 *    for an invoice of 5 lines, most of a collection page's store time (docs/benchmarks.md §collect).
 *    Now the document is written when the invoice's line count is set, which the collection repo (the
 *    one writer of these tables) does once per stored invoice after its lines: one trigram insert for a
 *    new invoice, a delete and an insert for one met again.
 *    - `collected_invoice.line_count`: the lines stored (NULL: never indexed through this column). Rows
 *      kept from before get their count before the trigger exists, so their documents (already in the
 *      index) are neither written twice nor lost: the trigger deletes the old document only when the
 *      row had a count.
 *    - The per-line triggers and the insert trigger are dropped (derived data, no value is lost); the
 *      invoice's delete trigger and the trigger on a change of seller or numbers stay as they were.
 *    - `collected_invoice_enterprise` (0260) is dropped: 0410's `collected_invoice_ledger` begins with
 *      the same columns and serves every query it served, so each insert keeps one index less.
 *    - So are `collected_invoice_date` (0090: environment, issue date) and `collected_invoice_env_status`
 *      (0130: environment, FPZT, issue date): every read of collected invoices is now per enterprise
 *      (the ledger, the history's input half, certification, the statistics) and goes through
 *      `collected_invoice_ledger` or the (environment, FPDM, FPHM) key; neither was read any more, and
 *      together they were a fifth of a collected page's store time.
 *
 * B. The period statistics' output side from kept totals: issued invoices by kind, blue or red, voided
 *    or not, and by rate, read from a small table instead of summing a million invoices' lines. The
 *    statistics feature owns `output_period_total`; triggers on issued_invoice and its lines keep it in
 *    step with every writer, the way 0350's tally is kept.
 *    - One row per (environment, seller, China-time month, fplxdm, kplx, voided, rate). `rate` '' is the
 *      invoice row (invoices counted, amount = jshj − hjse, tax = hjse); any other rate (the line's sl
 *      as stored) sums that rate's lines (lines counted, je, se). Money is integer fen: sums are exact.
 *    - Only invoices in status 'issued' count; a change of status, voiding, issue time, amounts, kind or
 *      seller takes the old contribution out and puts the new one in within the same statement.
 *    - `issued_invoice.zflx`: the voiding type the service reports (issuance record, print status); NULL
 *      not voided. Written by the issuance repo, the one owner of issued_invoice.
 *    - `collected_invoice_certified`: input invoices certified per tax period (RZSQ), for the input sums.
 *    Rows issued before are summed into the new table here; nothing is changed or lost.
 */

const inputDoc = `new.id * 2 + 1, ifnull(new.XHFMC, ''), ifnull(new.XHFSBH, ''), trim(new.FPDM || ' ' || new.FPHM),
  ifnull((SELECT group_concat(SPMC, ' ') FROM collected_invoice_line WHERE invoice_id = new.id), '')`;

/** Integer fen of a 2-decimal yuan text: exact for any invoice amount (well inside 2^53 fen). Also 0620's (this file is frozen). */
export const fen = (value: string) => `CAST(round(CAST(${value} AS REAL) * 100) AS INTEGER)`;

/**
 * yyyyMM in China time (UTC+8, no DST) of an issued_invoice row under `alias`. kprq is the issue time the
 * service answered (yyyy-MM-dd'T'HH:mm:ss.SSSZ with an offset: +0800, Z or +08:00), moved to China time:
 * 2026-11-30T16:30Z is 2026-12-01 00:30 in China, so December. Without an offset it is read as China
 * time; a compact yyyyMMdd… (older rows) by its first six digits; missing or unreadable, the submission
 * time (created_at, UTC) decides. Also 0620's: a month reads the same in both kept tables.
 */
export function chinaMonthSql(alias: string): string {
  const k = `${alias}.kprq`;
  const withColon = `CASE WHEN ${k} GLOB '*[+-][0-9][0-9][0-9][0-9]' THEN substr(${k}, 1, length(${k}) - 2) || ':' || substr(${k}, -2) ELSE ${k} END`;
  return `coalesce(
    CASE
      WHEN ${k} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*'
       AND (${k} GLOB '*Z' OR ${k} GLOB '*[+-][0-9][0-9]:[0-9][0-9]' OR ${k} GLOB '*[+-][0-9][0-9][0-9][0-9]')
        THEN strftime('%Y%m', ${withColon}, '+8 hours')
      WHEN ${k} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*' THEN substr(${k}, 1, 4) || substr(${k}, 6, 2)
      WHEN ${k} GLOB '[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]*' THEN substr(${k}, 1, 6)
    END,
    strftime('%Y%m', ${alias}.created_at, '+8 hours'))`;
}

const ADD = `ON CONFLICT DO UPDATE SET invoices = invoices + excluded.invoices, lines = lines + excluded.lines,
  amount_fen = amount_fen + excluded.amount_fen, tax_fen = tax_fen + excluded.tax_fen`;
const KEY = `environment, seller, month, fplxdm, kplx, voided, rate, invoices, lines, amount_fen, tax_fen`;
const head = (x: string) => `${x}.environment, ${x}.xhdwsbh, ${chinaMonthSql(x)}, ${x}.fplxdm, ${x}.kplx, ${x}.zflx IS NOT NULL`;

/** Adds (sign 1) or takes out (sign −1) invoice `x`'s own row, when `when` holds. */
const invoiceRow = (x: string, sign: 1 | -1, when: string) => `
  INSERT INTO output_period_total (${KEY})
  SELECT ${head(x)}, '', ${sign}, 0, ${sign} * (${fen(`${x}.jshj`)} - ${fen(`${x}.hjse`)}), ${sign} * ${fen(`${x}.hjse`)} WHERE ${when}
  ${ADD};`;

/** Adds or takes out invoice `x`'s lines, per rate, when `when` holds. */
const lineRows = (x: string, sign: 1 | -1, when: string) => `
  INSERT INTO output_period_total (${KEY})
  SELECT ${head(x)}, l.sl, 0, ${sign} * count(*), ${sign} * sum(${fen('l.je')}), ${sign} * sum(${fen('l.se')})
    FROM issued_invoice_line l WHERE l.invoice_id = ${x}.id AND ${when} GROUP BY l.sl
  ${ADD};`;

/** Adds or takes out one line `line` of its invoice, when that invoice is issued. */
const oneLine = (line: string, sign: 1 | -1) => `
  INSERT INTO output_period_total (${KEY})
  SELECT ${head('i')}, ${line}.sl, 0, ${sign}, ${sign} * ${fen(`${line}.je`)}, ${sign} * ${fen(`${line}.se`)}
    FROM issued_invoice i WHERE i.id = ${line}.invoice_id AND i.status = 'issued'
  ${ADD};`;

export const monthEndStatistics: LedgerMigration = {
  version: 480,
  name: 'month-end-statistics',
  desk(db) {
    db.exec(`
      DROP TRIGGER collected_invoice_fts_insert;
      DROP TRIGGER collected_invoice_line_fts_insert;
      DROP TRIGGER collected_invoice_line_fts_delete;

      -- Indexes no read uses any more (0410's ledger index serves every per-enterprise read): three less to keep per insert.
      DROP INDEX collected_invoice_enterprise;
      DROP INDEX collected_invoice_date;
      DROP INDEX collected_invoice_env_status;
      ALTER TABLE collected_invoice ADD COLUMN line_count INTEGER;
      UPDATE collected_invoice SET line_count = (SELECT count(*) FROM collected_invoice_line WHERE invoice_id = collected_invoice.id);

      -- Two triggers, so a new invoice's document never asks the index for a rowid (a look-up in a contentless
      -- index that grew with the ledger): the WHEN decides before the body runs.
      CREATE TRIGGER collected_invoice_fts_first AFTER UPDATE OF line_count ON collected_invoice WHEN old.line_count IS NULL BEGIN
        INSERT INTO history_fts (rowid, party, tax_number, numbers, goods) SELECT ${inputDoc};
      END;
      CREATE TRIGGER collected_invoice_fts_lines AFTER UPDATE OF line_count ON collected_invoice WHEN old.line_count IS NOT NULL BEGIN
        DELETE FROM history_fts WHERE rowid = old.id * 2 + 1;
        INSERT INTO history_fts (rowid, party, tax_number, numbers, goods) SELECT ${inputDoc};
      END;

      ALTER TABLE issued_invoice ADD COLUMN zflx TEXT;

      CREATE TABLE output_period_total (
        environment TEXT NOT NULL,
        seller      TEXT NOT NULL,
        month       TEXT NOT NULL,
        fplxdm      TEXT NOT NULL,
        kplx        TEXT NOT NULL,
        voided      INTEGER NOT NULL,
        rate        TEXT NOT NULL,
        invoices    INTEGER NOT NULL,
        lines       INTEGER NOT NULL,
        amount_fen  INTEGER NOT NULL,
        tax_fen     INTEGER NOT NULL,
        PRIMARY KEY (environment, seller, month, fplxdm, kplx, voided, rate)
      ) WITHOUT ROWID;

      INSERT INTO output_period_total (${KEY})
      SELECT ${head('i')}, '', count(*), 0, sum(${fen('i.jshj')} - ${fen('i.hjse')}), sum(${fen('i.hjse')})
        FROM issued_invoice i WHERE i.status = 'issued' GROUP BY 1, 2, 3, 4, 5, 6
      ${ADD};
      INSERT INTO output_period_total (${KEY})
      SELECT ${head('i')}, l.sl, 0, count(*), sum(${fen('l.je')}), sum(${fen('l.se')})
        FROM issued_invoice i JOIN issued_invoice_line l ON l.invoice_id = i.id WHERE i.status = 'issued' GROUP BY 1, 2, 3, 4, 5, 6, 7
      ${ADD};

      CREATE TRIGGER output_period_invoice_insert AFTER INSERT ON issued_invoice WHEN new.status = 'issued' BEGIN
        ${invoiceRow('new', 1, 'true')}
        ${lineRows('new', 1, 'true')}
      END;
      CREATE TRIGGER output_period_invoice_update
      AFTER UPDATE OF environment, xhdwsbh, fplxdm, kplx, status, zflx, kprq, jshj, hjse, created_at ON issued_invoice
      WHEN old.status = 'issued' OR new.status = 'issued' BEGIN
        ${invoiceRow('old', -1, `old.status = 'issued'`)}
        ${lineRows('old', -1, `old.status = 'issued'`)}
        ${invoiceRow('new', 1, `new.status = 'issued'`)}
        ${lineRows('new', 1, `new.status = 'issued'`)}
      END;
      CREATE TRIGGER output_period_invoice_delete BEFORE DELETE ON issued_invoice WHEN old.status = 'issued' BEGIN
        ${invoiceRow('old', -1, 'true')}
        ${lineRows('old', -1, 'true')}
      END;
      CREATE TRIGGER output_period_line_insert AFTER INSERT ON issued_invoice_line BEGIN
        ${oneLine('new', 1)}
      END;
      CREATE TRIGGER output_period_line_update AFTER UPDATE OF invoice_id, je, se, sl ON issued_invoice_line BEGIN
        ${oneLine('old', -1)}
        ${oneLine('new', 1)}
      END;
      -- On an invoice's delete its lines go by cascade after it: the invoice is gone, so nothing is taken twice.
      CREATE TRIGGER output_period_line_delete BEFORE DELETE ON issued_invoice_line BEGIN
        ${oneLine('old', -1)}
      END;

      CREATE INDEX collected_invoice_certified ON collected_invoice (environment, enterprise, RZSQ) WHERE RZZT = '1';
    `);
  },
};
