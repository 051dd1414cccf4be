/**
 * The tables moving in and out copies between a desk's SQLite ledger and the team ledger on PostgreSQL
 * (docs/team-ledger.md §1, §3): the shared ones, in an order where every reference points at a table
 * already copied, each with its key (the order rows are read in) and the enterprise a row belongs to (the
 * move's figures are compared per enterprise; moving out takes one enterprise's rows).
 *
 * Columns are not listed here: both sides are read from their schemas when a move starts, so a column
 * either side gains later (a clerk's created_by) is carried without touching this file. A desk column is
 * the team column of the same name (both in lower snake case since the desk's SQLite 0670). The desk's own
 * columns the team ledger leaves out on purpose are named below; any other desk column with no team
 * column stops the move, so that nothing is dropped silently.
 *
 * Left out entirely: the desk's own tables (DESK_ONLY_TABLES), the team's (TEAM_ONLY_TABLES), and the one both
 * keep but each for itself (NOT_MOVED_TABLES). test/integration/team-ledger/catalogs.test.ts holds both catalogs to
 * these lists: a table or column one database gains and the other does not fails it until it is listed here.
 */

export interface MovedTable {
  /** The same name on both sides. */
  name: string;
  /** Primary key, the order rows are read and written in. */
  key: readonly string[];
  /** The enterprise (tax number) a row belongs to, as SQL over the row `t`: one expression, or one per side. */
  enterprise: string | { desk: string; team: string };
  /** Desk columns that stay on the desk (with why, in the comment where they are listed). */
  deskOnly?: readonly string[];
  /** Team columns a desk has no use for (with why): moving in leaves them to their defaults, moving out leaves them. */
  teamOnly?: readonly string[];
}

/**
 * The desk's own (§1): settings, secrets, the request log, the intake's taken files, printer and collection
 * preferences, and SQLite's search helpers and kept totals (history_fts*, left out of the catalogs as FTS5 tables),
 * which PostgreSQL does not need and a desk rebuilds through its triggers when rows are written into it.
 */
export const DESK_ONLY_TABLES: readonly string[] = [
  'setting',
  'secret',
  'request_log',
  'intake_taken_file',
  'printer_preference',
  'collection_preference',
  'issued_invoice_gram',
  'search_scope',
  'search_gram_position',
  'issued_invoice_tally',
  'issued_invoice_scope_tally',
  'output_period_total',
  'output_period_sales',
];

/**
 * The team's own (§2, §6, §7): the schema's version, the clerks' sessions and the login roles the rights know
 * (rights/sessions.ts, rights/grants.ts), and the 2-character search postings (0605) that SQLite's FTS5 index and
 * gram table answer on a desk.
 */
export const TEAM_ONLY_TABLES: readonly string[] = ['schema_version', 'clerk_session', 'fapiao_desk_role', 'issued_invoice_pair'];

/** On both, the same table, but each ledger's own: the count of wrong PINs (a lock holds where it was earned). */
export const NOT_MOVED_TABLES: readonly string[] = ['clerk_sign_in_guard'];

const ofSerial = `(SELECT i.xhdwsbh FROM issued_invoice i WHERE i.lsh = t.serial), (SELECT f.xhdwsbh FROM red_letter_form f WHERE f.lsh = t.serial),
  (SELECT b.gmfsbh FROM certification_batch b WHERE b.pch = t.serial)`;
const ofInvoice = (column: string) => `(SELECT i.xhdwsbh FROM issued_invoice i WHERE i.id = t.${column})`;

export const MOVED_TABLES: readonly MovedTable[] = [
  // The clerks of the team (§6): nobody's enterprise; their names sign the rows below (created_by, updated_by).
  { name: 'clerk', key: ['id'], enterprise: 'NULL' },
  // The enterprises an admin kept a clerk to (none: all) — a rule about the clerk, so nobody's enterprise either.
  { name: 'clerk_enterprise', key: ['clerk_id', 'enterprise'], enterprise: 'NULL' },
  // is_current: which enterprise this desk acts for — each desk's own choice.
  { name: 'enterprise', key: ['id'], enterprise: 't.tax_number', deskOnly: ['is_current'] },
  // insert_xact: the transaction that inserted the row, which the guards let complete it (rights/guards.ts);
  // search_pairs: generated from the row for the 2-character search (0473).
  { name: 'issued_invoice', key: ['id'], enterprise: 't.xhdwsbh', teamOnly: ['insert_xact', 'search_pairs'] },
  { name: 'issued_invoice_line', key: ['invoice_id', 'line_no'], enterprise: ofInvoice('invoice_id') },
  { name: 'red_letter_form', key: ['id'], enterprise: 't.xhdwsbh', teamOnly: ['insert_xact'] },
  { name: 'red_reversal', key: ['red_invoice_id'], enterprise: ofInvoice('blue_invoice_id') },
  { name: 'print_job', key: ['id'], enterprise: `coalesce(t.enterprise, ${ofInvoice('issued_invoice_id')})` },
  { name: 'archive_print_job', key: ['id'], enterprise: `coalesce(t.enterprise, ${ofInvoice('issued_invoice_id')})` },
  { name: 'printer_calibration', key: ['printer'], enterprise: 'NULL' },
  {
    name: 'outbox',
    key: ['id'],
    // The desk's outbox has no enterprise column: its rows belong to the invoice, form or batch of their serial.
    enterprise: { desk: `coalesce(${ofSerial})`, team: `coalesce(t.enterprise, ${ofSerial})` },
    // Many desks claim the team's rows (stores/dialects/outbox.ts): the lease, who holds it, who claimed the row,
    // the transaction that recorded its answer, and the enterprise it is for, which the rights scope by.
    teamOnly: ['enterprise', 'lease_owner', 'lease_until', 'claimed_by', 'answered_xact'],
  },
  { name: 'received_invoice', key: ['id'], enterprise: 't.enterprise' },
  { name: 'verification', key: ['id'], enterprise: '(SELECT r.enterprise FROM received_invoice r WHERE r.id = t.received_invoice_id)' },
  // line_count: when the desk wrote the invoice's search document (derived; a desk rebuilds it).
  { name: 'collected_invoice', key: ['id'], enterprise: 't.enterprise', deskOnly: ['line_count'] },
  { name: 'collected_invoice_line', key: ['invoice_id', 'xh'], enterprise: '(SELECT c.enterprise FROM collected_invoice c WHERE c.id = t.invoice_id)' },
  { name: 'collected_invoice_change', key: ['id'], enterprise: '(SELECT c.enterprise FROM collected_invoice c WHERE c.id = t.invoice_id)' },
  { name: 'collection_run', key: ['id'], enterprise: 't.enterprise' },
  { name: 'certification_batch', key: ['id'], enterprise: 't.gmfsbh', teamOnly: ['insert_xact'] },
  { name: 'certification_item', key: ['batch_id', 'fpdm', 'fphm'], enterprise: '(SELECT b.gmfsbh FROM certification_batch b WHERE b.id = t.batch_id)' },
  // enterprise_id, ghdwdzdh, ghdwyhzh: 0120's columns, never filled in by the desk since 0150/0460 replaced them.
  { name: 'customer', key: ['id'], enterprise: 't.enterprise', deskOnly: ['enterprise_id', 'ghdwdzdh', 'ghdwyhzh'] },
  { name: 'product', key: ['id'], enterprise: 't.enterprise', deskOnly: ['enterprise_id'] },
  {
    name: 'library_merged',
    key: ['id'],
    enterprise: `CASE t.kind WHEN 'customer' THEN (SELECT c.enterprise FROM customer c WHERE c.id = t.merged_into) ELSE (SELECT p.enterprise FROM product p WHERE p.id = t.merged_into) END`,
  },
  { name: 'invoice_template', key: ['id'], enterprise: 't.enterprise' },
  { name: 'issuance_draft', key: ['id'], enterprise: 't.enterprise' },
  // The audit trail (§6): an event of no enterprise (a sign-in) moves in, and is in no archive.
  // login: the database login that wrote the event, which the server records (rights/guards.ts).
  { name: 'audit_event', key: ['id'], enterprise: 't.enterprise', teamOnly: ['login'] },
  // A batch imported from Excel is issued for whichever enterprise the desk acts for when it is sent, so it
  // belongs to none: it moves in with the desk (another desk may finish sending it), an archive leaves it out.
  { name: 'batch', key: ['id'], enterprise: 'NULL' },
  { name: 'batch_row', key: ['id'], enterprise: 'NULL' },
];

export const enterpriseSql = (table: MovedTable, side: 'desk' | 'team') => (typeof table.enterprise === 'string' ? table.enterprise : table.enterprise[side]);
