/**
 * SQL of intake on the desk's SQLite — the only owner of received_invoice and verification (as intake
 * writes them); the ledger port's SQLite received store (main/ledger/sqlite/received.ts) runs these
 * statements, and the team ledger's are main/ledger/pg/stores/received.ts. Money stays TEXT; the ledger's totals are summed in SQL as integer fen (exact).
 * A received invoice belongs to the enterprise current when it came in (`enterprise`, 0430): the ledger,
 * its filters, totals and export are that enterprise's; duplicates are found desk-wide (one invoice
 * claimed by two of the desk's companies is still claimed twice).
 */
import { actorOf } from '../../db/actor.js';
import type { Db } from '../../db/open.js';
import type { Environment } from '../../../shared/ipc/index.js';
import type { IntakeFields, IntakeField } from '../../../shared/rules/intake-fields.js';
import { localRefusalReplaces, UNVERIFIED, type StateOf, type VerificationState } from '../../../shared/rules/verification-state.js';
import { originalKey, type AuthorityFill, type LedgerQuery, type LedgerTotals, type NewReceived, type ReceivedRow, type VerificationRecord } from './store.js';

export type { LedgerQuery, NewReceived, ReceivedRow, VerificationRecord } from './store.js';

/** received_invoice columns of the extracted fields. */
export const FIELD_COLUMNS: Record<IntakeField, keyof ReceivedRow> = {
  fpzl: 'fpzl', fpdm: 'FPDM', fphm: 'FPHM', kprq: 'KPRQ', fpje: 'HJJE', fpse: 'HJSE', jshj: 'JSHJ', xhfsbh: 'XHFSBH', gmfsbh: 'GMFSBH', jym: 'JYM',
};

/** The stored state of a received invoice. */
export function stateOf(row: ReceivedRow): StateOf {
  if (row.verify_state === null) return UNVERIFIED;
  return { state: row.verify_state, reason: row.verify_reason, fields: row.verify_fields ? row.verify_fields.split(',') : [] };
}

export function fieldsOf(row: ReceivedRow): IntakeFields {
  const fields: IntakeFields = {};
  for (const [field, column] of Object.entries(FIELD_COLUMNS) as [IntakeField, keyof ReceivedRow][]) {
    const value = row[column];
    if (typeof value === 'string' && value !== '') fields[field] = value;
  }
  return fields;
}

/**
 * The ledger filter as SQL over one enterprise's received invoices (the page, the export and the totals share
 * it). The ledger (报销台账) holds only invoices the clerk accepted (reviewed; or verified with the service):
 * a file read but never accepted — a ticket whose kind is still empty, say — is in the queue, not the ledger.
 */
function ledgerWhere(environment: Environment, enterprise: string, query: LedgerQuery, alias = ''): { sql: string; params: unknown[] } {
  const c = (column: string) => `${alias}${column}`;
  const where = [`${c('environment')} = ?`, `${c('enterprise')} = ?`, `${c('status')} <> 'recognised'`];
  const params: unknown[] = [environment, enterprise];
  const add = (clause: string, ...values: unknown[]) => {
    where.push(clause);
    params.push(...values);
  };
  if (query.from) add(`${c('KPRQ')} >= ?`, query.from);
  if (query.to) add(`${c('KPRQ')} <= ?`, query.to);
  if (query.seller) add(`(${c('XHFMC')} LIKE ? OR ${c('XHFSBH')} LIKE ?)`, `%${query.seller}%`, `%${query.seller}%`);
  if (query.fpzl) add(`${c('fpzl')} = ?`, query.fpzl);
  if (query.state === 'unverified') where.push(`${c('verify_state')} IS NULL`);
  else if (query.state) add(`${c('verify_state')} = ?`, query.state);
  if (query.duplicatesOnly) where.push(`${c('duplicate_of')} IS NOT NULL`);
  return { sql: where.join(' AND '), params };
}

/** A money column in fen (an integer, exact), NULL when the invoice did not say it. */
const fenOf = (column: string) => `CAST(round(CAST(NULLIF(${column}, '') AS REAL) * 100) AS INTEGER)`;

/**
 * Whether a row of the ledger counts as its invoice: an original, or — when the original was never
 * accepted (so it is not in the ledger) — the first accepted of its duplicates. Each invoice counts once.
 */
const COUNTED = `(r.duplicate_of IS NULL OR (
  NOT EXISTS (SELECT 1 FROM received_invoice o WHERE o.id = r.duplicate_of AND o.status <> 'recognised')
  AND NOT EXISTS (SELECT 1 FROM received_invoice s WHERE s.environment = r.environment AND s.invoice_key = r.invoice_key AND s.duplicate_of = r.duplicate_of
                    AND s.id < r.id AND s.status <> 'recognised')))`;

/**
 * Count and sums of the ledger rows `where` picks (over `received_invoice r`). Each counted invoice's 金额,
 * 税额 and 价税合计 in fen, the one an invoice did not say worked out from the other two (价税合计 = 金额 +
 * 税额), summed only for the invoices whose three are all known: a QR carries one amount (金额 on a VAT
 * invoice, 价税合计 on a 数电 one), and summing each column over whichever rows had it put 金额 of some
 * invoices beside 价税合计 of others. The invoices left out are counted (`incomplete`).
 */
const totalsSql = (where: string) => `
  SELECT count(*) AS rows, count(*) FILTER (WHERE counted) AS count, count(*) FILTER (WHERE counted AND NOT whole) AS incomplete,
         coalesce(sum(je) FILTER (WHERE counted AND whole), 0) AS fpje, coalesce(sum(se) FILTER (WHERE counted AND whole), 0) AS fpse,
         coalesce(sum(hj) FILTER (WHERE counted AND whole), 0) AS jshj
    FROM (SELECT counted, je, se, hj, (je IS NOT NULL AND se IS NOT NULL AND hj IS NOT NULL) AS whole
            FROM (SELECT ${COUNTED} AS counted, coalesce(je, hj - se) AS je, coalesce(se, hj - je) AS se, coalesce(hj, je + se) AS hj
                    FROM (SELECT r.id, r.environment, r.invoice_key, r.duplicate_of, ${fenOf('r.HJJE')} AS je, ${fenOf('r.HJSE')} AS se, ${fenOf('r.JSHJ')} AS hj
                            FROM received_invoice r WHERE ${where}) AS r))`;

function yuan(totalFen: number): string {
  const sign = totalFen < 0 ? '-' : '';
  const abs = Math.abs(totalFen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const stateColumns = (state: StateOf): [string | null, string | null, string | null] =>
  state.state === 'unverified' ? [null, null, null] : [state.state, state.reason, state.fields.length > 0 ? state.fields.join(',') : null];

export function createIntakeRepo(db: Db, environment: Environment) {
  const now = () => new Date().toISOString();
  return {
    get(id: number): ReceivedRow | undefined {
      return db.prepare('SELECT * FROM received_invoice WHERE id = ? AND environment = ?').get(id, environment) as ReceivedRow | undefined;
    },
    byHash(hash: string): ReceivedRow | undefined {
      return db.prepare('SELECT * FROM received_invoice WHERE environment = ? AND file_hash = ?').get(environment, hash) as ReceivedRow | undefined;
    },
    /** The first invoice saved with this key (the one a duplicate links to). */
    firstByKey(key: string, exceptId?: number): ReceivedRow | undefined {
      return db
        .prepare('SELECT * FROM received_invoice WHERE environment = ? AND invoice_key = ? AND id != ? ORDER BY id LIMIT 1')
        .get(environment, key, exceptId ?? -1) as ReceivedRow | undefined;
    },
    insert(row: NewReceived): number {
      const at = now();
      const f = row.fields;
      return Number(
        db
          .prepare(
            `INSERT INTO received_invoice (environment, file_hash, file_name, file_type, source, FPLXDM, FPDM, FPHM, KPRQ, JYM, HJJE, HJSE, JSHJ, XHFMC, XHFSBH, GMFMC, GMFSBH,
               data_json, status, created_at, updated_at, fpzl, sources_json, invoice_key, duplicate_of, original_key, stored_path, origin, enterprise, verify_state, verify_reason, created_by, updated_by)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'recognised', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            environment, row.fileHash, row.fileName, row.fileType, row.source, row.fplxdm, f.fpdm ?? null, f.fphm ?? null, f.kprq ?? null, f.jym ?? null, f.fpje ?? null,
            f.fpse ?? null, f.jshj ?? null, row.names.xhfmc ?? null, f.xhfsbh ?? null, row.names.gmfmc ?? null, f.gmfsbh ?? null, JSON.stringify(row.data ?? {}),
            at, at, f.fpzl ?? null, JSON.stringify(row.sources), row.invoiceKey, row.duplicateOf, originalKey(row.invoiceKey, row.duplicateOf), row.storedPath, row.origin, row.enterprise,
            row.state && row.state.state !== 'unverified' ? row.state.state : null, row.state?.reason ?? null, actorOf(db), actorOf(db),
          ).lastInsertRowid,
      );
    },
    updateFields(id: number, fields: IntakeFields, sources: Record<string, string>, key: string | null, duplicateOf: number | null): void {
      db.prepare(
        `UPDATE received_invoice SET fpzl = ?, FPDM = ?, FPHM = ?, KPRQ = ?, HJJE = ?, HJSE = ?, JSHJ = ?, XHFSBH = ?, GMFSBH = ?, JYM = ?,
           sources_json = ?, invoice_key = ?, duplicate_of = ?, original_key = ?, status = CASE WHEN status = 'recognised' THEN 'reviewed' ELSE status END, updated_at = ?,
           updated_by = ? WHERE id = ? AND environment = ?`,
      ).run(
        fields.fpzl ?? null, fields.fpdm ?? null, fields.fphm ?? null, fields.kprq ?? null, fields.fpje ?? null, fields.fpse ?? null, fields.jshj ?? null, fields.xhfsbh ?? null,
        fields.gmfsbh ?? null, fields.jym ?? null, JSON.stringify(sources), key, duplicateOf, originalKey(key, duplicateOf), now(), actorOf(db), id, environment,
      );
    },
    /** Originals of `key` saved after `firstId` become its duplicates (a review gave the earlier row their key). */
    linkLaterOriginals(key: string, firstId: number): number[] {
      const linked = db
        .prepare('UPDATE received_invoice SET duplicate_of = ?, original_key = NULL, updated_at = ?, updated_by = ? WHERE environment = ? AND invoice_key = ? AND duplicate_of IS NULL AND id > ? RETURNING id')
        .all(firstId, now(), actorOf(db), environment, key, firstId) as { id: number }[];
      return linked.map((row) => row.id).sort((a, b) => a - b);
    },
    /** The answer of a verification call: its code, void flag and what it means. */
    setVerified(id: number, code: string, zfbz: string | null, state: StateOf): void {
      db.prepare(
        `UPDATE received_invoice SET status = ?, last_code = ?, zfbz = ?, verify_state = ?, verify_reason = ?, verify_fields = ?, updated_at = ? WHERE id = ? AND environment = ?`,
      ).run(state.state === 'consistent' ? 'verified' : 'verify-failed', code, zfbz, ...stateColumns(state), now(), id, environment);
    },
    /** A refusal decided before a call: stored unless the authority already answered (that answer stays). */
    setLocalState(id: number, state: StateOf): boolean {
      const current = (db.prepare('SELECT verify_state FROM received_invoice WHERE id = ? AND environment = ?').get(id, environment) as { verify_state: VerificationState | null } | undefined)?.verify_state;
      if (current === undefined || !localRefusalReplaces(current ?? 'unverified')) return false;
      db.prepare('UPDATE received_invoice SET verify_state = ?, verify_reason = ?, verify_fields = ?, updated_at = ? WHERE id = ? AND environment = ?').run(...stateColumns(state), now(), id, environment);
      return true;
    },
    /**
     * What the file did not carry, from a consistent verification (the tax authority's record): the
     * names, the tax IDs and the amounts (金额, 税额, 价税合计) with their source 'authority' — a QR gives
     * none of the names and IDs and only one amount. What the invoice already says is kept.
     */
    fillFromAuthority(id: number, filled: AuthorityFill, sources: Record<string, string>): void {
      db.prepare(
        `UPDATE received_invoice SET XHFMC = COALESCE(XHFMC, ?), GMFMC = COALESCE(GMFMC, ?), XHFSBH = COALESCE(XHFSBH, ?), GMFSBH = COALESCE(GMFSBH, ?),
           HJJE = COALESCE(NULLIF(HJJE, ''), ?), HJSE = COALESCE(NULLIF(HJSE, ''), ?), JSHJ = COALESCE(NULLIF(JSHJ, ''), ?), sources_json = ?
         WHERE id = ? AND environment = ?`,
      ).run(filled.xhfmc, filled.gmfmc, filled.xhfsbh, filled.gmfsbh, filled.fpje, filled.fpse, filled.jshj, JSON.stringify(sources), id, environment);
    },
    /** Why the clerk accepted an invoice made out to another buyer (kept with it). */
    setBuyerReason(id: number, reason: string | null): void {
      db.prepare('UPDATE received_invoice SET buyer_reason = ?, updated_at = ?, updated_by = ? WHERE id = ? AND environment = ?').run(reason, now(), actorOf(db), id, environment);
    },
    /** Rows held from before 0430 that it could not place are the active enterprise's (see the migration). */
    claimUnassigned(enterprise: string): number {
      return db.prepare('UPDATE received_invoice SET enterprise = ? WHERE environment = ? AND enterprise IS NULL').run(enterprise, environment).changes;
    },
    recordVerification(record: VerificationRecord): void {
      db.prepare(
        `INSERT INTO verification (environment, received_invoice_id, fpzl, fpdm, fphm, kprq, fpje, jym, code, message, cyjg, cycs, zfbz, result_json, verified_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        environment, record.receivedId, record.fpzl, record.fpdm, record.fphm, record.kprq, record.fpje, record.jym, record.code, record.message, record.cyjg, record.cycs,
        record.zfbz, record.resultJson, record.verifiedAt,
      );
    },
    /** Verification calls spent on one invoice between two instants (a China calendar day). */
    countVerifications(fpdm: string, fphm: string, fromIso: string, toIso: string): number {
      const row = db
        .prepare('SELECT COUNT(*) AS n FROM verification WHERE environment = ? AND fphm = ? AND fpdm = ? AND verified_at >= ? AND verified_at < ?')
        .get(environment, fphm, fpdm, fromIso, toIso) as { n: number };
      return row.n;
    },
    /**
     * One keyset page of an enterprise's received ledger (报销台账), newest first by id, after the row `afterId`
     * (null: the first page): walked along `received_invoice_enterprise_ledger` (migration 0430), so page 2,000
     * costs what page 1 costs. `limit + 1` rows are read to tell whether another page follows.
     */
    ledgerPage(enterprise: string, query: LedgerQuery, afterId: number | null, limit: number): { rows: ReceivedRow[]; hasMore: boolean } {
      const { sql, params } = ledgerWhere(environment, enterprise, query);
      const from = afterId === null ? '' : ' AND id < ?';
      const found = db
        .prepare(`SELECT * FROM received_invoice INDEXED BY received_invoice_enterprise_ledger WHERE ${sql}${from} ORDER BY id DESC LIMIT ?`)
        .all(...params, ...(afterId === null ? [] : [afterId]), limit + 1) as ReceivedRow[];
      return { rows: found.slice(0, limit), hasMore: found.length > limit };
    },
    /** Every row of the filtered ledger, newest first (the export: the whole result, not a page). */
    ledgerAll(enterprise: string, query: LedgerQuery): ReceivedRow[] {
      const { sql, params } = ledgerWhere(environment, enterprise, query);
      return db.prepare(`SELECT * FROM received_invoice INDEXED BY received_invoice_enterprise_ledger WHERE ${sql} ORDER BY id DESC`).all(...params) as ReceivedRow[];
    },
    /**
     * Count and sums of the filtered ledger, duplicates not counted twice: one aggregate query, no row
     * loaded. Sums are added in fen as integers (exact), then written back as yuan.
     */
    ledgerTotals(enterprise: string, query: LedgerQuery): LedgerTotals {
      const { sql, params } = ledgerWhere(environment, enterprise, query, 'r.');
      const sums = db.prepare(totalsSql(sql)).get(...params) as { rows: number; count: number; incomplete: number; fpje: number; fpse: number; jshj: number };
      return { count: sums.count, rows: sums.rows, incomplete: sums.incomplete, fpje: yuan(sums.fpje), fpse: yuan(sums.fpse), jshj: yuan(sums.jshj) };
    },
  };
}

export type IntakeRepo = ReturnType<typeof createIntakeRepo>;
