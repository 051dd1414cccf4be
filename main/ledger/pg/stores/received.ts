/**
 * The received-invoice store of the PostgreSQL ledger (main/features/intake/store.ts): a team's received
 * ledger (报销台账) and its verifications in the team schema (migrations 0002, 0007, 0011) — lower-case
 * columns read back under the desk's names, money as numeric(18,2) read back as decimal strings, times as
 * timestamptz read back as ISO strings, ids as numbers. `connection()` is the pool, or the client of the
 * transaction the call belongs to. The same answers as the desk's repo (main/features/intake/repo.ts), the
 * same refusal (DuplicateReceivedError) where a unique constraint holds: the file's hash, or the key's
 * one original (`received_invoice_one_original`) that two desks taking the same invoice at once race for.
 */
import { DuplicateReceivedError, originalKey, type LedgerQuery, type ReceivedInvoiceStore, type ReceivedRow } from '../../../features/intake/store.js';
import { localRefusalReplaces, VERIFICATION_STATES, type StateOf } from '../../../../shared/rules/verification-state.js';
import type { Queryable } from '../outbox.js';

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// ids are bigint identities, far below 2^53: read as numbers, as the outbox does.
const ROW = `id::float8 AS id, environment, file_hash, file_name, file_type, source, fplxdm AS "FPLXDM", fpdm AS "FPDM", fphm AS "FPHM", kprq AS "KPRQ", jym AS "JYM",
  hjje::text AS "HJJE", hjse::text AS "HJSE", jshj::text AS "JSHJ", xhfmc AS "XHFMC", xhfsbh AS "XHFSBH", gmfmc AS "GMFMC", gmfsbh AS "GMFSBH", data_json, status,
  ${iso('created_at')} AS created_at, ${iso('updated_at')} AS updated_at, fpzl, sources_json, invoice_key, duplicate_of::float8 AS duplicate_of, original_key, stored_path,
  origin, last_code, zfbz, enterprise, verify_state, verify_reason, verify_fields, buyer_reason, created_by, updated_by`;

/** The stored states a local refusal may replace (never an answer of the authority). */
const REPLACEABLE = VERIFICATION_STATES.filter((state) => state !== 'unverified' && localRefusalReplaces(state));

const stateColumns = (state: StateOf): [string | null, string | null, string | null] =>
  state.state === 'unverified' ? [null, null, null] : [state.state, state.reason, state.fields.length > 0 ? state.fields.join(',') : null];

/**
 * The ledger filter over one enterprise's received invoices, as the desk's (ILIKE: SQLite's LIKE ignores ASCII
 * case): only the invoices the clerk accepted (never a 'recognised' row). `alias` qualifies the columns.
 */
function ledgerWhere(environment: string, enterprise: string, query: LedgerQuery, alias = ''): { sql: string; params: unknown[] } {
  const c = (column: string) => `${alias}${column}`;
  const params: unknown[] = [environment, enterprise];
  const where = [`${c('environment')} = $1`, `${c('enterprise')} = $2`, `${c('status')} <> 'recognised'`];
  const add = (clause: (at: string) => string, value: unknown) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  if (query.from) add((at) => `${c('kprq')} >= ${at}`, query.from);
  if (query.to) add((at) => `${c('kprq')} <= ${at}`, query.to);
  if (query.seller) add((at) => `(${c('xhfmc')} ILIKE ${at} OR ${c('xhfsbh')} ILIKE ${at})`, `%${query.seller}%`);
  if (query.fpzl) add((at) => `${c('fpzl')} = ${at}`, query.fpzl);
  if (query.state === 'unverified') where.push(`${c('verify_state')} IS NULL`);
  else if (query.state) add((at) => `${c('verify_state')} = ${at}`, query.state);
  if (query.duplicatesOnly) where.push(`${c('duplicate_of')} IS NOT NULL`);
  return { sql: where.join(' AND '), params };
}

/** An original, or — its original never accepted — the first accepted of its duplicates: each invoice counts once (as the desk's). */
const COUNTED = `(r.duplicate_of IS NULL OR (
  NOT EXISTS (SELECT 1 FROM received_invoice o WHERE o.id = r.duplicate_of AND o.status <> 'recognised')
  AND NOT EXISTS (SELECT 1 FROM received_invoice s WHERE s.environment = r.environment AND s.invoice_key = r.invoice_key AND s.duplicate_of = r.duplicate_of
                    AND s.id < r.id AND s.status <> 'recognised')))`;

/**
 * Count and sums of the rows `where` picks, as the desk's repo adds them: each counted invoice's 金额, 税额
 * and 价税合计 (one missing worked out from the other two), summed only over the invoices whose three are
 * known — the same invoices in each sum; the others counted as `incomplete`. numeric: exact.
 */
const totalsSql = (where: string) => `
  SELECT count(*)::float8 AS rows, (count(*) FILTER (WHERE counted))::float8 AS count, (count(*) FILTER (WHERE counted AND NOT whole))::float8 AS incomplete,
         coalesce(sum(je) FILTER (WHERE counted AND whole), 0)::numeric(18,2)::text AS fpje, coalesce(sum(se) FILTER (WHERE counted AND whole), 0)::numeric(18,2)::text AS fpse,
         coalesce(sum(hj) FILTER (WHERE counted AND whole), 0)::numeric(18,2)::text AS jshj
    FROM (SELECT counted, je, se, hj, (je IS NOT NULL AND se IS NOT NULL AND hj IS NOT NULL) AS whole
            FROM (SELECT ${COUNTED} AS counted, coalesce(r.hjje, r.jshj - r.hjse) AS je, coalesce(r.hjse, r.jshj - r.hjje) AS se, coalesce(r.jshj, r.hjje + r.hjse) AS hj
                    FROM received_invoice r WHERE ${where}) AS amounts) AS whole`;

function refusedDuplicate(error: unknown): never {
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (code === '23505' && typeof constraint === 'string' && constraint.startsWith('received_invoice')) {
    throw new DuplicateReceivedError(constraint.includes('file_hash') ? 'file' : 'invoice', { cause: error });
  }
  throw error;
}

/** `actor()` names the clerk a write is signed with (created_by / updated_by), as the desk's repo signs it. */
export function createPgReceivedStore(connection: () => Queryable, actor: () => string | null): ReceivedInvoiceStore {
  const rows = async (sql: string, params: unknown[]) => (await connection().query<ReceivedRow>(sql, params)).rows;
  const one = async (sql: string, params: unknown[]) => (await rows(sql, params))[0];
  const run = async (sql: string, params: unknown[]) => (await connection().query(sql, params)).rowCount ?? 0;

  return {
    get: (environment, id) => one(`SELECT ${ROW} FROM received_invoice WHERE id = $1 AND environment = $2`, [id, environment]),
    byHash: (environment, hash) => one(`SELECT ${ROW} FROM received_invoice WHERE environment = $1 AND file_hash = $2`, [environment, hash]),
    firstByKey: (environment, key, exceptId) =>
      one(`SELECT ${ROW} FROM received_invoice WHERE environment = $1 AND invoice_key = $2 AND id <> $3 ORDER BY id LIMIT 1`, [environment, key, exceptId ?? -1]),
    async insert(environment, row) {
      const f = row.fields;
      const state = row.state && row.state.state !== 'unverified' ? row.state : null;
      try {
        const inserted = await connection().query<{ id: number }>(
          `INSERT INTO received_invoice (environment, file_hash, file_name, file_type, source, fplxdm, fpdm, fphm, kprq, jym, hjje, hjse, jshj, xhfmc, xhfsbh, gmfmc, gmfsbh,
             data_json, status, fpzl, sources_json, invoice_key, duplicate_of, original_key, stored_path, origin, enterprise, verify_state, verify_reason, created_by, updated_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, 'recognised', $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $29)
           RETURNING id::float8 AS id`,
          [
            environment, row.fileHash, row.fileName, row.fileType, row.source, row.fplxdm, f.fpdm ?? null, f.fphm ?? null, f.kprq ?? null, f.jym ?? null, f.fpje ?? null,
            f.fpse ?? null, f.jshj ?? null, row.names.xhfmc ?? null, f.xhfsbh ?? null, row.names.gmfmc ?? null, f.gmfsbh ?? null, JSON.stringify(row.data ?? {}),
            f.fpzl ?? null, JSON.stringify(row.sources), row.invoiceKey, row.duplicateOf, originalKey(row.invoiceKey, row.duplicateOf), row.storedPath, row.origin, row.enterprise,
            state?.state ?? null, state?.reason ?? null, actor(),
          ],
        );
        return inserted.rows[0]!.id;
      } catch (error) {
        return refusedDuplicate(error);
      }
    },
    async updateFields(environment, id, fields, sources, key, duplicateOf) {
      try {
        await run(
          `UPDATE received_invoice SET fpzl = $1, fpdm = $2, fphm = $3, kprq = $4, hjje = $5, hjse = $6, jshj = $7, xhfsbh = $8, gmfsbh = $9, jym = $10,
             sources_json = $11, invoice_key = $12, duplicate_of = $13, original_key = $14, status = CASE WHEN status = 'recognised' THEN 'reviewed' ELSE status END,
             updated_at = now(), updated_by = $17 WHERE id = $15 AND environment = $16`,
          [
            fields.fpzl ?? null, fields.fpdm ?? null, fields.fphm ?? null, fields.kprq ?? null, fields.fpje ?? null, fields.fpse ?? null, fields.jshj ?? null, fields.xhfsbh ?? null,
            fields.gmfsbh ?? null, fields.jym ?? null, JSON.stringify(sources), key, duplicateOf, originalKey(key, duplicateOf), id, environment, actor(),
          ],
        );
      } catch (error) {
        refusedDuplicate(error);
      }
    },
    async linkLaterOriginals(environment, key, firstId) {
      const linked = await connection().query<{ id: number }>(
        `UPDATE received_invoice SET duplicate_of = $1, original_key = NULL, updated_at = now(), updated_by = $4
         WHERE environment = $2 AND invoice_key = $3 AND duplicate_of IS NULL AND id > $1 RETURNING id::float8 AS id`,
        [firstId, environment, key, actor()],
      );
      return linked.rows.map((row) => row.id).sort((a, b) => a - b);
    },
    async setVerified(environment, id, code, zfbz, state) {
      await run(
        `UPDATE received_invoice SET status = $1, last_code = $2, zfbz = $3, verify_state = $4, verify_reason = $5, verify_fields = $6, updated_at = now() WHERE id = $7 AND environment = $8`,
        [state.state === 'consistent' ? 'verified' : 'verify-failed', code, zfbz, ...stateColumns(state), id, environment],
      );
    },
    // One statement: another desk's answer stored in between is never overwritten by a local refusal.
    setLocalState: async (environment, id, state) =>
      (await run(
        `UPDATE received_invoice SET verify_state = $1, verify_reason = $2, verify_fields = $3, updated_at = now()
         WHERE id = $4 AND environment = $5 AND (verify_state IS NULL OR verify_state = ANY($6))`,
        [...stateColumns(state), id, environment, REPLACEABLE],
      )) > 0,
    async fillFromAuthority(environment, id, filled, sources) {
      await run(
        `UPDATE received_invoice SET xhfmc = COALESCE(xhfmc, $1), gmfmc = COALESCE(gmfmc, $2), xhfsbh = COALESCE(xhfsbh, $3), gmfsbh = COALESCE(gmfsbh, $4),
           hjje = COALESCE(hjje, $8::numeric), hjse = COALESCE(hjse, $9::numeric), jshj = COALESCE(jshj, $10::numeric), sources_json = $5
         WHERE id = $6 AND environment = $7`,
        [filled.xhfmc, filled.gmfmc, filled.xhfsbh, filled.gmfsbh, JSON.stringify(sources), id, environment, filled.fpje, filled.fpse, filled.jshj],
      );
    },
    async setBuyerReason(environment, id, reason) {
      await run('UPDATE received_invoice SET buyer_reason = $1, updated_at = now(), updated_by = $4 WHERE id = $2 AND environment = $3', [reason, id, environment, actor()]);
    },
    claimUnassigned: (environment, enterprise) => run('UPDATE received_invoice SET enterprise = $1 WHERE environment = $2 AND enterprise IS NULL', [enterprise, environment]),
    async recordVerification(environment, record) {
      await run(
        `INSERT INTO verification (environment, received_invoice_id, fpzl, fpdm, fphm, kprq, fpje, jym, code, message, cyjg, cycs, zfbz, result_json, verified_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
        [
          environment, record.receivedId, record.fpzl, record.fpdm, record.fphm, record.kprq, record.fpje, record.jym, record.code, record.message, record.cyjg, record.cycs,
          record.zfbz, record.resultJson, record.verifiedAt,
        ],
      );
    },
    async countVerifications(environment, fpdm, fphm, fromIso, toIso) {
      const found = await connection().query<{ n: number }>(
        'SELECT count(*)::float8 AS n FROM verification WHERE environment = $1 AND fphm = $2 AND fpdm = $3 AND verified_at >= $4 AND verified_at < $5',
        [environment, fphm, fpdm, fromIso, toIso],
      );
      return found.rows[0]!.n;
    },
    async ledgerPage(environment, enterprise, query, afterId, limit) {
      const { sql, params } = ledgerWhere(environment, enterprise, query);
      const after = afterId === null ? '' : ` AND id < $${params.length + 1}`;
      const bounds = afterId === null ? [limit + 1] : [afterId, limit + 1];
      const found = await rows(`SELECT ${ROW} FROM received_invoice WHERE ${sql}${after} ORDER BY id DESC LIMIT $${params.length + bounds.length}`, [...params, ...bounds]);
      return { rows: found.slice(0, limit), hasMore: found.length > limit };
    },
    async ledgerAll(environment, enterprise, query) {
      const { sql, params } = ledgerWhere(environment, enterprise, query);
      return rows(`SELECT ${ROW} FROM received_invoice WHERE ${sql} ORDER BY id DESC`, params);
    },
    async ledgerTotals(environment, enterprise, query) {
      const { sql, params } = ledgerWhere(environment, enterprise, query, 'r.');
      const found = await connection().query<{ rows: number; count: number; incomplete: number; fpje: string; fpse: string; jshj: string }>(totalsSql(sql), params);
      const totals = found.rows[0]!;
      return { count: totals.count, rows: totals.rows, incomplete: totals.incomplete, fpje: totals.fpje, fpse: totals.fpse, jshj: totals.jshj };
    },
  };
}
