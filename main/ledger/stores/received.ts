/**
 * Received invoices (the received-invoice store of the ledger port, main/features/intake/store.ts), the one
 * implementation for both databases: the owner of `received_invoice` (报销台账) and `verification` as intake
 * writes them. Rows come back as the desk's SQLite has always given them: ids as numbers, money as decimal text
 * (NUMERIC(18,2) on PostgreSQL answers the same text), times as ISO text. Every statement names the
 * environment; the ledger, its filters, totals and export are one enterprise's (the one current when a file
 * came in, SQLite 0430), while duplicates are found desk-wide. On PostgreSQL every statement is plain SQL under
 * the desk login's rights (pg migration 0650: row-level security by enterprise, triggers that sign and check the
 * statement's right); no definer function. What differs between the two is dialects/received.ts.
 *
 * Duplicates: `file_hash` and `original_key` (the invoice key while the row is its key's original, SQLite 0530,
 * pg 11) are unique per environment on both databases, so two desks taking the same invoice at once cannot both
 * store it as the original; the loser's write is refused with DuplicateReceivedError on either.
 *
 * Cost: no path here runs in a loop over many rows. Intake writes a handful of statements per file taken in, a
 * ledger page is one keyset statement and its totals one aggregate, whatever the ledger's size
 * (test/integration/ledgers/received-ledger-keyset.test.ts). Kysely compiles each per call: measured on a
 * 2-core machine at load 18, about 0.15 ms an insert or a page and 0.9 ms the totals (the largest statement)
 * — beside reading a file, or the aggregate over the ledger, which it precedes once per filter.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Environment } from '../../../shared/ipc/index.js';
import type { IntakeFields } from '../../../shared/rules/intake-fields.js';
import { localRefusalReplaces, VERIFICATION_STATES, type StateOf, type VerificationState } from '../../../shared/rules/verification-state.js';
import { DuplicateReceivedError, originalKey, type LedgerQuery, type LedgerTotals, type ReceivedInvoiceStore, type ReceivedRow } from '../../features/intake/store.js';
import { receivedDialects, type ReceivedDialect } from './dialects/received.js';
import type { LedgerSchema } from './schema/index.js';
import type { StoreSql } from './sql.js';

/** A ReceivedRow's columns, named one by one (a team's table has columns no desk reads: insert_xact and the like). */
const COLUMNS = [
  'id', 'environment', 'file_hash', 'file_name', 'file_type', 'source', 'fplxdm', 'fpdm', 'fphm', 'kprq', 'jym', 'hjje', 'hjse', 'jshj', 'xhfmc', 'xhfsbh', 'gmfmc',
  'gmfsbh', 'data_json', 'status', 'created_at', 'updated_at', 'fpzl', 'sources_json', 'invoice_key', 'duplicate_of', 'original_key', 'stored_path', 'origin',
  'last_code', 'zfbz', 'enterprise', 'verify_state', 'verify_reason', 'verify_fields', 'buyer_reason', 'created_by', 'updated_by',
] as const satisfies readonly (keyof ReceivedRow)[];

/** A state as stored: unverified is NULL. */
type Stored = Exclude<VerificationState, 'unverified'>;

/** The stored states a local refusal may replace (never an answer of the authority); NULL, unverified, is one too. */
const REPLACEABLE = VERIFICATION_STATES.filter((state): state is Stored => state !== 'unverified' && localRefusalReplaces(state));

const stateColumns = (state: StateOf) =>
  state.state === 'unverified'
    ? { verify_state: null, verify_reason: null, verify_fields: null }
    : { verify_state: state.state as Stored, verify_reason: state.reason, verify_fields: state.fields.length > 0 ? state.fields.join(',') : null };

/** The reviewed fields as columns (a field not given is NULL). */
const fieldColumns = (fields: IntakeFields) => ({
  fpzl: fields.fpzl ?? null,
  fpdm: fields.fpdm ?? null,
  fphm: fields.fphm ?? null,
  kprq: fields.kprq ?? null,
  hjje: fields.fpje ?? null,
  hjse: fields.fpse ?? null,
  jshj: fields.jshj ?? null,
  xhfsbh: fields.xhfsbh ?? null,
  gmfsbh: fields.gmfsbh ?? null,
  jym: fields.jym ?? null,
});

type Received = ExpressionBuilder<LedgerSchema, 'received_invoice'>;
type AmountColumn = 'hjje' | 'hjse' | 'jshj';

/** An amount the invoice did not say (NULL, or '' on the desk) takes `value`; one it said stays. */
const unlessSaid = (eb: Received, column: AmountColumn, value: string | null) =>
  eb.case().when(eb.or([eb(column, 'is', null), eb(eb.cast(column, 'text'), '=', '')])).then(value).else(eb.ref(column)).end();

/**
 * The ledger filter over one enterprise's received invoices (the page, the export and the totals share it). The
 * ledger (报销台账) holds only invoices the clerk accepted (reviewed; or verified with the service): a file read
 * but never accepted — a ticket whose kind is still empty, say — is in the queue, not the ledger. The seller is
 * matched as both stores this one replaces matched it: the clerk's text inside %…% as typed (a % or _ in it is
 * a wildcard), the case of letters ignored (dialects/received.ts).
 */
function ledgerFilter(dialect: ReceivedDialect, environment: Environment, enterprise: string, query: LedgerQuery) {
  return (eb: Received) => {
    const where: Expression<SqlBool>[] = [eb('environment', '=', environment), eb('enterprise', '=', enterprise), eb('status', '<>', sql.lit('recognised'))];
    if (query.from) where.push(eb('kprq', '>=', query.from));
    if (query.to) where.push(eb('kprq', '<=', query.to));
    if (query.seller) {
      const pattern = `%${query.seller}%`;
      where.push(eb.or([eb('xhfmc', dialect.seller, pattern), eb('xhfsbh', dialect.seller, pattern)]));
    }
    if (query.fpzl) where.push(eb('fpzl', '=', query.fpzl));
    if (query.state === 'unverified') where.push(eb('verify_state', 'is', null));
    else if (query.state) where.push(eb('verify_state', '=', query.state));
    if (query.duplicatesOnly) where.push(eb('duplicate_of', 'is not', null));
    return eb.and(where);
  };
}

/** Fen to yuan text (2 decimals), exactly: the totals are summed as whole fen on both databases. */
function yuan(totalFen: number): string {
  const sign = totalFen < 0 ? '-' : '';
  const abs = Math.abs(totalFen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `actor()` names the clerk a write is signed with (created_by / updated_by), read at each write. */
export function createReceivedStore(q: StoreSql, actor: () => string | null): ReceivedInvoiceStore {
  const dialect = receivedDialects[q.kind];
  const rows = () => q.db.selectFrom('received_invoice').select(COLUMNS);
  const update = () => q.db.updateTable('received_invoice');
  const refused = (error: unknown): never => {
    const reason = dialect.refusal(error);
    throw reason === null ? error : new DuplicateReceivedError(reason, { cause: error });
  };

  return {
    get: (environment, id) => q.first(rows().where('id', '=', id).where('environment', '=', environment)),
    byHash: (environment, hash) => q.first(rows().where('environment', '=', environment).where('file_hash', '=', hash)),
    firstByKey: (environment, key, exceptId) =>
      q.first(rows().where('environment', '=', environment).where('invoice_key', '=', key).where('id', '<>', exceptId ?? -1).orderBy('id').limit(1)),
    async insert(environment, row) {
      const f = row.fields;
      const state = row.state && row.state.state !== 'unverified' ? row.state : null;
      const at = dialect.now();
      const by = actor();
      const inserted = await q
        .first(
          q.db
            .insertInto('received_invoice')
            .values({
              ...fieldColumns(f),
              environment,
              file_hash: row.fileHash,
              file_name: row.fileName,
              file_type: row.fileType,
              source: row.source,
              fplxdm: row.fplxdm,
              xhfmc: row.names.xhfmc ?? null,
              gmfmc: row.names.gmfmc ?? null,
              data_json: JSON.stringify(row.data ?? {}),
              status: 'recognised',
              created_at: at,
              updated_at: at,
              sources_json: JSON.stringify(row.sources),
              invoice_key: row.invoiceKey,
              duplicate_of: row.duplicateOf,
              original_key: originalKey(row.invoiceKey, row.duplicateOf),
              stored_path: row.storedPath,
              origin: row.origin,
              enterprise: row.enterprise,
              verify_state: (state?.state as Stored | undefined) ?? null,
              verify_reason: state?.reason ?? null,
              created_by: by,
              updated_by: by,
            })
            .returning('id'),
        )
        .catch(refused);
      return inserted!.id;
    },
    async updateFields(environment, id, fields, sources, key, duplicateOf) {
      await q
        .write(
          update()
            .set((eb) => ({
              ...fieldColumns(fields),
              sources_json: JSON.stringify(sources),
              invoice_key: key,
              duplicate_of: duplicateOf,
              original_key: originalKey(key, duplicateOf),
              // Accepted by the clerk: a verified or failed row keeps what the service said.
              status: eb.case().when('status', '=', sql.lit('recognised')).then(sql.lit<'reviewed'>('reviewed')).else(eb.ref('status')).end(),
              updated_at: dialect.now(),
              updated_by: actor(),
            }))
            .where('id', '=', id)
            .where('environment', '=', environment),
        )
        .catch(refused);
    },
    async linkLaterOriginals(environment, key, firstId) {
      const linked = await q.all(
        update()
          .set({ duplicate_of: firstId, original_key: null, updated_at: dialect.now(), updated_by: actor() })
          .where('environment', '=', environment)
          .where('invoice_key', '=', key)
          .where('duplicate_of', 'is', null)
          .where('id', '>', firstId)
          .returning('id'),
      );
      return linked.map((row) => row.id).sort((a, b) => a - b);
    },
    async setVerified(environment, id, code, zfbz, state) {
      await q.write(
        update()
          .set({ status: state.state === 'consistent' ? 'verified' : 'verify-failed', last_code: code, zfbz, ...stateColumns(state), updated_at: dialect.now() })
          .where('id', '=', id)
          .where('environment', '=', environment),
      );
    },
    // One statement: an answer stored in between (another desk's, on a team) is never overwritten by a local refusal.
    setLocalState: async (environment, id, state) =>
      (await q.write(
        update()
          .set({ ...stateColumns(state), updated_at: dialect.now() })
          .where('id', '=', id)
          .where('environment', '=', environment)
          .where((eb) => eb.or([eb('verify_state', 'is', null), eb('verify_state', 'in', REPLACEABLE)])),
      )) > 0,
    async fillFromAuthority(environment, id, filled, sources) {
      await q.write(
        update()
          .set((eb) => ({
            xhfmc: eb.fn.coalesce('xhfmc', eb.val(filled.xhfmc)),
            gmfmc: eb.fn.coalesce('gmfmc', eb.val(filled.gmfmc)),
            xhfsbh: eb.fn.coalesce('xhfsbh', eb.val(filled.xhfsbh)),
            gmfsbh: eb.fn.coalesce('gmfsbh', eb.val(filled.gmfsbh)),
            hjje: unlessSaid(eb, 'hjje', filled.fpje),
            hjse: unlessSaid(eb, 'hjse', filled.fpse),
            jshj: unlessSaid(eb, 'jshj', filled.jshj),
            sources_json: JSON.stringify(sources),
          }))
          .where('id', '=', id)
          .where('environment', '=', environment),
      );
    },
    async setBuyerReason(environment, id, reason) {
      await q.write(update().set({ buyer_reason: reason, updated_at: dialect.now(), updated_by: actor() }).where('id', '=', id).where('environment', '=', environment));
    },
    claimUnassigned: (environment, enterprise) => q.write(update().set({ enterprise }).where('environment', '=', environment).where('enterprise', 'is', null)),
    async recordVerification(environment, record) {
      await q.write(
        q.db.insertInto('verification').values({
          environment,
          received_invoice_id: record.receivedId,
          fpzl: record.fpzl,
          fpdm: record.fpdm,
          fphm: record.fphm,
          kprq: record.kprq,
          fpje: record.fpje,
          jym: record.jym,
          code: record.code,
          message: record.message,
          cyjg: record.cyjg,
          cycs: record.cycs,
          zfbz: record.zfbz,
          result_json: record.resultJson,
          verified_at: record.verifiedAt,
        }),
      );
    },
    async countVerifications(environment, fpdm, fphm, fromIso, toIso) {
      const found = await q.first(
        q.db
          .selectFrom('verification')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('environment', '=', environment)
          .where('fphm', '=', fphm)
          .where('fpdm', '=', fpdm)
          .where('verified_at', '>=', fromIso)
          .where('verified_at', '<', toIso),
      );
      return found!.n;
    },
    /**
     * One keyset page, newest first by id, after the row `afterId` (null: the first page): walked along the
     * enterprise's ledger index, so page 2,000 costs what page 1 costs. `limit + 1` rows are read to tell whether
     * another page follows.
     */
    async ledgerPage(environment, enterprise, query, afterId, limit) {
      let page = dialect.ledger(q).select(COLUMNS).where(ledgerFilter(dialect, environment, enterprise, query));
      if (afterId !== null) page = page.where('id', '<', afterId);
      const found = await q.all(page.orderBy('id', 'desc').limit(limit + 1));
      return { rows: found.slice(0, limit), hasMore: found.length > limit };
    },
    ledgerAll: (environment, enterprise, query) =>
      q.all(dialect.ledger(q).select(COLUMNS).where(ledgerFilter(dialect, environment, enterprise, query)).orderBy('id', 'desc')),
    ledgerTotals: (environment, enterprise, query) => ledgerTotals(q, dialect, ledgerFilter(dialect, environment, enterprise, query)),
  };
}

/**
 * Count and sums of the ledger rows `filter` picks, duplicates not counted twice: one aggregate statement, no
 * row loaded. A row counts as its invoice when it is an original, or — its original never accepted (so not in
 * the ledger) — the first accepted of its duplicates. Each counted invoice's 金额, 税额 and 价税合计 in fen, the
 * one an invoice did not say worked out from the other two (价税合计 = 金额 + 税额), summed only for the invoices
 * whose three are all known: a QR carries one amount (金额 on a VAT invoice, 价税合计 on a 数电 one), and summing
 * each column over whichever rows had it put 金额 of some invoices beside 价税合计 of others. The invoices left
 * out are counted (`incomplete`). Sums are whole fen (bigint: exact up to 2^53 fen), written back as yuan.
 */
async function ledgerTotals(q: StoreSql, dialect: ReceivedDialect, filter: (eb: Received) => Expression<SqlBool>): Promise<LedgerTotals> {
  const inFen = q.db
    .selectFrom('received_invoice')
    .select(['id', 'environment', 'invoice_key', 'duplicate_of'])
    .select([dialect.fen('hjje').as('je'), dialect.fen('hjse').as('se'), dialect.fen('jshj').as('hj')])
    .where(filter);
  const ref = sql.ref;
  const amounts = q.db
    .selectFrom(inFen.as('r'))
    .select((eb) => [
      eb
        .or([
          eb('r.duplicate_of', 'is', null),
          eb.and([
            eb.not(eb.exists(eb.selectFrom('received_invoice as o').select(sql.lit(1).as('one')).whereRef('o.id', '=', 'r.duplicate_of').where('o.status', '<>', sql.lit('recognised')))),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('received_invoice as s')
                  .select(sql.lit(1).as('one'))
                  .whereRef('s.environment', '=', 'r.environment')
                  .whereRef('s.invoice_key', '=', 'r.invoice_key')
                  .whereRef('s.duplicate_of', '=', 'r.duplicate_of')
                  .whereRef('s.id', '<', 'r.id')
                  .where('s.status', '<>', sql.lit('recognised')),
              ),
            ),
          ]),
        ])
        .as('counted'),
      sql<number | null>`coalesce(${ref('r.je')}, ${ref('r.hj')} - ${ref('r.se')})`.as('je'),
      sql<number | null>`coalesce(${ref('r.se')}, ${ref('r.hj')} - ${ref('r.je')})`.as('se'),
      sql<number | null>`coalesce(${ref('r.hj')}, ${ref('r.je')} + ${ref('r.se')})`.as('hj'),
    ]);
  const counted = sql<SqlBool>`${ref('counted')}`;
  const whole = sql<SqlBool>`(${ref('je')} IS NOT NULL AND ${ref('se')} IS NOT NULL AND ${ref('hj')} IS NOT NULL)`;
  const sum = (column: string) => sql<number>`CAST(coalesce(sum(${ref(column)}) FILTER (WHERE ${counted} AND ${whole}), 0) AS bigint)`;
  const totals = await q.first(
    q.db
      .selectFrom(amounts.as('amounts'))
      .select((eb) => [
        eb.fn.countAll<number>().as('rows'),
        eb.fn.countAll<number>().filterWhere(counted).as('count'),
        eb.fn.countAll<number>().filterWhere(sql<SqlBool>`${counted} AND NOT ${whole}`).as('incomplete'),
        sum('je').as('fpje'),
        sum('se').as('fpse'),
        sum('hj').as('jshj'),
      ]),
  );
  const { rows, count, incomplete, fpje, fpse, jshj } = totals!;
  return { count, rows, incomplete, fpje: yuan(fpje), fpse: yuan(fpse), jshj: yuan(jshj) };
}
