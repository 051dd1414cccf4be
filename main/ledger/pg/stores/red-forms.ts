/**
 * The red-letter form store of the PostgreSQL ledger (main/features/reversal/store.ts) over the team
 * ledger's red_letter_form (pg migrations 1 and 7). Rows come back as the desk's SQLite rows do: ids as
 * numbers, money as the decimal text NUMERIC(18,2) gives, auto_issue as 0/1, times as ISO strings in UTC
 * with milliseconds (what the desk writes), so the feature cannot tell the databases apart.
 */
import type { ApprovedNumbers, NewRedLetterForm, RedLetterFormStore, StoredFormRow } from '../../../features/reversal/store.js';
import type { Queryable } from '../outbox.js';
import { isoText } from './sql.js';

const COLUMNS = `f.id::float8 AS id, f.lsh, f.environment, f.blue_invoice_id::float8 AS blue_invoice_id, f.fplxdm, f.status, f.sqly, f.sqly_detail,
  f.chyydm, f.kpzdbs, f.xhdwsbh, f.jshj::text AS jshj, f.sqdh, f.xxbbh, f.xxbid, f.request_json, f.red_lines_json,
  CASE WHEN f.auto_issue THEN 1 ELSE 0 END AS auto_issue, f.red_invoice_id::float8 AS red_invoice_id, f.error_message,
  ${isoText('f.created_at')} AS created_at, ${isoText('f.updated_at')} AS updated_at, f.created_by`;
const SELECT = `SELECT ${COLUMNS} FROM red_letter_form f`;
/** The advisory lock class of a blue invoice's reversals (holdBlue); the invoice's id is the second key. */
const HOLD_BLUE = `SELECT pg_advisory_xact_lock(hashtext('fapiao.reversal'), ($1::bigint % 2147483647)::integer)`;
/** Only a form still on its way moves (the same guard as the desk's statements). */
const ON_ITS_WAY = `status IN ('queued', 'applying')`;

/** `actor()` names the clerk acting at this desk (null without clerks), signed on the rows it inserts. */
export function createPgRedFormStore(connection: () => Queryable, actor: () => string | null): RedLetterFormStore {
  const rows = async (sql: string, params: unknown[]) => (await connection().query<StoredFormRow>(sql, params)).rows;
  const one = async (sql: string, params: unknown[]) => (await rows(sql, params))[0];
  const changed = async (sql: string, params: unknown[]) => ((await connection().query(sql, params)).rowCount ?? 0) > 0;

  return {
    async insert(form: NewRedLetterForm, now: string) {
      const by = actor();
      const inserted = await connection().query<{ id: number }>(
        `INSERT INTO red_letter_form (lsh, environment, blue_invoice_id, fplxdm, fpdm, fphm, sqly, sqly_detail, chyydm, kpzdbs, xhdwsbh, xhdwmc,
           ghdwsbh, ghdwmc, hjje, hjse, jshj, status, request_json, red_lines_json, auto_issue, created_at, updated_at, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, 'queued', $18, $19, $20, $21, $21, $22, $22)
         RETURNING id::float8 AS id`,
        [
          form.lsh, form.environment, form.blueInvoiceId, form.fplxdm, form.fpdm, form.fphm, form.sqly, form.sqlyDetail, form.chyydm, form.kpzdbs,
          form.xhdwsbh, form.xhdwmc, form.ghdwsbh, form.ghdwmc, form.hjje, form.hjse, form.jshj, form.requestJson, form.redLinesJson, form.autoIssue, now, by,
        ],
      );
      return inserted.rows[0]!.id;
    },
    byLsh: (lsh) => one(`${SELECT} WHERE f.lsh = $1`, [lsh]),
    byId: (id) => one(`${SELECT} WHERE f.id = $1`, [id]),
    ofBlue: (blueInvoiceId) => rows(`${SELECT} WHERE f.blue_invoice_id = $1 ORDER BY f.created_at, f.id`, [blueInvoiceId]),
    // ILIKE: the desk's LIKE ignores the case of ASCII letters.
    list: (environment, enterprise, query, limit) =>
      rows(
        `${SELECT} WHERE f.environment = $1 AND (f.xhdwsbh = $2 OR f.ghdwsbh = $2)
            AND ($3::text = '' OR f.lsh ILIKE $4 OR f.xxbbh ILIKE $4 OR f.xxbid ILIKE $4 OR f.ghdwmc ILIKE $4)
          ORDER BY f.created_at DESC, f.id DESC LIMIT $5`,
        [environment, enterprise, query, `%${query.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`, limit],
      ),
    formOfRed: (redInvoiceId) => one(`${SELECT} WHERE f.red_invoice_id = $1`, [redInvoiceId]),
    reserving: async (blueInvoiceId) =>
      (
        await connection().query<{ jshj: string | null; red_invoice_id: number | null }>(
          `SELECT jshj::text AS jshj, red_invoice_id::float8 AS red_invoice_id FROM red_letter_form
            WHERE blue_invoice_id = $1 AND status IN ('queued', 'applying', 'approved') ORDER BY id`,
          [blueInvoiceId],
        )
      ).rows,
    markApplying: (lsh, sqdh, now) =>
      changed(`UPDATE red_letter_form SET status = 'applying', sqdh = coalesce($1, sqdh), updated_at = $2 WHERE lsh = $3 AND ${ON_ITS_WAY}`, [sqdh, now, lsh]),
    note: (lsh, message, now) => changed(`UPDATE red_letter_form SET error_message = $1, updated_at = $2 WHERE lsh = $3 AND ${ON_ITS_WAY}`, [message, now, lsh]),
    markApproved: (lsh, numbers: ApprovedNumbers, now) =>
      changed(
        `UPDATE red_letter_form SET status = 'approved', xxbbh = $1, xxbid = $2, form_json = $3, error_code = NULL, error_message = NULL, updated_at = $4
          WHERE lsh = $5 AND ${ON_ITS_WAY}`,
        [numbers.xxbbh, numbers.xxbid, numbers.formJson, now, lsh],
      ),
    markRefused: (lsh, code, message, now) =>
      changed(`UPDATE red_letter_form SET status = 'rejected', error_code = $1, error_message = $2, updated_at = $3 WHERE lsh = $4 AND ${ON_ITS_WAY}`, [
        code,
        message,
        now,
        lsh,
      ]),
    setError: (formId, message, now) => changed(`UPDATE red_letter_form SET error_message = $1, updated_at = $2 WHERE id = $3`, [message, now, formId]),
    linkRedInvoice: (formId, redInvoiceId, now) =>
      changed(`UPDATE red_letter_form SET red_invoice_id = $1, error_message = NULL, updated_at = $2 WHERE id = $3`, [redInvoiceId, now, formId]),
    // Two desks reversing the same invoice at once: the second waits here until the first committed, then reads what it took.
    async holdBlue(blueInvoiceId) {
      await connection().query(HOLD_BLUE, [blueInvoiceId]);
    },
  };
}
