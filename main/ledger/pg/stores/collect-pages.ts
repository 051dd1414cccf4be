/**
 * The writes of collected invoices on the team ledger (main/features/collection/store.ts): a page of up to
 * 200 invoices and 1,000 lines in a handful of statements over arrays (`unnest`), whatever its size, and
 * the status outcomes of certification.
 *
 * Two desks collecting the same period at once must not double anything, and the unique key
 * (environment, fpdm, fphm) holds it: new invoices are inserted first with ON CONFLICT DO NOTHING — an
 * invoice a colleague is inserting at the same moment waits for their commit and then counts as met again
 * — and then every invoice met again is locked (FOR UPDATE) and read as it is now, so its changes are
 * recorded against the latest values and its lines replaced by one desk after the other. Keys are taken in
 * one order (code, number), so two desks storing overlapping pages lock in the same order.
 */
import Decimal from 'decimal.js';
import { isoIssueDate, TRACKED_FIELDS, type CollectedInvoice, type StoredPage } from '../../../features/collection/repo.js';
import type { StatusUpdate } from '../../../features/collection/store.js';
import type { Environment } from '../../../../shared/ipc/index.js';
import type { Queryable } from '../outbox.js';

type Tracked = (typeof TRACKED_FIELDS)[number];
type Current = { id: string; fpdm: string; fphm: string; enterprise: string | null } & Record<Lowercase<Tracked>, string | null>;

const orNull = (value: string | null | undefined) => (value === undefined || value === '' ? null : value);
const keyOf = (fpdm: string | null | undefined, fphm: string) => `${fpdm ?? ''}\u001f${fphm}`;
const lower = (field: Tracked) => field.toLowerCase() as Lowercase<Tracked>;

/** The same value as the service would say it: YXSE is a number (12.3 = 12.30 in a numeric column). */
function same(field: Tracked, before: string | null, next: string | null): boolean {
  if (before === null || next === null) return before === next;
  if (field === 'YXSE' && /^-?\d+(\.\d+)?$/.test(before) && /^-?\d+(\.\d+)?$/.test(next)) return new Decimal(before).eq(next);
  return before === next;
}

/** Per-row header columns, in the order of the arrays handed to unnest, with their array types. */
const ROW_COLUMNS = [
  ['fplxdm', 'text'], ['kprq', 'text'], ['issue_date', 'date'], ['dqskssq', 'text'], ['gxjzr', 'text'], ['gxrqq', 'text'], ['gxrqz', 'text'],
  ['gmfmc', 'text'], ['gmfsbh', 'text'], ['xhfmc', 'text'], ['xhfsbh', 'text'], ['hjje', 'numeric'], ['se', 'numeric'], ['jshj', 'numeric'],
  ['bz', 'text'], ['fpzt', 'text'], ['rzzt', 'text'], ['rzrq', 'text'], ['rzsq', 'text'], ['rzlx', 'text'], ['glzt', 'text'], ['yxse', 'numeric'],
  ['record_json', 'text'],
] as const;

function rowValues(r: CollectedInvoice): Array<string | null> {
  return [
    r.FPLXDM, orNull(r.KPRQ), isoIssueDate(r.KPRQ), orNull(r.DQSKSSQ), orNull(r.GXJZR), orNull(r.GXRQQ), orNull(r.GXRQZ), orNull(r.GMFMC), orNull(r.GMFSBH),
    orNull(r.XHFMC), orNull(r.XHFSBH), orNull(r.HJJE), orNull(r.SE), orNull(r.JSHJ), orNull(r.BZ), orNull(r.FPZT), orNull(r.RZZT), orNull(r.RZRQ), orNull(r.RZSQ),
    orNull(r.RZLX), orNull(r.GLZT), orNull(r.YXSE), r.recordJson,
  ];
}

/** Column-wise arrays of the records' header values, as unnest takes them. */
function columns(records: readonly CollectedInvoice[]): Array<Array<string | null>> {
  const out: Array<Array<string | null>> = ROW_COLUMNS.map(() => []);
  for (const record of records) rowValues(record).forEach((value, at) => out[at]!.push(value));
  return out;
}

/** `$from::type[], …` for the row columns, and the unnest alias list. */
function unnestOf(from: number, leading: ReadonlyArray<readonly [string, string]> = []) {
  const all = [...leading, ...ROW_COLUMNS];
  return { arrays: all.map(([, type], at) => `$${from + at}::${type}[]`).join(', '), names: all.map(([name]) => name).join(', ') };
}

/**
 * A page may hold one invoice twice (the service pages a moving list): the later record's values win
 * field by field as the desk's upsert does, and the later lines when it carries any.
 */
function folded(records: readonly CollectedInvoice[]): CollectedInvoice[] {
  const byKey = new Map<string, CollectedInvoice>();
  for (const record of records) {
    const key = keyOf(record.FPDM, record.FPHM);
    const prior = byKey.get(key);
    if (!prior) {
      byKey.set(key, record);
      continue;
    }
    const merged: Record<string, unknown> = { ...prior };
    for (const [field, value] of Object.entries(record)) if (orNull(value as string | null | undefined) !== null) merged[field] = value;
    merged.lines = record.lines ?? prior.lines;
    byKey.set(key, merged as unknown as CollectedInvoice);
  }
  return [...byKey.values()].sort((a, b) => compare(keyOf(a.FPDM, a.FPHM), keyOf(b.FPDM, b.FPHM)));
}
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Locks and reads the invoices of these keys as they are now. */
async function current(db: Queryable, environment: Environment, keys: ReadonlyArray<{ FPDM?: string | null; FPHM: string }>): Promise<Map<string, Current>> {
  const found = await db.query<Current>(
    `SELECT c.id, c.fpdm, c.fphm, c.enterprise, ${TRACKED_FIELDS.map((f) => `c.${lower(f)}::text`).join(', ')}
       FROM collected_invoice c JOIN unnest($2::text[], $3::text[]) AS k(fpdm, fphm) ON c.fpdm = k.fpdm AND c.fphm = k.fphm
      WHERE c.environment = $1 ORDER BY c.fpdm COLLATE "C", c.fphm COLLATE "C" FOR UPDATE OF c`,
    [environment, keys.map((k) => k.FPDM ?? ''), keys.map((k) => k.FPHM)],
  );
  return new Map(found.rows.map((row) => [keyOf(row.fpdm, row.fphm), row]));
}

interface Change {
  id: string;
  field: Tracked;
  before: string | null;
  next: string | null;
}

async function insertChanges(db: Queryable, changes: readonly Change[], source: string, at: string): Promise<void> {
  if (changes.length === 0) return;
  await db.query(
    `INSERT INTO collected_invoice_change (invoice_id, field, old_value, new_value, source, changed_at)
     SELECT t.invoice_id, t.field, t.old_value, t.new_value, $5, $6 FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[]) AS t(invoice_id, field, old_value, new_value)`,
    [changes.map((c) => c.id), changes.map((c) => c.field), changes.map((c) => c.before), changes.map((c) => c.next), source, at],
  );
}

async function replaceLines(db: Queryable, invoices: ReadonlyArray<{ id: string; fresh: boolean; record: CollectedInvoice }>): Promise<void> {
  const carrying = invoices.filter((invoice) => invoice.record.lines !== null);
  const stale = carrying.filter((invoice) => !invoice.fresh).map((invoice) => invoice.id);
  if (stale.length > 0) await db.query(`DELETE FROM collected_invoice_line WHERE invoice_id = ANY($1::bigint[])`, [stale]);
  const cols: Array<Array<string | number | null>> = Array.from({ length: 11 }, () => []);
  for (const { id, record } of carrying) {
    // One line per XH, the last one given (the desk's INSERT OR REPLACE).
    const lines = new Map((record.lines ?? []).map((line) => [line.XH, line]));
    for (const l of lines.values()) {
      [id, l.XH, l.SPMC ?? null, l.SPBM ?? null, l.GGXH ?? null, l.DW ?? null, orNull(l.SPSL), orNull(l.DJ), orNull(l.JE), l.SL ?? null, orNull(l.SE)].forEach((v, at) =>
        cols[at]!.push(v),
      );
    }
  }
  if (cols[0]!.length === 0) return;
  await db.query(
    `INSERT INTO collected_invoice_line (invoice_id, xh, spmc, spbm, ggxh, dw, spsl, dj, je, sl, se)
     SELECT * FROM unnest($1::bigint[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::numeric[], $8::numeric[], $9::numeric[], $10::text[], $11::numeric[])`,
    cols,
  );
}

/** Stores a run's page: new invoices, then those met again (locked, changes kept), their lines, and the run. */
export async function storeRunPage(db: Queryable, environment: Environment, page: StoredPage): Promise<{ fresh: number; updated: number }> {
  const records = folded(page.records);
  const keys = { fpdm: records.map((r) => r.FPDM ?? ''), fphm: records.map((r) => r.FPHM) };
  const insert = unnestOf(5, [['fpdm', 'text'], ['fphm', 'text']]);
  const inserted = await db.query<{ id: string; fpdm: string; fphm: string }>(
    `INSERT INTO collected_invoice (environment, pch, enterprise, collected_at, ${insert.names})
     SELECT $1, $2, $3, $4, ${insert.names} FROM unnest(${insert.arrays}) AS t(${insert.names})
     ON CONFLICT (environment, fpdm, fphm) DO NOTHING RETURNING id, fpdm, fphm`,
    [environment, page.PCH, page.enterprise, page.at, keys.fpdm, keys.fphm, ...columns(records)],
  );
  const fresh = new Map(inserted.rows.map((row) => [keyOf(row.fpdm, row.fphm), row.id]));
  const again = records.filter((r) => !fresh.has(keyOf(r.FPDM, r.FPHM)));
  const held = again.length > 0 ? await current(db, environment, again) : new Map<string, Current>();
  const changes: Change[] = [];
  const met: Array<{ id: string; record: CollectedInvoice }> = [];
  for (const record of again) {
    const before = held.get(keyOf(record.FPDM, record.FPHM));
    if (!before) throw new Error(`collected invoice ${record.FPDM ?? ''}/${record.FPHM} was not stored`);
    met.push({ id: before.id, record });
    for (const field of TRACKED_FIELDS) {
      const next = orNull(record[field]);
      if (next !== null && !same(field, before[lower(field)], next)) changes.push({ id: before.id, field, before: before[lower(field)], next });
    }
  }
  if (met.length > 0) {
    const update = unnestOf(4, [['id', 'bigint']]);
    const sets = ROW_COLUMNS.map(([name]) => (name === 'record_json' ? `record_json = t.record_json` : `${name} = coalesce(t.${name}, c.${name})`));
    await db.query(
      `UPDATE collected_invoice c SET ${sets.join(', ')}, pch = $1, enterprise = $2, collected_at = $3
         FROM unnest(${update.arrays}) AS t(${update.names}) WHERE c.id = t.id`,
      [page.PCH, page.enterprise, page.at, met.map((m) => m.id), ...columns(met.map((m) => m.record))],
    );
  }
  await insertChanges(db, changes, page.PCH, page.at);
  await replaceLines(db, [
    ...records.filter((r) => fresh.has(keyOf(r.FPDM, r.FPHM))).map((record) => ({ id: fresh.get(keyOf(record.FPDM, record.FPHM))!, fresh: true, record })),
    ...met.map((m) => ({ ...m, fresh: false })),
  ]);
  await db.query(
    `UPDATE collection_run SET next_kshs = $2, total_rows = $3, rows_received = rows_received + $4, status = $5, error = NULL, updated_at = $6 WHERE id = $1`,
    [page.runId, page.nextKshs, page.totalRows, page.records.length, page.complete ? 'closing' : 'running', page.at],
  );
  return { fresh: fresh.size, updated: page.records.length - fresh.size };
}

/** Certification outcomes onto the enterprise's invoices held: changed fields set and kept; the ids changed. */
export async function updateStatuses(db: Queryable, environment: Environment, enterprise: string, updates: readonly StatusUpdate[], source: string, at: string): Promise<number[]> {
  if (updates.length === 0) return [];
  const held = await current(db, environment, updates);
  const changes: Change[] = [];
  const rows = new Map<string, Partial<Record<Tracked, string | null>>>();
  for (const update of updates) {
    const before = held.get(keyOf(update.FPDM, update.FPHM));
    if (!before || before.enterprise !== enterprise) continue;
    for (const field of TRACKED_FIELDS) {
      if (!(field in update)) continue;
      const next = orNull(update[field]);
      const was = rows.get(before.id)?.[field] ?? before[lower(field)];
      if (same(field, was, next)) continue;
      changes.push({ id: before.id, field, before: was, next });
      rows.set(before.id, { ...rows.get(before.id), [field]: next });
    }
  }
  if (rows.size === 0) return [];
  const ids = [...rows.keys()];
  const given = TRACKED_FIELDS.map((field) => ids.map((id) => field in rows.get(id)!));
  const values = TRACKED_FIELDS.map((field) => ids.map((id) => rows.get(id)![field] ?? null));
  const n = TRACKED_FIELDS.length;
  await db.query(
    `UPDATE collected_invoice c SET ${TRACKED_FIELDS.map((f, at) => `${lower(f)} = CASE WHEN t.g${at} THEN t.v${at}${f === 'YXSE' ? '::numeric' : ''} ELSE c.${lower(f)} END`).join(', ')}
       FROM unnest($1::bigint[], ${TRACKED_FIELDS.map((_f, at) => `$${2 + at}::boolean[]`).join(', ')}, ${TRACKED_FIELDS.map((_f, at) => `$${2 + n + at}::text[]`).join(', ')})
         AS t(id, ${TRACKED_FIELDS.map((_f, at) => `g${at}`).join(', ')}, ${TRACKED_FIELDS.map((_f, at) => `v${at}`).join(', ')})
      WHERE c.id = t.id`,
    [ids, ...given, ...values],
  );
  await insertChanges(db, changes, source, at);
  return ids.map(Number);
}
