/**
 * SQL of red-letter information form applications (red_letter_form, migrations 0050 and 0160). The
 * application is stored with its whole request before it is sent (docs/architecture.md §5); the outbox handler
 * moves it queued → applying → approved (or rejected) and writes the form number in the transaction that
 * finishes the outbox row. The desk's synchronous side of the form store (store.ts); the team ledger's is
 * main/ledger/pg/stores/red-forms.ts.
 */
import { actorOf } from '../../db/actor.js';
import type { Db } from '../../db/open.js';
import type { ApprovedNumbers, NewRedLetterForm, RedLetterFormStore, StoredFormRow } from './store.js';

/** The columns of a StoredFormRow (store.ts), the same list on both databases. */
const FORM_COLUMNS = `f.id, f.lsh, f.environment, f.blue_invoice_id, f.fplxdm, f.status, f.sqly, f.sqly_detail, f.chyydm, f.kpzdbs, f.xhdwsbh,
  f.jshj, f.sqdh, f.xxbbh, f.xxbid, f.request_json, f.red_lines_json, f.auto_issue, f.red_invoice_id, f.error_message, f.created_at, f.updated_at, f.created_by`;
const SELECT = `SELECT ${FORM_COLUMNS} FROM red_letter_form f`;

export function createRedLetterRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO red_letter_form (lsh, environment, blue_invoice_id, fplxdm, fpdm, fphm, sqly, sqly_detail, chyydm, kpzdbs, xhdwsbh, xhdwmc,
       ghdwsbh, ghdwmc, hjje, hjse, jshj, status, request_json, red_lines_json, auto_issue, created_at, updated_at, created_by, updated_by)
     VALUES (@lsh, @environment, @blueInvoiceId, @fplxdm, @fpdm, @fphm, @sqly, @sqlyDetail, @chyydm, @kpzdbs, @xhdwsbh, @xhdwmc,
       @ghdwsbh, @ghdwmc, @hjje, @hjse, @jshj, 'queued', @requestJson, @redLinesJson, @autoIssue, @now, @now, @by, @by)`,
  );
  const byLsh = db.prepare<[string], StoredFormRow>(`${SELECT} WHERE f.lsh = ?`);
  const byId = db.prepare<[number], StoredFormRow>(`${SELECT} WHERE f.id = ?`);
  const ofBlue = db.prepare<[number], StoredFormRow>(`${SELECT} WHERE f.blue_invoice_id = ? ORDER BY f.created_at, f.id`);
  // The 红字信息表 list: the active enterprise's forms of the environment (it is the seller or the buyer of
  // the form), newest first, found by serial, number or buyer.
  const list = db.prepare<{ environment: string; enterprise: string; q: string; like: string; limit: number }, StoredFormRow>(
    `${SELECT} WHERE f.environment = @environment AND (f.xhdwsbh = @enterprise OR f.ghdwsbh = @enterprise)
        AND (@q = '' OR f.lsh LIKE @like ESCAPE '\\' OR f.xxbbh LIKE @like ESCAPE '\\' OR f.xxbid LIKE @like ESCAPE '\\' OR f.ghdwmc LIKE @like ESCAPE '\\')
      ORDER BY f.created_at DESC, f.id DESC LIMIT @limit`,
  );
  const markApplying = db.prepare<[string | null, string, string]>(
    `UPDATE red_letter_form SET status = 'applying', sqdh = coalesce(?, sqdh), updated_at = ? WHERE lsh = ? AND status IN ('queued', 'applying')`,
  );
  const touch = db.prepare<[string, string, string]>(`UPDATE red_letter_form SET error_message = ?, updated_at = ? WHERE lsh = ? AND status IN ('queued', 'applying')`);
  const markApproved = db.prepare(
    `UPDATE red_letter_form SET status = 'approved', xxbbh = @xxbbh, xxbid = @xxbid, form_json = @formJson, error_code = NULL, error_message = NULL,
       updated_at = @now WHERE lsh = @lsh AND status IN ('queued', 'applying')`,
  );
  const markRefused = db.prepare<[string, string, string, string]>(
    `UPDATE red_letter_form SET status = 'rejected', error_code = ?, error_message = ?, updated_at = ? WHERE lsh = ? AND status IN ('queued', 'applying')`,
  );
  const linkRed = db.prepare<[number, string, number]>(
    `UPDATE red_letter_form SET red_invoice_id = ?, error_message = NULL, updated_at = ? WHERE id = ?`,
  );
  const setError = db.prepare<[string, string, number]>(`UPDATE red_letter_form SET error_message = ?, updated_at = ? WHERE id = ?`);
  const formOfRed = db.prepare<[number], StoredFormRow>(`${SELECT} WHERE f.red_invoice_id = ?`);
  const reserving = db.prepare<[number], { jshj: string | null; red_invoice_id: number | null }>(
    `SELECT jshj, red_invoice_id FROM red_letter_form WHERE blue_invoice_id = ? AND status IN ('queued', 'applying', 'approved') ORDER BY id`,
  );

  const like = (query: string) => `%${query.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const repo = {
    /** Call inside the transaction that also enqueues the application. */
    insert(form: NewRedLetterForm, now: string): number {
      return Number(insert.run({ ...form, autoIssue: form.autoIssue ? 1 : 0, now, by: actorOf(db) }).lastInsertRowid);
    },
    byLsh: (lsh: string): StoredFormRow | undefined => byLsh.get(lsh),
    byId: (id: number): StoredFormRow | undefined => byId.get(id),
    ofBlue: (blueInvoiceId: number): StoredFormRow[] => ofBlue.all(blueInvoiceId),
    list: (environment: string, enterprise: string, query: string, limit: number): StoredFormRow[] =>
      list.all({ environment, enterprise, q: query, like: like(query), limit }),
    formOfRed: (redInvoiceId: number): StoredFormRow | undefined => formOfRed.get(redInvoiceId),
    reserving: (blueInvoiceId: number) => reserving.all(blueInvoiceId),
    markApplying: (lsh: string, sqdh: string | null, now: string) => markApplying.run(sqdh, now, lsh).changes > 0,
    note: (lsh: string, message: string, now: string) => touch.run(message, now, lsh).changes > 0,
    markApproved: (lsh: string, numbers: ApprovedNumbers, now: string) =>
      markApproved.run({ lsh, ...numbers, now }).changes > 0,
    markRefused: (lsh: string, code: string, message: string, now: string) => markRefused.run(code, message, now, lsh).changes > 0,
    setError: (formId: number, message: string, now: string) => setError.run(message, now, formId).changes > 0,
    linkRedInvoice: (formId: number, redInvoiceId: number, now: string) => linkRed.run(redInvoiceId, now, formId).changes > 0,
  };
  // The repo is the SQLite side of the form store (main/ledger/sqlite/red-forms.ts): the same methods, synchronous
  // (holdBlue is the adapter's: the file's own transaction already holds it).
  return repo satisfies { [K in Exclude<keyof RedLetterFormStore, 'holdBlue'>]: (...args: Parameters<RedLetterFormStore[K]>) => Awaited<ReturnType<RedLetterFormStore[K]>> };
}

export type RedLetterRepo = ReturnType<typeof createRedLetterRepo>;
