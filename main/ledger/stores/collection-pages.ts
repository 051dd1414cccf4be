/**
 * The writes of collected invoices (the collection store, stores/collection.ts), once for both databases: a page
 * of up to 200 invoices and 1,000 lines, and the status outcomes of certification. Each statement is written
 * once, below, and runs over all the rows it writes — once over arrays on PostgreSQL, once per row prepared on
 * the desk's SQLite (dialects/collection.ts `rows` says why). Nothing is compiled per row: a statement is compiled
 * once a call on PostgreSQL (its arrays are its parameters) and once for the process on the desk.
 *
 * A page: new invoices are inserted first, skipping any held (ON CONFLICT DO NOTHING — on PostgreSQL an invoice
 * a colleague is inserting at that moment waits for their commit and then counts as met again); the invoices met
 * again are read as they are now (locked on PostgreSQL), so each tracked field that changed is kept against the
 * latest value; their fields are updated (a field the record leaves empty keeps what is held), their lines
 * replaced when the record carries lines, then the search documents written (the desk's) and the run moved on.
 */
import { sql } from 'kysely';
import { TRACKED_FIELDS, type CollectedInvoice, type StatusUpdate, type TrackedField } from '../../features/collection/store.js';
import type { Environment } from '../../../shared/ipc/index.js';
import { collectionDialects, rowValues, type CollectionDialect, type RowColumns, type Statement } from './dialects/collection.js';
import type { StoreSql } from './sql.js';

/** yyyyMMdd → yyyy-MM-dd so date ranges compare as text (a date on PostgreSQL). */
export function isoIssueDate(kprq: string | null | undefined): string | null {
  return kprq && /^\d{8}$/.test(kprq) ? `${kprq.slice(0, 4)}-${kprq.slice(4, 6)}-${kprq.slice(6, 8)}` : null;
}

const orNull = (value: string | null | undefined) => (value === undefined || value === '' ? null : value);
const keyOf = (fpdm: string | null | undefined, fphm: string) => `${fpdm ?? ''}\u001f${fphm}`;

/**
 * A tracked field's column. The change history keeps the field as the service names it (FPZT: the word the detail
 * shows, shared/ipc/schemas/collection.ts) — a value, not an identifier; its column is that name in lower case.
 */
type TrackedColumn = Lowercase<TrackedField>;
const columnOf = (field: TrackedField) => field.toLowerCase() as TrackedColumn;

/** An invoice's header as it is written: every field a record may leave empty, NULL. */
type Header = { environment: Environment; fplxdm: string; fpdm: string; fphm: string; pch: string; enterprise: string; record_json: string; collected_at: string } & Record<
  Exclude<(typeof UPDATED)[number], 'fplxdm' | 'pch' | 'enterprise' | 'record_json' | 'collected_at'>,
  string | null
>;

/** The header columns an invoice met again takes from its record, each only when the record gives it. */
const UPDATED = [
  'fplxdm', 'kprq', 'issue_date', 'dqskssq', 'gxjzr', 'gxrqq', 'gxrqz', 'gmfmc', 'gmfsbh', 'xhfmc', 'xhfsbh', 'hjje', 'se', 'jshj', 'bz',
  'fpzt', 'rzzt', 'rzrq', 'rzsq', 'rzlx', 'glzt', 'yxse', 'pch', 'enterprise', 'record_json', 'collected_at',
] as const;

/** The header columns written, with their PostgreSQL types. */
const HEADER: RowColumns<Header> = {
  environment: 'text', fplxdm: 'text', fpdm: 'text', fphm: 'text', kprq: 'text', issue_date: 'date', dqskssq: 'text', gxjzr: 'text', gxrqq: 'text', gxrqz: 'text',
  gmfmc: 'text', gmfsbh: 'text', xhfmc: 'text', xhfsbh: 'text', hjje: 'numeric', se: 'numeric', jshj: 'numeric', bz: 'text',
  fpzt: 'text', rzzt: 'text', rzrq: 'text', rzsq: 'text', rzlx: 'text', glzt: 'text', yxse: 'numeric',
  pch: 'text', enterprise: 'text', record_json: 'text', collected_at: 'timestamptz',
};

type Line = { invoice_id: number; xh: number } & Record<'spmc' | 'spbm' | 'ggxh' | 'dw' | 'spsl' | 'dj' | 'je' | 'sl' | 'se', string | null>;
const LINE: RowColumns<Line> = {
  invoice_id: 'bigint', xh: 'int', spmc: 'text', spbm: 'text', ggxh: 'text', dw: 'text', spsl: 'numeric', dj: 'numeric', je: 'numeric', sl: 'text', se: 'numeric',
};

interface Change {
  invoice_id: number;
  field: TrackedField;
  old_value: string | null;
  new_value: string | null;
  source: string;
  changed_at: string;
}
const CHANGE: RowColumns<Change> = { invoice_id: 'bigint', field: 'text', old_value: 'text', new_value: 'text', source: 'text', changed_at: 'timestamptz' };

type Key = { environment: Environment; fpdm: string; fphm: string };
const KEY: RowColumns<Key> = { environment: 'text', fpdm: 'text', fphm: 'text' };
type Held = { id: number; fpdm: string; fphm: string; enterprise: string | null } & Record<TrackedColumn, string | null>;

type Statuses = { id: number } & Record<TrackedColumn, string | null>;
const STATUSES: RowColumns<Statuses> = { id: 'bigint', fpzt: 'text', rzzt: 'text', rzrq: 'text', rzsq: 'text', rzlx: 'text', glzt: 'text', yxse: 'numeric' };
const TRACKED_COLUMNS = TRACKED_FIELDS.map(columnOf);

type Id = { id: number };
const ID: RowColumns<Id> = { id: 'bigint' };

// The statements, each over its rows (dialects/collection.ts `Statement`: declared here once, compiled once on the desk).

/** New invoices; one held already is skipped here and updated below. */
const insertNew: Statement<Header, { id: number; fpdm: string; fphm: string }> = (q, t) =>
  t
    .insert(q.db.insertInto('collected_invoice'), rowValues(t, HEADER))
    .onConflict((conflict) => conflict.columns(['environment', 'fpdm', 'fphm']).doNothing())
    .returning(['id', 'fpdm', 'fphm']);

/** The invoices of these keys as they are now, locked until the transaction ends (PostgreSQL). */
const readHeld: Statement<Key, Held> = (q, t) =>
  collectionDialects[q.kind].lock(
    q,
    t
      .join(q.db.selectFrom('collected_invoice as c'))
      .select(['c.id', 'c.fpdm', 'c.fphm', 'c.enterprise', ...TRACKED_COLUMNS.map((column) => `c.${column}` as const)])
      .where('c.environment', '=', t.v('environment'))
      .where('c.fpdm', '=', t.v('fpdm'))
      .where('c.fphm', '=', t.v('fphm')),
  );

/** An invoice met again: each field its record gives, the rest kept. */
const updateMet: Statement<Header & Id, unknown> = (q, t) =>
  t
    .join(q.db.updateTable('collected_invoice as c'))
    .set(Object.fromEntries(UPDATED.map((column) => [column, sql`coalesce(${t.v(column)}, ${sql.ref(`c.${column}`)})`])))
    .where('c.id', '=', t.v('id'));

const insertChanges: Statement<Change, unknown> = (q, t) => t.insert(q.db.insertInto('collected_invoice_change'), rowValues(t, CHANGE));
const deleteLines: Statement<Id, unknown> = (q, t) => t.join(q.db.deleteFrom('collected_invoice_line')).where('invoice_id', '=', t.v('id'));
const insertLines: Statement<Line, unknown> = (q, t) => t.insert(q.db.insertInto('collected_invoice_line'), rowValues(t, LINE));

/** Certification outcomes: the tracked fields as they now stand. */
const updateStatuses: Statement<Statuses, unknown> = (q, t) =>
  t
    .join(q.db.updateTable('collected_invoice as c'))
    .set(Object.fromEntries(TRACKED_COLUMNS.map((column) => [column, t.v(column)])))
    .where('c.id', '=', t.v('id'));

/** Where each invoice of a page came from, when and for whom. */
export interface Provenance {
  /** The run's PCH: kept on the invoice (pch) and as the source of its changes. */
  PCH: string;
  at: string;
  /** The enterprise an invoice is collected for (a run's, or the buyer of each record stored outside a run). */
  enterprise: (record: CollectedInvoice) => string;
}

function headerOf(environment: Environment, r: CollectedInvoice, from: Provenance): Header {
  return {
    environment, fplxdm: r.FPLXDM, fpdm: r.FPDM ?? '', fphm: r.FPHM, kprq: orNull(r.KPRQ), issue_date: isoIssueDate(r.KPRQ), dqskssq: orNull(r.DQSKSSQ),
    gxjzr: orNull(r.GXJZR), gxrqq: orNull(r.GXRQQ), gxrqz: orNull(r.GXRQZ), gmfmc: orNull(r.GMFMC), gmfsbh: orNull(r.GMFSBH), xhfmc: orNull(r.XHFMC),
    xhfsbh: orNull(r.XHFSBH), hjje: orNull(r.HJJE), se: orNull(r.SE), jshj: orNull(r.JSHJ), bz: orNull(r.BZ), fpzt: orNull(r.FPZT), rzzt: orNull(r.RZZT),
    rzrq: orNull(r.RZRQ), rzsq: orNull(r.RZSQ), rzlx: orNull(r.RZLX), glzt: orNull(r.GLZT), yxse: orNull(r.YXSE), pch: from.PCH, enterprise: from.enterprise(r),
    record_json: r.recordJson, collected_at: from.at,
  };
}

/**
 * A page may hold one invoice twice (the service pages a moving list): the later record's values win field by
 * field, as an update of the held invoice does, and the later lines when it carries any. Page order otherwise.
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
  return [...byKey.values()];
}

/** The lines of the invoices that carry lines, one per XH (the last one given). */
function linesOf(invoices: ReadonlyArray<{ id: number; record: CollectedInvoice }>): Line[] {
  const out: Line[] = [];
  for (const { id, record } of invoices) {
    const lines = new Map((record.lines ?? []).map((line) => [line.XH, line]));
    for (const l of lines.values()) {
      out.push({ invoice_id: id, xh: l.XH, spmc: l.SPMC ?? null, spbm: l.SPBM ?? null, ggxh: l.GGXH ?? null, dw: l.DW ?? null, spsl: l.SPSL ?? null, dj: l.DJ ?? null, je: l.JE ?? null, sl: l.SL ?? null, se: l.SE ?? null });
    }
  }
  return out;
}

/** What a store of invoices answers: how many were new, and each record's invoice id. */
export interface StoredInvoices {
  fresh: number;
  idOf(record: CollectedInvoice): number;
}

export function collectionWrites(q: StoreSql) {
  const dialect: CollectionDialect = collectionDialects[q.kind];

  const held = async (keys: readonly Key[]) => new Map((await dialect.all(q, KEY, keys, readHeld)).map((row) => [keyOf(row.fpdm, row.fphm), row]));

  /** Stores invoices: new ones inserted, those met again updated with their changes kept, lines replaced when given. */
  async function storeInvoices(environment: Environment, records: readonly CollectedInvoice[], from: Provenance): Promise<StoredInvoices> {
    const page = dialect.inLockOrder(folded(records), (r) => [r.FPDM ?? '', r.FPHM]);
    const headers = page.map((r) => headerOf(environment, r, from));
    const fresh = new Map((await dialect.all(q, HEADER, headers, insertNew)).map((row) => [keyOf(row.fpdm, row.fphm), row.id]));
    const ids = new Map(fresh);
    const again = headers.filter((h) => !fresh.has(keyOf(h.fpdm, h.fphm)));
    const now = await held(again);
    const changes: Change[] = [];
    const met: Array<Header & Id> = [];
    for (const header of again) {
      const before = now.get(keyOf(header.fpdm, header.fphm));
      if (!before) throw new Error(`collected invoice ${header.fpdm}/${header.fphm} was not stored`);
      met.push({ ...header, id: before.id });
      ids.set(keyOf(header.fpdm, header.fphm), before.id);
      for (const field of TRACKED_FIELDS) {
        const column = columnOf(field);
        const next = header[column];
        if (next !== null && !dialect.same(HEADER[column], before[column], next)) {
          changes.push({ invoice_id: before.id, field, old_value: before[column], new_value: next, source: from.PCH, changed_at: from.at });
        }
      }
    }
    await dialect.run(q, { ...HEADER, id: 'bigint' }, met, updateMet);
    await dialect.run(q, CHANGE, changes, insertChanges);

    const stored = page.map((record, at) => {
      const key = keyOf(headers[at]!.fpdm, headers[at]!.fphm);
      return { record, id: ids.get(key)!, fresh: fresh.has(key) };
    });
    const carrying = stored.filter((s) => s.record.lines !== null);
    await dialect.run(q, ID, carrying.filter((s) => !s.fresh), deleteLines);
    await dialect.run(q, LINE, linesOf(carrying), insertLines);
    // A new invoice without lines (main information) is indexed with no goods; one met again keeps its document.
    await dialect.searchDocuments(q, stored.filter((s) => s.fresh || s.record.lines !== null).map((s) => s.id));
    return { fresh: fresh.size, idOf: (record) => ids.get(keyOf(record.FPDM, record.FPHM))! };
  }

  return {
    storeInvoices,

    /** Status outcomes onto the enterprise's invoices held, one after the other: changed fields set and kept; the ids changed. */
    async updateStatus(environment: Environment, enterprise: string, updates: readonly StatusUpdate[], source: string, at: string): Promise<number[]> {
      const keys = new Map(updates.map((u) => [keyOf(u.FPDM, u.FPHM), { environment, fpdm: u.FPDM, fphm: u.FPHM }]));
      const now = await held(dialect.inLockOrder([...keys.values()], (k) => [k.fpdm, k.fphm]));
      const changes: Change[] = [];
      const changed = new Map<number, Statuses>();
      for (const update of updates) {
        const before = now.get(keyOf(update.FPDM, update.FPHM));
        // Another enterprise's invoice of the same code and number is not this enterprise's to change.
        if (!before || before.enterprise !== enterprise) continue;
        const row: Statuses = changed.get(before.id) ?? { id: before.id, fpzt: before.fpzt, rzzt: before.rzzt, rzrq: before.rzrq, rzsq: before.rzsq, rzlx: before.rzlx, glzt: before.glzt, yxse: before.yxse };
        for (const field of TRACKED_FIELDS) {
          if (!(field in update)) continue;
          const column = columnOf(field);
          const next = orNull(update[field]);
          if (dialect.same(STATUSES[column], row[column], next)) continue;
          changes.push({ invoice_id: before.id, field, old_value: row[column], new_value: next, source, changed_at: at });
          row[column] = next;
          changed.set(before.id, row);
        }
      }
      await dialect.run(q, STATUSES, [...changed.values()], updateStatuses);
      await dialect.run(q, CHANGE, changes, insertChanges);
      return [...changed.keys()];
    },
  };
}
